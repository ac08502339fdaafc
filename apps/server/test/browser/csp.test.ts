import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBrowserEnv, type BrowserEnv } from './harness.js'
import { settle, TILE_URL, trackNetwork, watchCsp } from './page.js'

/**
 * The Content-Security-Policy (issue 12, fix 5) against the built app in real
 * Chromium: every public page raises no violation. A control proves the
 * listener sees violations: an inline script and an image from an unknown host
 * are reported, a map tile from MAP_TILE_URL's host is not. Every screen the
 * side menu offers, with its create dialog, is checked by the screens walks
 * (screens-walk.ts) with the same listener, on the demo company's data.
 */
const CLIENT_ID = 'csp-test.apps.googleusercontent.com'
const GSI_STUB = `window.google = { accounts: { id: { initialize() {}, renderButton(el) {
  const b = document.createElement('button'); b.type = 'button'; b.textContent = 'Google (stub)'; el.appendChild(b) } } } }`

let env: BrowserEnv
let google: BrowserEnv

beforeAll(async () => {
  env = await startBrowserEnv({ env: { MAP_TILE_URL: TILE_URL } })
  google = await startBrowserEnv({ env: { GOOGLE_CLIENT_ID: CLIENT_ID } })
})
afterAll(async () => {
  await env?.close()
  await google?.close()
})

/** A network-tracked page that records every CSP violation. */
async function watchedPage(e: BrowserEnv): Promise<{ page: Page; violations: string[] }> {
  const page = trackNetwork(await e.newPage())
  const violations = await watchCsp(page)
  await page.route('https://accounts.google.com/gsi/client', (r) => r.fulfill({ contentType: 'text/javascript', body: GSI_STUB }))
  return { page, violations }
}

describe('content security policy in the browser', () => {
  it('the public pages raise no violation', async () => {
    const { page, violations } = await watchedPage(env)
    for (const url of ['/', '/login', '/register', '/forgot', '/reset?token=abc', '/activation?token=abc', '/no-such-page']) {
      await page.goto(url)
      await page.locator('#root :not(style)').first().waitFor()
      await settle(page)
    }
    expect(violations).toEqual([])
  })

  it('allows map tiles from the MAP_TILE_URL host and reports what the policy refuses', async () => {
    const { page, violations } = await watchedPage(env)
    await page.goto('/login')
    await settle(page)
    const loaded = await page.evaluate(`new Promise((resolve) => {
      const img = new Image()
      img.onload = () => resolve(true)
      img.onerror = () => resolve(false)
      img.src = 'https://a.tiles.example.test/1/0/0.png'
    })`)
    expect(loaded).toBe(true)
    expect(violations).toEqual([])
    // The control: the listener does see what the policy blocks.
    await page.evaluate(`{
      const img = document.createElement('img')
      img.src = 'https://elsewhere.example.test/x.png'
      document.body.appendChild(img)
      const s = document.createElement('script')
      s.textContent = 'window.__inline = 1'
      document.body.appendChild(s)
    }`)
    await expect.poll(() => violations.some((v) => v.includes('img-src') && v.includes('elsewhere.example.test'))).toBe(true)
    await expect.poll(() => violations.some((v) => v.includes('script-src'))).toBe(true)
    expect(await page.evaluate('window.__inline')).toBeUndefined()
  })

  it("with GOOGLE_CLIENT_ID, Google's sign-in script loads on the sign-in and register pages without violation", async () => {
    const { page, violations } = await watchedPage(google)
    for (const url of ['/login', '/register']) {
      await page.goto(url)
      await page.getByRole('button', { name: 'Google (stub)' }).waitFor()
      await settle(page)
    }
    expect(violations).toEqual([])
  })
})
