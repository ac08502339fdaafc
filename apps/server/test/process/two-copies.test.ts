/**
 * Two copies of the server (issue 12): two processes on one PostgreSQL
 * database and one Redis, behind no balancer. A session made on one works on
 * the other, a rate limit spent on one holds on the other, a row written on one
 * is read on the other, and a sign-out on one ends the session on both. Runs
 * on PostgreSQL (a PGlite folder has one owner process) with a Redis; without
 * one it is skipped and says so, unless REQUIRE_REDIS=1.
 */
import { randomBytes } from 'node:crypto'
import net from 'node:net'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/db/client.js'
import { createCompany } from '../helpers/fixtures.js'
import { processDatabase, startServer, type ProcessDatabase, type ServerProcess } from '../helpers/server-process.js'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
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
const onPostgres = process.env.TEST_DB === 'pg' && !!process.env.TEST_DATABASE_URL
const skip = !onPostgres || (!redisUp && process.env.REQUIRE_REDIS !== '1')
if (onPostgres && !redisUp) console.warn(`No Redis at ${REDIS_URL}: the two-copies suite is skipped.`)

const PASSWORD = 'two-copies-pass-1'
const prefix = `test-${randomBytes(6).toString('hex')}:`
let db: ProcessDatabase
let a: ServerProcess
let b: ServerProcess
let email: string

beforeAll(async () => {
  if (skip) return
  db = await processDatabase()
  const database = openDatabase({ url: (db.target as { url: string }).url, poolSize: 2 })
  email = (await createCompany({ db: database.db } as unknown as FastifyInstance, { password: PASSWORD })).owner.email
  await database.close()
  const opts = { database: db.target, dataDir: db.dataDir, redisUrl: REDIS_URL, env: { REDIS_PREFIX: prefix } }
  ;[a, b] = await Promise.all([startServer(opts), startServer(opts)])
}, 180_000)
afterAll(async () => {
  await a?.stop()
  await b?.stop()
  await db?.drop()
  if (!skip) {
    const redis = new Redis(REDIS_URL)
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length) await redis.del(...keys)
    await redis.quit()
  }
})

function call(s: ServerProcess, path: string, init: { token?: string; method?: string; body?: unknown } = {}) {
  return fetch(`${s.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  })
}

describe.skipIf(skip)('two copies on one PostgreSQL and one Redis', () => {
  let token: string

  it('a session made on one copy works on the other', async () => {
    const login = await call(a, '/auth/login', { method: 'POST', body: { email, password: PASSWORD } })
    expect(login.status).toBe(200)
    token = ((await login.json()) as { data: { token: string } }).data.token
    const me = await call(b, '/auth/me', { token })
    expect(me.status).toBe(200)
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(email)
  })

  it('a row written on one copy is read on the other', async () => {
    const tag = randomBytes(3).toString('hex')
    const name = `Copy ${tag}`
    const created = await call(a, '/categories', {
      token,
      method: 'POST',
      body: { name, slug: `copy-${tag}`, description: 'Written on copy A', is_active: true },
    })
    expect(created.status, await created.clone().text()).toBe(200)
    const id = ((await created.json()) as { data: { id: number } }).data.id
    const read = await call(b, `/categories/${id}`, { token })
    expect(read.status).toBe(200)
    expect(((await read.json()) as { data: { name: string } }).data.name).toBe(name)
  })

  it('a rate limit spent on one copy holds on the other', async () => {
    const target = `limit-${randomBytes(3).toString('hex')}@example.test`
    for (let i = 0; i < 10; i++) {
      const res = await call(a, '/auth/login', { method: 'POST', body: { email: target, password: 'wrong-password' } })
      expect(res.status, `attempt ${i + 1}`).toBe(422)
    }
    const limited = await call(b, '/auth/login', {
      method: 'POST',
      body: { email: target.toUpperCase(), password: 'wrong-password' },
    })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('a sign-out on one copy ends the session on both', async () => {
    expect((await call(b, '/auth/me', { token })).status).toBe(200)
    expect((await call(a, '/auth/logout', { token, method: 'POST' })).status).toBe(200)
    expect((await call(a, '/auth/me', { token })).status).toBe(401)
    expect((await call(b, '/auth/me', { token })).status).toBe(401)
  })
})
