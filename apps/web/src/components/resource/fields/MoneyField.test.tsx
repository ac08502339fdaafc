/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest'
import { field } from '../define'
import { render, screen, userEvent } from '../../../test-utils/render'
import { FieldHarness, valuesOf } from '../../../test-utils/form-harness'
import { Price } from './MoneyField'

describe('MoneyField', () => {
  it('reads dot thousands and comma decimals and keeps a plain number', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={field.money('price')} />)
    const input = screen.getByLabelText('price') as HTMLInputElement
    await user.type(input, '1234567,5')
    expect(valuesOf().price).toBe(1234567.5)
    expect(input.value).toBe('SAR 1.234.567,5')
  })

  it('shows a stored amount the same way and refuses a minus sign', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={field.money('price')} mode="edit" values={{ price: 250000 }} />)
    const input = screen.getByLabelText('price') as HTMLInputElement
    expect(input.value).toBe('SAR 250.000')
    await user.clear(input)
    await user.type(input, '-5')
    expect(valuesOf().price).toBe(5)
  })

  it('the plain number field uses the same separators', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={field.number('room_size')} />)
    await user.type(screen.getByLabelText('room_size'), '12345,25')
    expect(valuesOf().room_size).toBe(12345.25)
  })
})

describe('Price', () => {
  it('shows SAR with dot thousands and no decimals', () => {
    render(<Price value={1234567.5} />)
    expect(screen.getByText('SAR 1.234.568')).toBeTruthy()
  })
})
