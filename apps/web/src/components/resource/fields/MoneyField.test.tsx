/** @vitest-environment jsdom */
import { afterEach, describe, expect, it } from 'vitest'
import i18n from '../../../i18n'
import { field } from '../define'
import { render, screen, userEvent } from '../../../test-utils/render'
import { FieldHarness, valuesOf } from '../../../test-utils/form-harness'
import { Price } from './MoneyField'

const inLanguage = async (lang: string) => {
  await i18n.changeLanguage(lang)
}

afterEach(() => inLanguage('en'))

// [language, typed, kept, shown after leaving the field]
const typed: [string, string, number, string][] = [
  ['en', '2,400.50', 2400.5, '2,400.50'],
  ['en', '2400.5', 2400.5, '2,400.50'],
  ['en', '12,500,000', 12500000, '12,500,000'],
  ['id', '1.250,50', 1250.5, '1.250,50'],
  ['id', '12.500.000', 12500000, '12.500.000'],
  ['id', '1250,5', 1250.5, '1.250,50'],
]

describe('MoneyField', () => {
  it.each(typed)('in %s reads %s as %s and shows it back as %s', async (lang, text, kept, shown) => {
    const user = userEvent.setup()
    render(<FieldHarness field={field.money('price')} />)
    await inLanguage(lang)
    const input = screen.getByLabelText('price') as HTMLInputElement
    await user.type(input, text)
    expect(valuesOf().price).toBe(kept)
    await user.tab()
    expect(input.value).toBe(shown)
  })

  it('shows a stored amount in the language, and again after a switch', async () => {
    render(<FieldHarness field={field.money('price')} mode="edit" values={{ price: 250000 }} />)
    const input = screen.getByLabelText('price') as HTMLInputElement
    expect(input.value).toBe('250,000')
    await inLanguage('id')
    await screen.findByDisplayValue('250.000')
  })

  it('keeps text that is not a number as text, so validation names it instead of a scaled amount', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={field.money('price')} />)
    await inLanguage('id')
    await user.type(screen.getByLabelText('price'), '1,250.50')
    expect(valuesOf().price).toBe('1,250.50')
  })

  it('the plain number field reads the same way (a distance of 4.5 km stays 4.5)', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={field.number('distance', { decimalScale: 2 })} />)
    await user.type(screen.getByLabelText('distance'), '4.5')
    expect(valuesOf().distance).toBe(4.5)
  })

  it('a coordinate field reads a dot in Indonesian as the decimal point', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={field.number('lat', { decimalScale: 7, grouping: false })} />)
    await inLanguage('id')
    const input = screen.getByLabelText('lat') as HTMLInputElement
    await user.type(input, '21.4225')
    expect(valuesOf().lat).toBe(21.4225)
    await user.tab()
    expect(input.value).toBe('21,4225')
  })
})

describe('Price', () => {
  it('shows SAR in the language, with cents only when there are any', async () => {
    render(<Price value={1234567.5} />)
    expect(screen.getByText('SAR 1,234,567.50')).toBeTruthy()
    await inLanguage('id')
    await screen.findByText('SAR 1.234.567,50')
  })
})
