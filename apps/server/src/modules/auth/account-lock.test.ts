/**
 * Password guessing behind a proxy (issue 31, item 1): TRUST_PROXY takes what Fastify's `trustProxy` takes,
 * so only the real client address counts, and sign-in is limited per account across all addresses with a
 * growing lock that the owner gets past through the mailed reset. Before, fifteen wrong passwords with a new
 * X-Forwarded-For each all got 422, and 4 addresses × 10 guesses left the right password working.
 */
import { randomBytes } from 'node:crypto'
import net from 'node:net'
import { eq } from 'drizzle-orm'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildTestApp } from '../../../test/helpers/app.js'
import { createCompany } from '../../../test/helpers/fixtures.js'
import { linkIn, startMailServer } from '../../../test/helpers/mail-server.js'
import { buildApp } from '../../app.js'
import { loadConfig } from '../../config.js'
import { sessions } from '../../db/schema/index.js'
import { hashToken } from '../../lib/tokens.js'
import { ACCOUNT_LOCK, accountLock, lockMsAfter } from './account-lock.js'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const redisUp = await new Promise<boolean>((resolve) => {
  const u = new URL(REDIS_URL)
  const s = net.connect(Number(u.port || 6379), u.hostname, () => {
    s.end()
    resolve(true)
  })
  s.on('error', () => resolve(false))
})

const login = (app: FastifyInstance, email: string, password: string, headers: Record<string, string> = {}, ip = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, headers, remoteAddress: ip })

describe('TRUST_PROXY', () => {
  const read = (v: string) => loadConfig({ TRUST_PROXY: v }).TRUST_PROXY
  it('takes true/false as before, or proxy addresses and CIDRs', () => {
    expect(read('true')).toBe(true)
    expect(read('1')).toBe(true)
    expect(read('false')).toBe(false)
    expect(read('')).toBe(false)
    expect(read('0')).toBe(false)
    expect(read('10.0.0.0/8, 127.0.0.1,::1 ,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ])
  })
  it('refuses a hop count, which cannot tell a proxy from a client', () => {
    expect(() => read('2')).toThrow('TRUST_PROXY takes the addresses or CIDRs of the proxies (e.g. loopback), not a hop count')
  })
  it.each(['maybe', '10.0.0.0/33', '300.1.1.1', '127.0.0.1/8/1', '1.2.3.4,'])('refuses %j at start, naming the variable', (v) => {
    expect(() => read(v)).toThrow(/^Invalid configuration: TRUST_PROXY /)
  })

  // The address a sign-in is recorded from, for a request from 127.0.0.1 whose header a client began.
  const signedInFrom = async (trust: string) => {
    const t = await buildTestApp({ TRUST_PROXY: trust })
    try {
      const { owner } = await createCompany(t.app, { password: 'password123' })
      const res = await login(t.app, owner.email, 'password123', { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' })
      expect(res.statusCode).toBe(200)
      const [row] = await t.app.db
        .select({ ip: sessions.ip })
        .from(sessions)
        .where(eq(sessions.token_hash, hashToken(res.json().data.token)))
      return row!.ip
    } finally {
      await t.close()
    }
  }
  it('with the proxy addresses, believes only the entry the nearest proxy appended', { timeout: 120_000 }, async () => {
    expect(await signedInFrom('loopback')).toBe('203.0.113.9')
    expect(await signedInFrom('127.0.0.0/8, 10.0.0.0/8')).toBe('203.0.113.9')
    expect(await signedInFrom('false')).toBe('127.0.0.1')
  })
})

describe('the lock per account', () => {
  it('grows 1, 2, 4, 8 minutes past the free failures, then stays at 15', () => {
    const free = ACCOUNT_LOCK.free
    expect([free, free + 1, free + 2, free + 3, free + 4, free + 5, free + 40].map((n) => lockMsAfter(n) / 60_000)).toEqual([
      0, 1, 2, 4, 8, 15, 15,
    ])
  })

  it('ends by itself: a stranger who stops failing cannot keep the account locked', async () => {
    const lock = accountLock(undefined, '', { warn: () => {} } as never)
    // The clock stands still while the lock is read: a millisecond passing between the last failure and the
    // read made it 59,999 on a loaded machine.
    const now = Date.now()
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now)
    try {
      for (let i = 0; i <= ACCOUNT_LOCK.free; i++) await lock.failed('k')
      expect(await lock.lockedFor('k')).toBe(60_000)
      clock.mockReturnValue(now + 60_001)
      expect(await lock.lockedFor('k')).toBe(0)
    } finally {
      vi.restoreAllMocks()
    }
  })
})

for (const store of ['memory', 'redis'] as const) {
  describe.skipIf(store === 'redis' && !redisUp)(`guessing one account (${store} store)`, async () => {
    const mail = await startMailServer()
    const env: Record<string, string> = { SMTP_URL: mail.url, TRUST_PROXY: 'true' }
    const prefix = `test-${randomBytes(6).toString('hex')}:`
    if (store === 'redis') Object.assign(env, { REDIS_URL, REDIS_PREFIX: prefix })
    const t = await buildTestApp(env)
    const a = t.app
    // With Redis a second copy of the server, on the same database, sees the same count.
    const b = store === 'redis' ? await buildApp({ config: t.config, database: t.database, logger: false }) : a
    await b.ready()
    afterAll(async () => {
      if (b !== a) await b.close()
      await t.close()
      await mail.close()
      if (store === 'redis') {
        const redis = new Redis(REDIS_URL)
        const keys = await redis.keys(`${prefix}*`)
        if (keys.length) await redis.del(...keys)
        await redis.quit()
      }
    })

    it('refuses guesses past the free ones, whatever X-Forwarded-For says', async () => {
      const { owner } = await createCompany(a, { password: 'password123' })
      const statuses: number[] = []
      for (let i = 1; i <= 15; i++)
        statuses.push(
          (await login(i % 2 ? a : b, owner.email, `wrong-password-${i}`, { 'x-forwarded-for': `198.51.100.${i}` })).statusCode,
        )
      expect(statuses.slice(0, ACCOUNT_LOCK.free + 1)).toEqual(Array(ACCOUNT_LOCK.free + 1).fill(422))
      expect(statuses.slice(ACCOUNT_LOCK.free + 1)).toEqual([429, 429, 429, 429])
      // Locked means locked: the right password is not even checked, so the lock tells a guesser nothing.
      const right = await login(a, owner.email, 'password123', { 'x-forwarded-for': '198.51.100.99' })
      expect(right.statusCode).toBe(429)
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0)
      expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(60)
    })

    it('counts 4 addresses × 10 guesses as one account: the right password does not sign in after them', async () => {
      const { owner } = await createCompany(a, { password: 'password123' })
      let refused = 0
      for (let ip = 1; ip <= 4; ip++)
        for (let i = 0; i < 10; i++)
          if ((await login(b, owner.email, `guess-${ip}-${i}`, {}, `192.0.2.${ip}`)).statusCode === 429) refused++
      expect(refused).toBe(40 - ACCOUNT_LOCK.free - 1)
      expect((await login(a, owner.email, 'password123', {}, '192.0.2.200')).statusCode).toBe(429)
    })

    it('lets the owner of a locked account in through the mailed reset', async () => {
      const { owner } = await createCompany(a, { password: 'password123' })
      for (let i = 0; i <= ACCOUNT_LOCK.free; i++)
        await login(a, owner.email, `wrong-password-${i}`, { 'x-forwarded-for': `203.0.113.${i}, 127.0.0.1` })
      expect((await login(b, owner.email, 'password123')).statusCode).toBe(429)
      const forgot = await a.inject({ method: 'POST', url: '/api/v1/auth/forgot', payload: { email: owner.email } })
      expect(forgot.statusCode).toBe(200)
      const link = linkIn(await mail.waitFor(owner.email, (m) => m.text.includes('/reset?')))
      const reset = await b.inject({
        method: 'POST',
        url: '/api/v1/auth/reset',
        payload: {
          email: link.searchParams.get('email'),
          token: link.searchParams.get('token'),
          password: 'new-password-1',
          password_confirmation: 'new-password-1',
        },
      })
      expect(reset.statusCode, reset.body).toBe(200)
      expect((await login(a, owner.email, 'new-password-1')).statusCode).toBe(200)
      // The old password's count is gone with it; a stranger starts again from nothing.
      expect((await login(b, owner.email, 'wrong-password-again')).statusCode).toBe(422)
    })

    it('locks an e-mail nobody uses the same way, so the lock tells nobody who exists', async () => {
      const statuses: number[] = []
      for (let i = 0; i <= ACCOUNT_LOCK.free + 1; i++)
        statuses.push(
          (await login(a, 'nobody-here@example.test', `x-password-${i}`, { 'x-forwarded-for': `198.51.100.${100 + i}` }))
            .statusCode,
        )
      expect(statuses.at(-1)).toBe(429)
      expect(statuses.at(-2)).toBe(422)
    })
  })
}
