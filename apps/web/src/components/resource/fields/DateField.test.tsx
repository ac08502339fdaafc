/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest'
import { field } from '../define'
import { parseTypedDate } from './DateField'
import { render, screen, userEvent } from '../../../test-utils/render'
import { FieldHarness, valuesOf } from '../../../test-utils/form-harness'

// A cold jsdom start on a shared machine takes most of the default 20 s.
describe('DateField', { timeout: 60_000 }, () => {
  it('shows a stored day as DD-MM-YYYY and keeps YYYY-MM-DD in the form', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={field.date('check_in')} mode="edit" values={{ check_in: '2026-03-05' }} />)
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'check_in' })
    expect(input.value).toBe('05-03-2026')
    await user.click(input)
    await user.click(screen.getByRole('button', { name: '12 March 2026' }))
    expect(valuesOf().check_in).toBe('2026-03-12')
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'check_in' }).value).toBe('12-03-2026')
  })

  it('takes a day typed as DD-MM-YYYY (issue 32, item 10)', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={field.date('check_in')} mode="edit" values={{ check_in: '2026-03-05' }} />)
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'check_in' })
    await user.clear(input)
    await user.type(input, '17-02-2027')
    await user.tab()
    expect(valuesOf().check_in).toBe('2027-02-17')
    expect(input.value).toBe('17-02-2027')
  })

  it('reads typed days strictly', () => {
    expect(parseTypedDate('1/2/2027')).toBe('2027-02-01')
    expect(parseTypedDate('2027-02-17')).toBe('2027-02-17')
    expect(parseTypedDate('31-02-2027')).toBeNull()
    expect(parseTypedDate('17 Feb')).toBeNull()
  })

  it('starts its weeks on Monday', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={field.date('check_in')} mode="edit" values={{ check_in: '2026-03-05' }} />)
    await user.click(screen.getByRole('textbox', { name: 'check_in' }))
    const weekdays = screen.getAllByRole('columnheader').map((th) => th.textContent)
    expect(weekdays[0]).toBe('Mo')
  })
})
