/**
 * Security headers (issue 12, fix 5): a Content-Security-Policy without inline
 * script, frame-ancestors 'none', Referrer-Policy, Permissions-Policy on every
 * answer; Google's script and the tile host only when configured; HSTS only for
 * https requests through a trusted proxy. The browser side (no violation on any
 * screen) is test/browser/csp.test.ts.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { tileSource } from '../../src/plugins/security-headers.js'
import { createCompany } from '../helpers/fixtures.js'
import { buildTestApp, type TestApp } from '../helpers/app.js'

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-dist-'))
fs.writeFileSync(path.join(dist, 'index.html'), '<html><head><!--APP_CONFIG--></head><body>app</body></html>')
const opened: TestApp[] = []
async function app(env: Record<string, string> = {}) {
  const t = await buildTestApp({ WEB_DIST: dist, ...env })
  opened.push(t)
  return t.app
}
afterAll(async () => {
  for (const t of opened) await t.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

/** The policy as a map of directive -> sources. */
function csp(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string')
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  )
}

describe('security headers', () => {
  it('every kind of answer carries the policy and the other headers', async () => {
    const a = await app()
    for (const url of ['/', '/login', '/api/v1/auth/me', '/api/v1/nowhere', '/healthz', '/api/docs']) {
      const res = await a.inject(url)
      const policy = csp(res.headers['content-security-policy'])
      expect(policy['frame-ancestors'], url).toEqual(["'none'"])
      expect(policy['script-src'], url).toEqual(["'self'"])
      expect(policy['object-src'], url).toEqual(["'none'"])
      expect(policy['base-uri'], url).toEqual(["'self'"])
      expect(policy['script-src-attr'], url).toEqual(["'none'"])
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
      expect(res.headers['permissions-policy'], url).toContain('camera=()')
      expect(res.headers['x-frame-options'], url).toBe('DENY')
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['strict-transport-security'], url).toBeUndefined()
    }
  })

  it('API answers holding company data are never cached (issue 31)', { timeout: 90_000 }, async () => {
    const a = await app()
    const { owner } = await createCompany(a)
    for (const url of ['/api/v1/auth/me', '/api/v1/hotels', '/api/v1/nowhere']) {
      const res = await a.inject({ url, headers: owner.headers })
      expect(res.headers['cache-control'], url).toBe('no-store')
    }
  })

  it('the page carries its config as JSON data, not as an inline script', async () => {
    const res = await (await app()).inject('/login')
    expect(res.body).toMatch(/<script type="application\/json" id="app-config">\{/)
    expect(res.body).not.toMatch(/<script>/)
  })

  it('allows the tile host of MAP_TILE_URL for images, and Google only when GOOGLE_CLIENT_ID is set', async () => {
    const plain = csp(
      (await (await app({ MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' })).inject('/')).headers[
        'content-security-policy'
      ],
    )
    expect(plain['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.tiles.example.org'])
    expect(JSON.stringify(plain)).not.toContain('google')
    expect(plain['frame-src']).toEqual(["'none'"])

    const google = csp(
      (await (await app({ GOOGLE_CLIENT_ID: 'x.apps.googleusercontent.com' })).inject('/')).headers['content-security-policy'],
    )
    expect(google['script-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/client'])
    expect(google['frame-src']).toEqual(['https://accounts.google.com/gsi/'])
    expect(google['connect-src']).toContain('https://accounts.google.com/gsi/')
    expect(google['style-src']).toContain('https://accounts.google.com/gsi/style')
    expect(google['img-src']).toContain('https://tile.openstreetmap.org')
  })

  it('reads the tile host from the template and ignores what is not a host', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org')
    expect(tileSource('http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8080')
    expect(tileSource('https://{s}.basemaps.example.com/{z}/{x}/{y}{r}.png')).toBe('https://*.basemaps.example.com')
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeUndefined()
    expect(tileSource("https://evil.example; script-src 'unsafe-inline'/x")).toBeUndefined()
    expect(tileSource('javascript:alert(1)')).toBeUndefined()
  })

  it('sends HSTS only for https through a trusted proxy', async () => {
    const trusted = await app({ TRUST_PROXY: 'true' })
    const https = await trusted.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } })
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    expect(
      (await trusted.inject({ url: '/', headers: { 'x-forwarded-proto': 'http' } })).headers['strict-transport-security'],
    ).toBeUndefined()
    expect((await trusted.inject('/')).headers['strict-transport-security']).toBeUndefined()

    const untrusted = await app()
    const spoofed = await untrusted.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } })
    expect(spoofed.headers['strict-transport-security']).toBeUndefined()
  })
})
