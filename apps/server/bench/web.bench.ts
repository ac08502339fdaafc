/**
 * The phone bench (issue 33, "Phone"): Lighthouse's mobile performance score
 * of the signed-in screens, with the demo data, against the real server (built,
 * as `npm start` runs it, on PostgreSQL), beside `/login` as the floor (the
 * page that already scored 92, docs/performance/web-delivery.md).
 *
 * - The app starts on a fresh PostgreSQL database with the demo seed
 *   (`SEED_DEMO=true`), then the bench signs in as the demo owner and passes
 *   the session cookie to every page Lighthouse loads (`extraHeaders`).
 * - Lighthouse (a devDependency) drives Debian's Chromium (`/usr/bin/chromium`,
 *   or CHROMIUM_PATH) with its default mobile profile: simulated 4× CPU
 *   slowdown, 150 ms RTT, 1.6 Mbit/s. Every run is a new Chromium with an
 *   empty cache.
 * - The routes are taken round-robin, BENCH_RUNS times each (default 5), so
 *   that other work on the machine falls on every route alike; the table gives
 *   each route's median score and metrics, and Lighthouse's benchmark index
 *   (the machine's speed as it saw it: below ~1,000 the scores are not
 *   comparable with a quiet machine's).
 *
 *   npm run bench -- web
 *   BENCH_RUNS=3 BENCH_WEB_ROUTES=dashboard,hotels BENCH_WEB_OUT=/tmp/lh npm run bench -- web
 *
 * BENCH_WEB_OUT=<dir> keeps each run's Lighthouse report (JSON) there.
 * BENCH_WEB_BASELINE=<dir> also starts an earlier build, `<dir>/dist/server.js` serving `<dir>/web` (copies
 * of apps/server/dist and apps/web/dist, the dir inside apps/server so its packages resolve), on its own
 * database with the same seed, and measures it in the same rounds: before and after side by side.
 * The web app must be built (`npm run build -w @app/web`); the server is
 * rebuilt when its sources changed.
 */
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { DEMO_LOGIN } from '../src/seeds/seed.js'
import { createPgDatabase } from './fixtures.js'
import { freePort, serverDir, start, startApp, stop } from './harness.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const ONLY = process.env.BENCH_WEB_ROUTES?.split(',').filter(Boolean)
const OUT = process.env.BENCH_WEB_OUT
const TARGET = 90
/** The flags the issue names: no sandbox (root), no GPU, nothing of Chromium's own in the background. */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p))
  if (!found) throw new Error("No Chromium: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH")
  return found
}

interface Run {
  score: number
  fcp: number
  lcp: number
  tbt: number
  si: number
  cls: number
  benchmarkIndex: number
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

async function api<T>(base: string, url: string, cookie: string): Promise<T> {
  const res = await fetch(`${base}/api/v1${url}`, { headers: { cookie } })
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** The first row's id of a list answer (`{ data: [...] }` or a bare array). */
function firstId(body: unknown, what: string): number {
  const rows = (Array.isArray(body) ? body : (body as { data?: unknown[] }).data) as Array<{ id: number }> | undefined
  const id = rows?.[0]?.id
  if (!id) throw new Error(`the demo data has no ${what}`)
  return id
}

async function runLighthouse(url: string, cookie: string, label: string, i: number): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS, logLevel: 'silent' })
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      // Mobile (Lighthouse's default profile); the session cookie on every request of the page.
      { extends: 'lighthouse:default', settings: { extraHeaders: cookie ? { Cookie: cookie } : {} } },
    )
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    if (OUT) {
      fs.mkdirSync(OUT, { recursive: true })
      fs.writeFileSync(path.join(OUT, `${label}-${i + 1}.json`), JSON.stringify(lhr))
    }
    const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      si: num('speed-index'),
      cls: num('cumulative-layout-shift'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    }
  } finally {
    chrome.kill()
  }
}

interface Target {
  name: string
  base: string
  cookie: string
  routes: Array<[string, string, string]>
}

/** Starts one build with the demo data, signs in, and names the routes to measure. */
async function prepare(name: string, db: { url: string }, env: Record<string, string>, args?: string[]) {
  // The app's login rate limit and request log stay as in production; the demo seed is the data.
  const settings = { SEED_DEMO: 'true', LOG_LEVEL: 'warn', ...env }
  const port0 = await freePort()
  const { child, port } = args
    ? await start(
        process.execPath,
        args,
        { HOST: '127.0.0.1', PORT: String(port0), NODE_ENV: 'production', DATABASE_URL: db.url, ...settings },
        port0,
      )
    : await startApp(db, settings)
  const base = `http://127.0.0.1:${port}`
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_LOGIN),
  })
  if (!login.ok) throw new Error(`signing in as the demo owner: ${login.status} ${await login.text()}`)
  const token = login.headers.getSetCookie().find((c) => c.startsWith('token='))
  if (!token) throw new Error('the sign-in answer set no session cookie')
  const cookie = token.split(';')[0]!
  const hotel = firstId(await api(base, '/hotels?limit=1', cookie), 'hotel')
  const room = firstId(await api(base, '/rooms?limit=1', cookie), 'room')
  const routes = (
    [
      ['login', '/login', ''],
      ['dashboard', '/app', cookie],
      ['order-desk', '/app/order_hotel', cookie],
      ['hotels', '/app/hotels', cookie],
      ['hotel-form', `/app/hotels/edit/${hotel}`, cookie],
      ['room-calendar', `/app/rooms/${room}/availability`, cookie],
    ] as Array<[string, string, string]>
  ).filter(([label]) => !ONLY || ONLY.includes(label))
  return { child, target: { name, base, cookie, routes } satisfies Target }
}

export default async function webBench() {
  if (!fs.existsSync(path.join(serverDir, '../web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build -w @app/web` first.')
  }
  const baseline = process.env.BENCH_WEB_BASELINE ? path.resolve(process.env.BENCH_WEB_BASELINE) : undefined
  const dbs = [await createPgDatabase('bench_web')]
  const children: ChildProcess[] = []
  try {
    const targets: Target[] = []
    if (baseline) {
      dbs.push(await createPgDatabase('bench_web_base'))
      const b = await prepare('before', dbs[1]!, { WEB_DIST: path.join(baseline, 'web') }, [
        '--enable-source-maps',
        path.join(baseline, 'dist/server.js'),
      ])
      children.push(b.child)
      targets.push(b.target)
    }
    const a = await prepare(baseline ? 'after' : 'this build', dbs[0]!, {})
    children.push(a.child)
    targets.push(a.target)

    console.log(
      `Lighthouse mobile, ${RUNS} runs per route, round-robin; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}; app on PostgreSQL with the demo data`,
    )
    const runs = new Map<string, Run[]>()
    for (let i = 0; i < RUNS; i++) {
      for (const [r, [label]] of targets[0]!.routes.entries()) {
        for (const t of targets) {
          const [, route, c] = t.routes[r]!
          const key = `${t.name}|${label}`
          const res = await runLighthouse(`${t.base}${route}`, c, `${t.name.replace(/\W/g, '-')}-${label}`, i)
          runs.set(key, [...(runs.get(key) ?? []), res])
          console.log(
            `  run ${i + 1} ${t.name.padEnd(10)} ${label.padEnd(14)} ${String(res.score).padStart(3)}  FCP ${(res.fcp / 1000).toFixed(1)} s  LCP ${(res.lcp / 1000).toFixed(1)} s  TBT ${Math.round(res.tbt)} ms  CLS ${res.cls.toFixed(3)}  index ${Math.round(res.benchmarkIndex)}  load ${os.loadavg()[0]!.toFixed(2)}`,
          )
        }
      }
    }
    console.log('\n| route | path | build | median score | scores | FCP | LCP | TBT | SI | CLS | benchmark index |')
    console.log('|---|---|---|---:|---|---:|---:|---:|---:|---:|---:|')
    const failed: string[] = []
    for (const [r, [label, route]] of targets[0]!.routes.entries()) {
      for (const t of targets) {
        const rs = runs.get(`${t.name}|${label}`)!
        const m = (k: keyof Run) => median(rs.map((x) => x[k]))
        const score = m('score')
        if (score < TARGET && label !== 'login' && t === targets[targets.length - 1]) failed.push(label)
        console.log(
          `| ${label} | ${(t.routes[r]?.[1] ?? route).replace(/\/\d+(\/|$)/, '/:id$1')} | ${t.name} | **${score}** | ${rs.map((x) => x.score).join(', ')} | ${(m('fcp') / 1000).toFixed(1)} s | ${(m('lcp') / 1000).toFixed(1)} s | ${Math.round(m('tbt'))} ms | ${(m('si') / 1000).toFixed(1)} s | ${m('cls').toFixed(3)} | ${Math.round(m('benchmarkIndex'))} |`,
        )
      }
    }
    console.log(failed.length ? `\nbelow ${TARGET}: ${failed.join(', ')}` : `\nevery signed-in route at least ${TARGET}`)
  } finally {
    for (const c of children) await stop(c)
    for (const db of dbs) await db.drop()
  }
}
