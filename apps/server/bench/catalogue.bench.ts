/**
 * The hotels/rooms bench (issue 9, "Performance"), against the real server
 * (`src/server.ts` in a child process, as `npm start` runs it):
 *   - the hotel list at 100,000 hotels per company (two companies): a search +
 *     sort + page of 25 + total, and the first page sorted by location name,
 *     each against the floor (bench/calls-floor-server.ts: bare node:http + the
 *     driver sending the SQL the engine sends, captured from it), as a ratio;
 *   - saving a hotel with every child list filled (PUT, one connection).
 * The room calendar is measured with the other two in bench/calendars.bench.ts.
 * Floor and app take turns, BENCH_ROUNDS times; each figure is the median of the rounds.
 *
 *   npm run bench -- catalogue
 *   BENCH_DRIVERS=pg BENCH_DURATION=10 BENCH_ROUNDS=3 npm run bench -- catalogue
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
import { listRows, type ListParams } from '../src/crud/list-query.js'
import { hotelsResource } from '../src/modules/hotels/hotels.routes.js'
import type { SessionUser } from '../src/lib/sessions.js'
import { createPgDatabase, openDatabase, seedBenchData } from './fixtures.js'
import type { FloorCall } from './calls-floor-server.js'
import { start, startApp, stop } from './harness.js'
import { cannon, medianOf, writeLoop, type Figures } from './load.js'

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000)
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3)
const LIST_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pg').split(',') as Array<'pglite' | 'pg'>
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SEARCH = process.env.BENCH_SEARCH ?? 'makkah suite'
const POOL = 20
const node = process.execPath

const CITIES = ['Makkah', 'Madinah', 'Jeddah', 'Taif', 'Riyadh', 'Dammam', 'Abha', 'Tabuk', 'Hail', 'Najran']
const KINDS = ['Suite', 'Tower', 'Inn', 'Residence', 'Grand']

/**
 * `n` hotels for a company in one INSERT … SELECT generate_series, over ten
 * locations; names like "Makkah Suite 000123" (every city × kind pair is 2 %).
 */
async function loadHotels(db: Db, companyId: number, n: number) {
  const locs: number[] = []
  for (const [i, city] of CITIES.entries()) {
    const res = (await db.execute(sql`INSERT INTO locations (company_id, name, slug, description, status, lat, long, zoom)
      VALUES (${companyId}, ${city}, ${city.toLowerCase()}, 'x', 'publish', 21, 39, 10) RETURNING id`)) as unknown as {
      rows: Array<{ id: number }>
    }
    locs[i] = res.rows[0]!.id
  }
  const cities = `ARRAY[${CITIES.map((c) => `'${c}'`).join(',')}]`
  const kinds = `ARRAY[${KINDS.map((c) => `'${c}'`).join(',')}]`
  const locArray = `ARRAY[${locs.join(',')}]`
  await db.execute(
    sql.raw(`INSERT INTO hotels (company_id, location_id, name, slug, rating, check_in, check_out, min_reservation, max_stay,
        price, is_featured, status, real_address, lat, long, zoom, meta_title, meta_description, created_at)
      SELECT ${companyId}, (${locArray})[1 + g % 10], v.name, lower(replace(v.name, ' ', '-')), 1 + g % 5,
             lpad((g % 24)::text, 2, '0') || ':00', lpad(((g + 7) % 24)::text, 2, '0') || ':30', g % 30, 1 + g % 14,
             (500 + (g * 37) % 5000)::numeric / 1, g % 4 = 0, CASE WHEN g % 3 = 0 THEN 'draft' ELSE 'publish' END,
             'Jl. ' || v.name, 21 + (g % 1000) / 1000.0, 39 + (g % 997) / 1000.0, g % 19, v.name, v.name,
             now() - make_interval(secs => g)
        FROM generate_series(1, ${n}) g,
             LATERAL (SELECT (${cities})[1 + g % 10] || ' ' || (${kinds})[1 + (g / 10) % 5] || ' ' || lpad(g::text, 6, '0') AS name) v`),
  )
  await db.execute(sql`ANALYZE hotels`)
  return locs
}

interface ListCall {
  name: string
  query: ListParams
  kind: FloorCall['kind']
}
const LIST_CALLS: ListCall[] = [
  {
    name: `hotels: search "${SEARCH}" + sort by name + page of 25 + total`,
    query: { search: SEARCH, sort_by: 'name', order_by: 'asc', page: 0, size: 25 },
    kind: 'windowed',
  },
  {
    name: 'hotels: page of 10 sorted by location name + total',
    query: { sort_by: 'location', order_by: 'asc', page: 0, size: 10 },
    kind: 'page',
  },
]
const listPath = (q: ListParams) =>
  `/api/v1/hotels?${q.search ? `search=${encodeURIComponent(q.search)}&` : ''}sort_by=${q.sort_by}&order_by=${q.order_by}&page=${q.page}&size=${q.size}`

/** The SQL the engine sends for each list call, captured from the engine itself; the floor sends it bare. */
async function captureFloorCalls(db: Db, companyId: number): Promise<Record<string, FloorCall>> {
  const client = (db as unknown as { $client: unknown }).$client
  const out: Record<string, FloorCall> = {}
  for (const [i, call] of LIST_CALLS.entries()) {
    const captured: Array<{ sql: string; params: unknown[] }> = []
    const logger = { logQuery: (q: string, p: unknown[]) => captured.push({ sql: q, params: p }) }
    const logged = (client instanceof pg.Pool
      ? drizzlePg(client, { schema, logger })
      : drizzlePglite(client as never, { schema, logger })) as unknown as Db
    // Without counters in the floor: the unsearched total is the engine's count(*) (the app reads a counter).
    await listRows(logged, hotelsResource.source, call.query, hotelsResource.scope({ companyId } as SessionUser))
    out[`/list${i}`] = {
      kind: call.kind,
      size: call.query.size,
      queries: captured.sort((x, y) => Number(/count\(/.test(x.sql)) - Number(/count\(/.test(y.sql))),
    }
  }
  return out
}

export default async function catalogueBench() {
  const cpus = os.cpus()
  console.log(
    `catalogue bench: ${ROWS} + ${ROWS} hotels, lists at ${LIST_CONNECTIONS} connections, ${ROUNDS} × ${DURATION}s, ${cpus.length} × ${cpus[0]?.model}, node ${process.version}`,
  )
  const report: string[] = []
  for (const driver of DRIVERS) {
    console.log(`\n== ${driver === 'pg' ? 'PostgreSQL' : 'PGlite'}`)
    let dropPg: (() => Promise<void>) | undefined
    let dataDir: string | undefined
    let url: string | undefined
    if (driver === 'pg') {
      const created = await createPgDatabase('bench_catalogue')
      url = created.url
      dropPg = created.drop
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-catalogue-'))
    }
    const children: ChildProcess[] = []
    try {
      const database = openDatabase({ url, dataDir })
      // The fixture's companies (with a few categories) and the owner's session; then the hotels.
      const { token, companyId } = await seedBenchData(database, 100)
      const t0 = Date.now()
      const locs = await loadHotels(database.db, companyId, ROWS)
      const other = (await database.db.execute(
        sql`SELECT id FROM companies WHERE id <> ${companyId} ORDER BY id DESC LIMIT 1`,
      )) as unknown as {
        rows: Array<{ id: number }>
      }
      await loadHotels(database.db, other.rows[0]!.id, ROWS)
      console.log(`  loaded ${2 * ROWS} hotels in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
      const floorCalls = await captureFloorCalls(database.db, companyId)
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
      const base = `http://127.0.0.1:${app.port}/api/v1`
      const call = async (method: string, p: string, body?: unknown) => {
        const res = await fetch(`${base}${p}`, {
          method,
          headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        })
        const json = (await res.json()) as { data: Record<string, unknown> }
        if (res.status !== 200) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`)
        return json.data
      }

      report.push(
        `\n### ${driver === 'pg' ? 'PostgreSQL 127.0.0.1:5432' : 'PGlite (embedded)'}: hotel list at ${ROWS} hotels per company, ${LIST_CONNECTIONS} connections, median of ${ROUNDS} × ${DURATION} s\n`,
        '| call | floor req/s | app req/s | app ÷ floor | floor p99 ms | app p99 ms | app CPU ms/req |',
        '|---|---:|---:|---:|---:|---:|---:|',
      )
      for (const [i, c] of LIST_CALLS.entries()) {
        const appUrl = `http://127.0.0.1:${app.port}${listPath(c.query)}`
        const floorUrl = `http://127.0.0.1:${floor.port}/list${i}`
        // The floor answers the driver's raw rows (no nesting, numeric as text): the same rows and total is the check.
        const a = (await (await fetch(appUrl, { headers })).json()) as {
          data: Array<{ id: number }>
          pagination: { total: number }
        }
        const f = (await (await fetch(floorUrl)).json()) as { data: Array<{ id: number }>; pagination: { total: number } }
        const same = (x: typeof a) => JSON.stringify([x.pagination.total, x.data.map((r) => r.id)])
        if (same(a) !== same(f) || a.data.length === 0)
          throw new Error(`${c.name}: the servers answer differently\n${same(a)}\n${same(f)}`)
        const runs: Record<'floor' | 'app', Figures[]> = { floor: [], app: [] }
        for (let round = 0; round < ROUNDS; round++) {
          for (const who of round % 2 ? (['app', 'floor'] as const) : (['floor', 'app'] as const)) {
            const target =
              who === 'app' ? { url: appUrl, h: headers, pid: app.child.pid! } : { url: floorUrl, h: {}, pid: floor.child.pid! }
            await cannon(target.url, LIST_CONNECTIONS, WARMUP, target.h, target.pid)
            const fig = await cannon(target.url, LIST_CONNECTIONS, DURATION, target.h, target.pid)
            if (fig.non2xx || fig.rps === 0) throw new Error(`${who} ${c.name}: ${fig.rps} req/s, ${fig.non2xx} non-2xx`)
            console.log(
              `  ${c.name.padEnd(60)} ${who.padEnd(5)} ${fig.rps.toFixed(0).padStart(6)} req/s  p50 ${fig.p50} ms  p99 ${fig.p99} ms`,
            )
            runs[who].push(fig)
          }
        }
        const fl = medianOf(runs.floor)
        const ap = medianOf(runs.app)
        report.push(
          `| ${c.name} (total ${a.pagination.total}) | ${fl.rps.toFixed(0)} | ${ap.rps.toFixed(0)} | ${(ap.rps / fl.rps).toFixed(2)} | ${fl.p99} | ${ap.p99} | ${ap.cpu.toFixed(2)} |`,
        )
      }

      // A hotel with every list, saved again and again.
      const full = {
        name: 'Bench Hotel Full',
        content: `<p>${'Dekat Masjidil Haram. '.repeat(50)}</p>`,
        youtube: 'https://www.youtube.com/watch?v=bench',
        rating: 5,
        check_in: '14:00',
        check_out: '12:00',
        min_reservation: 1,
        max_stay: 2,
        price: 1850,
        is_featured: true,
        status: 'publish',
        extra_price: true,
        prices_extra: Array.from({ length: 5 }, (_, i) => ({
          name: `Extra ${i}`,
          value: 10 * i,
          type: 'per_day',
          person_price: i % 2 === 0,
        })),
        service_fee: true,
        service_prices: Array.from({ length: 5 }, (_, i) => ({
          name: `Fee ${i}`,
          name_en: `Fee ${i}`,
          value: i,
          type: 'percent',
          person_price: false,
        })),
        hotel_policy: Array.from({ length: 5 }, (_, i) => ({ title: `Policy ${i}`, description: `Policy text ${i}` })),
        hotel_education: Array.from({ length: 3 }, (_, i) => ({
          name: `School ${i}`,
          description: 'x',
          distance: i + 1,
          type: 'km',
        })),
        hotel_transportation: Array.from({ length: 3 }, (_, i) => ({
          name: `Bus ${i}`,
          description: 'x',
          distance: 100 * (i + 1),
          type: 'm',
        })),
        hotel_health: Array.from({ length: 3 }, (_, i) => ({
          name: `Clinic ${i}`,
          description: 'x',
          distance: i + 0.5,
          type: 'km',
        })),
        location_id: locs[0],
        real_address: 'Jl. Ajyad',
        lat: 21.42,
        long: 39.82,
        zoom: 16,
      }
      const hotel = await call('POST', '/hotels', full)
      const { hotel_policy: _p, ...rest } = full
      const hotelBody = { ...rest, hotel_policy: (hotel.policies as Array<Record<string, unknown>>).map((p) => ({ ...p })) }
      const wHotel = await writeLoop(`${base}/hotels/${hotel.id}`, 'PUT', hotelBody, headers, DURATION)
      console.log(`  hotel save: ${wHotel.n} saves, p50 ${wHotel.p50} p99 ${wHotel.p99} ms, ${wHotel.non2xx} non-2xx`)
      if (wHotel.non2xx) throw new Error('a measured call failed')
      report.push(
        '\n| call | load | req/s | p50 ms | p99 ms |',
        '|---|---|---:|---:|---:|',
        `| save a hotel with every list (PUT: 5 policies, 5 extra prices, 5 fees, 9 surroundings) | 1 connection, ${DURATION} s back to back (${wHotel.n} saves) | ${(wHotel.n / DURATION).toFixed(1)} | ${wHotel.p50} | ${wHotel.p99} |`,
      )
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
