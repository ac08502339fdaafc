/** @vitest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { TRANSPORTATION_AVAILABILITY } from '@app/shared'
import { render } from '../../test-utils/render'
import { mergeDays, monthGrid } from './calendar-math'
import { defineCalendar } from './define'
import { MonthGrid } from './MonthGrid'

const def = defineCalendar({
  name: 'transportations',
  entity: 'transportation',
  endpoint: '/transportations_schedule',
  itemEndpoint: '/transportations',
  backHref: '/app/transportation',
  item: TRANSPORTATION_AVAILABILITY.item,
  loadShape: async () => TRANSPORTATION_AVAILABILITY,
  values: [
    { key: 'price', kind: 'money' },
    { key: 'sale_price', kind: 'money' },
  ],
  color: 'teal',
  summary: [],
})

function setup(onPick = vi.fn()) {
  const weeks = monthGrid({ year: 2026, month: 12 })
  const dates = weeks
    .flat()
    .filter((c) => c.inMonth)
    .map((c) => c.date)
  const rows = [
    { date: '2026-12-04', price: 1200, sale_price: 1100, blocked: false },
    { date: '2026-12-05', price: 850, sale_price: 800, blocked: false },
    { date: '2026-12-25', price: 850, sale_price: 800, blocked: true },
  ]
  const days = mergeDays(dates, rows, { price: 850, sale_price: 800, blocked: false }, ['price', 'sale_price'])
  const view = render(<MonthGrid def={def} weeks={weeks} days={days} stock={new Map()} compact={false} onPick={onPick} />)
  const cell = (date: string) => view.container.querySelector<HTMLElement>(`[data-date="${date}"]`)!
  return { cell, onPick }
}

// A month of Mantine buttons with tooltips renders slowly on the shared machine.
describe('MonthGrid', { timeout: 60_000 }, () => {
  it('heads the weeks with full weekday names from Monday', async () => {
    setup()
    const heads = await screen.findAllByRole('columnheader')
    expect(heads.map((h) => h.textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ])
  })

  it('shows defaults, stored values with the marker, and Blocked', () => {
    const { cell } = setup()
    expect(cell('2026-12-03').dataset.state).toBe('default')
    expect(cell('2026-12-03').textContent).toContain('SAR 850')
    expect(cell('2026-12-04').dataset.state).toBe('stored')
    expect(cell('2026-12-04').textContent).toContain('SAR 1,200')
    expect(cell('2026-12-04').querySelector('[data-marker]')).not.toBeNull()
    // Named by what it shows, described by the full reading (issue 32 item 17).
    expect(cell('2026-12-04').getAttribute('aria-label')).toBeNull()
    const described = document.getElementById(cell('2026-12-04').getAttribute('aria-describedby')!)
    expect(described?.textContent).toContain('Differs from the default: Price, Sale Price')
    // Stored but equal to the defaults: no marker.
    expect(cell('2026-12-05').dataset.state).toBe('stored')
    expect(cell('2026-12-05').querySelector('[data-marker]')).toBeNull()
    expect(cell('2026-12-25').dataset.state).toBe('blocked')
    expect(cell('2026-12-25').textContent).toContain('Blocked')
    // 30 November fills the first week and is no button.
    expect(cell('2026-11-30')).toBeNull()
  })

  it("shows a train's other class as not running on days without a schedule row", () => {
    const weeks = monthGrid({ year: 2026, month: 12 })
    const dates = ['2026-12-03', '2026-12-04']
    const days = mergeDays(
      dates,
      [{ date: '2026-12-04', price: 1200, sale_price: 1100, blocked: false }],
      { price: 850, sale_price: 800, blocked: false, offered: false },
      ['price', 'sale_price'],
    )
    const view = render(<MonthGrid def={def} weeks={weeks} days={days} stock={new Map()} compact={false} onPick={vi.fn()} />)
    const cell = (date: string) => view.container.querySelector<HTMLElement>(`[data-date="${date}"]`)!
    expect(cell('2026-12-03').dataset.state).toBe('closed')
    expect(cell('2026-12-03').textContent).toContain('No service')
    expect(cell('2026-12-03').textContent).not.toContain('SAR 850')
    expect(cell('2026-12-04').dataset.state).toBe('stored')
  })

  it("writes the Hijri day beside each day and shades the company's weekend, Friday and Saturday by default", async () => {
    const { cell } = setup()
    // Issue 29: "24 Jum. II" under 4 December 2026, the full Hijri date in the day's reading.
    expect(cell('2026-12-04').querySelector('[data-hijri]')?.textContent).toBe('24 Jum. II')
    expect(cell('2026-12-01').querySelector('[data-hijri]')?.textContent).toBe('21 Jum. II')
    const described = document.getElementById(cell('2026-12-04').getAttribute('aria-describedby')!)
    expect(described?.textContent).toContain('24 Jumada II 1448')
    // Issue 32 item 10: Friday 4 and Saturday 5 are the weekend, Sunday 6 is not.
    expect(cell('2026-12-04').dataset.weekend).toBe('true')
    expect(cell('2026-12-05').dataset.weekend).toBe('true')
    expect(cell('2026-12-06').dataset.weekend).toBeUndefined()
    const heads = await screen.findAllByRole('columnheader')
    expect(heads.filter((h) => h.dataset.weekend).map((h) => h.textContent)).toEqual(['Friday', 'Saturday'])
  })

  it('opens a day by keyboard, and a dragged range by mouse', () => {
    const { cell, onPick } = setup()
    fireEvent.click(cell('2026-12-08'), { detail: 0 })
    expect(onPick).toHaveBeenLastCalledWith(expect.objectContaining({ date: '2026-12-08' }))
    fireEvent.mouseDown(cell('2026-12-16'), { button: 0 })
    fireEvent.mouseEnter(cell('2026-12-10'))
    fireEvent.mouseUp(cell('2026-12-07'))
    expect(onPick).toHaveBeenLastCalledWith(expect.objectContaining({ date: '2026-12-07' }), '2026-12-16')
  })
})
