/**
 * The everyday-calls bench (issue 14): 100,000 categories in one company's
 * list (and 100,000 in another's), then three calls at 50 connections against
 * the real server (`src/server.ts` in a child process, as `npm start` runs it)
 * and against the floor (bench/calls-floor-server.ts: bare node:http + the
 * driver sending the naive SQL — it counts every time):
 *   - the first page of 10 sorted by name, with its total (what every list screen opens with);
 *   - a search + sort + page of 25 + total;
 *   - one row by id.
 * Floor and app take turns, BENCH_ROUNDS times (5 by default); each figure is the median of the rounds, and
 * a target reads the median of the rounds' own app ÷ floor ratios (floor and app timed back to back: a
 * paired comparison on a machine whose speed drifts between minutes).
 *
 *   npm run bench -- calls
 *   BENCH_DRIVERS=pg BENCH_DURATION=15 BENCH_ROUNDS=3 npm run bench -- calls
 *
 * BENCH_CALLS=row (a part of a call's name) runs only the matching calls; BENCH_PROFILE=<dir> starts the
 * app with `--cpu-prof` so the run leaves a V8 CPU profile of the server under this load in <dir>
 * (summarise it with `npx flamebearer <dir>`, or open it in speedscope / Chrome DevTools).
 */
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { sql } from 'drizzle-orm'
import * as schema from '../src/db/schema/index.js'
import type { Db } from '../src/db/client.js'
import { findOne, listRows, type ListParams } from '../src/crud/list-query.js'
import { referenceResources } from '../src/modules/reference/reference.routes.js'
import type { SessionUser } from '../src/lib/sessions.js'
import { createPgDatabase, openDatabase, seedBenchData } from './fixtures.js'
import type { FloorCall } from './calls-floor-server.js'
import { start, startApp, stop } from './harness.js'
import { cannon, median, medianOf, type Figures } from './load.js'

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000)
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pg,pglite').split(',') as Array<'pglite' | 'pg'>
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const SEARCH = process.env.BENCH_SEARCH ?? 'makkah suite'
const POOL = 20 // the app's default pool size (db/client.ts)
const node = process.execPath
const ONLY = process.env.BENCH_CALLS

interface Call {
  name: string
  app: (id: number) => string
  floor: string
  /** Targets on PostgreSQL: least req/s ÷ floor, most p99 ÷ floor. */
  target: { rps: number; p99: number }
}
const CALLS: Call[] = [
  {
    name: 'page of 10 + total',
    app: () => '/api/v1/categories?sort_by=name&order_by=asc&page=0&size=10',
    floor: '/page',
    target: { rps: 1.5, p99: 1.5 },
  },
  {
    name: `search "${SEARCH}" + page of 25 + total`,
    app: () => `/api/v1/categories?search=${encodeURIComponent(SEARCH)}&sort_by=name&order_by=asc&page=0&size=25`,
    floor: '/search',
    target: { rps: 0.85, p99: 1.5 },
  },
  // Issue 33 raised the one-row target from issue 14's 0.6×.
  { name: 'one row by id', app: (id) => `/api/v1/categories/${id}`, floor: '/row', target: { rps: 0.8, p99: 1.5 } },
]

/** The SQL the engine sent for each call before counters, captured from the engine itself. */
async function captureFloorCalls(db: Db, companyId: number, id: number): Promise<Record<string, FloorCall>> {
  const cats = referenceResources.find((r) => r.source.table === schema.categories)!
  const client = (db as unknown as { $client: unknown }).$client
  const capture = async (run: (logged: Db) => Promise<unknown>) => {
    const captured: Array<{ sql: string; params: unknown[] }> = []
    const logger = { logQuery: (q: string, p: unknown[]) => captured.push({ sql: q, params: p }) }
    const logged = (client instanceof pg.Pool
      ? drizzlePg(client, { schema, logger })
      : drizzlePglite(client as never, { schema, logger })) as unknown as Db
    await run(logged)
    return captured
  }
  const scope = cats.scope({ companyId } as SessionUser)
  const detail = { ...cats.source, fields: { ...cats.source.fields, version: schema.categories.version } }
  const page: ListParams = { sort_by: 'name', order_by: 'asc', page: 0, size: 10 }
  const search: ListParams = { search: SEARCH, sort_by: 'name', order_by: 'asc', page: 0, size: 25 }
  return {
    // The count starts first (an async function) but the floor reads it second.
    '/page': {
      kind: 'page',
      size: 10,
      queries: (await capture((l) => listRows(l, cats.source, page, scope))).sort(
        (x, y) => Number(/count\(/.test(x.sql)) - Number(/count\(/.test(y.sql)),
      ),
    },
    '/search': { kind: 'windowed', size: 25, queries: await capture((l) => listRows(l, cats.source, search, scope)) },
    // The one-row answer carries the record's version (crud/versions.ts), as the app's does.
    '/row': { kind: 'row', size: 1, queries: await capture((l) => findOne(l, detail, id, scope)) },
  }
}

/** Both servers must give the same answer before either is timed. */
async function check(label: string, urls: Array<{ url: string; headers: Record<string, string> }>) {
  const answers: string[] = []
  for (const { url, headers } of urls) {
    const res = await fetch(url, { headers })
    const text = await res.text()
    if (res.status !== 200) throw new Error(`${label}: ${res.status} ${text.slice(0, 300)}`)
    answers.push(JSON.stringify(JSON.parse(text)))
  }
  if (answers[0] !== answers[1]) throw new Error(`${label}: the servers answer differently:\n${answers.join('\n')}`)
}

export default async function callsBench() {
  const cpus = os.cpus()
  console.log(
    `calls bench: ${ROWS} + ${ROWS} categories, ${CONNECTIONS} connections, ${ROUNDS} × ${DURATION}s, ${cpus.length} × ${cpus[0]?.model}, node ${process.version}`,
  )
  const report: string[] = []
  const appRps = new Map<string, number>()
  for (const driver of DRIVERS) {
    console.log(`\n== ${driver === 'pg' ? 'PostgreSQL' : 'PGlite'}`)
    let dropPg: (() => Promise<void>) | undefined
    let dataDir: string | undefined
    let url: string | undefined
    if (driver === 'pg') {
      const created = await createPgDatabase('bench_calls')
      url = created.url
      dropPg = created.drop
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-calls-'))
    }
    const children: ChildProcess[] = []
    try {
      const database = openDatabase({ url, dataDir })
      const { token, companyId } = await seedBenchData(database, ROWS)
      const res = (await database.db.execute(
        sql`SELECT id FROM categories WHERE company_id = ${companyId} ORDER BY id OFFSET ${Math.floor(ROWS / 2)} LIMIT 1`,
      )) as unknown as { rows: Array<{ id: number }> }
      const id = res.rows[0]!.id
      const floorCalls = await captureFloorCalls(database.db, companyId, id)
      await database.close()

      const floorDir = dataDir ? `${dataDir}-floor` : undefined
      if (dataDir) fs.cpSync(dataDir, floorDir!, { recursive: true })
      const app = await startApp({ url, dataDir })
      children.push(app.child)
      const floor = await start(node, ['--import', 'tsx', 'bench/calls-floor-server.ts'], {
        FLOOR_DRIVER: driver,
        FLOOR_URL: url ?? '',
        FLOOR_DATA_DIR: floorDir ? path.join(floorDir, 'pglite') : '',
        FLOOR_POOL: String(POOL),
        FLOOR_CALLS: JSON.stringify(floorCalls),
      })
      children.push(floor.child)
      const headers = { authorization: `Bearer ${token}` }

      report.push(
        `\n### ${driver === 'pg' ? 'PostgreSQL 127.0.0.1:5432' : 'PGlite (embedded)'}, ${CONNECTIONS} connections, median of ${ROUNDS} × ${DURATION} s\n`,
        "| call | floor req/s | app req/s | medians' ratio | app ÷ floor by round | app ÷ floor, paired | floor p99 ms | app p99 ms | p99 ÷ floor, paired | app CPU ms/req | PostgreSQL CPU ms/req app / floor | target |",
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
      )
      for (const call of CALLS.filter((c) => !ONLY || c.name.includes(ONLY))) {
        const appUrl = `http://127.0.0.1:${app.port}${call.app(id)}`
        const floorUrl = `http://127.0.0.1:${floor.port}${call.floor}`
        await check(call.name, [
          { url: floorUrl, headers: {} },
          { url: appUrl, headers },
        ])
        const runs: Record<'floor' | 'app', Figures[]> = { floor: [], app: [] }
        for (let round = 0; round < ROUNDS; round++) {
          const order: Array<'floor' | 'app'> = round % 2 ? ['app', 'floor'] : ['floor', 'app']
          for (const who of order) {
            const target =
              who === 'app'
                ? { url: appUrl, headers, pid: app.child.pid! }
                : { url: floorUrl, headers: {}, pid: floor.child.pid! }
            await cannon(target.url, CONNECTIONS, WARMUP, target.headers, target.pid)
            const f = await cannon(target.url, CONNECTIONS, DURATION, target.headers, target.pid)
            if (f.non2xx || f.rps === 0) throw new Error(`${who} ${call.name}: ${f.rps} req/s, ${f.non2xx} non-2xx`)
            console.log(
              `  ${call.name.padEnd(44)} ${who.padEnd(5)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  CPU ${f.cpu.toFixed(2)} ms/req (PostgreSQL ${f.dbCpu?.toFixed(2)}, load ${f.loadCpu?.toFixed(2)})`,
            )
            runs[who].push(f)
          }
        }
        const b = medianOf(runs.floor)
        const a = medianOf(runs.app)
        appRps.set(`${driver}:${call.name}`, a.rps)
        // Each round times floor and app back to back, so a round's ratio compares the two on the same
        // minute of a machine whose speed drifts (2x between hours here); the target reads the median of
        // the rounds' ratios (a paired comparison). The ratio of the two medians is shown beside it.
        const pairs = runs.app.map((f, i) => ({
          rps: f.rps / runs.floor[i]!.rps,
          p99: f.p99 / Math.max(runs.floor[i]!.p99, 1),
        }))
        const ratio = median(pairs.map((x) => x.rps))
        const p99 = median(pairs.map((x) => x.p99))
        const met = ratio >= call.target.rps && p99 <= call.target.p99
        report.push(
          `| ${call.name} | ${b.rps.toFixed(0)} | ${a.rps.toFixed(0)} | ${(a.rps / b.rps).toFixed(2)} | ${pairs.map((x) => x.rps.toFixed(2)).join(' / ')} | **${ratio.toFixed(2)}** | ${b.p99} | ${a.p99} | **${p99.toFixed(2)}** | ${a.cpu.toFixed(2)} | ${(a.dbCpu ?? 0).toFixed(2)} / ${(b.dbCpu ?? 0).toFixed(2)} | ${driver === 'pg' ? `≥ ${call.target.rps}×, p99 ≤ ${call.target.p99}×: ${met ? 'met' : 'MISSED'}` : '—'} |`,
        )
      }
    } finally {
      for (const c of children) await stop(c)
      if (dropPg) await dropPg()
      if (dataDir) {
        fs.rmSync(dataDir, { recursive: true, force: true })
        fs.rmSync(`${dataDir}-floor`, { recursive: true, force: true })
      }
    }
  }
  if (DRIVERS.includes('pg') && DRIVERS.includes('pglite')) {
    report.push('\n| call | PGlite ÷ PostgreSQL req/s | target ≥ 0.33 |', '|---|---:|---|')
    for (const call of CALLS.filter((c) => !ONLY || c.name.includes(ONLY))) {
      const r = appRps.get(`pglite:${call.name}`)! / appRps.get(`pg:${call.name}`)!
      report.push(`| ${call.name} | ${r.toFixed(2)} | ${r >= 1 / 3 ? 'met' : 'MISSED'} |`)
    }
  }
  console.log(`\n${report.join('\n')}`)
}
