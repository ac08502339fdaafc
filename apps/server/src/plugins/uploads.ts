import fp from 'fastify-plugin'
import multipart from '@fastify/multipart'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { IMAGE_UPLOAD_PERMISSIONS, imageUrl, MAX_IMAGE_BYTES, uploadedImageSchema } from '@app/shared'
import { HttpError, unprocessable } from '../lib/errors.js'
import { releaseFiles, storeImage, sweepFiles, SWEEP_GRACE_MS } from '../lib/files.js'
import { imageTooLarge, processImage, type ProcessedImage } from '../lib/images.js'
import { uploadAllowance } from '../lib/upload-allowance.js'
import { openStorage, type Storage } from '../lib/storage/index.js'
import { requireAuth } from './auth.js'
import { serveFiles } from './file-serving.js'
import { multipartBodyReader } from './multipart-body.js'
import { drain, multipartError, readImagePart, UPLOAD_LIMITS, UPLOAD_OVERHEAD } from './multipart-parts.js'

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

/**
 * Files (DESIGN §6, issue 8 "Storage and files"): `@fastify/multipart` with
 * tight limits, the image upload, public image serving with long-lived
 * caching and the company-scoped download (file-serving.ts), the multipart
 * reader of the resource engine (multipart-body.ts), the removal of the files
 * of a failed request, and the sweep of files no row uses any more. Stored files live in
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

  app.decorate('readMultipartBody', multipartBodyReader({ takeOne: (companyId: number) => allowance.takeOne(companyId), store }))

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

  serveFiles(app, storage)

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
