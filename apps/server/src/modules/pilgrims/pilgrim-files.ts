import { randomBytes } from 'node:crypto'
import type { MultipartFile } from '@fastify/multipart'
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { MAX_IMAGE_BYTES, queryId } from '@app/shared'
import type { Db } from '../../db/client.js'
import { pilgrimDocuments, pilgrims, uploads } from '../../db/schema/index.js'
import { HttpError, notFound, unprocessable } from '../../lib/errors.js'
import { cleanOriginalName, sendStoredFile } from '../../lib/files.js'
import { registerMessages } from '../../lib/i18n.js'
import { storageKey } from '../../lib/storage/index.js'
import { requireAuth } from '../../plugins/auth.js'

/** A pilgrim's document file: PDF, JPEG or PNG by its bytes, at most 5 MB (issue 28). */
const DOCUMENT_TYPES: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' }
const MB = MAX_IMAGE_BYTES / 1024 / 1024
let fileType: typeof import('file-type') | undefined

registerMessages({
  en: {
    'pilgrims.document_type': '{field} must be a PDF, JPEG or PNG file',
    'pilgrims.document_private': '{field} must be a document uploaded for pilgrims',
  },
  id: {
    'pilgrims.document_type': '{field} harus berkas PDF, JPEG atau PNG',
    'pilgrims.document_private': '{field} harus dokumen yang diunggah untuk jamaah',
  },
})

const tooLarge = () =>
  new HttpError(413, 'image_too_large', { mb: MB }, { file: [{ key: 'field.image_too_large', params: { mb: MB } }] })
const wrongType = () => new HttpError(415, 'unsupported_media_type', {}, { file: ['pilgrims.document_type'] })

async function readDocument(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_IMAGE_BYTES) throw tooLarge()
    chunks.push(chunk)
  }
  if (part.file.truncated) throw tooLarge()
  return Buffer.concat(chunks, size)
}

/**
 * Document files named by a pilgrim's body must be the company's private
 * uploads (made by the route below): an image uploaded for the public
 * catalogue would be served to anyone.
 */
export async function checkDocumentFiles(tx: Db, companyId: number, documents: Array<{ file?: string | null }> | undefined) {
  const named = (documents ?? []).map((d, i) => [i, d.file] as const).filter((e): e is readonly [number, string] => !!e[1])
  if (!named.length) return
  const rows = await tx
    .select({ file_name: uploads.file_name })
    .from(uploads)
    .where(
      and(
        eq(uploads.company_id, companyId),
        eq(uploads.private, true),
        inArray(
          uploads.file_name,
          named.map(([, f]) => f),
        ),
      ),
    )
  const ok = new Set(rows.map((r) => r.file_name))
  const errors: Record<string, string[]> = {}
  for (const [i, f] of named) if (!ok.has(f)) errors[`documents.${i}.file`] = ['pilgrims.document_private']
  if (Object.keys(errors).length) throw unprocessable(errors)
}

/**
 * Uploading and serving a pilgrim's document files. Both need
 * `pilgrim_documents`: `pilgrim_view` alone shows the list of documents, not
 * the files. The files are stored like every upload (storage, sweep) but
 * marked private, so the public image route and the plain download refuse them.
 */
export const pilgrimFiles: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  app.post(
    '/pilgrims/documents/upload',
    {
      schema: {
        tags: ['pilgrims'],
        summary: 'Upload one document file (multipart, field `file`)',
        consumes: ['multipart/form-data'],
      },
      config: { access: 'pilgrim_documents' },
    },
    async (req) => {
      const auth = requireAuth(req)
      if (!req.isMultipart()) throw new HttpError(415, 'unsupported_media_type')
      if (Number(req.headers['content-length']) > MAX_IMAGE_BYTES + 64 * 1024) throw tooLarge()
      let body: Buffer | undefined
      let original: string | undefined
      try {
        for await (const part of req.parts({ limits: { files: 1, fields: 5, fileSize: MAX_IMAGE_BYTES, parts: 6 } })) {
          if (part.type !== 'file') continue
          if (part.fieldname !== 'file') throw unprocessable({ [part.fieldname]: ['field.unexpected_file'] })
          body = await readDocument(part)
          original = part.filename
        }
      } catch (err) {
        if (err instanceof HttpError) throw err
        const code = (err as { code?: string }).code
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
        if (code === 'FST_FILES_LIMIT') throw new HttpError(413, 'too_many_files', {}, { file: ['field.one_file'] })
        throw new HttpError(400, 'bad_request')
      }
      if (!body?.length) throw unprocessable({ file: ['field.required'] })
      fileType ??= await import('file-type')
      const found = await fileType.fileTypeFromBuffer(body)
      const ext = found ? DOCUMENT_TYPES[found.mime] : undefined
      if (!found || !ext) throw wrongType()
      const fileName = `${randomBytes(16).toString('hex')}.${ext}`
      const key = storageKey(auth.companyId, fileName)
      await app.storage.put(key, body, found.mime)
      try {
        await app.db.insert(uploads).values({
          company_id: auth.companyId,
          file_name: fileName,
          mime_type: found.mime,
          size: body.length,
          width: 0,
          height: 0,
          original_name: cleanOriginalName(original),
          private: true,
        })
      } catch (err) {
        await app.storage.delete(key).catch(() => {})
        throw err
      }
      return { data: { file_name: fileName, mime_type: found.mime, size: body.length } }
    },
  )

  app.get(
    // The document in the query: `/pilgrims/7/documents/file?document_id=12`.
    '/pilgrims/:id/documents/file',
    {
      schema: {
        tags: ['pilgrims'],
        summary: "One document's file (needs pilgrim_documents)",
        params: z.object({ id: queryId() }),
        querystring: z.object({ document_id: queryId() }),
      },
      config: { access: 'pilgrim_documents' },
    },
    async (req, reply) => {
      const auth = requireAuth(req)
      const [doc] = await app.db
        .select({ file: pilgrimDocuments.file, mime: uploads.mime_type, original: uploads.original_name })
        .from(pilgrimDocuments)
        .innerJoin(pilgrims, eq(pilgrims.id, pilgrimDocuments.pilgrim_id))
        .innerJoin(uploads, eq(uploads.file_name, pilgrimDocuments.file))
        .where(
          and(
            eq(pilgrimDocuments.id, req.query.document_id),
            eq(pilgrimDocuments.pilgrim_id, req.params.id),
            eq(pilgrims.company_id, auth.companyId),
          ),
        )
      if (!doc?.file) throw notFound()
      const object = await app.storage.get(storageKey(auth.companyId, doc.file))
      if (!object) throw notFound()
      return sendStoredFile(reply, object, {
        mime: doc.mime,
        cache: 'private, no-store',
        disposition: `inline; filename="${doc.file}"`,
      })
    },
  )
}
