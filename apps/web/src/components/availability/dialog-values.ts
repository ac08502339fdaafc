import type { DayView } from './calendar-math'
import type { CalendarDefinition } from './define'

/** The range dialog's form: `date_range` is `[start, end]`; `weekdays` empty = every day. */
export type RangeFormValues = {
  date_range: [string | null, string | null]
  weekdays: number[]
  blocked: boolean | null
} & Record<string, unknown>

/** The dialog opened on a day (or a range dragged from it to `end`), with what the day shows now (its row, else the defaults). */
export function initialRangeValues(def: CalendarDefinition, day: DayView, end?: string): RangeFormValues {
  return {
    date_range: [day.date, end && end > day.date ? end : day.date],
    weekdays: [],
    blocked: day.blocked,
    ...Object.fromEntries(def.values.map((v) => [v.key, day.values[v.key] ?? null])),
  }
}

/**
 * The write body (spec §7: `start_date`/`end_date`, the values, `blocked`):
 * the range splits into its ends; a mask of none or all seven weekdays is no
 * mask; the variant (train type) and the item id come from the page.
 */
export function toWriteBody(
  def: CalendarDefinition,
  itemId: number | string,
  values: RangeFormValues,
  variant?: string,
): Record<string, unknown> {
  const [start, end] = values.date_range ?? [null, null]
  const weekdays = values.weekdays ?? []
  return {
    [def.item]: Number(itemId),
    ...(def.variant ? { [def.variant.key]: variant } : {}),
    start_date: start ?? undefined,
    end_date: end ?? start ?? undefined,
    ...(weekdays.length > 0 && weekdays.length < 7 ? { weekdays: [...weekdays].sort() } : {}),
    blocked: values.blocked ?? undefined,
    ...Object.fromEntries(def.values.map((v) => [v.key, values[v.key] === '' ? undefined : (values[v.key] ?? undefined)])),
  }
}

/** The form field an error of the write belongs to: the range's ends are the range field, list entries their list. */
export function formFieldOf(key: string): string {
  if (key === 'start_date' || key === 'end_date') return 'date_range'
  return key.split('.')[0]!
}
