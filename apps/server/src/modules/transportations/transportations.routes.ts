import { eq, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import {
  PUBLISH_STATUSES,
  TRANSPORTATION_AVAILABILITY,
  TRANSPORTATION_SORTABLE,
  queryBoolean,
  queryId,
  transportationDetailSchema,
  transportationInputSchema,
  transportationSchema,
  type PublishStatus,
} from '@app/shared'
import {
  attributeFields,
  checkAttributes,
  checkLocation,
  priceSwitches,
  writeAttributes,
  type AttributeLinks,
} from '../../crud/catalogue.js'
import { defineAvailability } from '../../crud/availability.js'
import { defineResource, type WriteContext } from '../../crud/resource.js'
import { uniqueSlugFromName } from '../../crud/slug.js'
import {
  locations,
  transportationAttributes,
  transportationFaqs,
  transportations,
  transportationSchedules,
} from '../../db/schema/index.js'
import { registerFieldLabels, registerMessages } from '../../lib/i18n.js'
import { sanitizeOptionalRichText } from '../../lib/rich-text.js'
import { bookedGuard, calendarStock } from '../../stock/index.js'
// The vehicle as an order item, registered with the orders engine when this module is loaded; its extras and
// service fees are the lists orders price with.
import { transportationPriceLists } from './transportations.order.js'

type TransportationInput = z.infer<typeof transportationInputSchema>

registerMessages({
  en: {
    sale_price_above_price: '{field} may not be above the price',
    money_decimals: '{field} has at most 2 decimals',
    'table.transportations': 'Transportation',
    'table.transportation_attributes': 'Transportation',
  },
  id: {
    sale_price_above_price: '{field} tidak boleh melebihi harga',
    money_decimals: '{field} maksimal 2 angka desimal',
    'table.transportations': 'Transportasi',
    'table.transportation_attributes': 'Transportasi',
  },
})
registerFieldLabels({
  en: {
    sale_price: 'Sale Price',
    min_reservation: 'Minimum Reservation',
    max_day: 'Max Day',
    vehicle_number: 'Car Number',
    location_id: 'Location',
    real_address: 'Real Address',
    prices_extra: 'Extra Price',
    service_prices: 'Service Fee',
    faqs: 'FAQ',
    attributes_list: 'Attributes',
    car_type: 'Car Type',
    route_transportation: 'Route Transportation',
    youtube: 'YouTube',
  },
  id: {
    price: 'Harga',
    sale_price: 'Harga Diskon',
    min_reservation: 'Minimal Reservasi',
    max_day: 'Maksimal Hari',
    vehicle_number: 'Nomor Kendaraan',
    location_id: 'Lokasi',
    real_address: 'Alamat Lengkap',
    prices_extra: 'Harga Tambahan',
    service_prices: 'Biaya Layanan',
    faqs: 'FAQ',
    attributes_list: 'Atribut',
    car_type: 'Jenis Mobil',
    route_transportation: 'Rute Transportasi',
    gallery: 'Galeri',
    value: 'Nilai',
    person_price: 'Harga per Orang',
    name_en: 'Nama (Inggris)',
  },
})

export const transportationAttributeLinks: AttributeLinks = {
  table: transportationAttributes,
  parent: transportationAttributes.transportation_id,
  attribute: transportationAttributes.attribute_id,
  type: 'transportation',
}

/** `attributes_list` with `car_type` and `route_transportation` merged in (checklist E-07), or undefined to keep. */
function attributeIds(input: TransportationInput): number[] | undefined {
  const lists = [input.attributes_list, input.car_type, input.route_transportation].filter((l) => l !== undefined)
  return lists.length ? [...new Set(lists.flat())] : undefined
}

async function prepare(input: TransportationInput, { tx, auth, existing }: WriteContext) {
  const selfId = existing?.id as number | undefined
  await checkLocation(tx, auth.companyId, input.location_id, 'location_id')
  const ids = attributeIds(input)
  if (ids) await checkAttributes(tx, auth.companyId, transportationAttributeLinks, ids)
  // The engine writes the lists from this same body after this hook.
  priceSwitches(input)
  const slug =
    input.slug ||
    (existing?.slug as string | undefined) ||
    (await uniqueSlugFromName(tx, transportations, auth.companyId, input.name, 'transportation', selfId))
  return {
    name: input.name,
    slug,
    content: sanitizeOptionalRichText(input.content),
    status: input.status,
    is_featured: input.is_featured,
    youtube: input.youtube,
    vehicle_number: input.vehicle_number,
    min_reservation: input.min_reservation,
    max_day: input.max_day,
    price: input.price,
    sale_price: input.sale_price ?? null,
    extra_price: input.extra_price,
    service_fee: input.service_fee,
    real_address: input.real_address,
    location_id: input.location_id,
    lat: input.lat,
    long: input.long,
    zoom: input.zoom,
    featured_image: input.featured_image,
    banner_image: input.banner_image,
    ...(input.gallery ? { gallery: input.gallery } : {}),
    meta_title: input.meta_title || input.name,
    meta_description: input.meta_description || input.name,
  }
}

async function afterWrite(id: number, input: TransportationInput, { tx }: WriteContext) {
  const ids = attributeIds(input)
  if (ids) await writeAttributes(tx, transportationAttributeLinks, id, ids)
}

const listFields = {
  id: transportations.id,
  name: transportations.name,
  slug: transportations.slug,
  vehicle_number: transportations.vehicle_number,
  price: transportations.price,
  sale_price: transportations.sale_price,
  min_reservation: transportations.min_reservation,
  max_day: transportations.max_day,
  status: transportations.status,
  is_featured: transportations.is_featured,
  location_id: transportations.location_id,
  location: { id: locations.id, name: locations.name },
  featured_image: transportations.featured_image,
  created_at: transportations.created_at,
}
const money = (v: unknown) => (v === null || v === undefined ? '' : v)

/**
 * Transportation (catalogue-availability §2, §3, §7; checklist E): a list
 * with the location's name, a one-row answer with FAQs, price lists,
 * attribute values and gallery, all written with the vehicle in one
 * transaction. Its per-day prices are in transportation-schedules.routes.ts.
 */
export const transportationsResource = defineResource({
  name: 'transportations',
  entity: 'transportation',
  table: transportations,
  deleteGuard: bookedGuard('transportation', transportations),
  input: transportationInputSchema,
  join: (qb) => qb.innerJoin(locations, eq(locations.id, transportations.location_id)),
  fields: listFields,
  row: transportationSchema,
  detail: {
    fields: {
      content: transportations.content,
      youtube: transportations.youtube,
      extra_price: transportations.extra_price,
      service_fee: transportations.service_fee,
      real_address: transportations.real_address,
      lat: transportations.lat,
      long: transportations.long,
      zoom: transportations.zoom,
      banner_image: transportations.banner_image,
      gallery: transportations.gallery,
      meta_title: transportations.meta_title,
      meta_description: transportations.meta_description,
      updated_at: transportations.updated_at,
      ...attributeFields(transportationAttributeLinks, transportations.id),
    },
    children: {
      faqs: {
        table: transportationFaqs,
        parent: transportationFaqs.transportation_id,
        position: transportationFaqs.position,
        columns: ['title', 'content'],
        fields: { id: transportationFaqs.id, title: transportationFaqs.title, content: transportationFaqs.content },
      },
      ...transportationPriceLists,
    },
    row: transportationDetailSchema,
  },
  body: {
    json: ['faqs', 'prices_extra', 'service_prices', 'attributes_list', 'car_type', 'route_transportation', 'gallery'],
    files: ['featured_image', 'banner_image', 'gallery'],
    fileLists: ['gallery'],
  },
  // Company uploads only (422 otherwise); a file the vehicle stops showing is released after the commit.
  images: ['featured_image', 'banner_image', 'gallery.*'],
  searchable: [transportations.name, transportations.vehicle_number],
  sortable: TRANSPORTATION_SORTABLE,
  sortExpressions: { location: locations.name },
  defaultSort: 'created_at',
  filters: {
    status: { schema: z.enum(PUBLISH_STATUSES), where: (v: PublishStatus): SQL => eq(transportations.status, v) },
    location_id: { schema: queryId(), where: (v: number): SQL => eq(transportations.location_id, v) },
    is_featured: { schema: queryBoolean, where: (v: boolean): SQL => eq(transportations.is_featured, v) },
  },
  // Unsearched totals, as the list opens and by status, from DB-kept counters (crud/counters.ts).
  counters: { by: { status: transportations.status, location_id: transportations.location_id } },
  exportColumns: [
    { header: 'id', value: (r) => r.id },
    { header: 'name', value: (r) => r.name },
    { header: 'slug', value: (r) => r.slug },
    { header: 'vehicle_number', value: (r) => r.vehicle_number ?? '' },
    { header: 'price', value: (r) => money(r.price) },
    { header: 'sale_price', value: (r) => money(r.sale_price) },
    { header: 'min_reservation', value: (r) => r.min_reservation },
    { header: 'max_day', value: (r) => r.max_day },
    { header: 'location', value: (r) => (r.location as { name: string }).name },
    { header: 'status', value: (r) => r.status },
    { header: 'created_at', value: (r) => r.created_at },
  ],
  prepare,
  afterWrite,
})

/**
 * The vehicle's calendar (`/transportations_schedule`, checklist E-15/E-16)
 * through the one availability engine: stored days of a range, and a range
 * of up to 366 days (optionally by weekday) written by one upsert. A day's
 * sale price is never above its price (here per field, and by a CHECK).
 */
export const transportationCalendar = defineAvailability({
  name: 'transportations_schedule',
  entity: 'transportation',
  table: transportationSchedules,
  date: transportationSchedules.date,
  item: {
    param: 'transportation_id',
    table: transportations,
    column: transportationSchedules.transportation_id,
    fields: { price: transportations.price, sale_price: transportations.sale_price },
  },
  values: {
    price: { column: transportationSchedules.price, schema: TRANSPORTATION_AVAILABILITY.values.price! },
    sale_price: { column: transportationSchedules.sale_price, schema: TRANSPORTATION_AVAILABILITY.values.sale_price! },
    blocked: { column: transportationSchedules.blocked, schema: TRANSPORTATION_AVAILABILITY.values.blocked! },
  },
  // A vehicle without a sale price sells at its price.
  defaults: (v) => ({ price: v.price, sale_price: v.sale_price ?? v.price, blocked: false }),
  limits: (v) => (v.sale_price > v.price ? { sale_price: { limit: v.price } } : undefined),
  // One booking per vehicle-day, none on a blocked day (stock/calendar.ts).
  stock: calendarStock({ kind: 'transportation', capacity: (v) => (v.blocked ? 0 : 1) }),
})

const transportationsModule: FastifyPluginAsync = async (app) => {
  await app.register(transportationsResource.plugin)
  await app.register(transportationCalendar.plugin)
}
export default transportationsModule
