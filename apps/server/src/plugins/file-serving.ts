import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound, unprocessable } from '../lib/errors.js'
import { findUpload, sendStoredFile } from '../lib/files.js'
import { IMAGE_EXTENSIONS, type ImageMime } from '../lib/images.js'
import { requireAuth } from './auth.js'
import { storageKey, STORED_NAME, type Storage } from '../lib/storage/index.js'

const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((t) => {
    const v = t.trim().replace(/^W\//, '')
    return v === etag || v === '*'
  })
}

/** A download's file name: the client's name with the real type's extension, or the stored name. */
function downloadName(original: string | null, fileName: string, mime: string): string {
  const ext = IMAGE_EXTENSIONS[mime as ImageMime] ?? fileName.split('.').pop()!
  const base = original?.replace(/\.[^.]*$/, '').trim()
  return base ? `${base}.${ext}` : fileName
}

/**
 * Serving stored files (DESIGN §6): public images at `/api/v1/images/:file_name` and `/images/:file_name`,
 * cached for a year with an ETag (a private file is served only by its own guarded route), and
 * `/api/v1/download`, one of the company's own files as an attachment under its original name.
 */
export function serveFiles(parent: FastifyInstance, storage: Storage): void {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  // Stored names never change meaning (random, never reused): what one copy learns about a name stays true
  // until the file is removed, which the storage read then reports. A bounded map keeps the hot ones.
  const known = new Map<string, { company_id: number; mime_type: string; private: boolean }>()
  const lookup = async (name: string) => {
    const hit = known.get(name)
    if (hit) return hit
    const row = await findUpload(app.db, name)
    if (!row) return undefined
    if (known.size >= 10_000) known.delete(known.keys().next().value!)
    const value = { company_id: row.company_id, mime_type: row.mime_type, private: row.private }
    known.set(name, value)
    return value
  }

  const serveImage = async (req: FastifyRequest<{ Params: { file_name: string } }>, reply: FastifyReply) => {
    const name = req.params.file_name
    if (!STORED_NAME.test(name)) throw notFound()
    const meta = await lookup(name)
    // A private file (a pilgrim's document) is served only by its own guarded route.
    if (!meta || meta.private) throw notFound()
    const etag = `"${name.slice(0, 32)}"`
    reply.header('cache-control', CACHE_IMMUTABLE).header('etag', etag)
    if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send()
    const object = await storage.get(storageKey(meta.company_id, name))
    if (!object) {
      known.delete(name)
      reply.removeHeader('cache-control').removeHeader('etag')
      throw notFound()
    }
    return sendStoredFile(reply, object, { mime: meta.mime_type, disposition: 'inline' })
  }

  const imageParams = z.object({ file_name: z.string().max(200) })
  app.get('/api/v1/images/:file_name', {
    schema: { tags: ['galleries'], summary: 'A stored image (public, cached for a year)', params: imageParams },
    config: { access: 'public' },
    handler: serveImage,
  })
  // DESIGN §6 names the host-root path; both answer the same.
  app.get('/images/:file_name', { schema: { hide: true, params: imageParams }, handler: serveImage })

  app.get(
    '/api/v1/download',
    {
      schema: {
        tags: ['galleries'],
        summary: "Download one of the company's files",
        querystring: z.object({ file: z.string().trim().min(1).max(255) }),
      },
      config: { access: 'session' },
    },
    async (req, reply) => {
      const auth = requireAuth(req)
      const name = req.query.file
      if (!STORED_NAME.test(name)) throw unprocessable({ file: ['field.invalid'] })
      const row = await findUpload(app.db, name)
      // Another company's file reads exactly like none.
      if (!row || row.company_id !== auth.companyId || row.private) throw notFound()
      const object = await storage.get(storageKey(row.company_id, name))
      if (!object) throw notFound()
      const fileName = downloadName(row.original_name, name, row.mime_type)
      return sendStoredFile(reply, object, {
        mime: row.mime_type,
        cache: 'private, no-store',
        disposition: `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      })
    },
  )
}
