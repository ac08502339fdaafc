import { eq, sql } from 'drizzle-orm'
import { Redis } from 'ioredis'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.js'
import { uploads } from '../db/schema/index.js'
import { HttpError } from './errors.js'
import { registerMessages } from './i18n.js'

/**
 * What one company may upload (issue 31, docs/decisions/hardening.md):
 * - a storage quota, `UPLOAD_QUOTA_MB` (default 1024): the bytes of every stored upload of the company,
 *   attached or not yet swept, plus the new file must stay within it, else 413 on the field;
 * - a rate, `UPLOAD_RATE_PER_MINUTE` (default 60) stored files per company per minute, counted per file
 *   (a gallery save of 10 files counts 10), else 429 with Retry-After. Shared through Redis when REDIS_URL
 *   is set, like the sign-in limits; in memory otherwise.
 * 0 turns either off.
 */
export interface UploadAllowanceOptions {
  quotaBytes: number
  perMinute: number
  redisUrl?: string
  redisPrefix: string
  log: FastifyBaseLogger
}

registerMessages({
  en: {
    upload_quota: "Your company's storage is full ({used} MB of {quota} MB); remove images you no longer use first.",
    'field.upload_quota': '{field} does not fit: {used} MB of {quota} MB are used',
    upload_rate: 'Too many uploads: at most {max} images a minute. Try again in {seconds} seconds.',
  },
  id: {
    upload_quota:
      'Penyimpanan perusahaan Anda penuh ({used} MB dari {quota} MB); hapus gambar yang tidak dipakai lagi terlebih dahulu.',
    'field.upload_quota': '{field} tidak muat: {used} MB dari {quota} MB sudah terpakai',
    upload_rate: 'Terlalu banyak unggahan: paling banyak {max} gambar per menit. Coba lagi dalam {seconds} detik.',
  },
})

const MINUTE = 60_000
const mb = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10

export function uploadAllowance(opts: UploadAllowanceOptions) {
  let redis: Redis | undefined
  if (opts.redisUrl && opts.perMinute > 0) {
    redis = new Redis(opts.redisUrl, { connectTimeout: 2000, commandTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: true })
    redis.on('error', (err) => opts.log.warn({ err }, 'redis (upload rate) error'))
  }
  const windows = new Map<number, { count: number; resetAt: number }>()

  /** Counts one file for the company; answers how long until the window resets when it is over the rate. */
  async function count(companyId: number): Promise<number> {
    if (redis) {
      try {
        const key = `${opts.redisPrefix}upload-rate:${companyId}`
        const [[, n], [, ttl]] = (await redis.multi().incr(key).pttl(key).exec()) as [[null, number], [null, number]]
        if (ttl < 0) await redis.pexpire(key, MINUTE)
        return n > opts.perMinute ? (ttl > 0 ? ttl : MINUTE) : 0
      } catch (err) {
        // An unreachable Redis skips the limit (logged), as the sign-in limits do.
        opts.log.warn({ err }, 'upload rate skipped: redis unreachable')
        return 0
      }
    }
    const now = Date.now()
    let w = windows.get(companyId)
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + MINUTE }
      windows.set(companyId, w)
      if (windows.size > 100_000) windows.delete(windows.keys().next().value!)
    }
    w.count++
    return w.count > opts.perMinute ? w.resetAt - now : 0
  }

  return {
    /** Before a file is read: 429 once the company stored its files of this minute. */
    async takeOne(companyId: number): Promise<void> {
      if (opts.perMinute <= 0) return
      const waitMs = await count(companyId)
      if (waitMs <= 0) return
      const seconds = Math.max(1, Math.ceil(waitMs / 1000))
      throw new HttpError(429, 'upload_rate', { max: opts.perMinute, seconds }, undefined, { 'retry-after': String(seconds) })
    },
    /** Before a checked file is stored: 413 on `field` when it does not fit the company's quota. */
    async fits(db: Db, companyId: number, bytes: number, field: string): Promise<void> {
      if (opts.quotaBytes <= 0) return
      const [row] = await db
        .select({ used: sql<string>`coalesce(sum(${uploads.size}), 0)` })
        .from(uploads)
        .where(eq(uploads.company_id, companyId))
      const used = Number(row?.used ?? 0)
      if (used + bytes <= opts.quotaBytes) return
      const params = { used: mb(used), quota: mb(opts.quotaBytes) }
      throw new HttpError(413, 'upload_quota', params, { [field]: [{ key: 'field.upload_quota', params }] })
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis!.disconnect())
    },
  }
}
