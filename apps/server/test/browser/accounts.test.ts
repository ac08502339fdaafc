import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_WEB_DIST } from '../../src/app.js'
import { startBrowserEnv, type BrowserEnv } from './harness.js'
import { linkIn, startMailServer, type MailServer } from '../helpers/mail-server.js'
import { field, notification, notificationSeen, recordNotifications } from './page.js'

/**
 * The account journey of issue 3 in real Chromium against the real server,
 * with a real SMTP server receiving the mails: register, activate from the
 * mailed link, sign in, switch to Indonesian, change the password, sign out,
 * sign in with the new password.
 */
let env: BrowserEnv
let mail: MailServer
let page: Page
let webCopy: string

const email = `Journey.${Date.now()}@Example.test`
const lower = email.toLowerCase()
const firstPassword = 'first-password-1'
const newPassword = 'second-password-2'

beforeAll(async () => {
  mail = await startMailServer()
  // A private copy of the built app: a rebuild by someone else mid-run must not pull lazy chunks from under the page.
  webCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-web-'))
  fs.cpSync(DEFAULT_WEB_DIST, webCopy, { recursive: true })
  env = await startBrowserEnv({ env: { SMTP_URL: mail.url, WEB_DIST: webCopy } })
  page = await env.newPage()
})
afterAll(async () => {
  await env?.close()
  await mail?.close()
  fs.rmSync(webCopy, { recursive: true, force: true })
})

/** The page's globals used here (this package is compiled without the DOM types). */
interface BrowserGlobals {
  localStorage: { setItem(k: string, v: string): void; getItem(k: string): string | null }
}

async function signIn(p: Page, password: string) {
  await field(p, 'Email').fill(lower)
  await p.getByLabel(/^(Password|Kata Sandi)( \*)?$/).fill(password)
  await p.getByRole('button', { name: /^(Login|Masuk)$/ }).click()
}

describe('accounts journey', () => {
  it('validates the register form in the browser before calling the server', async () => {
    await page.goto('/register')
    await page.getByRole('button', { name: 'Register' }).click()
    await expect.poll(() => page.getByText('Company Name is Required').count()).toBe(1)
    await field(page, 'Password').fill('short')
    await field(page, 'Password Confirmation').fill('other')
    await page.getByRole('button', { name: 'Register' }).click()
    await page.getByText('Password must be at least 8 characters').waitFor()
    await page.getByText('Password confirmation does not match the password').waitFor()
    await env.screenshot(page, 'accounts-01-register-validation')
  })

  it('registers a company and lands on /activation', async () => {
    await field(page, 'Company Name').fill('Journey <Tours> & Co')
    await field(page, 'Name').fill('Ayu Journey')
    await field(page, 'Email').fill(email)
    await field(page, 'Password').fill(firstPassword)
    await field(page, 'Password Confirmation').fill(firstPassword)
    await page.getByRole('button', { name: 'Register' }).click()
    await notification(page, 'Registered').waitFor()
    await env.screenshot(page, 'accounts-02-registered')
    await page.waitForURL(/\/activation\?email=/)
    await page.getByText(`We have sent an activation link to ${lower}`).waitFor()
    await page.getByRole('button', { name: 'Resend Activation Email' }).waitFor()
    await env.screenshot(page, 'accounts-03-check-email')
  })

  it('refuses to sign in before activation, saying why', async () => {
    await page.goto('/login')
    await signIn(page, firstPassword)
    await notification(page, 'Login Failed').filter({ hasText: 'not activated' }).waitFor()
    // Without GOOGLE_CLIENT_ID there is no Google button.
    expect(await page.getByTestId('google-signin').count()).toBe(0)
    await env.screenshot(page, 'accounts-03b-login-pending', 400) // after the notification's slide-in
    // The login page leads to a new activation mail, with the typed email carried over.
    await page.getByRole('link', { name: /Get a new activation email/ }).click()
    await page.waitForURL(/\/activation\?email=/)
    await page.getByRole('button', { name: 'Resend Activation Email' }).click()
    await notification(page, 'Activation Email Sent').waitFor()
    await expect.poll(() => mail.mails.filter((m) => m.envelopeTo.includes(lower)).length).toBe(2)
  })

  it('activates from the link in the received mail and says to sign in', async () => {
    const m = await mail.waitFor(lower)
    expect(m.subject).toBe('Activate your Travel Back Office account')
    const link = linkIn(m)
    expect(link.origin).toBe(env.baseUrl)
    await page.goto(link.pathname + link.search)
    await page.locator('#root').getByText('Your account is active. Please login.').waitFor()
    await notification(page, 'Account Activated').waitFor()
    await env.screenshot(page, 'accounts-04-activated')
    await page.getByRole('link', { name: 'Login', exact: true }).click()
    await page.waitForURL(/\/login$/)
  })

  it('signs in: a green notification, then /app with the dashboard charts', async () => {
    await recordNotifications(page)
    await signIn(page, firstPassword)
    await page.waitForURL(/\/app$/, { timeout: 90_000 })
    expect(await notificationSeen(page, 'Signed in')).toBe(true)
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    // The charts are drawn when their place nears the screen (issue 33): under the owner's figures, scrolled to.
    await page.getByTestId('chart-monthly').scrollIntoViewIfNeeded()
    await page.getByTestId('chart-monthly').locator('svg.recharts-surface').first().waitFor()
    await page.getByTestId('chart-totals').scrollIntoViewIfNeeded()
    await page.getByTestId('chart-totals').locator('.recharts-bar-rectangle').first().waitFor()
    await expect.poll(() => page.getByTestId('chart-totals').getByText('Users').count()).toBeGreaterThan(0)
    const cookies = await page.context().cookies()
    const token = cookies.find((c) => c.name === 'token')!
    expect(token.httpOnly).toBe(true)
    expect(token.sameSite).toBe('Strict')
    // The company name with markup is shown as text.
    await page.getByText('Journey <Tours> & Co').first().waitFor()
    await env.screenshot(page, 'accounts-05-dashboard')
  })

  it('shows the profile, the company and the notification bell', async () => {
    await page.getByRole('button', { name: 'Notifications' }).click()
    await page.getByText(/Your free trial ends on \d{2}[-\u2011]\d{2}[-\u2011]\d{4}/).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'My Profile' }).click()
    const profile = page.getByRole('dialog', { name: 'My Profile' })
    await profile.getByText(lower).first().waitFor()
    await profile.getByText('owner').waitFor()
    await env.screenshot(page, 'accounts-06-profile')
    await page.keyboard.press('Escape')
    await profile.waitFor({ state: 'hidden' })
    await page.getByRole('button', { name: 'Account menu' }).click()
    // Company Setting is a page of its own since issue 28 (editable by the owner).
    await page.getByRole('menuitem', { name: 'Company Setting' }).click()
    await page.getByRole('heading', { name: 'Company Setting', level: 1 }).waitFor()
    await expect.poll(() => page.getByLabel(/^Company Name( \*)?$/).inputValue()).toBe('Journey <Tours> & Co')
    await page.getByText(/^Trial Ends:?$/).waitFor()
    await page
      .getByText(/^\d{2}[-\u2011]\d{2}[-\u2011]\d{4}$/)
      .first()
      .waitFor()
    await env.screenshot(page, 'accounts-07-company')
    await page.goBack()
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
  })

  it('switches to Indonesian', async () => {
    await page.getByText('ID', { exact: true }).click()
    await page.getByRole('heading', { name: 'Dasbor' }).waitFor()
    await page.getByTestId('chart-totals').scrollIntoViewIfNeeded()
    await expect.poll(() => page.getByTestId('chart-totals').getByText('Pengguna').count()).toBeGreaterThan(0)
    const locale = (await page.context().cookies()).find((c) => c.name === 'locale')
    expect(locale?.value).toBe('id')
    await env.screenshot(page, 'accounts-08-indonesian')
  })

  it('changes the password from the avatar menu, in Indonesian', async () => {
    await page.getByRole('button', { name: 'Menu akun' }).click()
    await page.getByRole('menuitem', { name: 'Ubah Kata Sandi' }).click()
    const dialog = page.getByRole('dialog', { name: 'Ubah Kata Sandi' })
    // The app's one form dialog: focus in the first field, the new password's length said under it.
    await expect
      .poll(() =>
        field(dialog, 'Kata Sandi Saat Ini').evaluate(
          (i) => i === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
        ),
      )
      .toBe(true)
    await dialog.getByText('Minimal 8 karakter.').waitFor()
    await field(dialog, 'Kata Sandi Saat Ini').fill('wrong-password-0')
    await field(dialog, 'Kata Sandi').fill(newPassword)
    await field(dialog, 'Konfirmasi Kata Sandi').fill(newPassword)
    await dialog.getByRole('button', { name: 'Simpan' }).click()
    // A refusal about a field is said once, on that field (as in every form dialog), not again in a toast.
    await dialog.getByText('Kata sandi saat ini salah.').waitFor()
    expect(await notification(page, 'Kata Sandi Gagal Diperbarui').count()).toBe(0)
    await env.screenshot(page, 'accounts-09-password-wrong')
    await field(dialog, 'Kata Sandi Saat Ini').fill(firstPassword)
    await dialog.getByRole('button', { name: 'Simpan' }).click()
    await notification(page, 'Kata Sandi Diperbarui').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    await env.screenshot(page, 'accounts-10-password-updated')
  })

  it('signs out: cookie and remembered menu cleared, back at /', async () => {
    await page.evaluate(() => (globalThis as unknown as BrowserGlobals).localStorage.setItem('nav.group', 'reference'))
    await page.getByRole('button', { name: 'Menu akun' }).click()
    await page.getByRole('menuitem', { name: 'Keluar' }).click()
    await page.waitForURL((u) => u.pathname === '/')
    await page.getByRole('button', { name: 'Masuk' }).waitFor()
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined()
    expect(await page.evaluate(() => (globalThis as unknown as BrowserGlobals).localStorage.getItem('nav.group'))).toBeNull()
    // /app without a session goes to /login.
    await page.goto('/app')
    await page.waitForURL(/\/login$/)
  })

  it('signs in with the new password (the old one no longer works)', async () => {
    await signIn(page, firstPassword)
    await notification(page, 'Gagal Masuk').waitFor()
    await signIn(page, newPassword)
    await page.waitForURL(/\/app$/)
    await page.getByRole('heading', { name: 'Dasbor' }).waitFor()
    await page.getByTestId('chart-monthly').scrollIntoViewIfNeeded()
    await page.getByTestId('chart-monthly').locator('svg.recharts-surface').first().waitFor()
    await env.screenshot(page, 'accounts-11-signed-in-again')
  })

  it('signs the user out to /login when a call answers 401', async () => {
    await env.app.db.execute(sql`DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = ${lower})`)
    await page.getByText('Data Master', { exact: true }).click()
    await page
      .getByRole('link', { name: /Kategori/ })
      .first()
      .click()
    await page.waitForURL(/\/login$/)
  })

  it('resets a forgotten password from the mailed link', async () => {
    await page.getByRole('link', { name: 'Lupa Kata Sandi?' }).click()
    await page.waitForURL(/\/forgot$/)
    await field(page, 'Email').fill(lower)
    await page.getByRole('button', { name: 'Kirim Tautan Reset' }).click()
    await notification(page, 'Tautan Reset Terkirim').waitFor()
    await page.waitForURL(/\/login$/)
    const m = await mail.waitFor(lower, (x) => x.text.includes('/reset?'))
    expect(m.subject).toBe('Atur ulang kata sandi Travel Back Office Anda')
    const link = linkIn(m)
    await page.goto(link.pathname + link.search)
    await expect.poll(() => field(page, 'Email').inputValue()).toBe(lower)
    await field(page, 'Kata Sandi').fill('third-password-3')
    await field(page, 'Konfirmasi Kata Sandi').fill('third-password-3')
    await env.screenshot(page, 'accounts-12-reset')
    await page.getByRole('button', { name: 'Atur Ulang Kata Sandi' }).click()
    await notification(page, 'Kata Sandi Diperbarui').waitFor()
    await page.waitForURL(/\/login$/)
    await signIn(page, 'third-password-3')
    await page.waitForURL(/\/app$/)
  })

  it('shows the orange Please Wait warning on 429', async () => {
    const p = await env.newPage()
    await p.goto('/forgot')
    // Spend this address's allowance for /auth/forgot (5 per 2 minutes; the browser also comes from 127.0.0.1).
    for (let i = 0; i < 5; i++) {
      await p.evaluate(() =>
        fetch('/api/v1/auth/forgot', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'nobody@example.test' }),
        }),
      )
    }
    await field(p, 'Email').fill('nobody@example.test')
    await p.getByRole('button', { name: 'Send Reset Link' }).click()
    const warning = notification(p, 'Please Wait')
    await warning.filter({ hasText: 'Please Try again in 2 Minute' }).waitFor()
    expect(await warning.getAttribute('style')).toMatch(/orange/)
    await env.screenshot(p, 'accounts-13-rate-limited')
  })
})
