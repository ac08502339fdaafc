/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest'
import { field } from '../define'
import { render, screen, userEvent } from '../../../test-utils/render'
import { FieldHarness, valuesOf } from '../../../test-utils/form-harness'

const range = field.dateRange('date_range')

describe('DateRangeField', () => {
  it('picks a start and an end day as YYYY-MM-DD', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={range} mode="edit" values={{ date_range: ['2026-04-01', '2026-04-02'] }} />)
    const input = screen.getByRole('button', { name: 'date_range' })
    expect(input.textContent).toBe('01-04-2026 – 02-04-2026')
    await user.click(input)
    await user.click(screen.getByRole('button', { name: '10 April 2026' }))
    await user.click(screen.getByRole('button', { name: '14 April 2026' }))
    expect(valuesOf().date_range).toEqual(['2026-04-10', '2026-04-14'])
  })

  it('takes one day as a one-day range', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={range} mode="edit" values={{ date_range: ['2026-04-01', '2026-04-02'] }} />)
    await user.click(screen.getByRole('button', { name: 'date_range' }))
    await user.click(screen.getByRole('button', { name: '20 April 2026' }))
    await user.click(screen.getByRole('button', { name: '20 April 2026' }))
    expect(valuesOf().date_range).toEqual(['2026-04-20', '2026-04-20'])
  })

  it('starts empty in a create form', () => {
    render(<FieldHarness field={range} />)
    expect(valuesOf().date_range).toEqual([null, null])
  })
})
