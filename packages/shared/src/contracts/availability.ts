import { z } from 'zod'
import { isWindowDate, windowDateField } from '../dates.js'
import { idField } from './users.js'
import { queryBoolean, queryId } from './list-query.js'
import { wireNumber } from './locations.js'

/**
 * Day-by-day availability (DESIGN §7): the read and range-write contracts that
 * the server's availability engine (apps/server/src/crud/availability.ts)
 * builds for every calendar (rooms, transportation, train routes) and that the
 * web calendar validates with, so both sides refuse the same input.
 */

/** Most days one range write (and one read) covers. */
export const MAX_AVAILABILITY_DAYS = 366
/** Message keys of the range rules (server `availability.*`, web `validation.availability_*`). */
export const AVAILABILITY_RANGE_ORDER_KEY = 'availability_range_order'
export const AVAILABILITY_RANGE_LENGTH_KEY = 'availability_range_length'
/** A weekday mask that picks no day of the range (a Sunday-only mask on Monday to Friday). */
export const AVAILABILITY_WEEKDAYS_NONE_KEY = 'availability_weekdays_none'

/** `YYYY-MM-DD` that names a real day inside the one date window (dates.ts): 2026-02-30 and 9999-12-30 are refused. */
export const isCalendarDate = isWindowDate

/** A calendar day: no day is `date_invalid`, a day outside the window `date_window`. */
export const calendarDateField = windowDateField

/** Days from `start` to `end`, both counted (2026-01-01..2026-01-01 is 1). */
export function daysInRange(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1
}

/** The largest amount stored (numeric(14,2)): an order's total, a payment. */
export const MAX_MONEY = 999_999_999_999.99
/**
 * The largest price of one unit (a night, a seat, a vehicle day, an extra, a fee): 999,999,999.99, so a
 * line of 500 rooms x 90 nights stays far inside exact arithmetic; an order's total is checked against
 * MAX_MONEY on top (issue 31, docs/decisions/hardening.md).
 */
export const MAX_PRICE = 999_999_999.99
/** A price: not negative, at most 2 decimals, at most MAX_PRICE. */
export const moneyNumber = z
  .number()
  .min(0)
  .max(MAX_PRICE)
  .refine((v) => Number(v.toFixed(2)) === v, { message: 'money_decimals' })
export const moneyField = wireNumber(moneyNumber)

/** A count (capacity, seats): a whole number, not negative. */
export const countField = (max = 1_000_000) => wireNumber(z.number().int().min(0).max(max))

/** true/false, also from a form's text ('true', 'false', '1', '0'); 'maybe' is refused. */
export const wireBoolean = queryBoolean

/** ISO weekdays a range write may be limited to: 1 = Monday … 7 = Sunday. */
export const weekdaysField = z
  .array(wireNumber(z.number().int().min(1).max(7)))
  .min(1)
  .max(7)
  .transform((days) => [...new Set(days)].sort())

export interface AvailabilityShape {
  /** The item's id parameter: `room_id`, `transportation_id`, `route_id`. */
  item: string
  /** Further key columns of a day besides the item and the date (train schedules: `train_type`). */
  keys?: Record<string, z.ZodType>
  /** Parameters checked against the item when given (`hotel_id` of the room). */
  checks?: readonly string[]
  /** The values every day of a range gets. */
  values: Record<string, z.ZodType>
}

/** The range fields and their rules, shared by the read and the write. */
function withRange<T extends z.ZodObject>(shape: T) {
  return shape.superRefine((v, ctx) => {
    const { start_date, end_date } = v as { start_date?: string; end_date?: string }
    if (!start_date || !end_date || !isCalendarDate(start_date) || !isCalendarDate(end_date)) return
    const days = daysInRange(start_date, end_date)
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['end_date'], message: AVAILABILITY_RANGE_ORDER_KEY, input: end_date })
    else if (days > MAX_AVAILABILITY_DAYS)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: AVAILABILITY_RANGE_LENGTH_KEY, input: end_date })
  })
}

/** The parameters checked against the item: ids of a JSON body (write) or of a query string (read). */
const checksShape = (checks: readonly string[] = [], id: z.ZodType = idField) =>
  Object.fromEntries(checks.map((k) => [k, z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional())]))

/** `GET /{calendar}?{item}=&start_date=&end_date=` (other list parameters are accepted and ignored). */
export function availabilityReadSchema(shape: AvailabilityShape) {
  return withRange(
    z.object({
      // A query string: the id is text of digits (list-query.ts `queryId`).
      [shape.item]: queryId(),
      ...(shape.keys ?? {}),
      ...checksShape(shape.checks, queryId()),
      start_date: calendarDateField,
      end_date: calendarDateField,
    }),
  )
}

/** Whether a range of at most a week has a day on one of `weekdays` (ISO, 1 = Monday); longer ranges always do. */
export function rangeHasWeekday(start: string, end: string, weekdays: readonly number[]): boolean {
  const days = daysInRange(start, end)
  if (days >= 7) return true
  const first = new Date(`${start}T00:00:00Z`).getUTCDay() || 7
  for (let i = 0; i < days; i++) if (weekdays.includes(((first - 1 + i) % 7) + 1)) return true
  return false
}

/** `POST /{calendar}`: every day from start_date to end_date (optionally only `weekdays`) gets `values`. */
export function availabilityWriteSchema(shape: AvailabilityShape) {
  return withRange(
    z.object({
      [shape.item]: idField,
      ...(shape.keys ?? {}),
      ...checksShape(shape.checks),
      start_date: calendarDateField,
      end_date: calendarDateField,
      weekdays: weekdaysField.optional(),
      ...shape.values,
    }),
  ).superRefine((v, ctx) => {
    // A mask that picks nothing would write nothing and still answer 200.
    const { start_date, end_date, weekdays } = v as { start_date?: string; end_date?: string; weekdays?: number[] }
    if (!weekdays?.length || !start_date || !end_date || !isCalendarDate(start_date) || !isCalendarDate(end_date)) return
    if (daysInRange(start_date, end_date) < 1 || rangeHasWeekday(start_date, end_date, weekdays)) return
    ctx.addIssue({ code: 'custom', path: ['weekdays'], message: AVAILABILITY_WEEKDAYS_NONE_KEY, input: weekdays })
  })
}

/** Rooms (`/rooms_availibility`, the spec's spelling): price, capacity (not above the room's stock), blocked. */
export const ROOM_AVAILABILITY: AvailabilityShape = {
  item: 'room_id',
  checks: ['hotel_id'],
  values: { price: moneyField, capacity: countField(), blocked: wireBoolean },
}
export const roomAvailabilityReadSchema = availabilityReadSchema(ROOM_AVAILABILITY)
export const roomAvailabilityWriteSchema = availabilityWriteSchema(ROOM_AVAILABILITY)
export type RoomAvailabilityWrite = z.input<typeof roomAvailabilityWriteSchema>

export const roomAvailabilityDaySchema = z.object({
  id: z.number(),
  room_id: z.number(),
  hotel_id: z.number(),
  date: z.string(),
  price: z.number(),
  capacity: z.number(),
  blocked: z.boolean(),
})
export type RoomAvailabilityDay = z.infer<typeof roomAvailabilityDaySchema>
