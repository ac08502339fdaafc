import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import {
  HOTEL_SORTABLE,
  PERCENT_MAX_KEY,
  PRICE_REQUIRED_KEY,
  PUBLISH_STATUSES,
  YOUTUBE_INVALID_KEY,
  hotelDetailSchema,
  hotelInputSchema,
  hotelSchema,
  queryBoolean,
  queryId,
  type PublishStatus,
} from '@app/shared'
import { priceLists } from '../../crud/catalogue.js'
import type { ChildList } from '../../crud/children.js'
import { defineResource, type WriteContext } from '../../crud/resource.js'
import { uniqueSlugFromName } from '../../crud/slug.js'
import {
  categories,
  facilities,
  hotelEducations,
  hotelExtraPrices,
  hotelFacilities,
  hotelHealths,
  hotelImages,
  hotelPolicies,
  hotels,
  hotelServicePrices,
  hotelServices,
  hotelTransportations,
  hotelTypes,
  locations,
  rooms,
  services,
  types,
} from '../../db/schema/index.js'
import { unprocessable } from '../../lib/errors.js'
import { registerFieldLabels, registerMessages } from '../../lib/i18n.js'
import { sanitizeOptionalRichText } from '../../lib/rich-text.js'
import { bookedGuard } from '../../stock/index.js'

type HotelValues = z.infer<typeof hotelInputSchema>

registerMessages({
  en: {
    [PRICE_REQUIRED_KEY]: 'Price Must Be Set',
    [YOUTUBE_INVALID_KEY]: '{field} must be an https link to youtube.com or youtu.be',
    [PERCENT_MAX_KEY]: '{field} cannot be above 100 percent',
    'table.hotels': 'Hotels',
    // A facility, service or type in use names the hotels that show it (one link row per hotel).
    'table.hotel_facilities': 'Hotels',
    'table.hotel_services': 'Hotels',
    'table.hotel_types': 'Hotels',
  },
  id: {
    [PRICE_REQUIRED_KEY]: 'Harga Harus Ditetapkan',
    [YOUTUBE_INVALID_KEY]: '{field} harus tautan https ke youtube.com atau youtu.be',
    [PERCENT_MAX_KEY]: '{field} tidak boleh lebih dari 100 persen',
    'table.hotels': 'Hotel',
    'table.hotel_facilities': 'Hotel',
    'table.hotel_services': 'Hotel',
    'table.hotel_types': 'Hotel',
  },
})
registerFieldLabels({
  en: {
    rating: 'Hotel Rating',
    check_in: 'Check-in Time',
    check_out: 'Check-out Time',
    min_reservation: 'Minimum Reservation',
    max_stay: 'Minimum Days',
    location_id: 'Location',
    category_id: 'Category',
    real_address: 'Real Address',
    youtube: 'YouTube',
    hotel_policy: 'Policy',
    prices_extra: 'Extra Price',
    service_prices: 'Service Fee',
    hotel_education: 'Education',
    hotel_transportation: 'Transportation',
    hotel_health: 'Health',
    gallery_images: 'Gallery',
    person_price: 'Per Person',
    name_en: 'Name (English)',
  },
  id: {
    rating: 'Peringkat Hotel',
    check_in: 'Waktu Check-in',
    check_out: 'Waktu Check-out',
    min_reservation: 'Minimal Reservasi',
    max_stay: 'Minimal Hari',
    location_id: 'Lokasi',
    category_id: 'Kategori',
    real_address: 'Alamat Lengkap',
    youtube: 'YouTube',
    hotel_policy: 'Kebijakan',
    prices_extra: 'Harga Tambahan',
    service_prices: 'Biaya Layanan',
    hotel_education: 'Pendidikan',
    hotel_transportation: 'Transportasi',
    hotel_health: 'Kesehatan',
    gallery_images: 'Galeri',
    services: 'Layanan',
    types: 'Tipe',
    facilities: 'Fasilitas',
    distance: 'Jarak',
    value: 'Nilai',
    type: 'Tipe',
    person_price: 'Per Orang',
    name_en: 'Nama (Inggris)',
    description: 'Deskripsi',
    name: 'Nama',
  },
})

/** Ids of `table` among `ids` that are not the company's (another company's or none): 422 on `field`. */
async function checkOwned(
  tx: WriteContext['tx'],
  companyId: number,
  table: PgTable & { id: PgColumn; company_id: PgColumn },
  ids: number[],
) {
  if (!ids.length) return true
  const rows = (await (
    tx.select({ id: table.id }).from(table as never) as never as { where: (c: SQL | undefined) => Promise<Array<{ id: number }>> }
  ).where(and(inArray(table.id, ids), eq(table.company_id, companyId)))) as Array<{ id: number }>
  return rows.length === ids.length
}

async function prepare(input: HotelValues, { tx, auth, existing }: WriteContext) {
  const errors: Record<string, string[]> = {}
  const owned = async (field: string, table: Parameters<typeof checkOwned>[2], ids: number[]) => {
    if (!(await checkOwned(tx, auth.companyId, table, ids))) errors[field] = ['field.not_found']
  }
  // Every id the hotel refers to must be the company's: another company's is reported like a missing one.
  await owned('location_id', locations, [input.location_id])
  if (input.category_id !== null) await owned('category_id', categories, [input.category_id])
  if (input.services) await owned('services', services, input.services)
  if (input.types) await owned('types', types, input.types)
  if (input.facilities) await owned('facilities', facilities, input.facilities)
  if (Object.keys(errors).length) throw unprocessable(errors)
  const selfId = existing?.id as number | undefined
  // A given slug is normalized and must be free (409); an update keeps its slug (stable links); else from the name.
  const slug =
    input.slug ||
    (existing?.slug as string | undefined) ||
    (await uniqueSlugFromName(tx, hotels, auth.companyId, input.name, 'hotel', selfId))
  return {
    name: input.name,
    slug,
    content: sanitizeOptionalRichText(input.content),
    youtube: input.youtube,
    rating: input.rating,
    check_in: input.check_in,
    check_out: input.check_out,
    min_reservation: input.min_reservation,
    max_stay: input.max_stay,
    price: input.price,
    is_featured: input.is_featured,
    status: input.status,
    extra_price: input.extra_price,
    service_fee: input.service_fee,
    location_id: input.location_id,
    category_id: input.category_id,
    real_address: input.real_address,
    lat: input.lat,
    long: input.long,
    zoom: input.zoom,
    // The spec's form sends both as the name; empty means the name.
    meta_title: input.meta_title || input.name,
    meta_description: input.meta_description || input.name,
    featured_image: input.featured_image,
    banner_image: input.banner_image,
  }
}

type LinkTable = typeof hotelServices | typeof hotelTypes | typeof hotelFacilities

/** A link list replaced as a whole when the body carries it (a list left out stays). */
async function writeLinks(tx: WriteContext['tx'], table: LinkTable, hotelId: number, ids: number[] | undefined) {
  if (!ids) return
  const t = table as typeof hotelServices
  await tx.delete(t).where(eq(t.hotel_id, hotelId))
  if (ids.length) await tx.insert(t).values(ids.map((ref_id) => ({ hotel_id: hotelId, ref_id })))
}

async function afterWrite(id: number, input: HotelValues, { tx }: WriteContext) {
  await writeLinks(tx, hotelServices, id, input.services)
  await writeLinks(tx, hotelTypes, id, input.types)
  await writeLinks(tx, hotelFacilities, id, input.facilities)
  if (input.gallery_images) {
    await tx.delete(hotelImages).where(eq(hotelImages.hotel_id, id))
    if (input.gallery_images.length)
      await tx
        .insert(hotelImages)
        .values(input.gallery_images.map((file_name, position) => ({ hotel_id: id, file_name, position })))
  }
}

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
