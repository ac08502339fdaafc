/**
 * The pure part of the availability calendar (DESIGN §7): which days a month
 * shows (weeks from Monday), what each day shows (its stored row, else the
 * item's defaults, and whether a stored value differs from them), and which
 * days a range write with a weekday mask touches. Dates are `YYYY-MM-DD`
 * strings computed in UTC, so no time zone can shift a day.
 */

/** A month as the calendar shows it: `month` is 1–12. */
export interface YearMonth {
  year: number
  month: number
}

export interface GridCell {
  date: string
  /** Day of the month (1–31). */
  day: number
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number
  /** False for the days of the previous and next months that fill the first and last weeks. */
  inMonth: boolean
}

const pad = (n: number) => String(n).padStart(2, '0')

function utc(date: string): Date {
  return new Date(`${date}T00:00:00Z`)
}

export function toIsoDate(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
}

export function addDays(date: string, n: number): string {
  const d = utc(date)
  d.setUTCDate(d.getUTCDate() + n)
  return toIsoDate(d)
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const dow = utc(date).getUTCDay()
  return dow === 0 ? 7 : dow
}

export function daysInMonth({ year, month }: YearMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** First and last day of the month: the read's `start_date` and `end_date` (spec §7). */
export function monthRange(ym: YearMonth): { start_date: string; end_date: string } {
  return {
    start_date: `${ym.year}-${pad(ym.month)}-01`,
    end_date: `${ym.year}-${pad(ym.month)}-${pad(daysInMonth(ym))}`,
  }
}

export function shiftMonth({ year, month }: YearMonth, by: number): YearMonth {
  const index = year * 12 + (month - 1) + by
  return { year: Math.floor(index / 12), month: (index % 12) + 1 }
}

export function monthOf(date: string): YearMonth {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) }
}

/**
 * The weeks of a month, Monday first: whole weeks from the Monday on or
 * before the 1st to the Sunday on or after the last day (4 to 6 rows).
 */
export function monthGrid(ym: YearMonth): GridCell[][] {
  const { start_date, end_date } = monthRange(ym)
  const first = addDays(start_date, 1 - isoWeekday(start_date))
  const last = addDays(end_date, 7 - isoWeekday(end_date))
  const weeks: GridCell[][] = []
  for (let date = first; date <= last;) {
    const week: GridCell[] = []
    for (let i = 0; i < 7; i++, date = addDays(date, 1)) {
      week.push({
        date,
        day: Number(date.slice(8)),
        weekday: i + 1,
        inMonth: date >= start_date && date <= end_date,
      })
    }
    weeks.push(week)
  }
  return weeks
}

/**
 * The days a range write touches: every day from `start` to `end`, or only
 * those whose ISO weekday is in `weekdays` (none or all seven = every day).
 * The server does the same in its one statement (crud/availability.ts).
 */
export function expandRange(start: string, end: string, weekdays?: readonly number[]): string[] {
  const mask = weekdays && weekdays.length > 0 && weekdays.length < 7 ? new Set(weekdays) : undefined
  const out: string[] = []
  for (let date = start; date <= end; date = addDays(date, 1)) if (!mask || mask.has(isoWeekday(date))) out.push(date)
  return out
}

/** A stored day as the read answers it (`date`, the declared values, `blocked`). */
export type DayRow = { date: string } & Record<string, unknown>

export interface DayView {
  date: string
  /** A row is stored for this day; otherwise the values are the item's defaults. */
  stored: boolean
  /**
   * The day is sold: a stored day, or a day without a row when the defaults
   * do not say `offered: false` (a train's other class runs only on its
   * scheduled days; the defaults are then only a suggestion for the dialog).
   */
  offered: boolean
  blocked: boolean
  /** The day's values: the stored row's, else the defaults. */
  values: Record<string, unknown>
  /** The stored values that are not the default (a stored day equal to the defaults has none). */
  changed: string[]
}

const same = (a: unknown, b: unknown) => (typeof a === 'number' || typeof b === 'number' ? Number(a) === Number(b) : a === b)

/**
 * What each date shows: the stored row when there is one, else the defaults;
 * `changed` names the value keys (and `blocked`) of a stored day that differ
 * from the defaults, which the calendar marks.
 */
export function mergeDays(
  dates: readonly string[],
  rows: readonly DayRow[],
  defaults: Record<string, unknown>,
  valueKeys: readonly string[],
): Map<string, DayView> {
  const byDate = new Map(rows.map((r) => [r.date.slice(0, 10), r]))
  const keys = [...valueKeys.filter((k) => k !== 'blocked'), 'blocked']
  const out = new Map<string, DayView>()
  for (const date of dates) {
    const row = byDate.get(date)
    const source = row ?? defaults
    const values = Object.fromEntries(keys.map((k) => [k, source[k] ?? (k === 'blocked' ? false : null)]))
    out.set(date, {
      date,
      stored: !!row,
      offered: !!row || defaults.offered !== false,
      blocked: values.blocked === true,
      values,
      changed: row
        ? keys.filter((k) => !same(row[k] ?? (k === 'blocked' ? false : null), defaults[k] ?? (k === 'blocked' ? false : null)))
        : [],
    })
  }
  return out
}
