import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_LOGIN, seed } from '../../src/seeds/seed.js'
import { rooms, trainRoutes, transportations, ziyarahTours } from '../../src/db/schema/index.js'
import { SCREENSHOT_DIR, startBrowserEnv, type BrowserEnv } from './harness.js'
import { SCREENSHOTS, settle, TILE_URL, trackNetwork, watchCsp } from './page.js'

/**
 * Every screen of the app registry (the side menu's links) and the public
 * pages, in English and Indonesian, on the demo company's data:
 * - at 1366×768 with the menu open, a list shows all its columns and its
 *   actions without scrolling sideways, and the column naming each row is never
 *   cut; on a 390×844 phone the first row's actions are on screen and no list
 *   scrolls sideways (lists are cards there);
 * - axe-core finds no serious or critical violation, and each screen has one
 *   <main> and one <h1>; each list's create dialog or create page likewise;
 * - no screen, dialog or layout raises a Content-Security-Policy violation;
 * - an Indonesian screen shows no English word from the English locale files
 *   that the Indonesian ones never use (proper nouns, codes marked
 *   data-lang-neutral, e-mail addresses and data are allowed).
 * Screenshots of each go to test-results/screens-<lang>-<size>-<route>.png.
 * One file per language (screens-en/id.test.ts), so the two walks run side by side.
 */
let env: BrowserEnv

export type Lang = 'en' | 'id'
const DESKTOP = { width: 1366, height: 768 }
const PHONE = { width: 390, height: 844 }
/**
 * Lists whose declared columns need more than the 1052 px a laptop leaves them (their actions stay pinned
 * on screen, the rest scrolls). Known debt goes here, named, until its declaration fits; none is left
 * (the transport lists fit since issue 10's dense tables).
 */
// /app/hotels: 1062 px in 1052 px in Indonesian (fits in English), seen 2026-11-23 after the hotel screens landed.
const TOO_WIDE_YET = new Set<string>([])
const PUBLIC_ROUTES = ['/login', '/register', '/forgot', '/no-such-page']
/**
 * Screens landed after the axe/language checks were turned on that still fail them (known debt, issue 13):
 * the hotel list (no <h1>; its sideways-scrolling region cannot take focus) and hotel form (no <h1>), the order
 * page (date placeholders 2.1:1, an orange-9 note 4.3:1). Their findings are collected but not asserted;
 * remove an entry once its screen passes.
 */
const A11Y_NOT_YET: RegExp[] = []
const notYet = (where: string) => A11Y_NOT_YET.some((r) => r.test(where.split(' ')[0]!))
/** The reservations desks (issue 11): their lists are in the menu walk; their page form is walked too. */
/** SCREENS_ONLY=<regex>: walk only the matching routes (to check one screen while working on it; CI walks all). */
const ONLY = process.env.SCREENS_ONLY ? new RegExp(process.env.SCREENS_ONLY) : null
const walked = (routes: string[]) => (ONLY ? routes.filter((r) => ONLY.test(r)) : routes)
const ORDER_DESKS = ['/app/order_hotel', '/app/order_train', '/app/order_transportation']
// The company settings (issue 28) open from the avatar menu, not the side menu.
const PAGE_FORMS = ['/app/order_hotel/create', '/app/company']

const require = createRequire(import.meta.url)
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

// ------------------------------------------------------------ English words

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../web/src/i18n/locales')
function localeStrings(lang: Lang): string[] {
  const out: string[] = []
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v)
    else if (v && typeof v === 'object') Object.values(v).forEach(walk)
  }
  for (const f of fs.readdirSync(path.join(LOCALES_DIR, lang))) {
    walk(JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lang, f), 'utf8')))
  }
  return out
}
const words = (s: string) => s.replace(/\{\{[^}]*\}\}/g, ' ').match(/\p{L}{3,}/gu) ?? []
const lower = (list: string[]) => new Set(list.flatMap(words).map((w) => w.toLowerCase()))
const idWords = lower(localeStrings('id'))
/** Words only the English interface uses: seeing one on an Indonesian screen means an untranslated text. */
const englishOnly = new Set([...lower(localeStrings('en'))].filter((w) => !idWords.has(w)))
/** Names and data that are the same in both languages. */
// 'unit' is Indonesian too (demo data), though the locale files say 'Satuan'.
const ALLOWED = new Set(['google', 'amanah', 'tour', 'travel', 'siti', 'rahmawati', 'unit'])

async function visibleText(page: Page): Promise<string> {
  // Page code as text: the server's TypeScript has no DOM types.
  return page.evaluate<string>(`(() => {
    const parts = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement
      if (!el || !n.textContent?.trim()) continue
      if (el.closest('[aria-hidden="true"], script, style, noscript, [data-lang-neutral]')) continue
      const r = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || style.display === 'none') continue
      parts.push(n.textContent.trim())
    }
    for (const el of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
      if (el.offsetParent) parts.push(el.placeholder)
    }
    for (const el of document.querySelectorAll('[aria-label]')) parts.push(el.getAttribute('aria-label') ?? '')
    return parts.join(' | ')
  })()`)
}

function englishWordsIn(text: string): string[] {
  // An e-mail or web address is data in any language (owner@demo.travel).
  const prose = text.replace(/\S+@\S+|https?:\/\/\S+/g, ' ')
  return [...new Set(words(prose).map((w) => w.toLowerCase()))].filter((w) => englishOnly.has(w) && !ALLOWED.has(w))
}

// ------------------------------------------------------------------ checks

interface AxeViolation {
  id: string
  impact: string
  help: string
  nodes: { target: string[]; failureSummary?: string }[]
}

async function axe(page: Page): Promise<AxeViolation[]> {
  // Evaluated over the DevTools protocol, not an inline <script>: the page's CSP stays as served.
  if (!(await page.evaluate<boolean>(`'axe' in window`))) await page.evaluate(axeSource)
  const violations = await page.evaluate<AxeViolation[]>(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)`,
  )
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

/** One `<main>` and one `<h1>` on every screen (axe counts their absence only as "moderate"). */
async function landmarks(page: Page): Promise<string[]> {
  const mains = await page.locator('main').count()
  const h1s = await page.locator('h1').count()
  const out: string[] = []
  if (mains !== 1) out.push(`${mains} <main> elements (want 1)`)
  if (h1s !== 1) out.push(`${h1s} <h1> elements (want 1)`)
  return out
}

/** Axe (serious/critical), landmarks and, on Indonesian screens, English words: what a screen gets wrong. */
/**
 * Axe runs on every screen and dialog in English, and in Indonesian only on the public pages and the
 * dashboard: the two walks draw the same elements, roles, names' keys and colours, and the locale test
 * (apps/web/src/i18n/locales.test.ts) proves every Indonesian text exists and is not empty, so a second axe
 * pass over each screen found nothing the English one had not (docs/decisions/ci.md). What does depend on the
 * language is still checked on every Indonesian screen: its `lang`, English words, and the layout with the
 * longer texts.
 */
const AXE_IN_INDONESIAN = new Set([...PUBLIC_ROUTES, '/app'])
const runsAxe = (lang: Lang, where: string) => lang === 'en' || AXE_IN_INDONESIAN.has(where)

async function checkScreen(page: Page, lang: Lang, where: string) {
  if (notYet(where)) return
  // A screen reached by a client-side link may still be loading its code when the network looks quiet.
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => {})
  if (runsAxe(lang, where)) for (const v of describeViolations(await axe(page))) problems.axe.push(`${lang} ${where}: ${v}`)
  for (const v of await landmarks(page)) problems.axe.push(`${lang} ${where}: ${v}`)
  const htmlLang = await page.evaluate<string>('document.documentElement.lang')
  if (htmlLang !== lang) problems.axe.push(`${lang} ${where}: <html lang="${htmlLang}"> (want ${lang})`)
  if (lang === 'id') {
    const en = englishWordsIn(await visibleText(page))
    if (en.length) problems.language.push(`${lang} ${where}: English words ${en.join(', ')}`)
  }
}

const CREATE_LABEL: Record<Lang, string> = { en: 'Create', id: 'Tambah' }

/**
 * The screen's create dialog or create page, checked like a screen: opened from the list's create
 * button, closed with Escape (a dialog) or left by going back (a page).
 */
async function checkCreate(page: Page, lang: Lang, route: string) {
  const create = page.getByRole('main').getByRole('button', { name: CREATE_LABEL[lang], exact: true })
  const createLink = page.getByRole('main').getByRole('link', { name: CREATE_LABEL[lang], exact: true })
  if (await create.first().isVisible()) {
    const before = page.url()
    await create.first().click()
    const dialog = page.getByRole('dialog')
    // A create button opens a dialog, or goes to the create page.
    await Promise.race([dialog.first().waitFor(), page.waitForURL((u) => u.href !== before)]).catch(() => {})
    if (page.url() !== before) {
      await settle(page)
      const where = new URL(page.url()).pathname
      await shot(page, shotName(lang, 'desktop', where))
      await checkScreen(page, lang, where)
      return
    }
    await settle(page)
    await shot(page, shotName(lang, 'desktop', `${route}-create`))
    if (runsAxe(lang, route))
      for (const v of describeViolations(await axe(page))) problems.axe.push(`${lang} ${route} create dialog: ${v}`)
    if (lang === 'id') {
      const en = englishWordsIn(await visibleText(page))
      if (en.length) problems.language.push(`${lang} ${route} create dialog: English words ${en.join(', ')}`)
    }
    // Escape closes the dialog, a select first in it included (its list does not open on focus: app/theme.ts).
    await page.keyboard.press('Escape')
    await dialog.first().waitFor({ state: 'detached' })
  } else if (await createLink.first().isVisible()) {
    const href = await createLink.first().getAttribute('href')
    await createLink.first().click()
    await page.waitForURL((u) => u.pathname === href)
    await settle(page)
    await shot(page, shotName(lang, 'desktop', href!))
    await checkScreen(page, lang, href!)
  }
}

const describeViolations = (vs: AxeViolation[]) =>
  vs.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n   ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 4)
        .join('\n   ')}`,
  )

/** Where a list's table sticks out of its room, or its actions are off screen. */
async function tableLayout(page: Page) {
  return page.evaluate<{
    tableWidth: number
    room: number
    lastHeaderRight: number
    actionRight: number | null
    viewport: number
    pageOverflow: number
    clippedHeaders: string[]
    cutIdentities: string[]
  } | null>(`(() => {
    const table = document.querySelector('.mantine-datatable table')
    if (!table) return null
    const scroller = table.closest('.mantine-ScrollArea-viewport') ?? table.parentElement
    const lastHeader = table.querySelector('thead th:last-child')
    const firstRowActions = table.querySelector('tbody tr:first-child td:last-child button')
    const box = (el) => (el ? el.getBoundingClientRect() : null)
    return {
      tableWidth: Math.round(table.getBoundingClientRect().width),
      room: Math.round(scroller.clientWidth),
      lastHeaderRight: Math.round(box(lastHeader)?.right ?? 0),
      actionRight: firstRowActions ? Math.round(box(firstRowActions).right) : null,
      viewport: window.innerWidth,
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
      // A header whose words do not fit its column is cut, not wrapped: its text box scrolls sideways.
      clippedHeaders: [...table.querySelectorAll('thead th')]
        .map((th) => th.querySelector('.mantine-datatable-header-cell-sortable-text') ?? th)
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.textContent.trim() + ' (' + (el.scrollWidth - el.clientWidth) + ' px)'),
      cutIdentities: cutIdentities(table),
    }
    // The column that names a row (issue 32): the one the list marks, else the first with text in its cells.
    // Its value must show in full: no element in its cells is narrower than its content.
    function cutIdentities(table) {
      const heads = [...table.querySelectorAll('thead th')]
      const rows = [...table.querySelectorAll('tbody tr')].filter((tr) => tr.children.length === heads.length)
      let col = heads.findIndex((th) => th.classList.contains('resource-identity'))
      if (col < 0) col = heads.findIndex((_, i) => rows.some((tr) => tr.children[i].textContent.trim() !== ''))
      if (col < 0) return []
      return rows
        .map((tr) => tr.children[col])
        .filter((td) => [td, ...td.querySelectorAll('*')].some((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1))
        .map((td) => td.textContent.trim())
    }
  })()`)
}

const shotName = (lang: Lang, size: string, route: string) =>
  `screens-${lang}-${size}-${route.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '_') || 'app'}`

/**
 * Goes to `route` inside the running app, as its own links do (the router follows the history entry), so
 * the app is parsed and axe injected once per walk rather than once per screen. Each screen still settles
 * (its code and queries loaded) before it is checked.
 */
async function goInApp(page: Page, route: string) {
  const here = new URL(page.url())
  if (here.pathname + here.search === route) return settle(page)
  // The screen being left: its heading is marked, so the new screen is known by a heading without the mark or
  // with other words (the router keeps the old screen up while the new one's code loads).
  const before = await page.evaluate<string | null>(`(() => {
    const h = document.querySelector('h1')
    if (h) h.setAttribute('data-walk-left', '')
    return h ? h.textContent : null
  })()`)
  await page.evaluate(`(() => {
    const idx = (history.state && typeof history.state.idx === 'number' ? history.state.idx : 0) + 1
    history.pushState({ usr: null, key: 'walk' + idx, idx }, '', ${JSON.stringify(route)})
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
  })()`)
  await page.waitForURL((u) => u.pathname + u.search === route)
  const replaced = `(() => {
    const h = document.querySelector('h1')
    return !!h && (!h.hasAttribute('data-walk-left') || h.textContent !== ${JSON.stringify(before)})
  })()`
  for (const end = Date.now() + 15_000; before !== null && Date.now() < end && !(await page.evaluate<boolean>(replaced));)
    await new Promise((r) => setTimeout(r, 50))
  await settle(page)
}

async function shot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) })
}

const problems = { layout: [] as string[], axe: [] as string[], language: [] as string[] }

/**
 * The screens a row opens rather than the menu (issue 32, item 17: the room calendar had 2 serious axe
 * findings nobody walked): each availability calendar, on the demo company's first row of its kind.
 */
async function itemScreens(): Promise<string[]> {
  const db = env.app.db
  const first = async (table: typeof rooms | typeof transportations | typeof trainRoutes | typeof ziyarahTours) =>
    (await db.select({ id: table.id }).from(table).orderBy(table.id).limit(1))[0]?.id
  const out: string[] = []
  for (const [table, route] of [
    [rooms, 'rooms'],
    [transportations, 'transportation'],
    [trainRoutes, 'train_route'],
    [ziyarahTours, 'ziyarah_tours'],
  ] as const) {
    const id = await first(table)
    if (id !== undefined) out.push(`/app/${route}/${id}/availability`)
  }
  expect(out.length).toBeGreaterThan(0)
  return out
}

// ------------------------------------------------------------------- tests

/** The walk's tests for one language: its own server, browser and findings. */
export function screensWalk(lang: Lang) {
  beforeAll(async () => {
    // This module is shared by both walks' files when a worker runs them one after the other.
    for (const list of Object.values(problems)) list.length = 0
    env = await startBrowserEnv({ env: { MAP_TILE_URL: TILE_URL } })
    expect((await seed(env.app.db, { demo: true })).created).toBe(true)
  })
  afterAll(async () => {
    await env?.close()
  })

  describe(`every screen in ${lang}`, () => {
    let page: Page
    let routes: string[] = []
    let cspViolations: string[] = []

    beforeAll(async () => {
      page = trackNetwork(await env.newPage({ locale: lang === 'id' ? 'id-ID' : 'en-US' }))
      cspViolations = await watchCsp(page)
      await page.context().addCookies([{ name: 'locale', value: lang, url: env.baseUrl }])
      await page.setViewportSize(DESKTOP)
    })

    it('public pages', async () => {
      for (const route of walked(PUBLIC_ROUTES)) {
        await page.goto(route)
        await settle(page)
        await shot(page, shotName(lang, 'desktop', route))
        await checkScreen(page, lang, route)
      }
    }, 600_000)

    it('signs in and finds the registry screens in the side menu', async () => {
      const res = await page.request.post('/api/v1/auth/login', { data: DEMO_LOGIN })
      expect(res.status(), await res.text()).toBe(200)
      await page.goto('/app')
      await page.locator('nav a[href^="/app"]').first().waitFor()
      // Groups open one at a time: open each (a button, reached by keyboard) and collect its links.
      const found = new Set<string>()
      const groups = page.locator('nav button[aria-expanded]')
      for (let i = 0; i < (await groups.count()); i++) {
        const g = groups.nth(i)
        if ((await g.getAttribute('aria-expanded')) !== 'true') await g.click()
        await expect.poll(() => g.getAttribute('aria-expanded')).toBe('true')
        await settle(page)
        for (const href of await page
          .locator('nav a[href^="/app"]')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')))
          found.add(href)
      }
      routes = [...found]
      expect(routes.length).toBeGreaterThanOrEqual(10)
      expect(routes).toEqual(expect.arrayContaining(ORDER_DESKS))
    })

    it('each screen at 1366×768 with the menu open', async () => {
      for (const route of walked([...routes, ...PAGE_FORMS, ...(await itemScreens()), '/app/no-such-screen'])) {
        await goInApp(page, route)
        await shot(page, shotName(lang, 'desktop', route))
        const layout = await tableLayout(page)
        if (
          layout &&
          ((layout.tableWidth > layout.room + 1 && !TOO_WIDE_YET.has(route)) ||
            layout.lastHeaderRight > layout.viewport ||
            layout.pageOverflow > 0)
        ) {
          problems.layout.push(`${lang} ${route}: table does not fit ${JSON.stringify(layout)}`)
        }
        if (layout?.clippedHeaders.length)
          problems.layout.push(`${lang} ${route}: headers cut ${layout.clippedHeaders.join(' | ')}`)
        if (layout?.cutIdentities.length)
          problems.layout.push(`${lang} ${route}: names or codes cut ${layout.cutIdentities.join(' | ')}`)
        await checkScreen(page, lang, route)
        await checkCreate(page, lang, route)
      }
    }, 600_000)

    it('each screen on a 390×844 phone', async () => {
      await page.setViewportSize(PHONE)
      for (const route of walked([...routes, ...PAGE_FORMS, ...(await itemScreens())])) {
        await goInApp(page, route)
        await shot(page, shotName(lang, 'phone', route))
        const layout = await tableLayout(page)
        if (layout && ((layout.actionRight ?? 0) > layout.viewport || layout.pageOverflow > 0)) {
          problems.layout.push(`${lang} ${route} phone: actions out of reach ${JSON.stringify(layout)}`)
        }
        // A phone shows a list as cards (issue 32), never as a table scrolling sideways.
        if (layout && layout.tableWidth > layout.room + 1)
          problems.layout.push(`${lang} ${route} phone: list scrolls sideways ${layout.tableWidth} px in ${layout.room} px`)
      }
      await page.setViewportSize(DESKTOP)
    }, 600_000)

    // The Content-Security-Policy on every screen, create dialog and phone layout walked above (csp.test.ts
    // proves the listener sees what the policy blocks).
    it('no screen raises a Content-Security-Policy violation', () => {
      expect(cspViolations).toEqual([])
    })
  })

  it('every list shows its columns, actions and row names in full on a laptop, and cards on a phone', () => {
    expect(problems.layout).toEqual([])
  })

  it('axe-core finds no serious or critical violation, and one <main> and one <h1>, on any screen or create dialog', () => {
    expect(problems.axe).toEqual([])
  })
  if (lang === 'id') {
    it('no Indonesian screen or create dialog shows English interface words', () => {
      expect(problems.language).toEqual([])
    })
  }
}
