import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_WEB_DIST } from '../../src/app.js'
import { startBrowserEnv, type BrowserEnv } from './harness.js'

/**
 * Google sign-in in the browser with GOOGLE_CLIENT_ID set. Google's script is
 * replaced by a stand-in that hands the page an ID token signed by a key made
 * here, whose public half the server fetches from a JWKS endpoint on 127.0.0.1.
 */
const CLIENT_ID = 'browser-test.apps.googleusercontent.com'
let env: BrowserEnv
let jwks: http.Server
let webCopy: string
let credential: string
const email = `google.browser.${Date.now()}@gmail.test`

const GSI_STUB = `window.google = { accounts: { id: {
  initialize(o) { window.__gsi = o },
  renderButton(el) {
    const b = document.createElement('button'); b.type = 'button'; b.textContent = 'Sign in with Google (test)';
    b.onclick = () => window.__gsi.callback({ credential: window.__testCredential }); el.appendChild(b)
  } } } }`

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('RS256')
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }
  jwks = http.createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [jwk] })))
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve))
  credential = await new SignJWT({ email, email_verified: true, name: 'Rina Google' })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setSubject('google-browser-sub')
    .setAudience(CLIENT_ID)
    .setIssuer('https://accounts.google.com')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey)
  webCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-web-'))
  fs.cpSync(DEFAULT_WEB_DIST, webCopy, { recursive: true })
  env = await startBrowserEnv({
    env: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/certs`,
      WEB_DIST: webCopy,
    },
  })
})
afterAll(async () => {
  await env?.close()
  await new Promise((resolve) => jwks.close(resolve))
  fs.rmSync(webCopy, { recursive: true, force: true })
})

describe('Google sign-in', () => {
  it('asks a new Google user for a company name, then signs in; the next time signs in directly', async () => {
    const page = await env.newPage()
    await page.route('https://accounts.google.com/gsi/client', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: GSI_STUB }),
    )
    await page.addInitScript((c) => ((globalThis as unknown as { __testCredential: string }).__testCredential = c), credential)
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign in with Google (test)' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create Your Company' })
    await dialog.getByText(email).waitFor()
    await env.screenshot(page, 'google-01-company-name', 400) // after the modal's opening transition
    await dialog.getByRole('button', { name: 'Create Company and Sign In' }).click()
    await dialog.getByText('Company Name is Required').waitFor()
    await dialog.getByLabel(/^Company Name( \*)?$/).fill('Rina Google Travel')
    await dialog.getByRole('button', { name: 'Create Company and Sign In' }).click()
    await page.waitForURL(/\/app$/)
    await page.getByText('Rina Google Travel').first().waitFor()
    await env.screenshot(page, 'google-02-signed-in')

    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await page.waitForURL((u) => u.pathname === '/')
    await page.getByRole('button', { name: 'Sign in with Google (test)' }).click()
    await page.waitForURL(/\/app$/)
    expect(await page.getByRole('dialog').count()).toBe(0)
  })
})
