import { z } from 'zod'
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM, MAX_GALLERY_FILES, MAX_NAME, MAX_TEXT, NAME_MIN, PUBLISH_STATUSES } from '../constants.js'
import { moneyField, wireBoolean } from './availability.js'
import { entryList, fileNameField, optionalFileName, optionalIdField, optionalText, wireNumber } from './locations.js'
import { optionalSlugField, requiredText } from './reference.js'
import { idField } from './users.js'
import { idListField, intField, namedRef as ref, timeField, youtubeField, hotelPriceField } from './hotel-fields.js'

/**
 * Hotels and rooms (catalogue-availability §2, §3, §5, §7; checklist C, D).
 * One schema validates a JSON body and a multipart form (lists as JSON text,
 * parsed by the server before this runs), on the server and in the web form.
 */

import {
  EXTRA_PRICE_TYPES,
  SERVICE_PRICE_TYPES,
  DISTANCE_UNITS,
  SURROUNDINGS,
  MAX_HOTEL_LIST,
  MAX_HOTEL_CONTENT,
  PERCENT_MAX_KEY,
} from './hotel-names.js'
export {
  EXTRA_PRICE_TYPES,
  SERVICE_PRICE_TYPES,
  DISTANCE_UNITS,
  SURROUNDINGS,
  HOTEL_SORTABLE,
  MAX_HOTEL_LIST,
  MAX_HOTEL_CONTENT,
  PERCENT_MAX_KEY,
  RADIO_ONE_KEY,
} from './hotel-names.js'

const entryId = optionalIdField.optional()

export const policyInputSchema = z.object({
  id: entryId,
  title: requiredText(),
  description: requiredText(NAME_MIN, MAX_TEXT),
})
export const extraPriceInputSchema = z.object({
  id: entryId,
  name: requiredText(),
  value: moneyField,
  type: z.enum(EXTRA_PRICE_TYPES),
  person_price: wireBoolean.default(false),
})
export const servicePriceInputSchema = z
  .object({
    id: entryId,
    name: requiredText(),
    name_en: optionalText(MAX_NAME),
    description: optionalText(),
    description_en: optionalText(),
    value: moneyField,
    type: z.enum(SERVICE_PRICE_TYPES),
    person_price: wireBoolean.default(false),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'percent' && v.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: PERCENT_MAX_KEY, input: v.value })
  })
export const surroundingInputSchema = z.object({
  id: entryId,
  name: requiredText(),
  description: optionalText(),
  distance: wireNumber(z.number().min(0).max(99_999_999.99)),
  type: z.enum(DISTANCE_UNITS),
})

/**
 * Gallery file names in display order: a JSON array (as text in a form), one
 * name, or repeated form parts (a list); empty is an emptied gallery.
 */
function galleryList(v: unknown): unknown {
  if (v === undefined) return undefined
  if (v === null || v === '') return []
  if (typeof v === 'string' && v.trim().startsWith('[')) {
    try {
      return JSON.parse(v)
    } catch {
      return v
    }
  }
  return Array.isArray(v) ? v : [v]
}

const falsy = (v: unknown) => v === false || v === 'false' || v === '0' || v === 0 || v === undefined || v === null || v === ''

/**
 * The spec's request names (`hotel_policy`, `hotel_education`…) and its answer
 * names (`policies`, `educations`…) are both accepted on write; a list behind a
 * switched-off flag is not validated and saved empty (what the form hides is not kept).
 */
function normalizeHotelBody(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v
  const out = { ...(v as Record<string, unknown>) }
  const alias = (wire: string, answer: string) => {
    if (out[wire] === undefined && out[answer] !== undefined) out[wire] = out[answer]
    delete out[answer]
  }
  alias('hotel_policy', 'policies')
  for (const s of SURROUNDINGS) alias(s.wire, s.answer)
  if (falsy(out.extra_price)) out.prices_extra = []
  if (falsy(out.service_fee)) out.service_prices = []
  return out
}

/** `POST /hotels` and `PUT /hotels/{id}` (a PUT without a list keeps that list). */
export const hotelInputSchema = z.preprocess(
  normalizeHotelBody,
  z.object({
    name: requiredText(),
    /** Empty: made from the name (unique within the company); an update keeps the current one. */
    slug: optionalSlugField,
    content: optionalText(MAX_HOTEL_CONTENT),
    youtube: youtubeField,
    rating: intField(1, 5),
    check_in: timeField,
    check_out: timeField,
    min_reservation: intField(0, 3650),
    max_stay: intField(0, 3650),
    price: hotelPriceField,
    is_featured: wireBoolean.default(false),
    status: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(PUBLISH_STATUSES).default('draft')),
    extra_price: wireBoolean.default(false),
    prices_extra: entryList(extraPriceInputSchema, MAX_HOTEL_LIST).optional(),
    service_fee: wireBoolean.default(false),
    service_prices: entryList(servicePriceInputSchema, MAX_HOTEL_LIST).optional(),
    hotel_policy: entryList(policyInputSchema, MAX_HOTEL_LIST).optional(),
    hotel_education: entryList(surroundingInputSchema, MAX_HOTEL_LIST).optional(),
    hotel_transportation: entryList(surroundingInputSchema, MAX_HOTEL_LIST).optional(),
    hotel_health: entryList(surroundingInputSchema, MAX_HOTEL_LIST).optional(),
    services: idListField.optional(),
    types: idListField.optional(),
    facilities: idListField.optional(),
    category_id: optionalIdField,
    location_id: idField,
    real_address: requiredText(NAME_MIN, 500),
    lat: wireNumber(z.number().min(-90).max(90)),
    long: wireNumber(z.number().min(-180).max(180)),
    zoom: wireNumber(z.number().int().min(MAP_MIN_ZOOM).max(MAP_MAX_ZOOM)),
    meta_title: optionalText(MAX_NAME),
    meta_description: optionalText(MAX_TEXT),
    featured_image: optionalFileName,
    banner_image: optionalFileName,
    /** File names in display order; repeated form parts arrive as a list. */
    gallery_images: z.preprocess(galleryList, z.array(fileNameField).max(MAX_GALLERY_FILES)).optional(),
  }),
)
export type HotelInput = z.input<typeof hotelInputSchema>
export type HotelValues = z.output<typeof hotelInputSchema>

/** A row of `GET /hotels` (no long texts, no lists). */
export const hotelSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  location_id: z.number(),
  location: ref,
  category_id: z.number().nullable(),
  long: z.number(),
  lat: z.number(),
  zoom: z.number(),
  rating: z.number(),
  check_in: z.string(),
  check_out: z.string(),
  min_reservation: z.number(),
  max_stay: z.number(),
  is_featured: z.boolean(),
  price: z.number(),
  status: z.enum(PUBLISH_STATUSES),
  featured_image: z.string().nullable(),
  created_at: z.string(),
})
export type HotelRow = z.infer<typeof hotelSchema>

const entry = <T extends z.ZodRawShape>(shape: T) => z.object({ id: z.number(), ...shape })
const surroundingSchema = entry({
  name: z.string(),
  description: z.string().nullable(),
  distance: z.number(),
  type: z.enum(DISTANCE_UNITS),
})

/** `GET /hotels/{id}`, and the answer of create and update. */
export const hotelDetailSchema = hotelSchema.extend({
  category: ref,
  content: z.string().nullable(),
  youtube: z.string().nullable(),
  extra_price: z.boolean(),
  service_fee: z.boolean(),
  real_address: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  banner_image: z.string().nullable(),
  updated_at: z.string(),
  services: z.array(z.number()),
  types: z.array(z.number()),
  facilities: z.array(z.number()),
  gallery_images: z.array(z.string()),
  policies: z.array(entry({ title: z.string(), description: z.string() })),
  prices_extra: z.array(
    entry({ name: z.string(), value: z.number(), type: z.enum(EXTRA_PRICE_TYPES), person_price: z.boolean() }),
  ),
  service_prices: z.array(
    entry({
      name: z.string(),
      name_en: z.string().nullable(),
      description: z.string().nullable(),
      description_en: z.string().nullable(),
      value: z.number(),
      type: z.enum(SERVICE_PRICE_TYPES),
      person_price: z.boolean(),
    }),
  ),
  educations: z.array(surroundingSchema),
  transportations: z.array(surroundingSchema),
  healths: z.array(surroundingSchema),
})
export type HotelDetail = z.infer<typeof hotelDetailSchema>
