import { eq, sql, type SQL } from 'drizzle-orm'
import { alias, type PgColumn } from 'drizzle-orm/pg-core'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import {
  TRAIN_AVAILABILITY,
  TRAIN_ROUTE_SORTABLE,
  TRAIN_TYPE_ALIASES,
  TRAIN_TYPES,
  queryBoolean,
  queryId,
  trainDurationHours,
  trainRouteDetailSchema,
  trainRouteInputSchema,
  trainRouteSchema,
  type TrainType,
} from '@app/shared'
import { attributeFields, checkAttributes, checkLocation, writeAttributes, type AttributeLinks } from '../../crud/catalogue.js'
import { defineAvailability } from '../../crud/availability.js'
import { applyDefaultCapacity, bookedGuard, calendarStock } from '../../stock/index.js'
import { defineResource, type WriteContext } from '../../crud/resource.js'
import { locations, trainRouteAttributes, trainRoutes, trainSchedules } from '../../db/schema/index.js'
import { unprocessable } from '../../lib/errors.js'
import { registerFieldLabels, registerMessages } from '../../lib/i18n.js'
// The route's seats as an order item: registered with the orders engine when this module is loaded.
import './train-routes.order.js'

type TrainRouteInput = z.infer<typeof trainRouteInputSchema>

registerMessages({
  en: {
    'train.same_places': '{field} must be another place than From',
    'train.same_times': '{field} must differ from the departure time',
    'table.train_routes': 'Train Routes',
    'table.train_route_attributes': 'Train Routes',
  },
  id: {
    'train.same_places': '{field} harus tempat yang berbeda dari Asal',
    'train.same_times': '{field} harus berbeda dari waktu keberangkatan',
    'table.train_routes': 'Rute Kereta',
    'table.train_route_attributes': 'Rute Kereta',
  },
})
registerFieldLabels({
  en: {
    from_id: 'From',
    to_id: 'To',
    departure_time: 'Departure Time',
    arrival_time: 'Arrival Time',
    price_adult: 'Price Adult',
    price_children: 'Price Children',
    max_passengers: 'Max Passengers',
    bagage_checkin: 'Check-in Baggage',
    bagage_cabin: 'Cabin Baggage',
    train_type: 'Train Type',
  },
  id: {
    code: 'Kode',
    from_id: 'Asal',
    to_id: 'Tujuan',
    departure_time: 'Waktu Berangkat',
    arrival_time: 'Waktu Tiba',
    price_adult: 'Harga Dewasa',
    price_children: 'Harga Anak',
    max_passengers: 'Maks Penumpang',
    bagage_checkin: 'Bagasi Check-in',
    bagage_cabin: 'Bagasi Kabin',
    train_type: 'Tipe Kereta',
    featured_image: 'Gambar Utama',
  },
})

export const trainRouteAttributeLinks: AttributeLinks = {
  table: trainRouteAttributes,
  parent: trainRouteAttributes.route_id,
  attribute: trainRouteAttributes.attribute_id,
  type: 'train',
}

async function prepare(input: TrainRouteInput, { tx, auth }: WriteContext) {
  await checkLocation(tx, auth.companyId, input.from_id, 'from_id')
  await checkLocation(tx, auth.companyId, input.to_id, 'to_id')
  if (input.attributes_list) await checkAttributes(tx, auth.companyId, trainRouteAttributeLinks, input.attributes_list)
  // Computed here from the two times, never read from the client (checklist F-06).
  const duration = trainDurationHours(input.departure_time, input.arrival_time)
  if (duration === null) throw unprocessable({ arrival_time: ['train.same_times'] })
  return {
    name: input.name,
    code: input.code,
    from_id: input.from_id,
    to_id: input.to_id,
    departure_time: input.departure_time,
    arrival_time: input.arrival_time,
    duration,
    price_adult: input.price_adult,
    price_children: input.price_children,
    max_passengers: input.max_passengers,
    bagage_checkin: input.bagage_checkin,
    bagage_cabin: input.bagage_cabin,
    train_type: input.train_type,
    is_active: input.is_active,
    featured_image: input.featured_image,
  }
}

async function afterWrite(id: number, input: TrainRouteInput, { tx, existing }: WriteContext) {
  // Days without their own schedule row seat the route's max_passengers: booked seats follow it, or a 409.
  if (existing && input.max_passengers !== existing.max_passengers)
    await applyDefaultCapacity(tx, {
      kind: 'train',
      itemId: id,
      variant: input.train_type ?? (existing.train_type as string),
      capacity: input.max_passengers,
      field: 'max_passengers',
      hasDayRow: sql`EXISTS (SELECT 1 FROM train_schedules d WHERE d.route_id = s.item_id AND d.train_type = s.variant AND d.date = s.day)`,
    })
  if (input.attributes_list) await writeAttributes(tx, trainRouteAttributeLinks, id, input.attributes_list)
}

const fromPlace = alias(locations, 'from_place')
const toPlace = alias(locations, 'to_place')
/** `time` answered as the `HH:mm` it was sent as. */
const hhmm = (c: PgColumn) => sql<string>`to_char(${c}, 'HH24:MI')`

/**
 * Train routes (catalogue-availability §2, §3, §7; checklist F): the list
 * with both places' names, a one-row answer with the attribute values, the
 * duration computed from the two times. The path keeps the spec's
 * `trains_route`; per-day prices are in train-schedules.routes.ts.
 */
export const trainRoutesResource = defineResource({
  name: 'trains_route',
  entity: 'train_route',
  table: trainRoutes,
  deleteGuard: bookedGuard('train', trainRoutes),
  input: trainRouteInputSchema,
  join: (qb) =>
    qb.innerJoin(fromPlace, eq(fromPlace.id, trainRoutes.from_id)).innerJoin(toPlace, eq(toPlace.id, trainRoutes.to_id)),
  fields: {
    id: trainRoutes.id,
    name: trainRoutes.name,
    code: trainRoutes.code,
    from_id: trainRoutes.from_id,
    to_id: trainRoutes.to_id,
    from: { id: fromPlace.id, name: fromPlace.name },
    to: { id: toPlace.id, name: toPlace.name },
    departure_time: hhmm(trainRoutes.departure_time),
    arrival_time: hhmm(trainRoutes.arrival_time),
    duration: trainRoutes.duration,
    price_adult: trainRoutes.price_adult,
    price_children: trainRoutes.price_children,
    max_passengers: trainRoutes.max_passengers,
    bagage_checkin: trainRoutes.bagage_checkin,
    bagage_cabin: trainRoutes.bagage_cabin,
    train_type: trainRoutes.train_type,
    is_active: trainRoutes.is_active,
    featured_image: trainRoutes.featured_image,
    created_at: trainRoutes.created_at,
  },
  row: trainRouteSchema,
  detail: {
    fields: { updated_at: trainRoutes.updated_at, ...attributeFields(trainRouteAttributeLinks, trainRoutes.id) },
    row: trainRouteDetailSchema,
  },
  body: { json: ['attributes_list'], files: ['featured_image'] },
  images: ['featured_image'],
  searchable: [trainRoutes.name, trainRoutes.code],
  sortable: TRAIN_ROUTE_SORTABLE,
  sortExpressions: { from: fromPlace.name, to: toPlace.name },
  defaultSort: 'created_at',
  filters: {
    train_type: { schema: z.enum(TRAIN_TYPES), where: (v: TrainType): SQL => eq(trainRoutes.train_type, v) },
    is_active: { schema: queryBoolean, where: (v: boolean): SQL => eq(trainRoutes.is_active, v) },
    from_id: { schema: queryId(), where: (v: number): SQL => eq(trainRoutes.from_id, v) },
    to_id: { schema: queryId(), where: (v: number): SQL => eq(trainRoutes.to_id, v) },
  },
  counters: { by: { train_type: trainRoutes.train_type, is_active: trainRoutes.is_active } },
  exportColumns: [
    { header: 'id', value: (r) => r.id },
    { header: 'name', value: (r) => r.name },
    { header: 'code', value: (r) => r.code },
    { header: 'from', value: (r) => (r.from as { name: string }).name },
    { header: 'to', value: (r) => (r.to as { name: string }).name },
    { header: 'price_adult', value: (r) => r.price_adult },
    { header: 'price_children', value: (r) => r.price_children },
    { header: 'departure_time', value: (r) => r.departure_time },
    { header: 'arrival_time', value: (r) => r.arrival_time },
    { header: 'duration', value: (r) => r.duration },
    { header: 'max_passengers', value: (r) => r.max_passengers },
    { header: 'bagage_checkin', value: (r) => r.bagage_checkin },
    { header: 'bagage_cabin', value: (r) => r.bagage_cabin },
    { header: 'train_type', value: (r) => r.train_type },
    { header: 'is_active', value: (r) => r.is_active },
    { header: 'created_at', value: (r) => r.created_at },
  ],
  prepare,
  afterWrite,
})

/**
 * The route's calendar (`/trains_schedule`, checklist F-13/F-14) through the
 * one availability engine: one row per route, train type and day. The type is
 * a key of the day: `train_type`, or `type` as the spec's write sends it.
 */
export const trainCalendar = defineAvailability({
  name: 'trains_schedule',
  entity: 'train_route',
  table: trainSchedules,
  date: trainSchedules.date,
  item: {
    param: 'route_id',
    table: trainRoutes,
    column: trainSchedules.route_id,
    fields: {
      price_adult: trainRoutes.price_adult,
      price_children: trainRoutes.price_children,
      max_passengers: trainRoutes.max_passengers,
      train_type: trainRoutes.train_type,
    },
  },
  keys: {
    train_type: { column: trainSchedules.train_type, schema: TRAIN_AVAILABILITY.keys!.train_type!, aliases: TRAIN_TYPE_ALIASES },
  },
  values: {
    price_adult: { column: trainSchedules.price_adult, schema: TRAIN_AVAILABILITY.values.price_adult! },
    price_children: { column: trainSchedules.price_children, schema: TRAIN_AVAILABILITY.values.price_children! },
    max_passengers: { column: trainSchedules.max_passengers, schema: TRAIN_AVAILABILITY.values.max_passengers! },
    blocked: { column: trainSchedules.blocked, schema: TRAIN_AVAILABILITY.values.blocked! },
  },
  // The route's own class runs every day at its fares; the other class only on days its schedule has a
  // row (orders refuse it otherwise, train-routes.order.ts), so its days without a row are not offered.
  defaults: (r, keys) => ({
    price_adult: r.price_adult,
    price_children: r.price_children,
    max_passengers: r.max_passengers,
    blocked: false,
    train_type: r.train_type,
    offered: keys.train_type === r.train_type,
  }),
  // Seats orders may take on each written day of that train type (stock/calendar.ts).
  stock: calendarStock({
    kind: 'train',
    variant: (v) => v.train_type,
    capacity: (v) => (v.blocked ? 0 : v.max_passengers),
    field: 'max_passengers',
  }),
})

const trainRoutesModule: FastifyPluginAsync = async (app) => {
  await app.register(trainRoutesResource.plugin)
  await app.register(trainCalendar.plugin)
}
export default trainRoutesModule
