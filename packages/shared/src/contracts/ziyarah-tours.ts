import { z } from 'zod'
import { PUBLISH_STATUSES } from '../constants.js'
import { optionalSlugField, requiredText } from './reference.js'
import { optionalFileName, optionalRichText, wireNumber } from './locations.js'
import {
  availabilityReadSchema,
  availabilityWriteSchema,
  countField,
  moneyField,
  wireBoolean,
  type AvailabilityShape,
} from './availability.js'
import { namedRefSchema, wireInt } from './catalogue-common.js'
import { timeField } from './hotel-fields.js'
import { idField } from './users.js'
import { defineBookableKind, ignoredMoney, isoDay, itemCount, itemRefId } from '../kinds/define.js'
import { KIND_NAME } from '../kinds/names.js'

/**
 * Ziyarah tours (issue 27): half-day or day tours to the sites of Makkah,
 * Madinah or Taif, sold per seat per day. A tour picks its pilgrims up at one
 * time of day, lasts some hours, and seats a bus; a day's schedule may change
 * prices and seats or block the day.
 */

export const ZIYARAH_TOUR_SORTABLE = [
  'name',
  'slug',
  'location',
  'pickup_time',
  'duration_hours',
  'max_passengers',
  'price',
  'child_price',
  'status',
  'created_at',
] as const

/** Most seats one tour (or one day of it) offers: a few coaches. */
export const MAX_TOUR_PASSENGERS = 500
export const MIN_TOUR_HOURS = 0.5
export const MAX_TOUR_HOURS = 24

/** Hours, 0.5 to 24, at most one decimal (4.5 yes, 4.25 no). */
export const tourHoursField = wireNumber(
  z
    .number()
    .min(MIN_TOUR_HOURS)
    .max(MAX_TOUR_HOURS)
    .refine((v) => Number(v.toFixed(1)) === v, { message: 'duration_decimals' }),
)

/** `POST /ziyarah_tours` and `PUT /ziyarah_tours/{id}`; a multipart form sends the same fields as text. */
export const ziyarahTourInputSchema = z.object({
  name: requiredText(),
  /** Empty: made from the name, unique within the company. */
  slug: optionalSlugField,
  location_id: idField,
  /** Rich text (HTML), sanitized by the server to the editor's tags. */
  description: optionalRichText(100_000),
  image: optionalFileName,
  pickup_time: timeField,
  duration_hours: tourHoursField,
  max_passengers: wireInt(1, MAX_TOUR_PASSENGERS),
  /** Per adult seat. */
  price: moneyField,
  child_price: moneyField,
  status: z.enum(PUBLISH_STATUSES).default('draft'),
  is_featured: wireBoolean.default(false),
})
export type ZiyarahTourInput = z.input<typeof ziyarahTourInputSchema>

/** A row of `GET /ziyarah_tours`. */
export const ziyarahTourSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  location_id: z.number(),
  location: namedRefSchema,
  image: z.string().nullable(),
  pickup_time: z.string(),
  duration_hours: z.number(),
  max_passengers: z.number(),
  price: z.number(),
  child_price: z.number(),
  status: z.enum(PUBLISH_STATUSES),
  is_featured: z.boolean(),
  created_at: z.string(),
})
export type ZiyarahTourRow = z.infer<typeof ziyarahTourSchema>

/** `GET /ziyarah_tours/{id}`, and the answer of create and update. */
export const ziyarahTourDetailSchema = ziyarahTourSchema.extend({
  description: z.string().nullable(),
  updated_at: z.string(),
})
export type ZiyarahTourDetail = z.infer<typeof ziyarahTourDetailSchema>

/**
 * A tour's calendar (`/ziyarah_tours_schedule`, DESIGN §7): adult and child
 * price and seats per day, or the day blocked. A day without a row sells at
 * the tour's own prices and seats.
 */
export const ZIYARAH_AVAILABILITY: AvailabilityShape = {
  item: 'tour_id',
  values: {
    price: moneyField,
    child_price: moneyField,
    max_passengers: countField(MAX_TOUR_PASSENGERS),
    blocked: wireBoolean,
  },
}
export const ziyarahScheduleReadSchema = availabilityReadSchema(ZIYARAH_AVAILABILITY)
export const ziyarahScheduleWriteSchema = availabilityWriteSchema(ZIYARAH_AVAILABILITY)
export type ZiyarahScheduleWrite = z.input<typeof ziyarahScheduleWriteSchema>

export const ziyarahScheduleDaySchema = z.object({
  id: z.number(),
  tour_id: z.number(),
  date: z.string(),
  price: z.number(),
  child_price: z.number(),
  max_passengers: z.number(),
  blocked: z.boolean(),
})
export type ZiyarahScheduleDay = z.infer<typeof ziyarahScheduleDaySchema>

/**
 * The bookable kind (issue 27): seats of a tour on one day, `adults + children` of them, from the stock of
 * (tour, day); priced by the day's schedule, else the tour's `price` per adult and `child_price` per child.
 * Listed once in kinds/index.ts (`BOOKABLE_KINDS`); its desk is `/orders?kind=ziyarah`, entity `order_ziyarah`.
 */
export const ziyarahItemSchema = z.object({
  kind: z.literal('ziyarah'),
  tour_id: itemRefId,
  date: isoDay,
  adults: itemCount(0),
  children: itemCount(0).default(0),
  ...ignoredMoney,
})

export const ziyarahKind = defineBookableKind(KIND_NAME.ziyarah, ziyarahItemSchema)
