/** @vitest-environment jsdom */
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import i18n from '../../i18n'
import { render } from '../../test-utils/render'
import { ShellFrame } from './ShellFrame'

describe('ShellFrame', () => {
  it('draws the header, the navigation landmark and a busy placeholder, with no user in it', () => {
    const { container } = render(<ShellFrame />)
    expect(screen.getByRole('banner').textContent).toContain('Travel Back Office')
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy()
    expect(screen.getByRole('main').querySelector('[aria-busy="true"]')).not.toBeNull()
    // Nothing to press before the scripts run: the menu toggle and the header's buttons are drawn, not buttons.
    expect(screen.queryAllByRole('button')).toEqual([])
    expect(screen.queryAllByRole('link')).toEqual([])
    expect(container.querySelectorAll('.shell-frame-bone-row').length).toBeGreaterThan(0)
  })

  it('speaks the reader language', async () => {
    render(<ShellFrame />)
    await i18n.changeLanguage('id')
    expect(await screen.findByRole('navigation', { name: 'Navigasi utama' })).toBeTruthy()
    await i18n.changeLanguage('en')
  })
})
