import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { FastifyBaseLogger } from 'fastify'

/**
 * The limit per account across all addresses (issue 31; the rule and why: docs/decisions/hardening.md).
 * Failed sign-ins are counted per account and password, from anywhere; past `free` failures within
 * `windowMs` of each other, every further failure locks password sign-in for a growing time, 1, 2, 4, 8
 * minutes, then `maxLockMs` at most. A locked account answers 429 without its password being checked, so a
 * lock is not a place to guess from. The count belongs to the account's current password: a reset through
 * the mailed link starts a new one, so the owner is back in at once.
 */
export const ACCOUNT_LOCK = { free: 10, windowMs: 60 * 60_000, firstLockMs: 60_000, maxLockMs: 15 * 60_000 }

/** How long the lock lasts after `failures` failures (0 while they are within the free ones). */
export function lockMsAfter(failures: number): number {
  const over = failures - ACCOUNT_LOCK.free
  if (over <= 0) return 0
  return Math.min(ACCOUNT_LOCK.maxLockMs, ACCOUNT_LOCK.firstLockMs * 2 ** Math.min(over - 1, 20))
}

/**
 * The key of an account's count: the e-mail key (hashed, as the rate limits keep it) and a short hash of its
 * password hash. An unknown e-mail counts the same way (`none`), so the lock says nothing about who exists.
 */
export function accountLockKey(emailKey: string, passwordHash: string | null | undefined): string {
  const generation = passwordHash ? createHash('sha256').update(passwordHash).digest('base64url').slice(0, 10) : 'none'
  return `${emailKey}:${generation}`
}

export interface AccountLock {
  /** Milliseconds the account stays locked (0: not locked). */
  lockedFor(key: string): Promise<number>
  /** Counts one failure; returns the lock it starts (0: none). */
  failed(key: string): Promise<number>
  /** A successful sign-in forgets the failures. */
  succeeded(key: string): Promise<void>
}

/** Shared through Redis when REDIS_URL is set (every copy of the server sees the same count); else in memory. */
export function accountLock(redis: Redis | undefined, prefix: string, log: FastifyBaseLogger): AccountLock {
  if (redis) return redisLock(redis, `${prefix}account-lock:`, log)
  const counts = new Map<string, { failures: number; until: number; expires: number }>()
  const live = (key: string) => {
    const e = counts.get(key)
    if (e && e.expires <= Date.now()) counts.delete(key)
    return counts.get(key)
  }
  return {
    async lockedFor(key) {
      return Math.max(0, (live(key)?.until ?? 0) - Date.now())
    },
    async failed(key) {
      const now = Date.now()
      const e = live(key) ?? { failures: 0, until: 0, expires: 0 }
      e.failures++
      const lock = lockMsAfter(e.failures)
      e.until = lock ? now + lock : 0
      e.expires = now + ACCOUNT_LOCK.windowMs + lock
      // Bounded: an attacker naming endless e-mails cannot grow the map past this (oldest entries go first).
      if (!counts.has(key) && counts.size >= 100_000) counts.delete(counts.keys().next().value!)
      counts.set(key, e)
      return lock
    },
    async succeeded(key) {
      counts.delete(key)
    },
  }
}

function redisLock(redis: Redis, ns: string, log: FastifyBaseLogger): AccountLock {
  // Like the rate limits, an unreachable Redis skips the lock (logged) instead of taking sign-in down.
  const safe = async <T>(fallback: T, run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (err) {
      log.warn({ err }, 'redis (account lock) error; the lock is skipped')
      return fallback
    }
  }
  return {
    lockedFor: (key) => safe(0, async () => Math.max(0, await redis.pttl(`${ns}lock:${key}`))),
    failed: (key) =>
      safe(0, async () => {
        const [[, failures]] = (await redis
          .multi()
          .incr(`${ns}count:${key}`)
          .pexpire(`${ns}count:${key}`, ACCOUNT_LOCK.windowMs + ACCOUNT_LOCK.maxLockMs)
          .exec()) as [[unknown, number]]
        const lock = lockMsAfter(failures)
        if (lock) await redis.set(`${ns}lock:${key}`, '1', 'PX', lock)
        return lock
      }),
    succeeded: (key) =>
      safe(undefined, async () => {
        await redis.del(`${ns}count:${key}`, `${ns}lock:${key}`)
      }),
  }
}
