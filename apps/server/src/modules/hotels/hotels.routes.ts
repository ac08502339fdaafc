import { eq, sql, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import {
  HOTEL_SORTABLE,
  PUBLISH_STATUSES,
  hotelDetailSchema,
  hotelInputSchema,
  hotelSchema,
  queryBoolean,
  queryId,
  type PublishStatus,
} from '@app/shared'
import { priceLists } from '../../crud/catalogue.js'
import type { ChildList } from '../../crud/children.js'
import { defineResource } from '../../crud/resource.js'
import {
  categories,
  hotelEducations,
  hotelExtraPrices,
  hotelHealths,
  hotelPolicies,
  hotels,
  hotelServicePrices,
  hotelTransportations,
  locations,
  rooms,
} from '../../db/schema/index.js'
import { bookedGuard } from '../../stock/index.js'
import './hotels.messages.js'
import { afterWrite, prepare } from './hotel-writes.js'

const surroundings = (t: typeof hotelEducations | typeof hotelTransportations | typeof hotelHealths, from: string): ChildList => {
  const table = t as typeof hotelEducations
  return {
    table,
    parent: table.hotel_id,
    position: table.position,
    from,
    columns: ['name', 'description', 'distance', 'type'],
    fields: { id: table.id, name: table.name, description: table.description, distance: table.distance, type: table.type },
  }
}

/**
 * The hotel's id in a correlated subquery, written out: drizzle renders a
 * column of the only table of a select unqualified ("id"), which inside the
 * subquery would name the subquery's own id.
 */
const hotelRef = sql.raw('"hotels"."id"')

const idsOf = (table: string, column: string) =>
  sql<
    number[]
  >`coalesce((SELECT json_agg(x.${sql.identifier(column)} ORDER BY x.${sql.identifier(column)}) FROM ${sql.identifier(table)} x WHERE x.hotel_id = ${hotelRef}), '[]'::json)`

/**
 * Hotels (catalogue-availability §2, §3, §7; checklist C): a list with every
 * column of the spec, each sortable through an index; a one-row answer with
 * policies, prices, fees, surroundings, links and gallery, all written with
 * the hotel in one transaction. Its rooms and their days go with it.
 */
/** The hotel's extras and service fees: the catalogue's shared child lists (orders price with them too). */
export const hotelPriceLists = priceLists('hotel_id', hotelExtraPrices as never, hotelServicePrices as never)

export const hotelsResource = defineResource({
  name: 'hotels',
  entity: 'hotel',
  table: hotels,
  // Open orders of any of its rooms keep the hotel (its rooms would go with it).
  deleteGuard: bookedGuard('room', rooms, rooms.hotel_id),
  input: hotelInputSchema as unknown as z.ZodObject,
  fields: {
    id: hotels.id,
    name: hotels.name,
    slug: hotels.slug,
    location_id: hotels.location_id,
    // The name is kept on the hotel row (migration 0008), so neither list nor sort joins.
    location: { id: hotels.location_id, name: hotels.location_name },
    category_id: hotels.category_id,
    long: hotels.long,
    lat: hotels.lat,
    zoom: hotels.zoom,
    rating: hotels.rating,
    check_in: hotels.check_in,
    check_out: hotels.check_out,
    min_reservation: hotels.min_reservation,
    max_stay: hotels.max_stay,
    is_featured: hotels.is_featured,
    price: hotels.price,
    status: hotels.status,
    featured_image: hotels.featured_image,
    created_at: hotels.created_at,
  },
  row: hotelSchema,
  detail: {
    fields: {
      category: sql<{
        id: number
        name: string
      } | null>`(SELECT json_build_object('id', c.id, 'name', c.name) FROM categories c WHERE c.id = "hotels"."category_id")`,
      content: hotels.content,
      youtube: hotels.youtube,
      extra_price: hotels.extra_price,
      service_fee: hotels.service_fee,
      real_address: hotels.real_address,
      meta_title: hotels.meta_title,
      meta_description: hotels.meta_description,
      banner_image: hotels.banner_image,
      updated_at: hotels.updated_at,
      services: idsOf('hotel_services', 'service_id'),
      types: idsOf('hotel_types', 'type_id'),
      facilities: idsOf('hotel_facilities', 'facility_id'),
      gallery_images: sql<
        string[]
      >`coalesce((SELECT json_agg(i.file_name ORDER BY i.position, i.id) FROM hotel_images i WHERE i.hotel_id = ${hotelRef}), '[]'::json)`,
    },
    children: {
      policies: {
        table: hotelPolicies,
        parent: hotelPolicies.hotel_id,
        position: hotelPolicies.position,
        from: 'hotel_policy',
        columns: ['title', 'description'],
        fields: { id: hotelPolicies.id, title: hotelPolicies.title, description: hotelPolicies.description },
      },
      ...hotelPriceLists,
      educations: surroundings(hotelEducations, 'hotel_education'),
      transportations: surroundings(hotelTransportations, 'hotel_transportation'),
      healths: surroundings(hotelHealths, 'hotel_health'),
    },
    row: hotelDetailSchema,
  },
  body: {
    json: [
      'services',
      'types',
      'facilities',
      'hotel_policy',
      'prices_extra',
      'service_prices',
      'hotel_education',
      'hotel_transportation',
      'hotel_health',
      'policies',
      'educations',
      'transportations',
      'healths',
    ],
    files: ['featured_image', 'banner_image', 'gallery_images'],
    // Repeated `gallery_images` parts (spec §7): new files and names of kept ones, in display order.
    fileLists: ['gallery_images'],
  },
  // Uploads of the caller's company only (422 on the field, `gallery_images.2`); files a save stops using go after it.
  images: ['featured_image', 'banner_image', 'gallery_images.*'],
  searchable: [hotels.name, hotels.slug],
  sortable: HOTEL_SORTABLE,
  sortExpressions: { location: hotels.location_name },
  defaultSort: 'created_at',
  filters: {
    status: { schema: z.enum(PUBLISH_STATUSES), where: (v: PublishStatus): SQL => eq(hotels.status, v) },
    // Its choices under the hotel list's permission (issue 32): a clerk reads hotels, not the location catalogue.
    location_id: { schema: queryId(), where: (v: number): SQL => eq(hotels.location_id, v), choices: { table: locations } },
    is_featured: { schema: queryBoolean, where: (v: boolean): SQL => eq(hotels.is_featured, v) },
    category_id: { schema: queryId(), where: (v: number): SQL => eq(hotels.category_id, v), choices: { table: categories } },
  },
  // Unsearched totals, as the list opens and narrowed by one of these, from DB-kept counters.
  counters: { by: { status: hotels.status, is_featured: hotels.is_featured, location_id: hotels.location_id } },
  exportColumns: [
    ...['id', 'name', 'slug'].map((h) => ({ header: h, value: (r: Record<string, unknown>) => r[h] })),
    { header: 'location', value: (r) => (r.location as { name: string } | null)?.name ?? '' },
    ...[
      'long',
      'lat',
      'zoom',
      'rating',
      'check_in',
      'check_out',
      'min_reservation',
      'max_stay',
      'is_featured',
      'price',
      'status',
      'created_at',
    ].map((h) => ({ header: h, value: (r: Record<string, unknown>) => r[h] })),
  ],
  prepare: prepare as never,
  afterWrite: afterWrite as never,
})

const hotelsModule: FastifyPluginAsync = async (app) => {
  await app.register(hotelsResource.plugin)
}
export default hotelsModule
