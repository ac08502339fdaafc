/**
 * The orders bench (issue 11, "Performance"), against the real server
 * (`src/server.ts` in a child process, as `npm start` runs it):
 *   - orders per second at 50 connections, single-room orders spread over
 *     many rooms and nights (each request a different room and night);
 *   - the contended case: every order for the same room and night (one stock
 *     row, whose lock serializes them), with a stock large enough to accept all;
 *   - p99 of a quote (3 nights, 10 connections);
 *   - the floor, in the same run: GET /healthz (one `select 1`) at 50
 *     connections, so the ratios survive a loaded machine;
 *   - the bookings floor (issue 33, PostgreSQL only): bench/orders-floor-server.ts,
 *     bare node:http + pg writing only the stock upsert, the order row and its
 *     item row in one transaction, on its own copies of those tables, spread and
 *     contended like the app; ours ÷ floor for req/s and p99.
 *
 * Each case also prints the CPU per answered request of the server process (app or bookings floor) and of
 * PostgreSQL's processes, ms (Linux /proc): steadier than req/s on a shared machine.
 *
 *   npm run bench -- orders
 *   BENCH_DRIVERS=pg,pglite BENCH_DURATION=10 npm run bench -- orders
 *
 * BENCH_CASES=spread,contended (any of healthz, spread, contended, quote; default all) runs only those;
 * BENCH_PROFILE=<dir> leaves a V8 CPU profile of the app's run there (`npx tsx bench/profile-summary.ts <file>`);
 * BENCH_SETUP_SQL runs SQL on the bench's database after its setup (a what-if on the schema);
 * BENCH_WARMUP seconds of each case run unmeasured first (default 10), on each side;
 * BENCH_ROUNDS paired rounds (default 5): each case with a bookings floor alternates slices of BENCH_SLICE seconds
 * (default 4) of the app and of the floor, and the ratio is the median of the rounds' ratios (BENCH_ROUND_DETAIL=1
 * prints every slice); on PGlite (no floor) a case is one run of BENCH_DURATION;
 * BENCH_POOL sets both sides' pool (default 20); BENCH_HISTORY the past orders both start from (default 20,000);
 * BENCH_LOG_LEVEL=info with BENCH_APP_OUT=<file> keeps the app's request log (each answer's responseTime).
 */
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import autocannon from 'autocannon'
import pg from 'pg'
import { createPgDatabase, openDatabase, seedBenchData } from './fixtures.js'
import { start, startApp, stop } from './harness.js'
import { cpuSince, median } from './load.js'
import { createHotelRoom } from '../test/helpers/bookables.js'

const DURATION = Number(process.env.BENCH_DURATION ?? 10)
/**
 * Seconds of the same calls, unmeasured, before each measured run of orders (`BENCH_WARMUP`): the pool's
 * connections opened, their statements prepared, the triggers' functions compiled in each backend and the code
 * optimised. Without it the first ~50 orders of a run waited on all of that at once and were the p99.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pg,pglite').split(',') as Array<'pglite' | 'pg'>
const ROOMS = Number(process.env.BENCH_ROOMS ?? 500)
/** The app's pool (DATABASE_POOL_SIZE, default 20), and the floor's the same (`BENCH_POOL`). */
const POOL = Number(process.env.BENCH_POOL ?? 20)
/** Paired rounds of each case with a floor (`BENCH_ROUNDS`), each a slice of `BENCH_SLICE` seconds per side. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5))
const SLICE = Math.max(1, Number(process.env.BENCH_SLICE ?? 4))
const CASES = new Set((process.env.BENCH_CASES ?? 'healthz,spread,contended,quote').split(','))

/** The bookings floor's own copies of the tables an order writes: columns, checks, indexes, foreign keys; no triggers. */
export const FLOOR_TABLES = `
  CREATE TABLE floor_stock (LIKE inventory_stock INCLUDING ALL);
  ALTER TABLE floor_stock ADD FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE;
  CREATE TABLE floor_orders (LIKE orders INCLUDING ALL);
  ALTER TABLE floor_orders ADD FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE;
  CREATE TABLE floor_order_items (LIKE order_items INCLUDING ALL);
  ALTER TABLE floor_order_items ADD FOREIGN KEY (order_id) REFERENCES floor_orders(id) ON DELETE CASCADE;
  ALTER TABLE floor_order_items ADD FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE;`

/** Past orders each side's tables start with (`BENCH_HISTORY`, default 20,000): an agency's database has a history. */
export const HISTORY = Number(process.env.BENCH_HISTORY ?? 20_000)

/**
 * `n` past orders of company `company` on room `room`, written alike into the app's tables (the order, its desk,
 * first status, item, line and audit row, as an order writes them) and into the floor's (the order and its item),
 * in one statement each; the caller ANALYZEs after. Without a history every bench began on empty tables, and each
 * connection's cached plan of a foreign-key check (or a trigger's query) made then read the table whole on every
 * order ever after: the cost of an order grew with the orders of the run (docs/performance/orders.md, 2026-12-03).
 */
export const orderHistory = (company: number, room: number, n = HISTORY) => `
  WITH o AS (
    INSERT INTO orders (company_id, status, customer_name, customer_passport_number, items_summary, start_date, end_date, total)
    SELECT ${company}, 'completed', 'Past Customer ' || g, 'P' || lpad(g::text, 7, '0'), 'Room',
           current_date - 730 + g % 700, current_date - 729 + g % 700, 500
    FROM generate_series(1, ${n}) g
    RETURNING id, start_date
  ), d AS (
    INSERT INTO order_desks (order_id, company_id, desk, status) SELECT id, ${company}, 'hotel', 'completed' FROM o
  ), h AS (
    INSERT INTO order_status_history (order_id, from_status, to_status) SELECT id, NULL, 'completed' FROM o
  ), a AS (
    INSERT INTO audit_log (company_id, entity, record_id, action) SELECT ${company}, 'orders', id, 'create' FROM o
  ), i AS (
    INSERT INTO order_items (order_id, company_id, position, kind, item_id, item_name, start_date, end_date, quantity, adults, amount)
    SELECT id, ${company}, 0, 'room', ${room}, 'Room', start_date, start_date, 1, 1, 500 FROM o
    RETURNING id, start_date
  )
  INSERT INTO order_lines (order_item_id, position, type, day, label, unit_price, quantity, amount)
  SELECT id, 0, 'day', start_date, 'Room', 500, 1, 500 FROM i;
  WITH o AS (
    INSERT INTO floor_orders (company_id, code, status, customer_name, customer_passport_number, items_summary,
                              start_date, end_date, total)
    SELECT ${company}, 'PAST-' || g, 'completed', 'Past Customer ' || g, 'P' || lpad(g::text, 7, '0'), 'Room',
           current_date - 730 + g % 700, current_date - 729 + g % 700, 500
    FROM generate_series(1, ${n}) g
    RETURNING id, start_date
  )
  INSERT INTO floor_order_items (order_id, company_id, position, kind, item_id, item_name, start_date, end_date, quantity, adults, amount)
  SELECT id, ${company}, 0, 'room', ${room}, 'Room', start_date, start_date, 1, 1, 500 FROM o;`

const day = (n: number) => {
  const d = new Date()
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

interface Result {
  rps: number
  p50: number
  p99: number
  ok: number
  non2xx: number
  errors: number
  /** CPU per answered request, ms: the server process's and PostgreSQL's. */
  cpu: number
  dbCpu: number
}

function run(opts: {
  url: string
  /** The server process answering (its CPU is read). */
  pid: number
  method?: 'GET' | 'POST'
  connections: number
  headers: Record<string, string>
  body?: () => unknown
  duration?: number
}): Promise<Result> {
  const usage = cpuSince(opts.pid)
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: opts.url,
        method: opts.method ?? 'GET',
        connections: opts.connections,
        duration: opts.duration ?? DURATION,
        timeout: 30,
        headers: { ...opts.headers, ...(opts.body ? { 'content-type': 'application/json' } : {}) },
        ...(opts.body
          ? {
              requests: [
                {
                  setupRequest: (req: Record<string, unknown>) => ({ ...req, body: JSON.stringify(opts.body!()) }),
                },
              ],
            }
          : {}),
      },
      (err, r) => {
        if (err) return reject(err)
        const { cpu, dbCpu } = usage(Math.max(r['2xx'], 1))
        resolve({
          cpu,
          dbCpu: dbCpu ?? 0,
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          ok: r['2xx'],
          non2xx: r.non2xx,
          errors: r.errors + r.timeouts,
        })
      },
    )
  })
}

/** One side's slices as one figure: req/s their mean, latencies their median, CPU per order over all orders. */
function mergeResults(rs: Result[]): Result {
  const ok = rs.reduce((n, r) => n + r.ok, 0)
  const per = (f: (r: Result) => number) => rs.reduce((n, r) => n + f(r) * r.ok, 0) / Math.max(ok, 1)
  return {
    rps: rs.reduce((n, r) => n + r.rps, 0) / rs.length,
    p50: median(rs.map((r) => r.p50)),
    p99: median(rs.map((r) => r.p99)),
    ok,
    non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
    errors: rs.reduce((n, r) => n + r.errors, 0),
    cpu: per((r) => r.cpu),
    dbCpu: per((r) => r.dbCpu),
  }
}

const fmt = (r: Result) =>
  `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(5)} ms  ` +
  `cpu ${r.cpu.toFixed(2)} ms/req (pg ${r.dbCpu.toFixed(2)})  2xx ${r.ok}  non-2xx ${r.non2xx}  errors ${r.errors}`

export default async function ordersBench() {
  const children: ChildProcess[] = []
  try {
    for (const driver of DRIVERS) {
      console.log(
        `\n=== orders on ${driver} (${CONNECTIONS} connections; ` +
          (driver === 'pg' ? `${ROUNDS} paired rounds of ${SLICE} s a side, ${WARMUP} s warm-up)` : `${DURATION} s each)`),
      )
      const pgDb = driver === 'pg' ? await createPgDatabase('bench_orders') : undefined
      const dataDir = driver === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-')) : undefined
      try {
        const database = openDatabase({ url: pgDb?.url, dataDir })
        const { token, companyId } = await seedBenchData(database, 10)
        const rooms: number[] = []
        for (let i = 0; i < ROOMS; i++)
          rooms.push((await createHotelRoom(database.db, companyId, {}, { room_stock: 50, price: 500 })).roomId)
        const hot = (await createHotelRoom(database.db, companyId, {}, { room_stock: 10_000_000, price: 500 })).roomId
        if (driver === 'pg') {
          await database.db.execute(sql.raw(FLOOR_TABLES))
          await database.db.execute(sql.raw(orderHistory(companyId, hot)))
        }
        // BENCH_SETUP_SQL: SQL run after the setup, before the app starts (a what-if: a trigger off, an index dropped).
        if (process.env.BENCH_SETUP_SQL) await database.db.execute(sql.raw(process.env.BENCH_SETUP_SQL))
        // As a running database would be: its tables vacuumed and analysed, its dirty pages written. Otherwise the
        // setup's autovacuum and checkpoint land in the first case measured (the app's spread orders).
        await database.db.execute(sql`VACUUM (ANALYZE)`)
        await database.close()

        const app = await startApp(
          { url: pgDb?.url, dataDir },
          {
            LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
            DATABASE_POOL_SIZE: String(POOL),
          },
        )
        children.push(app.child)
        const bookings =
          driver === 'pg'
            ? await start(process.execPath, ['--import', 'tsx', 'bench/orders-floor-server.ts'], {
                FLOOR_URL: pgDb!.url,
                FLOOR_POOL: String(POOL),
                FLOOR_COMPANY: String(companyId),
              })
            : undefined
        if (bookings) children.push(bookings.child)
        const floorUrl = bookings && `http://127.0.0.1:${bookings.port}/`
        const base = `http://127.0.0.1:${app.port}`
        const headers = { authorization: `Bearer ${token}` }
        const stay = (roomId: number, offset: number, nights = 1) => ({
          customer: { name: 'Bench Customer', passport_number: 'B1234567' },
          items: [
            {
              kind: 'room',
              room_id: roomId,
              check_in: day(offset),
              check_out: day(offset + nights),
              quantity: 1,
              adults: 1,
              children: 0,
            },
          ],
        })
        // Check the calls answer what they should before timing them.
        const probe = await fetch(`${base}/api/v1/orders`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(stay(hot, 30)),
        })
        if (probe.status !== 200) throw new Error(`order probe: ${probe.status} ${await probe.text()}`)

        const appPid = app.child.pid!
        const floorPid = bookings?.child.pid ?? 0
        const floor = CASES.has('healthz')
          ? await run({ url: `${base}/healthz`, pid: appPid, connections: CONNECTIONS, headers })
          : undefined
        if (floor) console.log(`  floor GET /healthz               ${fmt(floor)}`)
        const ofHealthz = (r: Result) => (floor ? `  = ${(r.rps / floor.rps).toFixed(3)} x floor` : '')
        /** Room after room, then the next night (each side its own sequence, as each has its own tables). */
        const spreadOver = () => {
          let n = 0
          return () => {
            n++
            return stay(rooms[n % rooms.length]!, 10 + (Math.floor(n / rooms.length) % 300))
          }
        }
        const floorBody = (o: ReturnType<typeof stay>) => ({
          room_id: o.items[0]!.room_id,
          day: o.items[0]!.check_in,
          quantity: 1,
        })
        // Each measured run of orders starts from a checkpoint: the WAL and dirty pages of the run before it (the
        // app's orders before the floor's) are written first, not during the next one.
        const checkpoint = async () => {
          if (!pgDb) return
          const c = new pg.Client({ connectionString: pgDb.url })
          await c.connect()
          await c.query('CHECKPOINT')
          await c.end()
        }
        const post = (url: string, pid: number, body: () => unknown, duration = DURATION) =>
          run({ url, pid, method: 'POST', connections: CONNECTIONS, headers, body, duration })
        /**
         * A case on the app and on the bookings floor in `ROUNDS` paired rounds (issue 33): both warmed up, then each
         * round one slice of each side back to back (the first side alternating), each slice from a checkpoint. The
         * ratio is the median of the rounds' own ratios: a minute of this VM drifts by up to 2x, and a pair of slices
         * a few seconds apart shares the same minute, where a run of one side and then the other did not.
         */
        const paired = async (ours: () => unknown, theirs: () => unknown) => {
          const slice = SLICE
          if (WARMUP > 0) {
            await post(`${base}/api/v1/orders`, appPid, ours, WARMUP)
            await post(floorUrl!, floorPid, theirs, WARMUP)
          }
          const rounds: Array<{ ours: Result; floor: Result }> = []
          for (let r = 0; r < ROUNDS; r++) {
            const one = async (side: 'ours' | 'floor') => {
              await checkpoint()
              return side === 'ours'
                ? post(`${base}/api/v1/orders`, appPid, ours, slice)
                : post(floorUrl!, floorPid, theirs, slice)
            }
            if (r % 2 === 0) {
              const o = await one('ours')
              rounds.push({ ours: o, floor: await one('floor') })
            } else {
              const f = await one('floor')
              rounds.push({ ours: await one('ours'), floor: f })
            }
          }
          return {
            ours: mergeResults(rounds.map((r) => r.ours)),
            floor: mergeResults(rounds.map((r) => r.floor)),
            rps: median(rounds.map((r) => r.ours.rps / r.floor.rps)),
            p99: median(rounds.map((r) => r.ours.p99 / r.floor.p99)),
            each: rounds.map((r) => (r.ours.rps / r.floor.rps).toFixed(2)).join(' '),
            detail: rounds
              .map((r, i) => `    round ${i + 1}: ours ${fmt(r.ours)}\n             floor ${fmt(r.floor)}`)
              .join('\n'),
          }
        }
        const ratio = (p: Awaited<ReturnType<typeof paired>>) =>
          `ours ${p.ours.rps.toFixed(0)} / floor ${p.floor.rps.toFixed(0)} req/s, median of ${ROUNDS} paired rounds ` +
          `${p.rps.toFixed(2)} (target >= 0.5; rounds ${p.each}), p99 ${p.p99.toFixed(2)} x (target <= 2), ` +
          `cpu ${p.ours.cpu.toFixed(2)} / ${p.floor.cpu.toFixed(2)} ms per order`
        const ratios: string[] = []
        // Without a bookings floor (PGlite) a case runs on the app alone, as one run after its warm-up.
        const alone = async (body: () => unknown) => {
          if (WARMUP > 0) await post(`${base}/api/v1/orders`, appPid, body, WARMUP)
          await checkpoint()
          return post(`${base}/api/v1/orders`, appPid, body)
        }
        if (CASES.has('spread')) {
          const ours = spreadOver()
          const theirs = spreadOver()
          if (floorUrl) {
            const p = await paired(ours, () => floorBody(theirs()))
            console.log(`  orders, spread over ${ROOMS} rooms   ${fmt(p.ours)}${ofHealthz(p.ours)}`)
            console.log(`  bookings floor, spread           ${fmt(p.floor)}`)
            ratios.push(`  vs bookings floor, spread:    ${ratio(p)}`)
            if (process.env.BENCH_ROUND_DETAIL) console.log(p.detail)
          } else {
            const spread = await alone(ours)
            console.log(`  orders, spread over ${ROOMS} rooms   ${fmt(spread)}${ofHealthz(spread)}`)
          }
        }
        if (CASES.has('contended')) {
          const ours = () => stay(hot, 30)
          if (floorUrl) {
            const p = await paired(ours, () => floorBody(stay(hot, 30)))
            console.log(`  orders, all on one room-night    ${fmt(p.ours)}${ofHealthz(p.ours)}`)
            console.log(`  bookings floor, one room-night   ${fmt(p.floor)}`)
            ratios.push(`  vs bookings floor, contended: ${ratio(p)}`)
            if (process.env.BENCH_ROUND_DETAIL) console.log(p.detail)
          } else {
            const contended = await alone(ours)
            console.log(`  orders, all on one room-night    ${fmt(contended)}${ofHealthz(contended)}`)
          }
        }
        for (const line of ratios) console.log(line)
        if (CASES.has('quote')) {
          const quote = await run({
            url: `${base}/api/v1/orders/quote`,
            pid: appPid,
            method: 'POST',
            connections: 10,
            headers,
            body: () => stay(rooms[0]!, 40, 3),
          })
          console.log(`  quote (3 nights), 10 connections ${fmt(quote)}`)
        }
        await stop(app.child)
        if (bookings) await stop(bookings.child)
      } finally {
        await pgDb?.drop()
        if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
      }
    }
  } finally {
    for (const c of children) await stop(c).catch(() => {})
  }
}
