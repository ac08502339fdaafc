import { z } from 'zod'
import { optionalFileName, wireNumber } from './locations.js'
import { requiredText } from './reference.js'
import {
  availabilityReadSchema,
  availabilityWriteSchema,
  countField,
  moneyField,
  wireBoolean,
  type AvailabilityShape,
} from './availability.js'
import { namedRefSchema, productAttributeSchema, wireInt } from './catalogue-common.js'
import { idListField, timeField } from './hotel-fields.js'
import { idField } from './users.js'
import { TRAIN_TYPES } from './train-names.js'

/**
 * Train routes (catalogue-availability §2, §3, §5, §7; checklist F): a route
 * between two locations with its departure and arrival times, default prices
 * and seats, and the duration the server computes from the two times.
 */

// The train types without zod (contracts/train-names.ts): the room and train calendars read them.
export { TRAIN_TYPES, type TrainType } from './train-names.js'
/** Most passengers one train of a route carries (a long high-speed train seats ~1,500; the limit stops typos). */
export const MAX_PASSENGERS = 5000
/** Heaviest baggage allowance in kg. */
export const MAX_BAGGAGE_KG = 1000

export const TRAIN_ROUTE_SORTABLE = [
  'name',
  'code',
  'from',
  'to',
  'price_adult',
  'price_children',
  'departure_time',
  'arrival_time',
  'duration',
  'max_passengers',
  'bagage_checkin',
  'bagage_cabin',
  'train_type',
  'is_active',
  'created_at',
] as const

/** `HH:mm`, 00:00..23:59. */
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/**
 * Hours from departure to arrival, two decimals (checklist F-06): an arrival
 * at or before the departure is the next day (22:30 -> 01:15 is 2.75). Equal
 * times would be a 24-hour ride or a typo; the form refuses them, so this
 * answers null, as it does for anything that is not `HH:mm`.
 */
export function trainDurationHours(departure: string, arrival: string): number | null {
  if (!TIME_OF_DAY.test(departure) || !TIME_OF_DAY.test(arrival)) return null
  const minutes = (minutesOf(arrival) - minutesOf(departure) + 24 * 60) % (24 * 60)
  if (minutes === 0) return null
  return Math.round((minutes / 60) * 100) / 100
}

const kg = wireNumber(z.number().min(0).max(MAX_BAGGAGE_KG))

export const trainRouteFields = z.object({
  name: requiredText(),
  code: requiredText(2, 50),
  from_id: idField,
  to_id: idField,
  departure_time: timeField,
  arrival_time: timeField,
  /** Ignored: the server computes it from the two times. */
  duration: z.unknown().optional(),
  price_adult: moneyField,
  price_children: moneyField,
  max_passengers: wireInt(1, MAX_PASSENGERS),
  bagage_checkin: kg,
  bagage_cabin: kg,
  train_type: z.enum(TRAIN_TYPES).default('economy'),
  is_active: wireBoolean.default(true),
  featured_image: optionalFileName,
  /** Attribute values of groups of type train. */
  attributes_list: idListField.optional(),
})

/** `POST /trains_route` and `PUT /trains_route/{id}`. */
export const trainRouteInputSchema = trainRouteFields.superRefine((v, ctx) => {
  if (v.from_id === v.to_id) ctx.addIssue({ code: 'custom', message: 'train.same_places', path: ['to_id'], input: v.to_id })
  if (v.departure_time === v.arrival_time)
    ctx.addIssue({ code: 'custom', message: 'train.same_times', path: ['arrival_time'], input: v.arrival_time })
})
export type TrainRouteInput = z.input<typeof trainRouteInputSchema>

/** A row of `GET /trains_route` (and the one-row answer, which adds the attributes). */
export const trainRouteSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  from_id: z.number(),
  to_id: z.number(),
  from: namedRefSchema,
  to: namedRefSchema,
  departure_time: z.string(),
  arrival_time: z.string(),
  duration: z.number(),
  price_adult: z.number(),
  price_children: z.number(),
  max_passengers: z.number(),
  bagage_checkin: z.number(),
  bagage_cabin: z.number(),
  train_type: z.enum(TRAIN_TYPES),
  is_active: z.boolean(),
  featured_image: z.string().nullable(),
  created_at: z.string(),
})
export type TrainRouteRow = z.infer<typeof trainRouteSchema>

export const trainRouteDetailSchema = trainRouteSchema.extend({
  attributes_list: z.array(z.number()),
  attributes: z.array(productAttributeSchema),
  updated_at: z.string(),
})
export type TrainRouteDetail = z.infer<typeof trainRouteDetailSchema>

/**
 * A route's calendar (`/trains_schedule`, DESIGN §7): one row per route,
 * train type and day. The read names the type `train_type`, the write `type`
 * (spec §7); both calls accept both names and answer `train_type`.
 */
export const TRAIN_AVAILABILITY: AvailabilityShape = {
  item: 'route_id',
  keys: { train_type: z.enum(TRAIN_TYPES) },
  values: {
    price_adult: moneyField,
    price_children: moneyField,
    max_passengers: countField(MAX_PASSENGERS),
    blocked: wireBoolean,
  },
}
/** Wire names the train type key also answers to. */
export const TRAIN_TYPE_ALIASES = ['type'] as const
const withTypeAlias = (v: unknown) => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v
  const o = v as Record<string, unknown>
  return o.train_type === undefined && o.type !== undefined ? { ...o, train_type: o.type } : v
}
export const trainScheduleReadSchema = z.preprocess(withTypeAlias, availabilityReadSchema(TRAIN_AVAILABILITY))
export const trainScheduleWriteSchema = z.preprocess(withTypeAlias, availabilityWriteSchema(TRAIN_AVAILABILITY))
export type TrainScheduleWrite = z.input<typeof trainScheduleWriteSchema>

export const trainScheduleDaySchema = z.object({
  id: z.number(),
  route_id: z.number(),
  train_type: z.enum(TRAIN_TYPES),
  date: z.string(),
  price_adult: z.number(),
  price_children: z.number(),
  max_passengers: z.number(),
  blocked: z.boolean(),
})
export type TrainScheduleDay = z.infer<typeof trainScheduleDaySchema>
