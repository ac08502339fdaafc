import { eq, sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { GALLERY_SORTABLE, galleryInputSchema, gallerySchema, IMAGE_UPLOAD_PERMISSIONS } from '@app/shared'
import { defineResource } from '../../crud/resource.js'
import { galleries, uploads } from '../../db/schema/index.js'
import { registerFieldLabels } from '../../lib/i18n.js'

// An Indonesian answer names the fields in Indonesian ("Berkas Wajib Diisi", not "File Name Wajib Diisi").
registerFieldLabels({ en: {}, id: { file_name: 'Berkas', title: 'Judul', sort_order: 'Urutan' } })

/**
 * Gallery records (catalogue-availability §2 "only a service exists", §3, §7):
 * the company's uploaded images with a title and an order. Whoever may edit a
 * catalogue item with images may keep them (docs/decisions/files.md); the file
 * must be an upload of the company, and a file no row uses any more is removed
 * when its record goes.
 */
export const galleriesResource = defineResource({
  name: 'galleries',
  entity: 'location',
  access: {
    list: IMAGE_UPLOAD_PERMISSIONS,
    view: IMAGE_UPLOAD_PERMISSIONS,
    create: IMAGE_UPLOAD_PERMISSIONS,
    update: IMAGE_UPLOAD_PERMISSIONS,
    delete: IMAGE_UPLOAD_PERMISSIONS,
    export: IMAGE_UPLOAD_PERMISSIONS,
  },
  table: galleries,
  input: galleryInputSchema,
  join: (qb) => qb.innerJoin(uploads, eq(uploads.file_name, galleries.file_name)),
  fields: {
    id: galleries.id,
    file_name: galleries.file_name,
    url: sql<string>`'/api/v1/images/' || ${galleries.file_name}`,
    title: galleries.title,
    sort_order: galleries.sort_order,
    mime_type: uploads.mime_type,
    size: uploads.size,
    width: uploads.width,
    height: uploads.height,
    original_name: uploads.original_name,
    created_at: galleries.created_at,
    updated_at: galleries.updated_at,
  },
  row: gallerySchema,
  images: ['file_name'],
  searchable: [galleries.title],
  sortable: GALLERY_SORTABLE,
  defaultSort: 'sort_order',
  exportColumns: [
    { header: 'id', value: (r) => r.id },
    { header: 'file_name', value: (r) => r.file_name },
    { header: 'title', value: (r) => r.title },
    { header: 'sort_order', value: (r) => r.sort_order },
    { header: 'mime_type', value: (r) => r.mime_type },
    { header: 'size', value: (r) => r.size },
    { header: 'created_at', value: (r) => r.created_at },
  ],
  prepare: (input) => ({ file_name: input.file_name, title: input.title, sort_order: input.sort_order }),
})

const galleriesModule: FastifyPluginAsync = async (app) => {
  await app.register(galleriesResource.plugin)
}
export default galleriesModule
