import type { Locale } from '@app/shared'
import { tableLabel } from './i18n.js'

/**
 * Named HTTP errors thrown by services and routes; the one error handler
 * (plugins/errors.ts) turns them into DESIGN §3's body `{ message, errors }`.
 * `message` and each field message are i18n keys (lib/i18n.ts) or plain text.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    /** field -> list of message keys (or `{ key, params }`) */
    readonly fields?: Record<string, Array<string | { key: string; params?: Record<string, string | number> }>>,
    readonly headers?: Record<string, string>,
    /** More of the answer beside `message` and `errors` (a stale version's current record; the booked count of each refused day). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(key)
  }
}

type Fields = HttpError['fields']
export const badRequest = (key = 'bad_request', fields?: Fields) => new HttpError(400, key, {}, fields)
export const unauthorized = (key = 'unauthorized') => new HttpError(401, key)
export const forbidden = (key = 'forbidden', params: Record<string, string | number> = {}) => new HttpError(403, key, params)
export const notFound = (key = 'not_found') => new HttpError(404, key)
export const conflict = (key = 'name_in_used', fields?: Fields, params: Record<string, string | number> = {}) =>
  new HttpError(409, key, params, fields)
/**
 * 409 for days that already hold more than a write allows: `errors` names the days under the field (as
 * before), `booked` gives each day's booked count so a screen can say "10-02-2027: 3 booked".
 */
export const belowBooked = (field: string, days: Array<{ day: string; booked: number | string }>) =>
  new HttpError(409, 'inventory.below_booked', {}, { [field]: days.map((d) => d.day) }, undefined, {
    booked: days.map((d) => ({ date: d.day, booked: Number(d.booked) })),
  })
export const unprocessable = (fields: NonNullable<Fields>, key = 'validation_failed') => new HttpError(422, key, {}, fields)
/**
 * 409 for a row other rows still need, naming them (DESIGN §3 "409 with how
 * many rows use it"): "Still in use (Hotels: 2, Train Routes: 1)". Tables are
 * labelled by the `table.<name>` messages their modules register.
 */
export const inUse = (uses: Array<{ table: string; count: number }>, locale: Locale) =>
  new HttpError(409, 'in_use_by', {
    count: uses.reduce((sum, u) => sum + u.count, 0),
    uses: uses.map((u) => `${tableLabel(locale, u.table)}: ${u.count}`).join(', '),
  })
