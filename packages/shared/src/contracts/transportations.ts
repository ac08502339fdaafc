import { z } from 'zod'
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM, MAX_TEXT, PUBLISH_STATUSES } from '../constants.js'
import { optionalSlugField, requiredText } from './reference.js'
import { entryList, fileNameField, optionalFileName, optionalRichText, optionalText, wireNumber } from './locations.js'
import {
  availabilityReadSchema,
  availabilityWriteSchema,
  moneyField,
  wireBoolean,
  type AvailabilityShape,
} from './availability.js'
import {
  extraPriceListField,
  extraPriceSchema,
  namedRefSchema,
  productAttributeSchema,
  servicePriceListField,
  servicePriceSchema,
  wireInt,
} from './catalogue-common.js'
import { idListField, youtubeField } from './hotel-fields.js'
import { idField } from './users.js'

/**
 * Transportation (catalogue-availability §2, §3, §5, §7; checklist E): a
 * vehicle offered for rent, with FAQs, optional extra prices and service fees,
 * a gallery and attribute values of groups of type transportation. The same
 * schema validates a JSON body and a multipart form (lists as JSON text).
 */

export const TRANSPORTATION_SORTABLE = [
  'name',
  'slug',
  'vehicle_number',
  'price',
  'sale_price',
  'min_reservation',
  'max_day',
  'location',
  'status',
  'created_at',
] as const
/** Most FAQ entries and gallery images one vehicle keeps. */
export const MAX_FAQS = 30
export const MAX_GALLERY_IMAGES = 20
/** Longest booking a vehicle may offer, and the furthest in advance a minimum reservation may ask. */
export const MAX_RENTAL_DAYS = 365

export const faqInputSchema = z.object({
  id: z.number().int().positive().optional().nullable(),
  title: requiredText(),
  content: requiredText(2, MAX_TEXT),
})

export const transportationFields = z.object({
  name: requiredText(),
  /** Empty: made from the name, unique within the company. */
  slug: optionalSlugField,
  /** Rich text (HTML), sanitized by the server. */
  content: optionalRichText(100_000),
  status: z.enum(PUBLISH_STATUSES).default('draft'),
  is_featured: wireBoolean.default(false),
  youtube: youtubeField,
  vehicle_number: optionalText(50),
  min_reservation: wireInt(0, MAX_RENTAL_DAYS),
  max_day: wireInt(1, MAX_RENTAL_DAYS),
  price: moneyField,
  /** Optional, not above `price`. */
  sale_price: z.preprocess((v) => (v === '' || v === undefined ? null : v), moneyField.nullable()),
  extra_price: wireBoolean.default(false),
  prices_extra: extraPriceListField.optional(),
  service_fee: wireBoolean.default(false),
  service_prices: servicePriceListField.optional(),
  faqs: entryList(faqInputSchema, MAX_FAQS).optional(),
  /** Attribute values of groups of type transportation; `car_type` and `route_transportation` are merged into it. */
  attributes_list: idListField.optional(),
  car_type: idListField.optional(),
  route_transportation: idListField.optional(),
  real_address: requiredText(2, 500),
  location_id: idField,
  lat: wireNumber(z.number().min(-90).max(90)),
  long: wireNumber(z.number().min(-180).max(180)),
  zoom: wireNumber(z.number().int().min(MAP_MIN_ZOOM).max(MAP_MAX_ZOOM)),
  featured_image: optionalFileName,
  banner_image: optionalFileName,
  /** File names of uploaded images, in display order (a PUT without it keeps the gallery). */
  gallery: z
    .preprocess(
      (v) => (v === undefined ? undefined : v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
      z.array(fileNameField).max(MAX_GALLERY_IMAGES),
    )
    .optional(),
  /** Both default to the name (spec: "both sent as the name"). */
  meta_title: optionalText(191),
  meta_description: optionalText(MAX_TEXT),
})

/** `POST /transportations` and `PUT /transportations/{id}`. */
export const transportationInputSchema = transportationFields.superRefine((v, ctx) => {
  if (v.sale_price !== null && v.sale_price !== undefined && v.sale_price > v.price)
    ctx.addIssue({ code: 'custom', message: 'sale_price_above_price', path: ['sale_price'], input: v.sale_price })
})
export type TransportationInput = z.input<typeof transportationInputSchema>

/** A row of `GET /transportations`. */
export const transportationSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  vehicle_number: z.string().nullable(),
  price: z.number(),
  sale_price: z.number().nullable(),
  min_reservation: z.number(),
  max_day: z.number(),
  status: z.enum(PUBLISH_STATUSES),
  is_featured: z.boolean(),
  location_id: z.number(),
  location: namedRefSchema,
  featured_image: z.string().nullable(),
  created_at: z.string(),
})
export type TransportationRow = z.infer<typeof transportationSchema>

export const faqSchema = z.object({ id: z.number(), title: z.string(), content: z.string() })

/** `GET /transportations/{id}`, and the answer of create and update. */
export const transportationDetailSchema = transportationSchema.extend({
  content: z.string().nullable(),
  youtube: z.string().nullable(),
  extra_price: z.boolean(),
  prices_extra: z.array(extraPriceSchema),
  service_fee: z.boolean(),
  service_prices: z.array(servicePriceSchema),
  faqs: z.array(faqSchema),
  attributes_list: z.array(z.number()),
  attributes: z.array(productAttributeSchema),
  real_address: z.string(),
  lat: z.number(),
  long: z.number(),
  zoom: z.number(),
  banner_image: z.string().nullable(),
  gallery: z.array(z.string()),
  meta_title: z.string(),
  meta_description: z.string(),
  updated_at: z.string(),
})
export type TransportationDetail = z.infer<typeof transportationDetailSchema>

/**
 * A vehicle's calendar (`/transportations_schedule`, DESIGN §7): price and
 * sale price (not above the day's price) and blocked, per day; no capacity.
 */
export const TRANSPORTATION_AVAILABILITY: AvailabilityShape = {
  item: 'transportation_id',
  values: { price: moneyField, sale_price: moneyField, blocked: wireBoolean },
}
export const transportationScheduleReadSchema = availabilityReadSchema(TRANSPORTATION_AVAILABILITY)
export const transportationScheduleWriteSchema = availabilityWriteSchema(TRANSPORTATION_AVAILABILITY)
export type TransportationScheduleWrite = z.input<typeof transportationScheduleWriteSchema>

export const transportationScheduleDaySchema = z.object({
  id: z.number(),
  transportation_id: z.number(),
  date: z.string(),
  price: z.number(),
  sale_price: z.number(),
  blocked: z.boolean(),
})
export type TransportationScheduleDay = z.infer<typeof transportationScheduleDaySchema>
