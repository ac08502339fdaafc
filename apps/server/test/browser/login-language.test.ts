import { afterAll, beforeAll, expect, it } from 'vitest'
import { startBrowserEnv, type BrowserEnv } from './harness.js'

let env: BrowserEnv
beforeAll(async () => {
  env = await startBrowserEnv()
})
afterAll(() => env?.close())

it('shows the login page in English, switches to Indonesian, and keeps it after a reload', async () => {
  const page = await env.newPage()
  await page.goto('/login')
  await page.getByRole('heading', { name: 'Sign In' }).waitFor()
  expect(await page.getAttribute('html', 'lang')).toBe('en')
  await env.screenshot(page, 'login-en')

  await page.getByText('ID', { exact: true }).click()
  await page.getByRole('heading', { name: 'Masuk' }).waitFor()
  expect(await page.getAttribute('html', 'lang')).toBe('id')
  const cookies = await page.context().cookies()
  expect(cookies.find((c) => c.name === 'locale')?.value).toBe('id')

  await page.reload()
  await page.getByRole('heading', { name: 'Masuk' }).waitFor()
  expect(await page.getByRole('button', { name: 'Masuk' }).isVisible()).toBe(true)
  await env.screenshot(page, 'login-id')

  // The server answers in the chosen language too.
  const res = await page.request.get('/api/v1/no-such-route', { headers: { 'x-localization': 'id' } })
  expect((await res.json()).message).toMatch(/tidak ditemukan/)
})
