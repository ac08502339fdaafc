import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createCompany } from '../../../test/helpers/fixtures.js'

const CLIENT_ID = 'test-client.apps.googleusercontent.com'
let t: TestApp
let jwks: http.Server
let privateKey: CryptoKey
let strangerKey: CryptoKey
let jwksHits = 0

beforeAll(async () => {
  // Our own "Google": a key pair made here and its public half served as a JWKS on 127.0.0.1.
  const pair = await generateKeyPair('RS256')
  privateKey = pair.privateKey
  strangerKey = (await generateKeyPair('RS256')).privateKey
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
  jwks = http.createServer((_req, res) => {
    jwksHits++
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ keys: [jwk] }))
  })
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/oauth2/v3/certs`
  t = await buildTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: url })
})
afterAll(async () => {
  await t.close()
  await new Promise((resolve) => jwks.close(resolve))
})

let ip = 0
const post = (url: string, body: unknown, locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: body as object,
    remoteAddress: `10.9.0.${++ip}`,
    headers: { 'x-localization': locale },
  })

interface Claims {
  email?: string
  email_verified?: boolean
  name?: string
  sub?: string
  aud?: string
  iss?: string
  exp?: number
  key?: CryptoKey
  kid?: string
}
let subSeq = 0
function idToken(c: Claims = {}) {
  const now = Math.floor(Date.now() / 1000)
  const payload: Record<string, unknown> = {
    email: c.email ?? `google.${Date.now()}.${++subSeq}@gmail.test`,
    email_verified: c.email_verified ?? true,
    name: c.name ?? 'Dewi Lestari',
  }
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: c.kid ?? 'test-key', typ: 'JWT' })
    .setSubject(c.sub ?? `google-sub-${++subSeq}`)
    .setAudience(c.aud ?? CLIENT_ID)
    .setIssuer(c.iss ?? 'https://accounts.google.com')
    .setIssuedAt(now - 10)
    .setExpirationTime(c.exp ?? now + 3600)
    .sign(c.key ?? privateKey)
}

describe('Google sign-in', () => {
  it('asks for a company name for a new email, then creates the company and signs in', async () => {
    const email = `new.${Date.now()}@gmail.test`
    const credential = await idToken({ email: email.toUpperCase(), sub: 'sub-new-1' })
    const first = await post('/auth/google_login', { credential })
    expect(first.statusCode).toBe(200)
    expect(first.json().data).toEqual({ signup_required: true, email, name: 'Dewi Lestari' })
    expect(first.headers['set-cookie']).toBeUndefined()

    const missing = await post('/auth/complete_signup', { credential })
    expect(missing.statusCode).toBe(422)
    expect(missing.json().errors).toEqual({ companies: ['Company Name is Required'] })

    const done = await post('/auth/complete_signup', { credential, companies: 'Dewi Travel' }, 'id')
    expect(done.statusCode).toBe(200)
    const token = done.json().data.token as string
    expect(String(done.headers['set-cookie'])).toMatch(/token=.*HttpOnly.*SameSite=Strict/i)
    const me = await t.app.inject({ url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } })
    expect(me.json().data).toMatchObject({
      email,
      name: 'Dewi Lestari',
      role_name: 'owner',
      locale: 'id',
      company: { name: 'Dewi Travel' },
    })
    const row = (await t.app.db.execute(
      sql`SELECT status, google_sub, password_hash FROM users WHERE email = ${email}`,
    )) as unknown as {
      rows: Array<{ status: string; google_sub: string; password_hash: string | null }>
    }
    expect(row.rows[0]).toEqual({ status: 'active', google_sub: 'sub-new-1', password_hash: null })

    // The same token again: the email is taken now.
    const again = await post('/auth/complete_signup', { credential, companies: 'Second Co' })
    expect(again.statusCode).toBe(409)
    // And a Google login now signs in directly.
    const login = await post('/auth/google_login', { credential })
    expect(login.statusCode).toBe(200)
    expect(login.json().data.token).toEqual(expect.any(String))
    // Without a password, the password form cannot sign in to this account.
    expect((await post('/auth/login', { email, password: 'anything-long' })).statusCode).toBe(422)
  })

  it('signs an existing user in, links the Google account, and activates a pending one', async () => {
    const { owner } = await createCompany(t.app)
    const res = await post('/auth/google_login', { credential: await idToken({ email: owner.email, sub: 'sub-owner' }) })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.token).toEqual(expect.any(String))
    // Another Google account claiming the same email is refused.
    const other = await post('/auth/google_login', { credential: await idToken({ email: owner.email, sub: 'sub-intruder' }) })
    expect(other.statusCode).toBe(422)

    const { owner: pendingOwner } = await createCompany(t.app)
    await t.app.db.execute(sql`UPDATE users SET status = 'pending' WHERE id = ${pendingOwner.userId}`)
    expect((await post('/auth/google_login', { credential: await idToken({ email: pendingOwner.email }) })).statusCode).toBe(200)
    const st = (await t.app.db.execute(sql`SELECT status FROM users WHERE id = ${pendingOwner.userId}`)) as unknown as {
      rows: Array<{ status: string }>
    }
    expect(st.rows[0]!.status).toBe('active')
  })

  it('refuses a blocked user with 403', async () => {
    const { owner } = await createCompany(t.app)
    await t.app.db.execute(sql`UPDATE users SET status = 'blocked' WHERE id = ${owner.userId}`)
    const res = await post('/auth/google_login', { credential: await idToken({ email: owner.email }) })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toMatch(/blocked/)
  })

  it.each([
    ['another audience', { aud: 'someone-else.apps.googleusercontent.com' }],
    ['another issuer', { iss: 'https://evil.example' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 3600 }],
    ['a signature by another key', { key: undefined as unknown as CryptoKey }],
    ['an unknown key id', { kid: 'no-such-key' }],
    ['an unverified email', { email_verified: false }],
  ] as Array<[string, Claims]>)('refuses %s with 422', async (label, claims) => {
    const c = label.startsWith('a signature') ? { ...claims, key: strangerKey } : claims
    const res = await post('/auth/google_login', { credential: await idToken(c) })
    expect(res.statusCode, label).toBe(422)
    expect(Object.keys(res.json().errors)).toEqual(['credential'])
  })

  it('refuses garbage, an unsigned token and a 10 kB credential without a 500', async () => {
    for (const credential of [
      'not-a-jwt',
      'a.b.c',
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.`,
    ]) {
      const res = await post('/auth/google_login', { credential })
      expect(res.statusCode, credential).toBe(422)
    }
    expect((await post('/auth/google_login', { credential: 'x'.repeat(10_240) })).statusCode).toBe(422)
    expect((await post('/auth/google_login', {})).json().errors).toEqual({ credential: ['Google Credential is Required'] })
  })

  it('fetched the keys from the configured endpoint', () => {
    expect(jwksHits).toBeGreaterThan(0)
  })
})

describe('Google sign-in with its keys out of reach', () => {
  let down: TestApp
  beforeAll(async () => {
    down = await buildTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: 'http://127.0.0.1:1/certs' })
  })
  afterAll(() => down.close())

  it('answers 503, not a 500 and not "invalid token"', async () => {
    const res = await down.app.inject({
      method: 'POST',
      url: '/api/v1/auth/google_login',
      payload: { credential: await idToken() },
    })
    expect(res.statusCode).toBe(503)
    expect(res.json().message).toMatch(/unavailable/)
  })
})
