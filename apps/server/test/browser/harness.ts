import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import type { FastifyInstance } from 'fastify'
import { DEFAULT_WEB_DIST } from '../../src/app.js'
import { openTestDatabase } from '../helpers/app.js'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results')

/**
 * Debian's Chromium for the journeys: its headless shell when installed (package chromium-headless-shell, the
 * same Blink and V8 without the browser's own interface; Playwright's own choice for headless runs), else the
 * full browser. The shell did the same three journey files with 10-13 % less CPU and wall time
 * (docs/decisions/ci.md); `CHROMIUM_PATH` names another.
 */
export function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean) as string[]
  const found = candidates.find((p) => fs.existsSync(p))
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install one (Debian: apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH; ' +
        'SKIP_BROWSER_TESTS=1 skips these tests.',
    )
  }
  return found
}

export interface BrowserEnv {
  baseUrl: string
  app: FastifyInstance
  browser: Browser
  /** A new isolated browser context (own cookies and storage) and a page in it. */
  newPage(opts?: { locale?: string }): Promise<Page>
  /** A full-page picture after `settleMs` (a transition), only with SCREENSHOTS=1: no test compares them. */
  screenshot(page: Page, name: string, settleMs?: number): Promise<string>
  close(): Promise<void>
}

/**
 * The real product for a browser test: the built web app and the API on a
 * fresh database, listening on 127.0.0.1 on a free port, and a headless Chromium.
 */
export async function startBrowserEnv(opts: { env?: Record<string, string> } = {}): Promise<BrowserEnv> {
  if (!fs.existsSync(path.join(DEFAULT_WEB_DIST, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm test does it).')
  }
  const { database, dataDir, drop } = await openTestDatabase()
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    ...opts.env,
  })
  const app = await buildApp({ config, database, logger: false })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const baseUrl = `http://127.0.0.1:${port}`
  app.config.appUrl = baseUrl
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      // The compositor in the browser process instead of a GPU process of its own (software compositing
      // either way, with --disable-gpu): 7 % less CPU on two journey files, measured (docs/decisions/ci.md).
      '--in-process-gpu',
    ],
  })
  const contexts: BrowserContext[] = []
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true })
  return {
    baseUrl,
    app,
    browser,
    async newPage({ locale = 'en-US' } = {}) {
      // Reduced motion: the app then skips its transitions (theme.ts), frames the tests only waited for.
      const context = await browser.newContext({
        baseURL: baseUrl,
        locale,
        viewport: { width: 1366, height: 860 },
        reducedMotion: 'reduce',
      })
      // 30 s: a wait that is met returns at once; on a loaded 2-core machine (load 12–15, 2026-12-02) a sign-in
      // page took longer than 15 s to draw, and a file of journeys that build on each other failed whole.
      context.setDefaultTimeout(30_000)
      contexts.push(context)
      return context.newPage()
    },
    async screenshot(page, name, settleMs = 0) {
      const file = path.join(SCREENSHOT_DIR, `${name}.png`)
      if (process.env.SCREENSHOTS !== '1') return file
      if (settleMs) await page.waitForTimeout(settleMs)
      await page.screenshot({ path: file, fullPage: true })
      return file
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {})
      await browser.close().catch(() => {})
      await app.close()
      await database.close()
      await drop()
    },
  }
}
