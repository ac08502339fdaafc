/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest'
import i18n from '../../../i18n'
import { field } from '../define'
import { render, screen, userEvent, waitFor } from '../../../test-utils/render'
import { FieldHarness, valuesOf } from '../../../test-utils/form-harness'

describe('TimeField', () => {
  it('takes hours and minutes in 24-hour boxes named after the field, holding HH:mm', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={field.time('check_in')} />)
    const hours = await screen.findByRole('spinbutton', { name: 'check_in, hours' })
    const minutes = screen.getByRole('spinbutton', { name: 'check_in, minutes' })
    // 24 hours, not the browser's locale: no native time input, no AM/PM choice, hours up to 23.
    expect(document.querySelector('input[type="time"]')).toBeNull()
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(hours.getAttribute('aria-valuemax')).toBe('23')
    await user.click(hours)
    await user.keyboard('1430')
    expect((hours as HTMLInputElement).value).toBe('14')
    expect((minutes as HTMLInputElement).value).toBe('30')
    expect(valuesOf().check_in).toBe('14:30')
  })

  it('shows a stored HH:mm:ss by its hours and minutes', async () => {
    let set: ((v: string) => void) | undefined
    render(<FieldHarness field={field.time('check_in')} onForm={(f) => (set = (v) => f.setFieldValue('check_in', v))} />)
    set?.('21:05:00')
    await waitFor(() =>
      expect((screen.getByRole('spinbutton', { name: 'check_in, hours' }) as HTMLInputElement).value).toBe('21'),
    )
    expect((screen.getByRole('spinbutton', { name: 'check_in, minutes' }) as HTMLInputElement).value).toBe('05')
  })

  it('names its boxes in Indonesian too', async () => {
    render(<FieldHarness field={field.time('check_in')} />)
    await i18n.changeLanguage('id')
    expect(await screen.findByRole('spinbutton', { name: 'check_in, jam' })).toBeTruthy()
    expect(screen.getByRole('spinbutton', { name: 'check_in, menit' })).toBeTruthy()
    await i18n.changeLanguage('en')
  })
})
