/**
 * The CPU one `POST /orders` costs, one order at a time (issue 33): Node's (this process: the app runs in it,
 * `buildApp` + `inject`, as order-statements.ts does) and PostgreSQL's (the one backend of a pool of one
 * connection, read from /proc), per order, over `BENCH_ORDERS` single-room one-night orders spread over rooms,
 * after a warm-up. Beside it the bookings floor's transaction (bench/orders-floor-server.ts's five statements on
 * one client, without HTTP). Figures that hold on a loaded machine far better than req/s: nothing waits on
 * another order, and CPU time is counted, not elapsed time.
 *
 *   cd apps/server && npx tsx bench/order-cost.ts
 *
 * BENCH_PROFILE=<file.cpuprofile>: a V8 CPU profile of the measured orders only (`bench/profile-summary.ts`).
 */
import fs from 'node:fs'
import { Session } from 'node:inspector/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { createPgDatabase, openDatabase, productionApp, seedBenchData } from './fixtures.js'
import { FLOOR_TABLES, orderHistory } from './orders.bench.js'
import { createHotelRoom } from '../test/helpers/bookables.js'
import { DescribedClient } from '../src/db/pg-statements.js'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 400)
const WARMUP = Number(process.env.BENCH_WARMUP_ORDERS ?? 100)
const ROOMS = 100

/** CPU time of a process so far, ms (the scheduler's count in ns, /proc/<pid>/schedstat). */
function cpuMs(pid: number): number {
  return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6
}

/**
 * BENCH_BY_STATEMENT=1: PostgreSQL's CPU per statement of the app's orders (the backend's CPU from sending the
 * statement to its answer, one statement at a time on the pool's one connection), summed by the statement's
 * first words.
 */
const byStatement = new Map<string, { n: number; ms: number }>()
let statementsOf = 0
if (process.env.BENCH_BY_STATEMENT) {
  // The app's pool runs DescribedClient (db/pg-statements.ts), whose own `query` is the one to wrap.
  const proto = DescribedClient.prototype as unknown as pg.Client
  const original = proto.query
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text: string }
    const text = (typeof q === 'string' ? q : q.text).replace(/\s+/g, ' ').trim().slice(0, 70)
    const pid = (this as unknown as { processID?: number }).processID
    const before = pid && statementsOf ? cpuMs(pid) : 0
    const res = (original as (...a: unknown[]) => Promise<unknown>).apply(this, args)
    if (!pid || !statementsOf || !(res instanceof Promise)) return res
    return res.then((r) => {
      const e = byStatement.get(text) ?? { n: 0, ms: 0 }
      e.n++
      e.ms += cpuMs(pid) - before
      byStatement.set(text, e)
      return r
    })
  } as typeof proto.query
}
const ownMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

const pgDb = await createPgDatabase('bench_order_cost')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-order-cost-'))
try {
  const setup = openDatabase({ url: pgDb.url })
  const { token, companyId } = await seedBenchData(setup, 10)
  const rooms: number[] = []
  for (let i = 0; i < ROOMS; i++)
    rooms.push((await createHotelRoom(setup.db, companyId, {}, { room_stock: 50, price: 500 })).roomId)
  await setup.db.execute(sql.raw(FLOOR_TABLES))
  await setup.db.execute(sql.raw(orderHistory(companyId, rooms[0]!)))
  // BENCH_SETUP_SQL: SQL run after the setup (a what-if on the schema: an index dropped, a trigger off).
  if (process.env.BENCH_SETUP_SQL) await setup.db.execute(sql.raw(process.env.BENCH_SETUP_SQL))
  await setup.db.execute(sql`VACUUM (ANALYZE)`)
  await setup.db.execute(sql`CHECKPOINT`)
  await setup.close()

  const database = openDatabase({ url: pgDb.url, poolSize: 1 })
  const app = await productionApp(database, pgDb.url, dataDir)
  // BENCH_APP_SQL: a what-if run once the app started (it installs the counters' triggers as it starts).
  if (process.env.BENCH_APP_SQL) await database.db.execute(sql.raw(process.env.BENCH_APP_SQL))
  const pidRow = (await database.db.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as { rows: Array<{ pid: number }> }
  const backend = Number(pidRow.rows[0]!.pid)
  let n = 0
  const order = async () => {
    n++
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        customer: { name: 'Bench Customer', passport_number: 'B1234567' },
        items: [
          {
            kind: 'room',
            room_id: rooms[n % ROOMS],
            check_in: day(10 + Math.floor(n / ROOMS)),
            check_out: day(11 + Math.floor(n / ROOMS)),
            quantity: 1,
            adults: 1,
            children: 0,
          },
        ],
      }),
    })
    if (res.statusCode !== 200) throw new Error(`order: ${res.statusCode} ${res.body}`)
  }
  for (let i = 0; i < WARMUP; i++) await order()
  statementsOf = 1
  const profiler = process.env.BENCH_PROFILE ? new Session() : undefined
  if (profiler) {
    profiler.connect()
    await profiler.post('Profiler.enable')
    await profiler.post('Profiler.start')
  }
  let node = ownMs()
  let db = cpuMs(backend)
  let t0 = performance.now()
  for (let i = 0; i < ORDERS; i++) await order()
  const app1 = { node: (ownMs() - node) / ORDERS, db: (cpuMs(backend) - db) / ORDERS, ms: (performance.now() - t0) / ORDERS }
  statementsOf = 0
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop')
    fs.writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile))
    profiler.disconnect()
  }
  await app.close()
  await database.close()

  // The floor's transaction, on one client: BEGIN, the stock upsert, the order, its item, COMMIT.
  const client = new pg.Client({ connectionString: pgDb.url })
  await client.connect()
  const floorBackend = Number((await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid)
  const src = fs.readFileSync(new URL('./orders-floor-server.ts', import.meta.url), 'utf8')
  const text = (name: string) => src.match(new RegExp(`const ${name} = \`([^\`]+)\``))![1]!
  const [STOCK, ORDER, ITEM] = [text('STOCK'), text('ORDER'), text('ITEM')]
  let m = 0
  const floorOrder = async () => {
    m++
    const d = day(10 + Math.floor(m / ROOMS))
    await client.query('BEGIN')
    await client.query(STOCK, [companyId, rooms[m % ROOMS], d, 10_000_000, 1])
    const o = await client.query(ORDER, [companyId, `FLOOR-${m}`, 'Bench Customer', 'B1234567', 'Room', d, 500])
    await client.query(ITEM, [o.rows[0].id, companyId, rooms[m % ROOMS], 'Room', d, 1, 500])
    await client.query('COMMIT')
  }
  for (let i = 0; i < WARMUP; i++) await floorOrder()
  node = ownMs()
  db = cpuMs(floorBackend)
  t0 = performance.now()
  for (let i = 0; i < ORDERS; i++) await floorOrder()
  const floor = {
    node: (ownMs() - node) / ORDERS,
    db: (cpuMs(floorBackend) - db) / ORDERS,
    ms: (performance.now() - t0) / ORDERS,
  }
  await client.end()

  const f = (x: { node: number; db: number; ms: number }) =>
    `node ${x.node.toFixed(2)} ms, PostgreSQL ${x.db.toFixed(2)} ms, elapsed ${x.ms.toFixed(2)} ms per order`
  console.log(`${ORDERS} orders one at a time (after ${WARMUP} warm-up), load average ${os.loadavg()[0]!.toFixed(1)}`)
  console.log(`  POST /orders (inject, no HTTP socket): ${f(app1)}`)
  console.log(`  floor transaction (pg client only):    ${f(floor)}`)
  if (byStatement.size) {
    console.log(`  PostgreSQL CPU per order, by statement of POST /orders:`)
    for (const [text, e] of [...byStatement].sort((a, b) => b[1].ms - a[1].ms))
      console.log(`    ${(e.ms / ORDERS).toFixed(3)} ms  (${e.n}x)  ${text}`)
  }
} finally {
  await pgDb.drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
