/**
 * Transportation and train routes (issue 10, "Performance"): the two lists at
 * 100,000 rows each as a ratio of the floor (the same SQL served by bare
 * node:http + the driver, bench/floor-server.ts). Floor and app run in the
 * same bench, taking turns, so the ratio survives the machine's load. The two
 * calendars are measured with the rooms' in bench/calendars.bench.ts.
 *
 *   npm run bench -- transport
 *   BENCH_DRIVERS=pg,pglite BENCH_CONNECTIONS=10,50 BENCH_DURATION=10 BENCH_ROUNDS=3 npm run bench -- transport
 */
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import * as schema from '../src/db/schema/index.js'
import type { Db } from '../src/db/client.js'
import { listRows, type ListParams } from '../src/crud/list-query.js'
import type { Resource } from '../src/crud/resource.js'
import { transportationsResource } from '../src/modules/transportations/transportations.routes.js'
import { trainRoutesResource } from '../src/modules/train-routes/train-routes.routes.js'
import { createCompanyWithOwner, syncPermissions } from '../src/services/companies.js'
import { createSession } from '../src/lib/sessions.js'
import type { SessionUser } from '../src/lib/sessions.js'
import { createPgDatabase, openDatabase } from './fixtures.js'
import { positions, start, startApp, stop } from './harness.js'
import { cannon, type Figures } from './load.js'

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000)
const DURATION = Number(process.env.BENCH_DURATION ?? 8)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2)
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10').split(',').map(Number)
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pg').split(',') as Array<'pglite' | 'pg'>
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const node = process.execPath

const CITIES = ['Makkah', 'Madinah', 'Jeddah', 'Taif', 'Riyadh', 'Dammam', 'Abha', 'Tabuk', 'Hail', 'Najran']
const KINDS = ['Shuttle', 'Transfer', 'Express', 'Ziarah', 'Charter', 'Coach', 'Limo', 'Van', 'Bus', 'Sedan']
const arr = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`

/** 100k vehicles and 100k routes for company A (and B), names "Makkah Shuttle 000123": each city × kind pair is 1 %. */
async function load(db: Db, companyId: number, n: number) {
  const locs = (await db.execute(
    sql.raw(`INSERT INTO locations (company_id, name, slug, description, status, lat, long, zoom)
      SELECT ${companyId}, c, lower(c), '<p>' || c || '</p>', 'publish', 21, 39, 10 FROM unnest(${arr(CITIES)}) c RETURNING id`),
  )) as unknown as { rows: Array<{ id: number }> }
  const ids = `ARRAY[${locs.rows.map((r) => r.id).join(',')}]`
  const name = `(${arr(CITIES)})[1 + g % 10] || ' ' || (${arr(KINDS)})[1 + (g / 10) % 10] || ' ' || lpad(g::text, 6, '0')`
  await db.execute(
    sql.raw(`INSERT INTO transportations (company_id, location_id, name, slug, status, vehicle_number, min_reservation, max_day,
        price, sale_price, real_address, lat, long, zoom, meta_title, meta_description, created_at)
      SELECT ${companyId}, (${ids})[1 + g % 10], ${name}, 'v-' || g, CASE WHEN g % 3 = 0 THEN 'draft' ELSE 'publish' END,
             'B ' || lpad(g::text, 6, '0'), g % 7, 1 + g % 30, 500 + g % 1000, 400 + g % 1000 / 2, 'Address ' || g, 21, 39, 12,
             'm', 'm', now() - make_interval(secs => g)
        FROM generate_series(1, ${n}) g`),
  )
  await db.execute(
    sql.raw(`INSERT INTO train_routes (company_id, name, code, from_id, to_id, departure_time, arrival_time, duration,
        price_adult, price_children, max_passengers, bagage_checkin, bagage_cabin, train_type, is_active, created_at)
      SELECT ${companyId}, ${name}, 'TR-' || lpad(g::text, 6, '0'), (${ids})[1 + g % 10], (${ids})[1 + (g + 1) % 10],
             make_time(g % 24, 0, 0), make_time((g + 2) % 24, 30, 0), 2.5, 100 + g % 500, 50 + g % 250, 100 + g % 400, 23, 7,
             CASE WHEN g % 2 = 0 THEN 'economy' ELSE 'business' END, g % 5 <> 0, now() - make_interval(secs => g)
        FROM generate_series(1, ${n}) g`),
  )
  await db.execute(sql`ANALYZE`)
}

/**
 * The SQL the engine sends for one list call, captured from the engine itself
 * so the floor runs exactly it. Captured with a term matching many rows on
 * page 3 of 7 (distinct values show where the pattern, limit and offset go);
 * the floor fills in the timed call's own term, size and page.
 */
async function captureSql(db: Db, resource: Resource, companyId: number, query: Omit<ListParams, 'page' | 'size'>) {
  const captured: Array<{ q: string; p: unknown[] }> = []
  const logger = { logQuery: (q: string, p: unknown[]) => captured.push({ q, p }) }
  const client = (db as unknown as { $client: unknown }).$client
  const logged = (client instanceof pg.Pool
    ? drizzlePg(client, { schema, logger })
    : drizzlePglite(client as never, { schema, logger })) as unknown as Db
  await listRows(
    logged,
    resource.source,
    { ...query, search: 'shuttle', page: 3, size: 7 },
    resource.scope({ companyId } as SessionUser),
  )
  if (captured.length !== 1) throw new Error(`expected one list query, got ${captured.length}`)
  const { q, p } = captured[0]!
  return { sql: q, template: { params: p, patterns: positions(p, '%shuttle%'), limit: p.indexOf(7), offset: p.indexOf(21) } }
}

/** Floor and app must answer the same rows and total before they are timed. */
async function sameAnswer(appUrl: string, floorUrl: string, headers: Record<string, string>) {
  // Rows are compared by count and total: the floor's raw rows carry joined columns under the same names.
  const read = async (url: string, h: Record<string, string>) =>
    (await (await fetch(url, { headers: h })).json()) as { data: unknown[]; pagination?: { total: number | null } }
  const a = await read(appUrl, headers)
  const f = await read(floorUrl, {})
  const total = (x: typeof a) => x.pagination?.total ?? x.data.length
  if (a.data.length !== f.data.length || (typeof f.pagination?.total === 'number' && total(a) !== total(f)))
    throw new Error(`floor and app answer differently: ${a.data.length}/${total(a)} rows vs ${f.data.length}/${total(f)}`)
  return total(a)
}

interface Target {
  label: string
  url: string
  headers: Record<string, string>
  pid: number
}

/** Floor and app take turns, ROUNDS times; each keeps its best figures (outside load only makes them worse). */
async function compare(app: Target, floor: Target, connections: number) {
  const best: Record<string, Figures | undefined> = {}
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of round % 2 ? [app, floor] : [floor, app]) {
      await cannon(t.url, connections, WARMUP, t.headers, t.pid)
      const f = await cannon(t.url, connections, DURATION, t.headers, t.pid)
      if (f.non2xx || f.rps === 0) throw new Error(`${t.label}: ${f.rps} req/s, ${f.non2xx} non-2xx`)
      const prev = best[t.label]
      best[t.label] = prev
        ? {
            ...f,
            rps: Math.max(prev.rps, f.rps),
            p50: Math.min(prev.p50, f.p50),
            p99: Math.min(prev.p99, f.p99),
            cpu: Math.min(prev.cpu, f.cpu),
          }
        : f
    }
  }
  return { app: best[app.label]!, floor: best[floor.label]! }
}

export default async function transportBench() {
  console.log(
    `transport bench: ${ROWS} vehicles + ${ROWS} train routes per company, ${os.cpus().length} × ${os.cpus()[0]?.model}, node ${process.version}`,
  )
  const report: string[] = []
  for (const driver of DRIVERS) {
    let dropPg: (() => Promise<void>) | undefined
    let dataDir: string | undefined
    let url: string | undefined
    if (driver === 'pg') ({ url, drop: dropPg } = await createPgDatabase('bench_transport'))
    else dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-transport-'))
    const children: ChildProcess[] = []
    try {
      const started = Date.now()
      const database = openDatabase({ url, dataDir })
      const db = database.db
      await database.migrate()
      await syncPermissions(db)
      const made = []
      for (const name of ['Bench A', 'Bench B']) {
        const { company, owner } = await db.transaction((tx) =>
          createCompanyWithOwner(tx as unknown as Db, {
            company: name,
            owner: {
              name: 'Owner',
              email: `owner@${name.replace(' ', '').toLowerCase()}.bench`,
              password: null,
              status: 'active',
            },
          }),
        )
        await load(db, company.id, ROWS)
        made.push({ company, owner })
      }
      const companyId = made[0]!.company.id
      const { token } = await createSession(db, made[0]!.owner.id)
      const headers = { authorization: `Bearer ${token}` }
      console.log(`\n== ${driver}: loaded and analyzed in ${((Date.now() - started) / 1000).toFixed(1)} s`)

      const lists = [
        { name: 'transportations', resource: transportationsResource, search: 'makkah shuttle', sort_by: 'price' },
        { name: 'transportations', resource: transportationsResource, search: '001234', sort_by: 'name' },
        { name: 'trains_route', resource: trainRoutesResource, search: 'madinah express', sort_by: 'duration' },
        { name: 'trains_route', resource: trainRoutesResource, search: '001234', sort_by: 'name' },
      ]
      const captured = []
      for (const l of lists) {
        const q = { search: l.search, sort_by: l.sort_by, order_by: 'asc' as const, page: 0, size: 25 }
        const c = await captureSql(db, l.resource, companyId, { sort_by: q.sort_by, order_by: q.order_by })
        c.template.params[0] = companyId
        captured.push({
          ...l,
          ...c,
          path: `/api/v1/${l.name}?search=${encodeURIComponent(l.search)}&sort_by=${l.sort_by}&order_by=asc&page=0&size=25`,
        })
      }
      await database.close()

      const app = await startApp({ url, dataDir }, { LOG_LEVEL: 'warn' })
      children.push(app.child)
      const floorFor = async (text: string, template: unknown) => {
        // PGlite is one process's database: each floor gets its own copy.
        let floorDir: string | undefined
        if (dataDir) {
          floorDir = `${dataDir}-floor-${children.length}`
          fs.cpSync(dataDir, floorDir, { recursive: true })
        }
        const floor = await start(node, ['--import', 'tsx', 'bench/floor-server.ts'], {
          FLOOR_DRIVER: driver,
          FLOOR_URL: url ?? '',
          FLOOR_DATA_DIR: floorDir ? path.join(floorDir, 'pglite') : '',
          FLOOR_POOL: '20',
          FLOOR_SQL: text,
          FLOOR_PARAMS: JSON.stringify(template),
        })
        children.push(floor.child)
        return floor
      }

      report.push(`\n### ${driver === 'pg' ? 'PostgreSQL 127.0.0.1:5432' : 'PGlite (embedded)'}\n`)
      report.push(
        '| call | conn | floor req/s | app req/s | app p50 / p99 ms | ratio req/s | ratio p99 |',
        '|---|---:|---:|---:|---:|---:|---:|',
      )
      const line = (label: string, c: number, r: { app: Figures; floor: Figures }) => {
        const s = `| ${label} | ${c} | ${r.floor.rps.toFixed(0)} | ${r.app.rps.toFixed(0)} | ${r.app.p50} / ${r.app.p99} | ${r.floor.cpu.toFixed(2)} / ${r.app.cpu.toFixed(2)} | ${(r.app.rps / r.floor.rps).toFixed(2)}× | ${(r.app.p99 / Math.max(r.floor.p99, 1)).toFixed(2)}× |`
        console.log(s)
        report.push(s)
      }
      for (const l of captured) {
        const floor = await floorFor(l.sql, l.template)
        const total = await sameAnswer(
          `http://127.0.0.1:${app.port}${l.path}`,
          `http://127.0.0.1:${floor.port}${l.path}`,
          headers,
        )
        if (total < 1) throw new Error(`${l.path}: no rows`)
        for (const c of CONNECTIONS) {
          const r = await compare(
            { label: 'app', url: `http://127.0.0.1:${app.port}${l.path}`, headers, pid: app.child.pid! },
            { label: 'floor', url: `http://127.0.0.1:${floor.port}${l.path}`, headers: {}, pid: floor.child.pid! },
            c,
          )
          line(`GET /${l.name} search "${l.search}" (${total} rows) sort ${l.sort_by}`, c, r)
        }
        await stop(floor.child)
      }
    } finally {
      for (const c of children) await stop(c)
      if (dropPg) await dropPg()
      if (dataDir) {
        for (const entry of fs.readdirSync(path.dirname(dataDir)))
          if (entry.startsWith(path.basename(dataDir)))
            fs.rmSync(path.join(path.dirname(dataDir), entry), { recursive: true, force: true })
      }
    }
  }
  console.log(`\n${report.join('\n')}`)
}
