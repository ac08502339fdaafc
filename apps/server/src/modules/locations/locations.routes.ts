import { and, eq, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import {
  LOCATION_SORTABLE,
  PUBLISH_STATUSES,
  locationDetailSchema,
  locationInputSchema,
  locationSchema,
  queryId,
  type PublishStatus,
} from '@app/shared'
import { defineResource, type WriteContext } from '../../crud/resource.js'
import { uniqueSlugFromName } from '../../crud/slug.js'
import { locationGeneralInfo, locations, locationTripIdeas } from '../../db/schema/index.js'
import { unprocessable } from '../../lib/errors.js'
import { registerFieldLabels, registerMessages } from '../../lib/i18n.js'
import { sanitizeOptionalRichText, sanitizeRichText } from '../../lib/rich-text.js'

type LocationInput = z.infer<typeof locationInputSchema>

registerMessages({
  en: {
    'locations.parent_cycle': '{field} cannot be the location itself or one of its sub-locations',
    'table.locations': 'Sub-locations',
  },
  id: {
    'locations.parent_cycle': '{field} tidak boleh lokasi itu sendiri atau salah satu sub-lokasinya',
    'table.locations': 'Sub-lokasi',
  },
})
registerFieldLabels({
  en: { parent_id: 'Parent', lat: 'Latitude', long: 'Longitude', description_en: 'Description (English)' },
  id: {
    parent_id: 'Induk',
    lat: 'Lintang',
    long: 'Bujur',
    zoom: 'Zoom',
    description_en: 'Deskripsi (Inggris)',
    banner_image: 'Gambar Banner',
    featured_image: 'Gambar Utama',
    general_info: 'Informasi Umum',
    trip_ideas: 'Ide Perjalanan',
    title: 'Judul',
    content: 'Konten',
    link: 'Tautan',
    image: 'Gambar',
  },
})

/** Deepest tree the cycle check walks; a real tree of places is a handful of levels. */
const MAX_DEPTH = 1000

/**
 * The parent must be a location of the company, and neither the location
 * itself nor one of its descendants (that would make a cycle). Parent changes
 * of one company are serialized, so two concurrent moves cannot close a loop
 * that neither sees alone.
 */
async function checkParent(tx: WriteContext['tx'], companyId: number, parentId: number, selfId?: number) {
  if (parentId === selfId) throw unprocessable({ parent_id: ['locations.parent_cycle'] })
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('locations.parent'), ${companyId})`)
  const [parent] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, parentId), eq(locations.company_id, companyId)))
  // Another company's location is reported exactly like a missing one.
  if (!parent) throw unprocessable({ parent_id: ['field.not_found'] })
  if (selfId === undefined) return
  const walk = await tx.execute(sql`
    WITH RECURSIVE up(id, parent_id, depth) AS (
      SELECT id, parent_id, 1 FROM locations WHERE id = ${parentId}
      UNION ALL
      SELECT l.id, l.parent_id, up.depth + 1 FROM locations l JOIN up ON l.id = up.parent_id WHERE up.depth < ${MAX_DEPTH}
    )
    SELECT 1 AS hit FROM up WHERE id = ${selfId} LIMIT 1`)
  if ((walk as { rows: unknown[] }).rows.length > 0) throw unprocessable({ parent_id: ['locations.parent_cycle'] })
}

async function prepare(input: LocationInput, { tx, auth, existing }: WriteContext) {
  const selfId = existing?.id as number | undefined
  if (input.parent_id !== null) await checkParent(tx, auth.companyId, input.parent_id, selfId)
  const description = sanitizeRichText(input.description)
  // Markup with no allowed content (only a script) is no description at all.
  if (!description) throw unprocessable({ description: ['field.required'] })
  const slug = input.slug || (await uniqueSlugFromName(tx, locations, auth.companyId, input.name, 'location', selfId))
  // The engine writes the lists from this same body, after this hook.
  if (input.general_info) for (const entry of input.general_info) entry.content = sanitizeOptionalRichText(entry.content)
  return {
    name: input.name,
    slug,
    parent_id: input.parent_id,
    description,
    description_en: sanitizeOptionalRichText(input.description_en),
    status: input.status,
    lat: input.lat,
    long: input.long,
    zoom: input.zoom,
    banner_image: input.banner_image,
    featured_image: input.featured_image,
  }
}

const parent = alias(locations, 'parent')

/**
 * Locations (catalogue-availability §2, §3, §7): a list without long texts
 * or lists, a one-row answer with general info and trip ideas, both lists
 * written with the location in one transaction, and a delete refused while
 * sub-locations (and, as their modules add them, hotels or transportation)
 * still use it.
 */
export const locationsResource = defineResource({
  name: 'locations',
  entity: 'location',
  table: locations,
  input: locationInputSchema,
  join: (qb) => qb.leftJoin(parent, eq(parent.id, locations.parent_id)),
  fields: {
    id: locations.id,
    name: locations.name,
    slug: locations.slug,
    parent_id: locations.parent_id,
    parent: { id: parent.id, name: parent.name },
    status: locations.status,
    lat: locations.lat,
    long: locations.long,
    zoom: locations.zoom,
    featured_image: locations.featured_image,
    created_at: locations.created_at,
  },
  row: locationSchema,
  detail: {
    fields: {
      description: locations.description,
      description_en: locations.description_en,
      banner_image: locations.banner_image,
      updated_at: locations.updated_at,
    },
    children: {
      general_info: {
        table: locationGeneralInfo,
        parent: locationGeneralInfo.location_id,
        position: locationGeneralInfo.position,
        columns: ['title', 'description', 'content'],
        fields: {
          id: locationGeneralInfo.id,
          location_id: locationGeneralInfo.location_id,
          title: locationGeneralInfo.title,
          description: locationGeneralInfo.description,
          content: locationGeneralInfo.content,
        },
      },
      trip_ideas: {
        table: locationTripIdeas,
        parent: locationTripIdeas.location_id,
        position: locationTripIdeas.position,
        columns: ['title', 'description', 'link', 'image'],
        fields: {
          id: locationTripIdeas.id,
          location_id: locationTripIdeas.location_id,
          title: locationTripIdeas.title,
          description: locationTripIdeas.description,
          link: locationTripIdeas.link,
          image: locationTripIdeas.image,
        },
      },
    },
    row: locationDetailSchema,
  },
  // A location still used (sub-locations, hotels, vehicles, routes, tours) is refused by the foreign keys
  // (ON DELETE RESTRICT): 409 naming them (plugins/errors.ts).
  body: { json: ['general_info', 'trip_ideas'], files: ['banner_image', 'featured_image'] },
  // Each must be an upload of the company; a replaced or dropped image is removed after the commit.
  images: ['banner_image', 'featured_image', 'trip_ideas.*.image'],
  searchable: [locations.name, locations.slug],
  sortable: LOCATION_SORTABLE,
  defaultSort: 'created_at',
  filters: {
    // The lookup of the catalogue forms: ?status=publish&export_data=true.
    status: {
      schema: z.enum(PUBLISH_STATUSES),
      where: (v: PublishStatus): SQL => eq(locations.status, v),
    },
    parent_id: {
      schema: queryId(),
      where: (v: number): SQL => eq(locations.parent_id, v),
    },
  },
  // Unsearched totals, as the list opens and narrowed by status, from DB-kept counters (crud/counters.ts).
  counters: { by: { status: locations.status } },
  exportColumns: [
    { header: 'id', value: (r) => r.id },
    { header: 'name', value: (r) => r.name },
    { header: 'slug', value: (r) => r.slug },
    { header: 'parent', value: (r) => (r.parent as { name: string } | null)?.name ?? '' },
    { header: 'lat', value: (r) => r.lat },
    { header: 'long', value: (r) => r.long },
    { header: 'zoom', value: (r) => r.zoom },
    { header: 'status', value: (r) => r.status },
    { header: 'created_at', value: (r) => r.created_at },
  ],
  prepare,
})

const locationsModule: FastifyPluginAsync = async (app) => {
  await app.register(locationsResource.plugin)
}
export default locationsModule
