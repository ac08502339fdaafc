import rateLimit from '@fastify/rate-limit'
import { Redis } from 'ioredis'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from '../../lib/errors.js'

/** DESIGN §4: login 10 a minute per IP and email; the other public account calls 5 per 2 minutes per IP. */
export const LOGIN_LIMIT = { max: 10, timeWindow: 60_000 }
export const ACCOUNT_LIMIT = { max: 5, timeWindow: 120_000 }

/** Login attempts are counted per (IP, email): one person's typos do not lock out the office behind the same NAT. */
export function loginKey(req: FastifyRequest): string {
  const email = (req.body as { email?: unknown } | undefined)?.email
  const normalized = typeof email === 'string' ? email.trim().toLowerCase().slice(0, 191) : ''
  return `${req.ip}|${normalized}`
}

/**
 * Registers @fastify/rate-limit for the routes of this scope that declare
 * `config.rateLimit`. With REDIS_URL the counters live in Redis (under
 * REDIS_PREFIX), so every copy of the server shares them; otherwise in memory.
 * If Redis is unreachable the limits are skipped (logged), rather than the
 * sign-in being down.
 */
export async function registerRateLimits(app: FastifyInstance) {
  const { REDIS_URL, REDIS_PREFIX } = app.config
  let redis: Redis | undefined
  if (REDIS_URL) {
    redis = new Redis(REDIS_URL, { connectTimeout: 2000, commandTimeout: 1000, maxRetriesPerRequest: 1 })
    redis.on('error', (err) => app.log.warn({ err }, 'redis (rate limits) error'))
    app.addHook('onClose', async () => {
      await redis!.quit().catch(() => redis!.disconnect())
    })
  }
  await app.register(rateLimit, {
    global: false,
    // After body parsing, so the login key can include the email; before validation, so bad bodies count too.
    hook: 'preValidation',
    redis,
    nameSpace: `${REDIS_PREFIX}rate-limit:`,
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(429, 'rate_limited', { minutes: Math.max(1, Math.ceil(ctx.ttl / 60_000)) }),
  })
}
