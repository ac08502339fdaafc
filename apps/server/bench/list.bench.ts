/**
 * The reference-list bench (issue 4, "Performance"): 100,000 categories for
 * one company and 100,000 for another, then the list call — a contains
 * search, a sort, a page of 25 and its total — at 10 and 50 connections, on
 * PGlite and on PostgreSQL, against the real server (`src/server.ts` in a child
 * process, as `npm start` runs it) and against the floor (the same SQL served
 * by bare node:http + the driver, bench/floor-server.ts).
 *
 *   npm run bench -- list
 *   BENCH_DRIVERS=pg BENCH_DURATION=20 BENCH_ROUNDS=3 BENCH_CONNECTIONS=10,50 npm run bench -- list
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (the default)
 */
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import * as schema from '../src/db/schema/index.js'
import type { Db } from '../src/db/client.js'
import { listRows, type ListParams } from '../src/crud/list-query.js'
import { referenceResources } from '../src/modules/reference/reference.routes.js'
import type { SessionUser } from '../src/lib/sessions.js'
import { createPgDatabase, openDatabase, seedBenchData } from './fixtures.js'
import { positions, start, startApp, stop } from './harness.js'
import { cannon, type Figures } from './load.js'

const node = process.execPath

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000)
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3)
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number)
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pglite,pg').split(',') as Array<'pglite' | 'pg'>
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const POOL = 20 // the app's default pool size (db/client.ts)

/** 1 % of each company's rows match; sorted by name, a page of 25 with its total. */
export const LIST_QUERY = { search: 'makkah suite', sort_by: 'name', order_by: 'asc', page: 0, size: 25 } as const
/**
 * The searches measured: `makkah suite` matches 1 % of a company's rows (1,000 of
 * 100,000, spread over the table, through common trigrams): the database does
 * most of the work. `012345` matches one row through rare trigrams: the database
 * does little, so the framework's share shows.
 */
const SEARCHES = (process.env.BENCH_SEARCHES ?? 'makkah suite,012345').split(',')
const listPath = (search: string) =>
  `/api/v1/categories?search=${encodeURIComponent(search)}&sort_by=${LIST_QUERY.sort_by}&order_by=${LIST_QUERY.order_by}&page=${LIST_QUERY.page}&size=${LIST_QUERY.size}`

/** The answer must be the real one, and the same from both servers, before it is timed. */
interface Target {
  label: string
  url: string
  headers: Record<string, string>
  pid: number
}

async function check(targets: Target[]) {
  const answers: string[] = []
  for (const t of targets) {
    const res = await fetch(t.url, { headers: t.headers })
    const text = await res.text()
    const body = JSON.parse(text) as { data: unknown[]; pagination: { total: number } }
    if (res.status !== 200 || body.pagination.total < 1 || body.data.length !== Math.min(LIST_QUERY.size, body.pagination.total))
      throw new Error(`${t.label}: unexpected answer ${res.status} ${text.slice(0, 300)}`)
    answers.push(text)
  }
  if (new Set(answers).size !== 1)
    throw new Error(`the servers answer differently:\n${answers.map((a) => a.slice(0, 300)).join('\n')}`)
  return (JSON.parse(answers[0]!) as { pagination: { total: number } }).pagination.total
}

async function run(
  label: string,
  url: string,
  headers: Record<string, string>,
  connections: number,
  pid: number,
): Promise<Figures> {
  await cannon(url, connections, WARMUP, headers, pid)
  const f = await cannon(url, connections, DURATION, headers, pid)
  // A wrong answer stops the bench; a request still unanswered after TIMEOUT is counted and shown.
  if (f.non2xx || f.rps === 0) throw new Error(`${label} at ${connections}: ${f.rps} req/s, ${f.non2xx} non-2xx answers`)
  console.log(
    `  ${label.padEnd(6)} ${String(connections).padStart(2)} conn: ${f.rps.toFixed(0).padStart(5)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  server CPU ${f.cpu.toFixed(2)} ms/req${f.errors ? `  ${f.errors} timeouts/errors` : ''}`,
  )
  return f
}

/**
 * Floor and app take turns, ROUNDS times, so that a change in the machine's
 * load (it is shared) hits both alike. Each keeps, per figure, its best round
 * (most req/s, lowest p50, p99 and CPU): outside load only ever makes a figure
 * worse, so the best one is the least disturbed. Timeouts are summed.
 */
async function compare(targets: Target[]) {
  const best = new Map<string, Map<number, Figures>>(targets.map((t) => [t.label, new Map()]))
  for (const c of CONNECTIONS) {
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...targets].reverse() : targets
      for (const t of order) {
        const f = await run(t.label, t.url, t.headers, c, t.pid)
        const prev = best.get(t.label)!.get(c)
        best.get(t.label)!.set(
          c,
          prev
            ? {
                rps: Math.max(prev.rps, f.rps),
                p50: Math.min(prev.p50, f.p50),
                p99: Math.min(prev.p99, f.p99),
                cpu: Math.min(prev.cpu, f.cpu),
                non2xx: prev.non2xx + f.non2xx,
                errors: prev.errors + f.errors,
              }
            : f,
        )
      }
    }
  }
  return best
}

/** The SQL the engine sends for LIST_QUERY, captured from the engine itself so the floor runs exactly it. */
async function captureListSql(db: Db, companyId: number) {
  const captured: Array<{ q: string; p: unknown[] }> = []
  const cats = referenceResources.find((r) => r.source.table === schema.categories)!
  const logger = { logQuery: (q: string, p: unknown[]) => captured.push({ q, p }) }
  const client = (db as unknown as { $client: unknown }).$client
  const logged = (client instanceof pg.Pool
    ? drizzlePg(client, { schema, logger })
    : drizzlePglite(client as never, { schema, logger })) as unknown as Db
  // Distinct values for size and page show where the limit and offset go.
  const params: ListParams = { ...LIST_QUERY, page: 3, size: 7 }
  await listRows(logged, cats.source, params, cats.scope({ companyId } as SessionUser))
  if (captured.length !== 1) throw new Error(`expected one list query, got ${captured.length}`)
  const { q, p } = captured[0]!
  return {
    sql: q,
    template: { params: p, patterns: positions(p, `%${LIST_QUERY.search}%`), limit: p.indexOf(7), offset: p.indexOf(21) },
  }
}

const row = (name: string, f: Figures, floor?: Figures) =>
  `| ${name} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.cpu.toFixed(2)} | ${f.errors} | ${floor ? `${(f.rps / floor.rps).toFixed(2)}× req/s, ${(f.p99 / floor.p99).toFixed(2)}× p99` : '—'} |`

export default async function listBench() {
  const cpus = os.cpus()
  console.log(
    `list bench: ${ROWS} + ${ROWS} categories, ${DURATION}s per run, ${os.cpus().length} × ${cpus[0]?.model}, node ${process.version}`,
  )
  for (const search of SEARCHES) console.log(`GET ${listPath(search)}`)
  const report: string[] = []
  for (const driver of DRIVERS) {
    console.log(`\n== ${driver === 'pg' ? 'PostgreSQL' : 'PGlite'}`)
    let dropPg: (() => Promise<void>) | undefined
    let dataDir: string | undefined
    let url: string | undefined
    if (driver === 'pg') {
      const created = await createPgDatabase('bench_list')
      url = created.url
      dropPg = created.drop
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-list-'))
    }
    const children: ChildProcess[] = []
    try {
      const started = Date.now()
      const database = openDatabase({ url, dataDir })
      const { token, companyId } = await seedBenchData(database, ROWS)
      const { sql, template } = await captureListSql(database.db, companyId)
      template.params[0] = companyId
      await database.close()
      console.log(`  loaded and analyzed in ${((Date.now() - started) / 1000).toFixed(1)} s`)
      console.log(`  SQL: ${sql}`)

      // PGlite is one process's database: the floor gets its own copy of the data.
      const floorDir = dataDir ? `${dataDir}-floor` : undefined
      if (dataDir) fs.cpSync(dataDir, floorDir!, { recursive: true })
      const app = await startApp({ url, dataDir })
      children.push(app.child)
      const floor = await start(node, ['--import', 'tsx', 'bench/floor-server.ts'], {
        FLOOR_DRIVER: driver,
        FLOOR_URL: url ?? '',
        FLOOR_DATA_DIR: floorDir ? path.join(floorDir, 'pglite') : '',
        FLOOR_POOL: String(POOL),
        FLOOR_SQL: sql,
        FLOOR_PARAMS: JSON.stringify(template),
      })
      children.push(floor.child)
      for (const search of SEARCHES) {
        const targets: Target[] = [
          { label: 'floor', url: `http://127.0.0.1:${floor.port}${listPath(search)}`, headers: {}, pid: floor.child.pid! },
          {
            label: 'app',
            url: `http://127.0.0.1:${app.port}${listPath(search)}`,
            headers: { authorization: `Bearer ${token}` },
            pid: app.child.pid!,
          },
        ]
        const total = await check(targets)
        console.log(`  search "${search}": ${total} matching rows`)
        const results = await compare(targets)
        const base = results.get('floor')!
        const ours = results.get('app')!

        report.push(
          `\n### ${driver === 'pg' ? 'PostgreSQL 127.0.0.1:5432' : 'PGlite (embedded)'}, search "${search}" (${total} of ${ROWS} rows)\n`,
        )
        report.push(
          '| run | req/s | p50 ms | p99 ms | server CPU ms/req | timeouts | ours / floor |',
          '|---|---:|---:|---:|---:|---:|---|',
        )
        for (const c of CONNECTIONS) {
          report.push(row(`floor, ${c} connections`, base.get(c)!))
          report.push(row(`app, ${c} connections`, ours.get(c)!, base.get(c)!))
        }
        if (driver === 'pg' && ours.has(50)) {
          const a = ours.get(50)!
          const b = base.get(50)!
          const ok = a.rps >= 0.7 * b.rps && a.p99 <= 1.5 * b.p99
          report.push(`\nTarget at 50 connections (≥ 0.7× req/s, p99 ≤ 1.5×): ${ok ? 'met' : 'MISSED'}`)
        }
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
  console.log(`\n${report.join('\n')}`)
}
