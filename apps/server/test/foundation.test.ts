import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config.js'
import { buildTestApp, type TestApp } from './helpers/app.js'

let t: TestApp
let port = 0

function rawGet(pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method: 'GET' }, (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-dist-'))

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'))
  fs.writeFileSync(path.join(dist, 'index.html'), '<html><head><!--APP_CONFIG--></head><body>app</body></html>')
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>')
  t = await buildTestApp({ WEB_DIST: dist, DEFAULT_LOCALE: 'id' })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  port = (t.app.server.address() as AddressInfo).port
})
afterAll(async () => {
  await t.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

describe('health and docs', () => {
  it('answers /healthz when the database answers', async () => {
    const res = await t.app.inject('/healthz')
    expect(res.statusCode).toBe(200)
    expect(res.json().status).toBe('ok')
    expect(res.headers['x-request-id']).toEqual(expect.any(String))
  })

  it('serves the OpenAPI document and its browser', async () => {
    const json = await t.app.inject('/api/docs/json')
    expect(json.statusCode).toBe(200)
    expect(json.json().openapi).toMatch(/^3\./)
    const ui = await t.app.inject('/api/docs')
    expect([200, 302]).toContain(ui.statusCode)
  })
})

describe('errors', () => {
  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.app.inject('/api/v1/no-such-thing')
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toMatch(/no-such-thing/)
  })

  it('speaks the default locale when no language is asked for', async () => {
    const res = await t.app.inject('/api/v1/no-such-thing')
    expect(res.json().message).toMatch(/tidak ditemukan/)
    const en = await t.app.inject({ url: '/api/v1/no-such-thing', headers: { 'x-localization': 'en' } })
    expect(en.json().message).toMatch(/not found/)
    const cookie = await t.app.inject({ url: '/api/v1/no-such-thing', headers: { cookie: 'locale=en' } })
    expect(cookie.json().message).toMatch(/not found/)
  })

  // Sent over a real socket: app.inject would normalize the path before the server saw it.
  it.each([
    '/app/../../etc/passwd',
    '/app/%2e%2e/%2e%2e/etc/passwd',
    '/assets/..%2f..%2fpackage.json',
    '/%00',
    '/assets/%2e%2e%5c%2e%2e%5cpackage.json',
  ])('refuses the path %s', async (url) => {
    const res = await rawGet(url)
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(res.body).not.toContain('root:')
    expect(res.body).not.toContain('"workspaces"')
  })
})

describe('serving the web app', () => {
  it('answers deep links with index.html carrying the app config', async () => {
    for (const url of ['/', '/login', '/app/users', '/app/rooms/5/availability']) {
      const res = await t.app.inject(url)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toContain('<script type="application/json" id="app-config">{"defaultLocale":"id"')
    }
  })

  it('caches hashed assets for a year and 404s missing ones', async () => {
    const res = await t.app.inject('/assets/index-abc123.js')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toContain('max-age=31536000')
    expect((await t.app.inject('/assets/missing-123.js')).statusCode).toBe(404)
    expect((await t.app.inject('/favicon.svg')).headers['cache-control']).toBe('no-cache')
  })
})

describe('configuration', () => {
  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
    expect(() => loadConfig({ DEFAULT_LOCALE: 'fr' })).toThrow(/DEFAULT_LOCALE/)
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/)
    expect(loadConfig({ DATABASE_POOL_SIZE: '8' }).DATABASE_POOL_SIZE).toBe(8)
  })

  it('has working defaults', () => {
    const c = loadConfig({})
    expect(c.PORT).toBe(3000)
    expect(c.DEFAULT_LOCALE).toBe('en')
    expect(c.DATABASE_POOL_SIZE).toBe(20)
    expect(c.appUrl).toBe('http://localhost:3000')
  })
})
