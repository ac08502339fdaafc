import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FastifyPluginAsync } from 'fastify'
import { buildTestApp, type TestApp } from './helpers/app.js'

/*
 * What goes over the wire: API answers above 1 KiB compressed on the fly
 * (brotli or gzip, as accepted); the built web assets sent as the .br/.gz
 * files made at build time; small answers and clients that accept nothing as is.
 */
const big = { data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Row number ${i}`, slug: `row-${i}` })) }
// A 366-day calendar write answers ~40 KB; an export of 10,000 rows several MB.
const year = {
  data: Array.from({ length: 366 }, (_, i) => ({ id: 100_000 + i, room_id: 7, day: i, price: 950.5, capacity: 15 })),
}
const huge = { data: Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `Row number ${i}`, note: 'x'.repeat(20) })) }
const probe: FastifyPluginAsync = async (api) => {
  api.get('/compression-probe', { config: { access: 'public' } }, async () => big)
  api.get('/compression-probe/year', { config: { access: 'public' } }, async () => year)
  api.get('/compression-probe/huge', { config: { access: 'public' } }, async () => huge)
}

const web = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-web-'))
const asset = 'console.log("a built asset");\n'.repeat(100)
fs.mkdirSync(path.join(web, 'assets'))
fs.writeFileSync(
  path.join(web, 'index.html'),
  '<!doctype html><html lang="en"><head><!--APP_CONFIG--></head><body></body></html>',
)
// The build's manifest names the chunk of each language's public texts (src/i18n/bundles/<lang>.ts).
fs.mkdirSync(path.join(web, '.vite'))
fs.writeFileSync(
  path.join(web, '.vite/manifest.json'),
  JSON.stringify({
    'src/main.tsx': { file: 'assets/index-e1.js', src: 'src/main.tsx', isEntry: true },
    'src/i18n/bundles/en.ts': { file: 'assets/en-aa11.js', src: 'src/i18n/bundles/en.ts', isDynamicEntry: true },
    'src/i18n/bundles/id.ts': { file: 'assets/id-bb22.js', src: 'src/i18n/bundles/id.ts', isDynamicEntry: true },
    'src/i18n/bundles/app-id.ts': { file: 'assets/app-id-cc33.js', src: 'src/i18n/bundles/app-id.ts' },
  }),
)
fs.writeFileSync(path.join(web, 'assets/app-abc123.js'), asset)
// Markers, so the test can tell the build's files from a compression done per request.
fs.writeFileSync(path.join(web, 'assets/app-abc123.js.br'), zlib.brotliCompressSync('/* from .br */' + asset))
fs.writeFileSync(path.join(web, 'assets/app-abc123.js.gz'), zlib.gzipSync('/* from .gz */' + asset))

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST: web }, [probe])
})
afterAll(async () => {
  await t?.close()
  fs.rmSync(web, { recursive: true, force: true })
})

describe('API answers', () => {
  it('are sent brotli-compressed above 1 KiB when the client accepts br', async () => {
    const res = await t.app.inject({ url: '/api/v1/compression-probe', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 3)
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString())).toEqual(big)
  })

  it('are gzip-compressed for a client that accepts only gzip', async () => {
    const res = await t.app.inject({ url: '/api/v1/compression-probe', headers: { 'accept-encoding': 'gzip' } })
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString())).toEqual(big)
  })

  it('go out as they are to a client that accepts no encoding, and below 1 KiB', async () => {
    const plain = await t.app.inject({ url: '/api/v1/compression-probe' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.json()).toEqual(big)
    const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br' } })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json().status).toBe('ok')
  })

  it('are compressed in one call up to 64 KiB (no zlib stream kept per answer), through a stream above', async () => {
    expect(JSON.stringify(year).length).toBeGreaterThan(20_000)
    expect(JSON.stringify(huge).length).toBeGreaterThan(64 * 1024)
    const streams = vi.spyOn(zlib, 'createBrotliCompress')
    try {
      const res = await t.app.inject({ url: '/api/v1/compression-probe/year', headers: { 'accept-encoding': 'br' } })
      expect(res.headers['content-encoding']).toBe('br')
      expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString())).toEqual(year)
      expect(streams).not.toHaveBeenCalled()
      const large = await t.app.inject({ url: '/api/v1/compression-probe/huge', headers: { 'accept-encoding': 'br' } })
      expect(JSON.parse(zlib.brotliDecompressSync(large.rawPayload).toString())).toEqual(huge)
      expect(streams).toHaveBeenCalledTimes(1)
    } finally {
      streams.mockRestore()
    }
  })

  it('compress error answers too (a 404 in Indonesian stays readable)', async () => {
    const res = await t.app.inject({
      url: `/api/v1/${'x'.repeat(150)}`,
      headers: { 'accept-encoding': 'gzip', 'x-localization': 'id' },
    })
    expect(res.statusCode).toBe(404)
    const body = res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(res.rawPayload).toString() : res.body
    expect(JSON.parse(body).message).toMatch(/tidak ditemukan/)
  })
})

describe('built web assets', () => {
  it('are the .br file of the build for a browser that accepts brotli', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe('/* from .br */' + asset)
  })

  it('are the .gz file of the build for a browser that accepts only gzip', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } })
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe('/* from .gz */' + asset)
  })

  it('are the plain file otherwise', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js' })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe(asset)
  })

  it('still answer a deep link with index.html', async () => {
    const res = await t.app.inject({ url: '/app/users', headers: { 'accept-encoding': 'br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    // Compressed too, though it comes from the not-found handler that @fastify/compress does not reach.
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('id="app-config"')
    const gz = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip, deflate' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('id="app-config"')
    const plain = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toContain('id="app-config"')
  })
})

describe('index.html', () => {
  it("preloads the reader's language: the default one, or the one the locale cookie names, with <html lang>", async () => {
    const plain = await t.app.inject({ url: '/login' })
    expect(plain.body).toContain('<link rel="modulepreload" crossorigin href="/assets/en-aa11.js">')
    expect(plain.body).toContain('<html lang="en"')
    expect(plain.body).not.toContain('id-bb22')
    expect(plain.headers.vary).toMatch(/cookie/i)
    const id = await t.app.inject({ url: '/login', headers: { cookie: 'locale=id' } })
    expect(id.body).toContain('<link rel="modulepreload" crossorigin href="/assets/id-bb22.js">')
    expect(id.body).toContain('<html lang="id"')
    expect(id.body).not.toContain('en-aa11')
    expect(id.body).not.toContain('app-id-cc33')
    // An unknown language in the cookie is the default's page.
    const other = await t.app.inject({ url: '/app', headers: { cookie: 'locale=fr' } })
    expect(other.body).toContain('/assets/en-aa11.js')
  })
})
