import { createHash } from 'node:crypto'
import rateLimit from '@fastify/rate-limit'
import { Redis } from 'ioredis'
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify'
import { normalizeEmail } from '@app/shared'
import { HttpError } from '../../lib/errors.js'

/**
 * One limit: at most `max` calls per `timeWindow` ms, counted per
 * - 'ip': client address, whatever the e-mail (password spraying, mail flooding from one place);
 * - 'ip+email': address and account (one person's typos do not lock out the office behind the same NAT);
 * - 'email': account, from any address (a flood of mails to one inbox from many places).
 */
export interface Limit {
  by: 'ip' | 'ip+email' | 'email'
  max: number
  timeWindow: number
}

/** DESIGN §4, plus issue 12: every public account call is limited per address across e-mails too. */
export const LIMITS = {
  login: [
    { by: 'ip+email', max: 10, timeWindow: 60_000 },
    { by: 'ip', max: 60, timeWindow: 15 * 60_000 },
  ],
  /** Calls that send a mail: per address, and per account from anywhere. */
  mail: [
    { by: 'ip', max: 5, timeWindow: 120_000 },
    { by: 'email', max: 5, timeWindow: 15 * 60_000 },
  ],
  /** The other public account calls (activation, reset, Google). */
  account: [{ by: 'ip', max: 5, timeWindow: 120_000 }],
} satisfies Record<string, Limit[]>

/**
 * The account a request names, exactly as sign-in identifies it (the shared
 * `normalizeEmail`: trimmed, NFC, lower-cased, IDNA domain), hashed so no
 * address is kept in the limit store. Undefined when the body names none.
 */
export function emailKey(req: FastifyRequest): string | undefined {
  const email = (req.body as { email?: unknown } | undefined)?.email
  if (typeof email !== 'string' || !email.trim()) return undefined
  // Longer than any accepted address: cut before normalizing so a huge value costs nothing.
  const identity = normalizeEmail(email.slice(0, 512))
  return createHash('sha256').update(identity).digest('base64url').slice(0, 22)
}

function keyOf(req: FastifyRequest, by: Limit['by']): string | undefined {
  if (by === 'ip') return req.ip
  const email = emailKey(req)
  if (by === 'email') return email
  return `${req.ip}|${email ?? ''}`
}

/**
 * Registers @fastify/rate-limit's store for this scope. With REDIS_URL the
 * counters live in Redis (under REDIS_PREFIX), so every copy of the server
 * shares them; otherwise in memory. If Redis is unreachable the limits are
 * skipped (logged), rather than the sign-in being down.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<Redis | undefined> {
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
    redis,
    nameSpace: `${REDIS_PREFIX}rate-limit:`,
    skipOnError: true,
  })
  return redis
}

/** The one 429 of the account limits: Retry-After in seconds, the message in whole minutes. */
export function tooManyAttempts(reply: FastifyReply, retryMs: number): HttpError {
  reply.header('retry-after', Math.ceil(retryMs / 1000))
  return new HttpError(429, 'rate_limited', { minutes: Math.max(1, Math.ceil(retryMs / 60_000)) })
}

/**
 * A preValidation hook applying every limit of a route (after body parsing, so
 * keys can use the e-mail; before validation, so bad bodies count too). Each
 * limit is counted on every call; any one exceeded answers 429 with
 * Retry-After. `name` separates the counters of different routes.
 */
export function limitHook(app: FastifyInstance, name: string, limits: readonly Limit[]): preValidationAsyncHookHandler {
  const checks = limits.map((limit) => ({
    limit,
    check: app.createRateLimit({
      max: limit.max,
      timeWindow: limit.timeWindow,
      keyGenerator: (req) => `${name}:${limit.by}:${keyOf(req, limit.by)}`,
    }),
  }))
  return async function rateLimited(req: FastifyRequest, reply: FastifyReply) {
    let retryMs = 0
    for (const { limit, check } of checks) {
      if (keyOf(req, limit.by) === undefined) continue
      const r = await check(req)
      if (!r.isAllowed && r.isExceeded) retryMs = Math.max(retryMs, r.ttl)
    }
    if (retryMs > 0) throw tooManyAttempts(reply, retryMs)
  }
}
