import { z } from 'zod'
import { moneyNumber } from './availability.js'
import { wireNumber } from './locations.js'
import { idField, idSchemas } from './users.js'

/*
 * Fields the hotel and room forms share with the other products (contracts/hotels.ts, rooms.ts,
 * train-routes.ts, transportations.ts, ziyarah-tours.ts).
 */

/** Most linked services, types, facilities or attribute values. */
export const MAX_LINKS = 200
/** Message key for a missing or non-numeric hotel price (spec §5, §8: 'Harga Harus Ditetapkan'). */
export const PRICE_REQUIRED_KEY = 'price_required'
export const YOUTUBE_INVALID_KEY = 'youtube_invalid'

const toNumberText = (v: unknown) =>
  typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v === '' || v === null ? undefined : v

/** The hotel price: any non-number (missing, 'abc', '12.345,67') says 'Price Must Be Set'. */
export const hotelPriceField = z.preprocess(
  toNumberText,
  z
    .unknown()
    .superRefine((v, ctx) => {
      if (typeof v !== 'number' || !Number.isFinite(v)) ctx.addIssue({ code: 'custom', message: PRICE_REQUIRED_KEY, input: v })
    })
    .transform((v) => v as number)
    .pipe(moneyNumber),
)

/** A whole number from the wire (a form sends text), between `min` and `max`. */
export const intField = (min: number, max: number) => wireNumber(z.number().int().min(min).max(max))

/** A time of day `HH:mm` (24 h); `HH:mm:ss` from a time input keeps its minutes. */
export const timeField = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/)
  .transform((v) => v.slice(0, 5))

const YOUTUBE_HOSTS = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'www.youtube-nocookie.com']
/** An https link to a YouTube video (youtube.com or youtu.be); empty is none. */
export const youtubeField = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z
    .string()
    .trim()
    .max(500)
    .refine(
      (v) => {
        try {
          const u = new URL(v)
          return u.protocol === 'https:' && YOUTUBE_HOSTS.includes(u.hostname.toLowerCase()) && !u.username && !u.password
        } catch {
          return false
        }
      },
      { message: YOUTUBE_INVALID_KEY },
    )
    .nullable(),
)

/** A list of row ids (a JSON array, or one id); duplicates are one link. */
export const idListField = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(idField)
    .max(MAX_LINKS)
    .transform((ids) => [...new Set(ids)]),
)
idSchemas.add(idListField, { kind: 'ids' })

/** A referenced row as a list answer names it (`{ id, name }`, or null). */
export const namedRef = z.object({ id: z.number(), name: z.string() }).nullable()
