import { z } from 'zod'
import { NAME_MIN } from '../constants.js'
import { moneyField, wireBoolean } from './availability.js'
import { optionalFileName, wireNumber } from './locations.js'
import { requiredText } from './reference.js'
import { idField } from './users.js'
import { idListField, intField, namedRef as ref } from './hotel-fields.js'

/** Rooms of a hotel (catalogue-availability §3, checklist D); their days are contracts/availability.ts. */
export const ROOM_SORTABLE = [
  'name',
  'code',
  'hotel',
  'price',
  'room_stock',
  'beds',
  'room_size',
  'max_adult',
  'max_children',
  'min_stay',
  'is_active',
  'created_at',
] as const

/** `POST /rooms` and `PUT /rooms/{id}` (the same schema for both, checklist D-06). */
export const roomInputSchema = z.object({
  hotel_id: idField,
  name: requiredText(),
  code: requiredText(NAME_MIN, 64),
  price: moneyField,
  min_stay: intField(1, 3650),
  is_active: wireBoolean,
  room_stock: intField(0, 100_000),
  beds: intField(1, 1000),
  room_size: wireNumber(z.number().min(0).max(999_999.99)),
  max_adult: intField(1, 1000),
  max_children: intField(0, 1000),
  featured_image: optionalFileName,
  /** Attribute value ids (groups of type room; one per radio group). */
  attributes_list: idListField.optional(),
})
export type RoomInput = z.input<typeof roomInputSchema>

export const roomSchema = z.object({
  id: z.number(),
  hotel_id: z.number(),
  hotel: ref,
  name: z.string(),
  code: z.string(),
  price: z.number(),
  min_stay: z.number(),
  is_active: z.boolean(),
  room_stock: z.number(),
  beds: z.number(),
  room_size: z.number(),
  max_adult: z.number(),
  max_children: z.number(),
  featured_image: z.string().nullable(),
  created_at: z.string(),
})
export type RoomRow = z.infer<typeof roomSchema>

export const roomDetailSchema = roomSchema.extend({
  updated_at: z.string(),
  attributes_list: z.array(z.number()),
  /** Values grouped by their attribute group (spec §3 "grouped by attribute group"). */
  attributes: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      group: z.object({ id: z.number(), name: z.string(), option_type: z.string() }),
    }),
  ),
})
export type RoomDetail = z.infer<typeof roomDetailSchema>
