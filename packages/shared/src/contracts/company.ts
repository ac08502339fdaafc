import { z } from 'zod'
import { DEFAULT_WEEKEND_DAYS, MAX_NAME, MAX_TEXT, NAME_MIN } from '../constants.js'
import { optionalFileName, optionalText, wireNumber } from './locations.js'
import { DEFAULT_PASSPORT_VALIDITY_MONTHS, MAX_PASSPORT_MONTHS, phoneField } from './pilgrims.js'
import { requiredText } from './reference.js'

// The default weekend lives in the zod-free constants.ts (the calendars shade it without loading zod).
export { DEFAULT_WEEKEND_DAYS } from '../constants.js'

/** Where a new company's dates are written (exports, DD-MM-YYYY HH:mm): Saudi time. */
export const DEFAULT_TIME_ZONE = 'Asia/Riyadh'

/** An IANA time zone this platform's `Intl` knows ('Asia/Jakarta', 'UTC'); a bare offset or a typo is not one. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/**
 * The company's settings (issue 28: avatar menu -> Company Setting). One shape
 * for `GET/PUT /company` and the form; later issues add their settings here
 * (and a column on `companies`), nothing else to touch on the server.
 */
export const companySettingsSchema = z.object({
  name: requiredText(NAME_MIN, MAX_NAME),
  address: optionalText(MAX_TEXT),
  phone: phoneField,
  logo: optionalFileName,
  /** Months a passport must still be valid; pilgrims under it are shown in red. */
  passport_validity_months: wireNumber(z.number().int().min(0).max(MAX_PASSPORT_MONTHS)).default(
    DEFAULT_PASSPORT_VALIDITY_MONTHS,
  ),
  /** Women under this age need a mahram; null: the rule is off. */
  mahram_min_age: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    wireNumber(z.number().int().min(1).max(120)).nullable(),
  ),
  /**
   * The weekend, ISO weekdays (1 Monday … 7 Sunday), shaded in every calendar and date picker (issue 32,
   * item 10). Friday and Saturday by default (the Saudi week); an empty list means no weekend.
   */
  weekend_days: z
    .array(z.number().int().min(1).max(7))
    .max(6)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b))
    .default([...DEFAULT_WEEKEND_DAYS]),
  /** The company's time zone (IANA), in which exports write dates and times (issue 32, item 12). */
  time_zone: z.string().trim().max(64).refine(isTimeZone, { message: 'company.time_zone_invalid' }).default(DEFAULT_TIME_ZONE),
})
export type CompanySettings = z.infer<typeof companySettingsSchema>
export const COMPANY_SETTING_KEYS = Object.keys(companySettingsSchema.shape) as Array<keyof CompanySettings>
