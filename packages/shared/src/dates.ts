import { z } from 'zod'

/**
 * The one window every business date must fall in (issue 31: an order on 9999-12-30 was accepted):
 * order days, calendar range writes (rooms, vehicles, trains, Ziyarah schedules) and a pilgrim's travel
 * dates (passport issue and expiry, vaccination). Fixed, not relative to today, so a record saved
 * yesterday never becomes unsaveable and tests do not age (docs/decisions/hardening.md).
 * Birth dates keep their own rule (not in the future, not before EARLIEST_BIRTH_DATE).
 */
export const DATE_WINDOW_MIN = '2000-01-01'
export const DATE_WINDOW_MAX = '2099-12-31'
/** Message key of a real day outside the window (server `field.date_window`, web `validation.date_window`). */
export const DATE_WINDOW_KEY = 'date_window'
/** Message key of text that names no real day. */
export const DATE_INVALID_KEY = 'date_invalid'

/** `YYYY-MM-DD` naming a real day of any year: 2026-02-30 and 2026-13-01 are not. */
export function isRealDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const t = new Date(Date.UTC(y, mo - 1, d))
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d
}

/** A real day inside the window (ISO dates compare as text). */
export const inDateWindow = (v: string) => v >= DATE_WINDOW_MIN && v <= DATE_WINDOW_MAX

/** A real day inside the window: what every date field that takes a business date checks. */
export const isWindowDate = (v: string) => isRealDate(v) && inDateWindow(v)

/** A required business date: text that is no day is `date_invalid`, a day outside the window `date_window`. */
export const windowDateField = z
  .string()
  .trim()
  // Literal keys: the web's refinement-keys test scans the sources for them.
  .refine(isRealDate, { message: 'date_invalid' })
  .refine((v) => !isRealDate(v) || inDateWindow(v), { message: 'date_window' })
