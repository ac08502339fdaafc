/** @vitest-environment jsdom */
import { fireEvent } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { render, screen, userEvent } from '../../test-utils/render'
import { SubmitButton } from './SubmitButton'

describe('SubmitButton', () => {
  it('keeps the focus in the field being typed in when pressed, and submits on the click', async () => {
    const submitted = vi.fn((e: React.FormEvent) => e.preventDefault())
    render(
      <form onSubmit={submitted}>
        <input aria-label="price" />
        <SubmitButton>Save</SubmitButton>
      </form>,
    )
    const input = screen.getByRole('textbox', { name: 'price' })
    await userEvent.type(input, '12')
    // The press does not move the focus (so the field's blur validation cannot shift the button under the pointer).
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Save' }))).toBe(false)
    expect(document.activeElement).toBe(input)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(submitted).toHaveBeenCalledTimes(1)
  })
})
