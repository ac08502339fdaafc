import { describe, expect, it } from 'vitest'
import { rangeHasWeekday } from '@app/shared'
import { addDays, expandRange, isoWeekday, mergeDays, monthGrid, monthRange, shiftMonth } from './calendar-math'

const dates = (weeks: ReturnType<typeof monthGrid>) => weeks.map((w) => w.map((c) => c.date))

describe('month grid', () => {
  it('starts every week on Monday and fills the edges with the neighbouring months', () => {
    // December 2026 starts on a Tuesday and ends on a Thursday.
    const weeks = monthGrid({ year: 2026, month: 12 })
    expect(weeks).toHaveLength(5)
    expect(weeks.every((w) => w.length === 7 && isoWeekday(w[0]!.date) === 1 && isoWeekday(w[6]!.date) === 7)).toBe(true)
    expect(weeks[0]![0]).toMatchObject({ date: '2026-11-30', inMonth: false, weekday: 1 })
    expect(weeks[0]![1]).toMatchObject({ date: '2026-12-01', day: 1, inMonth: true, weekday: 2 })
    expect(weeks[4]![3]).toMatchObject({ date: '2026-12-31', inMonth: true })
    expect(weeks[4]![6]).toMatchObject({ date: '2027-01-03', inMonth: false })
    expect(weeks.flat().filter((c) => c.inMonth)).toHaveLength(31)
  })

  it('needs no filler when a month starts on Monday, and six rows when it starts on Sunday', () => {
    // June 2026 starts on a Monday; February 2027 too and has exactly four weeks.
    expect(dates(monthGrid({ year: 2026, month: 6 }))[0]![0]).toBe('2026-06-01')
    const feb = monthGrid({ year: 2027, month: 2 })
    expect(feb).toHaveLength(4)
    expect(feb.flat().every((c) => c.inMonth)).toBe(true)
    // November 2026 starts on a Sunday: 6 rows, the first holding only the 1st.
    const nov = monthGrid({ year: 2026, month: 11 })
    expect(nov).toHaveLength(6)
    expect(nov[0]!.filter((c) => c.inMonth).map((c) => c.date)).toEqual(['2026-11-01'])
  })

  it('has 29 days in February of a leap year', () => {
    expect(monthRange({ year: 2028, month: 2 })).toEqual({ start_date: '2028-02-01', end_date: '2028-02-29' })
    expect(monthRange({ year: 2026, month: 2 })).toEqual({ start_date: '2026-02-01', end_date: '2026-02-28' })
    expect(monthRange({ year: 2100, month: 2 }).end_date).toBe('2100-02-28')
    const cells = monthGrid({ year: 2028, month: 2 }).flat()
    expect(
      cells
        .filter((c) => c.inMonth)
        .map((c) => c.day)
        .at(-1),
    ).toBe(29)
    expect(cells.find((c) => c.date === '2028-02-29')).toMatchObject({ weekday: 2, inMonth: true })
  })

  it('moves across year ends', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 })
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 })
    expect(shiftMonth({ year: 2026, month: 5 }, 14)).toEqual({ year: 2027, month: 7 })
  })
})

describe('weekday mask', () => {
  it('keeps only the asked weekdays of the range (Fridays and Saturdays)', () => {
    expect(expandRange('2026-12-01', '2026-12-31', [5, 6]).map((d) => d.slice(8))).toEqual([
      '04',
      '05',
      '11',
      '12',
      '18',
      '19',
      '25',
      '26',
    ])
  })

  it('writes every day without a mask, with all seven, and a single day', () => {
    expect(expandRange('2026-02-26', '2026-03-02')).toEqual([
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ])
    expect(expandRange('2026-02-26', '2026-03-02', [1, 2, 3, 4, 5, 6, 7])).toHaveLength(5)
    expect(expandRange('2026-02-26', '2026-03-02', [])).toHaveLength(5)
    expect(expandRange('2028-02-29', '2028-02-29')).toEqual(['2028-02-29'])
    // A Sunday-only mask on a range without a Sunday touches nothing.
    expect(expandRange('2026-12-01', '2026-12-05', [7])).toEqual([])
  })
})

describe('a mask that picks no day', () => {
  it('is found by the shared rule exactly when the expansion is empty', () => {
    for (let start = 0; start < 14; start++)
      for (let length = 1; length <= 9; length++)
        for (const mask of [[1], [7], [5, 6], [2, 4], [3]]) {
          const from = addDays('2026-11-30', start)
          const to = addDays(from, length - 1)
          expect(rangeHasWeekday(from, to, mask), `${from}..${to} ${mask.join(',')}`).toBe(expandRange(from, to, mask).length > 0)
        }
  })
})

describe('stored days over defaults', () => {
  const defaults = { price: 850, sale_price: 800, blocked: false }
  const keys = ['price', 'sale_price', 'blocked']

  it('shows the defaults on a day without a row, unmarked', () => {
    const view = mergeDays(['2026-12-01'], [], defaults, keys).get('2026-12-01')!
    expect(view).toEqual({
      date: '2026-12-01',
      stored: false,
      offered: true,
      blocked: false,
      values: { price: 850, sale_price: 800, blocked: false },
      changed: [],
    })
  })

  it('shows a stored row and names the values that differ from the defaults', () => {
    const rows = [
      { date: '2026-12-04', price: 1200, sale_price: 800, blocked: false, id: 1 },
      { date: '2026-12-05', price: 850, sale_price: 800, blocked: false, id: 2 },
      { date: '2026-12-06', price: 850, sale_price: 800, blocked: true, id: 3 },
    ]
    const views = mergeDays(['2026-12-04', '2026-12-05', '2026-12-06'], rows, defaults, keys)
    expect(views.get('2026-12-04')).toMatchObject({ stored: true, blocked: false, values: { price: 1200 }, changed: ['price'] })
    // Stored but equal to the defaults: no marker.
    expect(views.get('2026-12-05')).toMatchObject({ stored: true, changed: [] })
    expect(views.get('2026-12-06')).toMatchObject({ stored: true, blocked: true, changed: ['blocked'] })
  })

  it("marks the days without a row as not offered when the defaults say so (a train's other class)", () => {
    const views = mergeDays(
      ['2026-12-04', '2026-12-05'],
      [{ date: '2026-12-05', price: 300, sale_price: 250, blocked: false }],
      { ...defaults, offered: false },
      keys,
    )
    expect(views.get('2026-12-04')).toMatchObject({ stored: false, offered: false, values: { price: 850 } })
    expect(views.get('2026-12-05')).toMatchObject({ stored: true, offered: true })
  })

  it('compares numbers by value (a money column answered as text)', () => {
    const views = mergeDays(
      ['2026-12-04'],
      [{ date: '2026-12-04', price: '850.00', sale_price: 800, blocked: false }],
      defaults,
      keys,
    )
    expect(views.get('2026-12-04')!.changed).toEqual([])
  })
})
