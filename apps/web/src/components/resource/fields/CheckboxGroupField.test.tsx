/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest'
import { field } from '../define'
import { render, screen, userEvent } from '../../../test-utils/render'
import { FieldHarness, valuesOf } from '../../../test-utils/form-harness'

const services = field.checkboxGroup('services', {
  options: [
    { value: 1, label: 'Airport pickup' },
    { value: 2, label: 'Laundry' },
    { value: 3, label: 'Zamzam water' },
  ],
})

describe('CheckboxGroupField', () => {
  it('ticks and unticks values, keeping their type', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={services} />)
    await user.click(screen.getByRole('checkbox', { name: 'Zamzam water' }))
    await user.click(screen.getByRole('checkbox', { name: 'Airport pickup' }))
    expect(valuesOf().services).toEqual([3, 1])
    await user.click(screen.getByRole('checkbox', { name: 'Zamzam water' }))
    expect(valuesOf().services).toEqual([1])
  })

  it('shows the ticked values of the record being edited', () => {
    render(<FieldHarness field={services} mode="edit" values={{ services: [2] }} />)
    expect((screen.getByRole('checkbox', { name: 'Laundry' }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('checkbox', { name: 'Airport pickup' }) as HTMLInputElement).checked).toBe(false)
  })
})
