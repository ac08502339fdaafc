import path from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import type { Database } from '../src/db/client.js'
import { openTestDatabase } from './helpers/app.js'
import { createCompany } from './helpers/fixtures.js'

/**
 * The access log (one line per request, app.ts `AccessLog`) names the request and its answer but never
 * the headers that carry a session's token: neither the bearer header nor the cookie a request sends, nor
 * the cookie a sign-in sets. No `redact` option guards this: the lines' serializers write no header.
 */
let app: FastifyInstance
let database: Database
let drop: () => Promise<void>
const lines: string[] = []

beforeAll(async () => {
  const opened = await openTestDatabase()
  database = opened.database
  drop = opened.drop
  const config = loadConfig({
    DATA_DIR: opened.dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    WEB_DIST: path.join(opened.dataDir, 'no-web'),
  })
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  // A route that logs through its request's logger, as a failing write or a warning does.
  const probe: FastifyPluginAsync = async (api) => {
    api.get('/log-probe', { config: { access: 'public' } }, async (req) => {
      req.log.warn({ probe: 1 }, 'probe logged')
      return { data: 'ok' }
    })
  }
  app = await buildApp({ config, database, logger: { stream }, modules: [probe] })
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  await database?.close()
  await drop?.()
})

describe('access log', () => {
  it('logs each request once, without its token, cookie or the cookie it sets', async () => {
    const password = 'password123'
    const { owner } = await createCompany(app, { password })
    const cookieToken = 'cookie-token-that-must-not-be-logged'
    lines.length = 0

    const read = await app.inject({
      method: 'GET',
      url: '/api/v1/categories?page=0&size=1',
      headers: { ...owner.headers, cookie: `token=${cookieToken}` },
    })
    expect(read.statusCode).toBe(200)
    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: owner.email, password } })
    expect(login.statusCode).toBe(200)
    const setCookie = String(login.headers['set-cookie'])
    const issued = (login.json() as { data: { token: string } }).data.token
    expect(setCookie).toContain(issued)

    type Line = { msg?: string; reqId?: string; req: { method: string; url: string }; res: { statusCode: number } }
    const access = lines.map((l) => JSON.parse(l) as Line).filter((l) => l.msg === 'request completed')
    expect(access.map((l) => [l.req.method, l.req.url, l.res.statusCode])).toEqual([
      ['GET', '/api/v1/categories?page=0&size=1', 200],
      ['POST', '/api/v1/auth/login', 200],
    ])
    // Each line names its request by the id the answer carries (written without a child logger per request).
    expect(access.map((l) => l.reqId)).toEqual([read.headers['x-request-id'], login.headers['x-request-id']])
    const all = lines.join('\n')
    for (const secret of [owner.token, cookieToken, issued]) expect(all).not.toContain(secret)
    expect(all).not.toMatch(/authorization|set-cookie|"cookie"/i)
  })

  it('names the request once in each of its lines, whether or not the request logged through its own logger', async () => {
    lines.length = 0
    const res = await app.inject({ method: 'GET', url: '/api/v1/log-probe', headers: { 'x-request-id': 'probe-1' } })
    expect(res.statusCode).toBe(200)
    expect(lines).toHaveLength(2)
    const [warned, access] = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(warned).toMatchObject({ level: 40, reqId: 'probe-1', probe: 1, msg: 'probe logged' })
    expect(access).toMatchObject({ level: 30, reqId: 'probe-1', msg: 'request completed', res: { statusCode: 200 } })
    for (const line of lines) expect(line.match(/"reqId"/g)).toHaveLength(1)
  })
})
