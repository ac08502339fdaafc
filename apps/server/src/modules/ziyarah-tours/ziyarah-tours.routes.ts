import { eq, sql, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import {
  PUBLISH_STATUSES,
  ZIYARAH_AVAILABILITY,
  ZIYARAH_TOUR_SORTABLE,
  queryBoolean,
  queryId,
  ziyarahTourDetailSchema,
  ziyarahTourInputSchema,
  ziyarahTourSchema,
  type PublishStatus,
} from '@app/shared'
import { checkLocation } from '../../crud/catalogue.js'
import { defineAvailability } from '../../crud/availability.js'
import { applyDefaultCapacity, bookedGuard, calendarStock } from '../../stock/index.js'
import { defineResource, type WriteContext } from '../../crud/resource.js'
import { uniqueSlugFromName } from '../../crud/slug.js'
import { locations, ziyarahSchedules, ziyarahTours } from '../../db/schema/index.js'
import { registerFieldLabels, registerMessages } from '../../lib/i18n.js'
import { sanitizeOptionalRichText } from '../../lib/rich-text.js'
// The tour as an order item: registered with the orders engine when this module is loaded.
import './ziyarah-tours.order.js'

type TourInput = z.infer<typeof ziyarahTourInputSchema>

/** The stock ledger's name of this kind (stock/ledger.ts): orders of tours take seats under it (ziyarah-tours.order.ts). */
export const ZIYARAH_STOCK_KIND = 'ziyarah'

registerMessages({
  en: { duration_decimals: '{field} has at most 1 decimal', 'table.ziyarah_tours': 'Ziyarah Tours' },
  id: { duration_decimals: '{field} maksimal 1 angka desimal', 'table.ziyarah_tours': 'Tur Ziarah' },
})
registerFieldLabels({
  en: {
    pickup_time: 'Pickup Time',
    duration_hours: 'Duration (hours)',
    child_price: 'Child Price',
    tour_id: 'Tour',
  },
  id: {
    pickup_time: 'Waktu Penjemputan',
    duration_hours: 'Durasi (jam)',
    child_price: 'Harga Anak',
    tour_id: 'Tur',
    image: 'Gambar',
  },
})

async function prepare(input: TourInput, { tx, auth, existing }: WriteContext) {
  await checkLocation(tx, auth.companyId, input.location_id, 'location_id')
  const slug =
    input.slug ||
    (existing?.slug as string | undefined) ||
    (await uniqueSlugFromName(tx, ziyarahTours, auth.companyId, input.name, 'ziyarah', existing?.id as number | undefined))
  return {
    name: input.name,
    slug,
    location_id: input.location_id,
    description: sanitizeOptionalRichText(input.description),
    image: input.image,
    pickup_time: input.pickup_time,
    duration_hours: input.duration_hours,
    max_passengers: input.max_passengers,
    price: input.price,
    child_price: input.child_price,
    status: input.status,
    is_featured: input.is_featured,
  }
}

async function afterWrite(id: number, input: TourInput, { tx, existing }: WriteContext) {
  // Days without their own schedule row seat the tour's max_passengers: the seats they hold follow it, or a 409.
  if (existing && input.max_passengers !== existing.max_passengers)
    await applyDefaultCapacity(tx, {
      kind: ZIYARAH_STOCK_KIND,
      itemId: id,
      capacity: input.max_passengers,
      field: 'max_passengers',
      hasDayRow: sql`EXISTS (SELECT 1 FROM ziyarah_schedules d WHERE d.tour_id = s.item_id AND d.date = s.day)`,
    })
}

/** `time` answered as the `HH:mm` it was sent as. */
const pickup = sql<string>`to_char(${ziyarahTours.pickup_time}, 'HH24:MI')`

/**
 * Ziyarah tours (issue 27): the list with the location's name, and the tour
 * with its sanitized description, through the generic engine. Its per-day
 * prices and seats are the calendar below.
 */
export const ziyarahToursResource = defineResource({
  name: 'ziyarah_tours',
  entity: 'ziyarah_tour',
  table: ziyarahTours,
  input: ziyarahTourInputSchema,
  join: (qb) => qb.innerJoin(locations, eq(locations.id, ziyarahTours.location_id)),
  fields: {
    id: ziyarahTours.id,
    name: ziyarahTours.name,
    slug: ziyarahTours.slug,
    location_id: ziyarahTours.location_id,
    location: { id: locations.id, name: locations.name },
    image: ziyarahTours.image,
    pickup_time: pickup,
    duration_hours: ziyarahTours.duration_hours,
    max_passengers: ziyarahTours.max_passengers,
    price: ziyarahTours.price,
    child_price: ziyarahTours.child_price,
    status: ziyarahTours.status,
    is_featured: ziyarahTours.is_featured,
    created_at: ziyarahTours.created_at,
  },
  row: ziyarahTourSchema,
  detail: {
    fields: { description: ziyarahTours.description, updated_at: ziyarahTours.updated_at },
    row: ziyarahTourDetailSchema,
  },
  body: { files: ['image'] },
  // Company uploads only (422 otherwise); a file the tour stops showing is released after the commit.
  images: ['image'],
  searchable: [ziyarahTours.name],
  sortable: ZIYARAH_TOUR_SORTABLE,
  sortExpressions: { location: locations.name, pickup_time: ziyarahTours.pickup_time },
  defaultSort: 'created_at',
  filters: {
    status: { schema: z.enum(PUBLISH_STATUSES), where: (v: PublishStatus): SQL => eq(ziyarahTours.status, v) },
    location_id: { schema: queryId(), where: (v: number): SQL => eq(ziyarahTours.location_id, v) },
    is_featured: { schema: queryBoolean, where: (v: boolean): SQL => eq(ziyarahTours.is_featured, v) },
  },
  counters: { by: { status: ziyarahTours.status, location_id: ziyarahTours.location_id } },
  exportColumns: [
    { header: 'id', value: (r) => r.id },
    { header: 'name', value: (r) => r.name },
    { header: 'slug', value: (r) => r.slug },
    { header: 'location', value: (r) => (r.location as { name: string }).name },
    { header: 'pickup_time', value: (r) => r.pickup_time },
    { header: 'duration_hours', value: (r) => r.duration_hours },
    { header: 'max_passengers', value: (r) => r.max_passengers },
    { header: 'price', value: (r) => r.price },
    { header: 'child_price', value: (r) => r.child_price },
    { header: 'status', value: (r) => r.status },
    { header: 'is_featured', value: (r) => r.is_featured },
    { header: 'created_at', value: (r) => r.created_at },
  ],
  // A tour held by open orders is not deleted (409 with the count).
  deleteGuard: bookedGuard(ZIYARAH_STOCK_KIND, ziyarahTours),
  prepare,
  afterWrite,
})

/**
 * The tour's calendar (`/ziyarah_tours_schedule`) through the one
 * availability engine: stored days of a range, and a range of up to 366 days
 * (optionally by ISO weekday) written by one upsert. A day's seats may differ
 * from the tour's in either direction (a second coach on a busy Friday).
 */
export const ziyarahCalendar = defineAvailability({
  name: 'ziyarah_tours_schedule',
  entity: 'ziyarah_tour',
  table: ziyarahSchedules,
  date: ziyarahSchedules.date,
  item: {
    param: 'tour_id',
    table: ziyarahTours,
    column: ziyarahSchedules.tour_id,
    fields: {
      price: ziyarahTours.price,
      child_price: ziyarahTours.child_price,
      max_passengers: ziyarahTours.max_passengers,
    },
  },
  values: {
    price: { column: ziyarahSchedules.price, schema: ZIYARAH_AVAILABILITY.values.price! },
    child_price: { column: ziyarahSchedules.child_price, schema: ZIYARAH_AVAILABILITY.values.child_price! },
    max_passengers: { column: ziyarahSchedules.max_passengers, schema: ZIYARAH_AVAILABILITY.values.max_passengers! },
    blocked: { column: ziyarahSchedules.blocked, schema: ZIYARAH_AVAILABILITY.values.blocked! },
  },
  defaults: (tour) => ({
    price: tour.price,
    child_price: tour.child_price,
    max_passengers: tour.max_passengers,
    blocked: false,
  }),
  // Seats orders may take on each written day (stock/calendar.ts); none on a blocked day.
  stock: calendarStock({
    kind: ZIYARAH_STOCK_KIND,
    capacity: (v) => (v.blocked ? 0 : v.max_passengers),
    field: 'max_passengers',
  }),
})

const ziyarahToursModule: FastifyPluginAsync = async (app) => {
  await app.register(ziyarahToursResource.plugin)
  await app.register(ziyarahCalendar.plugin)
}
export default ziyarahToursModule
