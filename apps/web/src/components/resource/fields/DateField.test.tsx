/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest'
import { field } from '../define'
import { render, screen, userEvent } from '../../../test-utils/render'
import { FieldHarness, valuesOf } from '../../../test-utils/form-harness'

describe('DateField', () => {
  it('shows a stored day as DD-MM-YYYY and keeps YYYY-MM-DD in the form', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={field.date('check_in')} mode="edit" values={{ check_in: '2026-03-05' }} />)
    const input = screen.getByRole('button', { name: 'check_in' })
    expect(input.textContent).toBe('05-03-2026')
    await user.click(input)
    await user.click(screen.getByRole('button', { name: '12 March 2026' }))
    expect(valuesOf().check_in).toBe('2026-03-12')
    expect(screen.getByRole('button', { name: 'check_in' }).textContent).toBe('12-03-2026')
  })

  it('starts its weeks on Monday', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={field.date('check_in')} mode="edit" values={{ check_in: '2026-03-05' }} />)
    await user.click(screen.getByRole('button', { name: 'check_in' }))
    const weekdays = screen.getAllByRole('columnheader').map((th) => th.textContent)
    expect(weekdays[0]).toBe('Mo')
  })
})
