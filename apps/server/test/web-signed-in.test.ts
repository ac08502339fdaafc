import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from '../src/db/schema/index.js'
import { signedInAssets } from '../src/plugins/web-pages.js'
import { buildTestApp, type TestApp } from './helpers/app.js'
import { createCompany, type Actor } from './helpers/fixtures.js'

/*
 * A signed-in page (`/app/...` with the session cookie, issue 33 "Phone") arrives with what the app needs
 * before it can draw: the signed-in part's chunks, stylesheet and the reader's app texts preloaded, and the
 * answer of `GET /auth/session` in a JSON data block, so the screen does not wait two more round trips.
 */
const manifest = {
  'index.html': { file: 'assets/index-e1.js', src: 'index.html', isEntry: true, imports: ['_react-r1.js'] },
  '_react-r1.js': { file: 'assets/react-r1.js' },
  '_router-q1.js': { file: 'assets/router-q1.js', imports: ['_react-r1.js'] },
  'src/app/AppRoot.tsx': {
    file: 'assets/AppRoot-a1.js',
    src: 'src/app/AppRoot.tsx',
    isDynamicEntry: true,
    imports: ['_react-r1.js', '_router-q1.js', 'index.html'],
    css: ['assets/AppRoot-a1.css'],
  },
  'src/i18n/bundles/en.ts': { file: 'assets/en-aa11.js', src: 'src/i18n/bundles/en.ts', isDynamicEntry: true },
  'src/i18n/bundles/app-en.ts': { file: 'assets/app-en-cc33.js', src: 'src/i18n/bundles/app-en.ts', isDynamicEntry: true },
  'src/i18n/bundles/app-id.ts': { file: 'assets/app-id-dd44.js', src: 'src/i18n/bundles/app-id.ts', isDynamicEntry: true },
}

const web = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-web-'))
fs.mkdirSync(path.join(web, 'assets'))
fs.mkdirSync(path.join(web, '.vite'))
fs.writeFileSync(
  path.join(web, 'index.html'),
  '<!doctype html><html lang="en"><head><!--APP_CONFIG--><script type="module" src="/assets/index-e1.js"></script></head><body><div id="root"></div></body></html>',
)
fs.writeFileSync(path.join(web, '.vite/manifest.json'), JSON.stringify(manifest))

let t: TestApp
let owner: Actor
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST: web })
  owner = (await createCompany(t.app)).owner
})
afterAll(async () => {
  await t?.close()
  fs.rmSync(web, { recursive: true, force: true })
})

const page = (url: string, cookie?: string, encoding?: string) =>
  t.app.inject({ url, headers: { ...(cookie ? { cookie } : {}), ...(encoding ? { 'accept-encoding': encoding } : {}) } })
const embedded = (html: string) => {
  const m = html.match(/<script type="application\/json" id="app-session">(.*?)<\/script>/)
  return m ? (JSON.parse(m[1]!) as { data: { email: string; permissions: string[] } | null }) : undefined
}

describe('signed-in page', () => {
  it('names the chunks the signed-in part loads beyond the entry, its stylesheet and the app texts per language', () => {
    const assets = signedInAssets(manifest)
    expect(assets.js.sort()).toEqual(['assets/AppRoot-a1.js', 'assets/router-q1.js'])
    expect(assets.css).toEqual(['assets/AppRoot-a1.css'])
    expect(Object.fromEntries(assets.texts)).toEqual({ en: 'assets/app-en-cc33.js', id: 'assets/app-id-dd44.js' })
  })

  it('carries the session answer and the preloads with a session cookie, as the user’s own page', async () => {
    const res = await page('/app/hotels', `token=${owner.token}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const session = embedded(res.body)
    expect(session?.data?.email).toBe(owner.email)
    expect(session?.data?.permissions).toContain('hotel_list')
    // The same answer the app would have asked for.
    const asked = await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie: `token=${owner.token}` } })
    expect(session).toEqual(asked.json())
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/AppRoot-a1.js">')
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/router-q1.js">')
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/app-en-cc33.js">')
    expect(res.body).not.toContain('app-id-dd44.js')
    expect(res.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/AppRoot-a1.css">')
    // The entry's own chunk is in the page once.
    expect(res.body.match(/react-r1\.js/g) ?? []).toHaveLength(0)
    expect(res.body.match(/index-e1\.js/g)).toHaveLength(1)
  })

  it('preloads the texts of the reader’s language (the locale cookie)', async () => {
    const res = await page('/app', `token=${owner.token}; locale=id`)
    expect(res.body).toContain('<html lang="id"')
    expect(res.body).toContain('/assets/app-id-dd44.js')
    expect(res.body).not.toContain('app-en-cc33.js')
  })

  it('says "nobody" for a cookie of no session: the app goes to the sign-in page as before', async () => {
    const res = await page('/app', 'token=not-a-session')
    expect(embedded(res.body)).toEqual({ data: null })
  })

  it('is the shared page without a session cookie, and off /app', async () => {
    for (const [url, cookie] of [
      ['/app/hotels', undefined],
      ['/login', `token=${owner.token}`],
      ['/register', `token=${owner.token}`],
    ] as const) {
      const res = await page(url, cookie)
      expect(res.statusCode, url).toBe(200)
      expect(embedded(res.body), url).toBeUndefined()
      expect(res.body, url).not.toContain('AppRoot-a1.js')
      expect(res.headers['cache-control'], url).toBe('no-cache')
    }
  })

  it('is compressed as the browser accepts', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await page('/app', `token=${owner.token}`, encoding)
      expect(res.headers['content-encoding']).toBe(encoding)
      const html = (encoding === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload)).toString()
      expect(embedded(html)?.data?.email).toBe(owner.email)
    }
  })

  it('escapes what the answer holds so it cannot end the data block', async () => {
    await t.app.db.update(users).set({ name: '</script><script>alert(1)</script>' }).where(eq(users.id, owner.userId))
    const res = await page('/app', `token=${owner.token}`)
    expect(res.body).not.toContain('<script>alert(1)')
  })
})
