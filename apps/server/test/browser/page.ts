import { readFile } from 'node:fs/promises'
import path from 'node:path'
import zlib from 'node:zlib'
import ExcelJS from 'exceljs'
import type { Download, Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { SCREENSHOT_DIR, type BrowserEnv } from './harness.js'
import type { Actor } from '../helpers/fixtures.js'

/**
 * The locators and steps every browser journey shares: fields by label,
 * notifications, dialogs, screenshots, API calls as a signed-in actor.
 */

/**
 * Screenshots are for a person to look at (`SCREENSHOTS=1`); no test compares
 * them, so a CI run takes none and spends no wait on transitions settling.
 */
export const SCREENSHOTS = process.env.SCREENSHOTS === '1'
/**
 * BROWSER_LANGS=both: the journeys that run in one language (they alternate, docs/decisions/ci.md) run in
 * both, for a change to a journey's texts or a look at its screens in both languages.
 */
export const BOTH_LANGS = process.env.BROWSER_LANGS === 'both'

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const labelled = (label: string) => new RegExp(`^${escapeRegExp(label)}( \\*)?$`)

/** A form field by its label; Mantine puts ' *' after the label of a required field. */
export const field = (scope: Pick<Page, 'getByLabel'>, label: string) => scope.getByLabel(labelled(label))
/** A select or autocomplete by its label. */
export const combo = (scope: Pick<Page, 'getByRole'>, label: string) => scope.getByRole('combobox', { name: labelled(label) })
export const notification = (p: Page, title: string) => p.locator('.mantine-Notification-root').filter({ hasText: title })
/**
 * Records the text of every notification the page shows from now on, however briefly: the sign-in toast
 * lives only until the redirect (~1 s), which a poll starved by a loaded machine can miss (CI of 8f27f35).
 * Kept in the page's window, so it lasts across the app's own navigation, not across a page load.
 */
export async function recordNotifications(p: Page) {
  await p.evaluate(`(() => {
    if (window.__notices) return
    const seen = (window.__notices = [])
    const note = () => {
      for (const el of document.querySelectorAll('.mantine-Notification-root')) {
        const text = el.textContent || ''
        if (!seen.includes(text)) seen.push(text)
      }
    }
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true, characterData: true })
    note()
  })()`)
}
/** Whether a notification with this text in it was shown since `recordNotifications`. */
export const notificationSeen = (p: Page, title: string) =>
  p.evaluate(`(window.__notices || []).some((t) => t.includes(${JSON.stringify(title)}))`) as Promise<boolean>
/** Closes every notification shown (they sit over the bottom-right corner of the page), one by one. */
export async function closeNotifications(p: Page) {
  const open = p.locator('.mantine-Notification-root')
  for (let n = await open.count(); n > 0; n = await open.count()) {
    await open.first().locator('.mantine-Notification-closeButton').click()
    await expect.poll(() => open.count(), { timeout: 60_000 }).toBeLessThan(n)
  }
}
export const dialog = (p: Page) => p.getByRole('dialog')

/** The month names as the app's date pickers and calendars write them, per language (for `pickDay`, titles). */
export const MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  id: ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'],
} as const

/** `YYYY-MM-DD` of the day `n` days from now (UTC): the journeys book days ahead of today. */
export const daysFromToday = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

/** `YYYY-MM-DD` as the screens write a day: DD-MM-YYYY. */
export const dmy = (iso: string) => iso.split('-').reverse().join('-')

/** A day of a calendar month (`YYYY-MM-DD`), with its `data-state` (default, stored, blocked) and its prices. */
export const calendarDay = (p: Page, iso: string) => p.locator(`[data-date="${iso}"]`)

/** The place the journeys pin hotels and vehicles to: Makkah, published, with its map position. */
export const MAKKAH = {
  name: 'Makkah',
  description: '<p>The holy city</p>',
  status: 'publish',
  lat: 21.4225,
  long: 39.8262,
  zoom: 11,
}

/** A published hotel in `locationId` with the fields a hotel needs and a pin near the Haram; add what a test needs. */
export const hotelBody = (name: string, locationId: number) => ({
  name,
  rating: 4,
  check_in: '14:00',
  check_out: '12:00',
  min_reservation: 1,
  max_stay: 3,
  price: 1000,
  status: 'publish',
  location_id: locationId,
  real_address: 'Jl. Ajyad 1',
  lat: 21.42,
  long: 39.82,
  zoom: 14,
})
/** A list's column header by its accessor. */
export const header = (p: Page, key: string) => p.locator(`th[data-accessor="${key}"]`)
/** One column of the table, top to bottom. */
export const column = async (p: Page, n: number) =>
  (await p.locator(`tbody tr td:nth-child(${n})`).allTextContents()).map((s) => s.trim())
export const waitForColumn = (p: Page, n: number, check: (v: string[]) => boolean) =>
  expect.poll(async () => check(await column(p, n)), { timeout: 15_000 }).toBe(true)

/** A map tile host the policy allows when MAP_TILE_URL names it (served by `watchCsp`'s stand-in). */
export const TILE_URL = 'https://{s}.tiles.example.test/{z}/{x}/{y}.png'
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

/**
 * Records every Content-Security-Policy violation the page raises, from the DOM event and from the console,
 * into the returned list. Stand-ins answer for the outside world (no network here); the policy still applies
 * to their URLs: map tiles from TILE_URL's host and images from elsewhere.example.test.
 */
export async function watchCsp(p: Page): Promise<string[]> {
  const violations: string[] = []
  p.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(m.text())) violations.push(`console: ${m.text()}`)
  })
  await p.exposeFunction('__reportCsp', (v: string) => violations.push(v))
  await p.addInitScript(`document.addEventListener('securitypolicyviolation', (e) =>
    window.__reportCsp(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + location.pathname))`)
  await p.route(/^https:\/\/[a-z]+\.tiles\.example\.test\//, (r) => r.fulfill({ contentType: 'image/png', body: PNG_1PX }))
  await p.route('https://elsewhere.example.test/**', (r) => r.fulfill({ contentType: 'image/png', body: PNG_1PX }))
  return violations
}

/**
 * Requests in flight per page, counted from the moment `trackNetwork` is called, so `settle` can wait for a
 * quiet network without Playwright's 'networkidle' (500 ms of silence on every load, the walks' largest cost).
 */
const inflight = new WeakMap<Page, { n: number; last: number }>()
export function trackNetwork(p: Page): Page {
  const s = { n: 0, last: Date.now() }
  inflight.set(p, s)
  p.on('request', () => {
    s.n++
    s.last = Date.now()
  })
  const done = () => {
    s.n = Math.max(0, s.n - 1)
    s.last = Date.now()
  }
  p.on('requestfinished', done)
  p.on('requestfailed', done)
  return p
}

/**
 * Until the screen has settled: no request in flight for `quietMs` (lazy chunks and queries chain within
 * that) while no `aria-busy` region shows (route chunks and queries loading mark themselves busy), finite
 * transitions ended, and two frames painted. Pages not tracked fall back to 'networkidle'.
 * Checks run through `evaluate` (the DevTools protocol), never `waitForFunction`, whose string predicates
 * are compiled in the page and would be reported by the app's CSP as a blocked eval.
 */
export async function settle(p: Page, quietMs = 150) {
  const s = inflight.get(p)
  if (!s) await p.waitForLoadState('networkidle')
  const deadline = Date.now() + 15_000
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
  while (Date.now() < deadline) {
    if (s && (s.n > 0 || Date.now() - s.last < quietMs)) {
      await sleep(20)
      continue
    }
    if ((await p.locator('[aria-busy="true"]').count()) === 0) break
    await sleep(50)
  }
  await transitionsEnded(p)
}

/** Until finite CSS transitions and animations (a dialog fading in) have ended, and two frames painted; endless ones (loaders) do not count. */
export async function transitionsEnded(p: Page) {
  const moving = `document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)`
  for (const end = Date.now() + 2_000; Date.now() < end && (await p.evaluate<boolean>(moving));)
    await new Promise((r) => setTimeout(r, 30))
  await p.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))')
}

/** A picture of the viewport (or the whole page), after transitions settle; only with SCREENSHOTS=1. */
export async function shot(p: Page, name: string, opts: { fullPage?: boolean; settle?: number } = {}) {
  if (!SCREENSHOTS) return
  await p.waitForTimeout(opts.settle ?? 400)
  await p.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: opts.fullPage ?? false })
}

/** Ticks a checkbox, switch or radio by keyboard (a click could land on a sticky save bar over it). */
export async function tick(input: Locator) {
  await input.focus()
  await input.press('Space')
  await expect.poll(() => input.isChecked()).toBe(true)
}

/** Calls the API as `actor` and answers `data`, failing the test on anything but 200. */
export function apiAs(env: () => BrowserEnv, actor: () => Actor) {
  return async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<T> {
    const res = await env().app.inject({ method, url: `/api/v1${url}`, headers: actor().headers, payload: payload as never })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data as T
  }
}

/** A real PNG of the given size and colour (a light diagonal gradient, so it is not one flat colour). */
export function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const row = width * 3 + 1
  const raw = Buffer.alloc(row * height)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const k = 0.55 + (0.45 * (x + y)) / (width + height)
      raw.set([Math.round(r * k), Math.round(g * k), Math.round(b * k)], y * row + 1 + x * 3)
    }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(body))
    return Buffer.concat([len, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * A page signed in as `who` in `lang`: the browser's locale, the `locale` and session cookies, then
 * `route`. The journeys' one way in without the sign-in form (which accounts and roles walk themselves).
 */
export async function openSignedIn(
  env: BrowserEnv,
  who: { token: string },
  lang: string,
  route: string,
  opts: { viewport?: { width: number; height: number }; timeout?: number; gotoTimeout?: number } = {},
): Promise<Page> {
  const page = await env.newPage({ locale: lang === 'id' ? 'id-ID' : 'en-US' })
  if (opts.viewport) await page.setViewportSize(opts.viewport)
  // Patience, not timing: with other tests on both cores a first page load can pass 15 s.
  if (opts.timeout) page.setDefaultTimeout(opts.timeout)
  await page.context().addCookies([
    { name: 'locale', value: lang, url: env.baseUrl },
    { name: 'token', value: who.token, url: env.baseUrl, httpOnly: true, sameSite: 'Strict' },
  ])
  await page.goto(route, opts.gotoTimeout ? { timeout: opts.gotoTimeout } : undefined)
  return page
}

/**
 * A screen reached through the side menu as a user would: its group opened (and seen open, its
 * transition ended, so the link does not move under the click), the link clicked, the address reached,
 * the screen's title shown. A group of one item may show as the item itself.
 */
export async function openFromMenu(page: Page, group: string, href: string, title: string) {
  await page.locator('nav a[href^="/app"]').first().waitFor()
  const button = page.locator('nav button[aria-expanded]').filter({ hasText: group })
  if (await button.count()) {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click()
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true')
    await transitionsEnded(page)
  }
  await page.locator(`nav a[href="${href}"]`).filter({ hasText: title }).click()
  await page.waitForURL((u) => u.pathname === href)
  await page.getByRole('heading', { name: title, level: 1 }).waitFor()
}

/** A select of the form kit: open it, pick the option by its label. */
export async function chooseOption(page: Page, scope: Locator | Page, label: string, option: string | RegExp) {
  await field(scope as Pick<Page, 'getByLabel'>, label)
    .first()
    .click()
  await page.getByRole('option', { name: option }).first().click()
}

/**
 * A date picker of the form kit: open it, move to the month by its header (the
 * picker may open on today's month or on a later first allowed day), click the
 * day (labelled `D Month YYYY`).
 */
export async function pickDay(page: Page, scope: Locator, label: string, iso: string, texts: { months: readonly string[] }) {
  await field(scope, label).first().click()
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number]
  const dropdown = page.locator('.mantine-Popover-dropdown').last()
  const header = dropdown.locator('.mantine-DateInput-calendarHeaderLevel').first()
  await header.waitFor()
  for (let i = 0; i < 24; i++) {
    const [month, year] = ((await header.textContent()) ?? '').trim().split(/\s+/)
    const shown = Number(year) * 12 + texts.months.indexOf(month ?? '')
    const wanted = y * 12 + m - 1
    if (shown === wanted) break
    await dropdown
      .locator(`[data-direction="${shown < wanted ? 'next' : 'previous'}"]`)
      .first()
      .click()
    await expect.poll(() => header.textContent()).not.toBe(`${month} ${year}`)
  }
  await dropdown.getByRole('button', { name: `${d} ${texts.months[m - 1]} ${y}`, exact: true }).click()
  await dropdown.waitFor({ state: 'hidden' })
}

/**
 * A time field (Mantine's TimePicker, 24 h): its hours box by the field's label ("Check-in Time, hours",
 * "Waktu Check-in, jam"), and `fillTime` writes `HH:mm` into its hours and minutes boxes.
 */
export const timeHours = (scope: Pick<Page, 'getByRole'>, label: string) =>
  scope.getByRole('spinbutton', { name: new RegExp(`^${escapeRegExp(label)}, (hours|jam)$`) })
export async function fillTime(scope: Pick<Page, 'getByRole'>, label: string, hhmm: string) {
  const [h, m] = hhmm.split(':')
  await timeHours(scope, label).fill(h!)
  await scope.getByRole('spinbutton', { name: new RegExp(`^${escapeRegExp(label)}, (minutes|menit)$`) }).fill(m!)
}

/** A downloaded workbook's first sheet; with SCREENSHOTS=1 the file is kept beside the pictures (`prefix` + its name) to open. */
export async function downloadedSheet(download: Download, prefix: string) {
  if (SCREENSHOTS) await download.saveAs(path.join(SCREENSHOT_DIR, `${prefix}${download.suggestedFilename()}`))
  const book = new ExcelJS.Workbook()
  await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer)
  return book.worksheets[0]!
}
/** A cell's value as text ('' when empty). */
export const cellText = (v: ExcelJS.CellValue) => (v === null || v === undefined ? '' : String(v))
