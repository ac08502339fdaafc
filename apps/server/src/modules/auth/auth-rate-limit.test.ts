import { randomBytes } from 'node:crypto'
import net from 'node:net'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/** The shared-store suite needs a Redis; without one it is skipped (and says so), unless REQUIRE_REDIS=1. */
const redisUp = await new Promise<boolean>((resolve) => {
  const u = new URL(REDIS_URL)
  const s = net.connect(Number(u.port || 6379), u.hostname, () => {
    s.end()
    resolve(true)
  })
  s.on('error', () => resolve(false))
  s.setTimeout(1000, () => {
    s.destroy()
    resolve(false)
  })
})
if (!redisUp && process.env.REQUIRE_REDIS !== '1')
  console.warn(`No Redis at ${REDIS_URL}: the Redis rate-limit suite is skipped.`)

function hit(app: TestApp, url: string, body: unknown, ip: string, locale = 'en') {
  return app.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: body as object,
    remoteAddress: ip,
    headers: { 'x-localization': locale },
  })
}

/** The limits of DESIGN §4, for one app (memory store) or two apps sharing Redis. */
function limitSuite(store: 'memory' | 'redis') {
  const skip = store === 'redis' && !redisUp && process.env.REQUIRE_REDIS !== '1'
  describe.skipIf(skip)(`rate limits (${store} store)`, () => {
    let a: TestApp
    let b: TestApp
    const prefix = `test-${randomBytes(6).toString('hex')}:`

    beforeAll(async () => {
      const env: Record<string, string> = store === 'redis' ? { REDIS_URL, REDIS_PREFIX: prefix } : {}
      a = await buildTestApp(env)
      // With Redis a second copy of the server shares the counters; in memory it cannot.
      b = store === 'redis' ? await buildTestApp(env) : a
    })
    afterAll(async () => {
      if (b !== a) await b.close()
      await a.close()
      if (store === 'redis') {
        const redis = new Redis(REDIS_URL)
        const keys = await redis.keys(`${prefix}*`)
        if (keys.length) await redis.del(...keys)
        await redis.quit()
      }
    })

    it('allows 10 logins a minute per IP and email, then answers 429 with Retry-After', async () => {
      const ip = '192.0.2.10'
      const body = { email: 'someone@example.test', password: 'wrong-password' }
      for (let i = 0; i < 10; i++) {
        const res = await hit(i % 2 ? b : a, '/auth/login', body, ip)
        expect(res.statusCode, `attempt ${i + 1}`).toBe(422)
      }
      const limited = await hit(b, '/auth/login', { ...body, email: 'SomeOne@Example.test' }, ip)
      expect(limited.statusCode).toBe(429)
      const retry = Number(limited.headers['retry-after'])
      expect(retry).toBeGreaterThan(0)
      expect(retry).toBeLessThanOrEqual(60)
      expect(limited.json()).toEqual({ message: 'Please Wait: Please Try again in 1 Minute' })
      // Another email from the same address, and the same email from another address, are not limited.
      expect((await hit(a, '/auth/login', { ...body, email: 'other@example.test' }, ip)).statusCode).toBe(422)
      expect((await hit(a, '/auth/login', body, '192.0.2.11')).statusCode).toBe(422)
    })

    it('allows 5 registrations per 2 minutes per IP, with the message in Indonesian', async () => {
      const ip = '192.0.2.20'
      for (let i = 0; i < 5; i++) expect((await hit(i % 2 ? b : a, '/auth/register', {}, ip)).statusCode).toBe(422)
      const limited = await hit(b, '/auth/register', {}, ip, 'id')
      expect(limited.statusCode).toBe(429)
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60)
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(120)
      expect(limited.json()).toEqual({ message: 'Mohon Tunggu: Silakan Coba lagi dalam 2 Menit' })
      expect((await hit(a, '/auth/register', {}, '192.0.2.21')).statusCode).toBe(422)
    })

    it('limits forgot, reset, resend and activation separately, 5 per 2 minutes per IP', async () => {
      const ip = '192.0.2.30'
      const calls: Array<[string, unknown, number]> = [
        ['/auth/forgot', { email: 'nobody@example.test' }, 200],
        ['/auth/resend_activation', { email: 'nobody@example.test' }, 200],
        [
          '/auth/reset',
          { email: 'nobody@example.test', token: 'x', password: 'abcdefgh', password_confirmation: 'abcdefgh' },
          422,
        ],
        ['/auth/activation', { email: 'nobody@example.test', token: 'x' }, 422],
      ]
      for (const [url, body, status] of calls) {
        for (let i = 0; i < 5; i++) expect((await hit(i % 2 ? b : a, url, body, ip)).statusCode, `${url} #${i + 1}`).toBe(status)
        const limited = await hit(a, url, body, ip)
        expect(limited.statusCode, url).toBe(429)
        expect(limited.headers['retry-after'], url).toBeDefined()
      }
    })

    it('keys the login limit on the account as sign-in identifies it (NFC, IDNA), not on the typed string', async () => {
      const ip = '192.0.2.60'
      const spellings = [
        'agent@example.test',
        ' Agent@EXAMPLE.test ',
        'agent@ｅｘａｍｐｌｅ.test', // full-width domain: IDNA maps it to example.test
        'AGENT@Ｅｘａｍｐｌｅ.ＴＥＳＴ',
        'agent@example.test',
      ]
      for (let i = 0; i < 10; i++) {
        const res = await hit(
          i % 2 ? b : a,
          '/auth/login',
          { email: spellings[i % spellings.length], password: 'wrong-password' },
          ip,
        )
        expect(res.statusCode, `attempt ${i + 1}`).toBe(422)
      }
      for (const email of spellings) {
        expect((await hit(a, '/auth/login', { email, password: 'wrong-password' }, ip)).statusCode, email).toBe(429)
      }
      const idn = 'ana@bücher.test'
      for (let i = 0; i < 10; i++)
        await hit(a, '/auth/login', { email: i % 2 ? idn : 'ana@xn--bcher-kva.test', password: 'x-password' }, ip)
      expect((await hit(b, '/auth/login', { email: 'ANA@BU\u0308CHER.test', password: 'x-password' }, ip)).statusCode).toBe(429)
    })

    it('stops password spraying: 100 e-mails from one address get 429 after 60 attempts', async () => {
      const ip = '192.0.2.70'
      const statuses: number[] = []
      for (let i = 0; i < 100; i++) {
        const res = await hit(i % 2 ? b : a, '/auth/login', { email: `spray${i}@example.test`, password: 'Password1!' }, ip)
        statuses.push(res.statusCode)
      }
      expect(statuses.slice(0, 60).every((s) => s === 422)).toBe(true)
      expect(statuses.slice(60).every((s) => s === 429)).toBe(true)
      // Another address is not affected.
      expect(
        (await hit(a, '/auth/login', { email: 'spray0@example.test', password: 'Password1!' }, '192.0.2.71')).statusCode,
      ).toBe(422)
    })

    it.each(['/auth/forgot', '/auth/resend_activation', '/auth/register'])(
      '%s is limited per address across e-mails and per account across addresses',
      async (url) => {
        const tag = url.split('/').pop()!
        const body = (email: string) =>
          url === '/auth/register'
            ? { companies: 'Acme', name: 'Ana', email, password: 'abcdefgh', password_confirmation: 'abcdefgh' }
            : { email }
        // One address, many e-mails: the sixth call is refused.
        const ip = url === '/auth/forgot' ? '192.0.2.80' : url === '/auth/register' ? '192.0.2.81' : '192.0.2.82'
        for (let i = 0; i < 5; i++)
          expect((await hit(i % 2 ? b : a, url, body(`${tag}-many${i}@example.test`), ip)).statusCode).toBeLessThan(429)
        expect((await hit(a, url, body(`${tag}-many9@example.test`), ip)).statusCode).toBe(429)
        // One account from many addresses, spelled differently: the sixth call is refused.
        const spellings = [`${tag}-target@example.test`, `${tag.toUpperCase()}-Target@ｅｘａｍｐｌｅ.test`]
        for (let i = 0; i < 5; i++)
          expect(
            (await hit(i % 2 ? b : a, url, body(spellings[i % 2]!), `198.51.100.${10 + i}`)).statusCode,
            `#${i + 1}`,
          ).toBeLessThan(429)
        const limited = await hit(b, url, body(spellings[1]!), '198.51.100.99')
        expect(limited.statusCode).toBe(429)
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(120)
      },
    )

    it('does not limit me, logout or change_password', async () => {
      for (let i = 0; i < 15; i++)
        expect((await a.app.inject({ url: '/api/v1/auth/me', remoteAddress: '192.0.2.40' })).statusCode).toBe(401)
    })
  })
}

limitSuite('memory')
limitSuite('redis')

describe('rate limits when Redis is unreachable', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}:` })
  })
  afterAll(() => t.close())

  it('lets sign-in work (the limits are skipped) rather than failing every request', async () => {
    const res = await hit(t, '/auth/login', { email: 'someone@example.test', password: 'wrong-password' }, '192.0.2.50')
    expect(res.statusCode).toBe(422)
  })
})
