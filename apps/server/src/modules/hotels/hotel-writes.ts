import { and, eq, inArray, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { hotelInputSchema } from '@app/shared'
import { type WriteContext } from '../../crud/resource.js'
import { uniqueSlugFromName } from '../../crud/slug.js'
import {
  categories,
  facilities,
  hotelFacilities,
  hotelImages,
  hotels,
  hotelServices,
  hotelTypes,
  locations,
  services,
  types,
} from '../../db/schema/index.js'
import { unprocessable } from '../../lib/errors.js'
import { sanitizeOptionalRichText } from '../../lib/rich-text.js'

type HotelValues = z.infer<typeof hotelInputSchema>

/** What a hotel's create and update write besides its row: the checked references, and the links and gallery. */
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

export async function prepare(input: HotelValues, { tx, auth, existing }: WriteContext) {
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

export async function afterWrite(id: number, input: HotelValues, { tx }: WriteContext) {
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
