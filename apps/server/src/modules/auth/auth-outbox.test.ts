import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { parseMail, linkIn } from '../../../test/helpers/mail-server.js'

// No SMTP_URL: mails become .eml files in DATA_DIR/outbox (the offline default), and a proxy says HTTPS.
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true', APP_URL: 'https://backoffice.example' })
})
afterAll(() => t.close())

const outbox = () => path.join(t.config.dataDir, 'outbox')

/** The whole mails in the outbox (a mail being written is a `.part` until it is renamed). */
const mails = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).filter((f) => f.endsWith('.eml')) : [])

async function waitForFiles(n: number) {
  await expect.poll(() => mails().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(n)
  return mails()
    .sort()
    .map((f) => path.join(outbox(), f))
}

describe('mail without SMTP_URL', () => {
  it('writes the activation mail, text and HTML, to DATA_DIR/outbox', async () => {
    const email = `outbox.${Date.now()}@example.test`
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        companies: 'Offline Tours',
        name: 'Rudi',
        email,
        password: 'secret-pass-1',
        password_confirmation: 'secret-pass-1',
      },
    })
    expect(res.statusCode).toBe(200)
    const [file] = await waitForFiles(1)
    expect(file).toMatch(/\.eml$/)
    const m = parseMail(fs.readFileSync(file!, 'utf8'))
    expect(m.headers.to).toContain(email)
    expect(m.subject).toBe('Activate your Travel Back Office account')
    expect(m.html).toContain('<a href="https://backoffice.example/activation?')
    const link = linkIn(m)
    expect(link.origin).toBe('https://backoffice.example')
    const act = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/activation',
      payload: { token: link.searchParams.get('token'), email: link.searchParams.get('email') },
    })
    expect(act.statusCode).toBe(200)
  })
})

describe('behind an HTTPS proxy (TRUST_PROXY)', () => {
  it('marks the session cookie Secure', async () => {
    const email = `secure.${Date.now()}@example.test`
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        companies: 'Secure Tours',
        name: 'Ani',
        email,
        password: 'secret-pass-1',
        password_confirmation: 'secret-pass-1',
      },
    })
    await t.app.db.execute(sql`UPDATE users SET status = 'active' WHERE email = ${email}`)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'secret-pass-1' },
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(res.statusCode).toBe(200)
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/i)
  })
})
