import fp from 'fastify-plugin'
import multipart from '@fastify/multipart'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { IMAGE_UPLOAD_PERMISSIONS, imageUrl, MAX_GALLERY_FILES, MAX_IMAGE_BYTES, uploadedImageSchema } from '@app/shared'
import type { MultipartReader } from '../crud/body.js'
import { HttpError, notFound, unprocessable } from '../lib/errors.js'
import { findUpload, releaseFiles, storeImage, sweepFiles, SWEEP_GRACE_MS } from '../lib/files.js'
import { imageTooLarge, IMAGE_EXTENSIONS, processImage, type ImageMime, type ProcessedImage } from '../lib/images.js'
import { uploadAllowance } from '../lib/upload-allowance.js'
import { openStorage, storageKey, STORED_NAME, type Storage } from '../lib/storage/index.js'
import { requireAuth } from './auth.js'
import {
  appended,
  drain,
  FORM_LIMITS,
  multipartError,
  parseNameList,
  plus,
  readImagePart,
  UPLOAD_LIMITS,
  UPLOAD_OVERHEAD,
} from './multipart-parts.js'

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage
    /** Removes unattached uploads older than the grace period (also run at start and hourly). */
    sweepFiles: (graceMs?: number) => Promise<number>
  }
  interface FastifyRequest {
    /** Files this request stored from a multipart body: removed again if the request fails. */
    freshUploads: string[] | null
  }
}

export interface UploadsOptions {
  /** The backend; defaults to the one STORAGE_DRIVER chooses. */
  storage?: Storage
  /** How often the sweep runs; 0 turns the timer off (the start sweep still runs). */
  sweepEveryMs?: number
}

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
 * Files (DESIGN §6, issue 8 "Storage and files"): `@fastify/multipart` with
 * tight limits, the image upload, public image serving with long-lived
 * caching, the company-scoped download, the multipart reader of the resource
 * engine, and the removal of files no row uses any more. Stored files live in
 * lib/storage (a folder or an S3 bucket); their checks in lib/images.ts.
 */
export default fp<UploadsOptions>(async function uploads(parent, opts) {
  const storage = opts.storage ?? openStorage(parent.config)
  parent.decorate('storage', storage)
  parent.decorateRequest('freshUploads', null)

  await parent.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true })

  const app = parent.withTypeProvider<ZodTypeProvider>()
  const db = () => app.db
  // The company's quota and upload rate (settings UPLOAD_QUOTA_MB, UPLOAD_RATE_PER_MINUTE).
  const allowance = uploadAllowance({
    quotaBytes: parent.config.UPLOAD_QUOTA_MB * 1024 * 1024,
    perMinute: parent.config.UPLOAD_RATE_PER_MINUTE,
    redisUrl: parent.config.REDIS_URL,
    redisPrefix: parent.config.REDIS_PREFIX,
    log: parent.log,
  })
  /** A checked image stored for the company, when it fits its quota. */
  const store = async (companyId: number, image: ProcessedImage, field: string, original?: string) => {
    await allowance.fits(db(), companyId, image.body.length, field)
    return storeImage(db(), storage, companyId, image, original)
  }

  const release = async (names: string[]) => {
    await releaseFiles(db(), storage, names)
  }
  app.decorate('releaseFiles', release)
  app.decorate('sweepFiles', (graceMs = SWEEP_GRACE_MS) => sweepFiles(db(), storage, graceMs))

  // A request refused while its body was still arriving is not read to the end: the connection closes instead.
  // A failed request removes the files its form stored (the write that would have used them did not happen).
  // (A callback hook: it runs on every answer and rarely has anything to wait for.)
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.isMultipart() && !req.raw.complete) reply.header('connection', 'close')
    if (reply.statusCode >= 400 && req.freshUploads?.length) {
      const names = req.freshUploads
      req.freshUploads = null
      release(names)
        .catch((err) => req.log.warn({ err }, 'removing the files of a failed request failed'))
        .finally(() => done(null, payload))
      return
    }
    done(null, payload)
  })

  const readMultipartBody: MultipartReader = async (req, { files, fileLists = [] }) => {
    const auth = requireAuth(req)
    const out: Record<string, unknown> = {}
    const fresh = (req.freshUploads ??= [])
    const filled = new Set<string>()
    const perField = new Map<string, number>()
    try {
      // A gallery field takes up to MAX_GALLERY_FILES files; every other image field one.
      const maxFiles = files.length + fileLists.length * (MAX_GALLERY_FILES - 1)
      const parts = req.parts({ limits: { ...FORM_LIMITS, files: Math.max(maxFiles, 1) } })
      for await (const part of parts) {
        const field = part.fieldname
        if (part.type === 'file') {
          if (!files.includes(field)) {
            await drain(part)
            throw unprocessable({ [field]: ['field.unexpected_file'] })
          }
          const many = fileLists.includes(field)
          if (filled.has(field) && !many) throw unprocessable({ [field]: ['field.one_file'] })
          // At most MAX_GALLERY_FILES new files per gallery and save (DESIGN §6), refused before the next is read.
          const n = (perField.get(field) ?? 0) + 1
          if (n > MAX_GALLERY_FILES) throw new HttpError(413, 'too_many_files', {}, { [field]: ['field.too_many_files'] })
          perField.set(field, n)
          // Counted before the file is read, so a flood costs no decoding.
          await allowance.takeOne(auth.companyId)
          const bytes = await readImagePart(part, field)
          // A file input left empty sends a nameless, empty part: nothing chosen, the field is left as sent.
          if (bytes.length === 0 && !part.filename) continue
          const image = await processImage(bytes, field)
          const row = await store(auth.companyId, image, field, part.filename)
          fresh.push(row.file_name)
          filled.add(field)
          out[field] = many ? appended(out[field], row.file_name) : row.file_name
          continue
        }
        if (part.fieldnameTruncated) throw new HttpError(400, 'bad_request')
        if (part.valueTruncated) throw new HttpError(413, 'too_large', {}, { [field]: ['field.part_too_long'] })
        const value = typeof part.value === 'string' ? part.value : String(part.value)
        if (value.includes('\0') || field.includes('\0')) throw unprocessable({ [field.replace(/\0/g, '')]: ['field.invalid'] })
        // A file already given for an image field wins over a text part of the same name (a gallery keeps both, in order).
        if (filled.has(field) && !fileLists.includes(field)) continue
        if (fileLists.includes(field)) {
          // A gallery may also come as one part of JSON text (a list of kept names).
          const list = /^\s*\[/.test(value) ? parseNameList(value) : undefined
          out[field] = list ? list.reduce<unknown>((acc, v) => appended(acc, v), out[field]) : appended(out[field], value)
        } else out[field] = plus(out[field], value)
      }
    } catch (err) {
      throw multipartError(err)
    }
    return out
  }
  app.decorate('readMultipartBody', readMultipartBody)

  app.post(
    '/api/v1/actions_gallery/upload',
    {
      schema: {
        tags: ['galleries'],
        summary: 'Upload one image (multipart, field `image`)',
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ data: uploadedImageSchema }) },
      },
      config: { access: IMAGE_UPLOAD_PERMISSIONS },
    },
    async (req) => {
      const auth = requireAuth(req)
      if (!req.isMultipart()) throw new HttpError(415, 'unsupported_media_type')
      const declared = Number(req.headers['content-length'])
      // A body that says it is too large is refused before a byte of it is read.
      if (declared > MAX_IMAGE_BYTES + UPLOAD_OVERHEAD) throw imageTooLarge('image')
      let bytes: Buffer | undefined
      let original: string | undefined
      try {
        for await (const part of req.parts({ limits: UPLOAD_LIMITS })) {
          if (part.type !== 'file') continue
          if (part.fieldname !== 'image') {
            await drain(part)
            throw unprocessable({ [part.fieldname]: ['field.unexpected_file'] })
          }
          await allowance.takeOne(auth.companyId)
          bytes = await readImagePart(part, 'image')
          original = part.filename
        }
      } catch (err) {
        const e = multipartError(err)
        throw e.key === 'too_many_files' ? new HttpError(413, 'too_many_files', {}, { image: ['field.one_file'] }) : e
      }
      if (bytes === undefined) throw unprocessable({ image: ['field.required'] })
      const image = await processImage(bytes, 'image')
      const row = await store(auth.companyId, image, 'image', original)
      return {
        data: {
          id: row.id,
          file_name: row.file_name,
          url: imageUrl(row.file_name),
          mime_type: row.mime_type,
          size: row.size,
          width: row.width,
          height: row.height,
        },
      }
    },
  )

  // Stored names never change meaning (random, never reused): what one copy learns about a name stays true
  // until the file is removed, which the storage read then reports. A bounded map keeps the hot ones.
  const known = new Map<string, { company_id: number; mime_type: string; private: boolean }>()
  const lookup = async (name: string) => {
    const hit = known.get(name)
    if (hit) return hit
    const row = await findUpload(db(), name)
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
    return reply
      .type(meta.mime_type)
      .header('content-length', object.size)
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(object.body)
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
      const row = await findUpload(db(), name)
      // Another company's file reads exactly like none.
      if (!row || row.company_id !== auth.companyId || row.private) throw notFound()
      const object = await storage.get(storageKey(row.company_id, name))
      if (!object) throw notFound()
      const fileName = downloadName(row.original_name, name, row.mime_type)
      return reply
        .type(row.mime_type)
        .header('content-length', object.size)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .send(object.body)
    },
  )

  // The sweep: once at start (in the background) and then on a timer; every copy may run it.
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  const sweep = () =>
    (running = sweepFiles(db(), storage).catch((err) => app.log.warn({ err }, 'file sweep failed; it runs again later')))
  app.addHook('onReady', async () => {
    void sweep()
    const every = opts.sweepEveryMs ?? 60 * 60 * 1000
    if (every > 0) timer = setInterval(() => void sweep(), every).unref()
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
    await running
    await storage.close()
    await allowance.close()
  })
})
