/**
 * What one `POST /orders` sends to PostgreSQL (issue 33, "where an order's time goes"): every statement and
 * round trip of one single-item order of each kind sold per day (a room for one night, 1 adult on a train, 1 adult
 * on a ziyarah tour, a vehicle for one day), each after one warm-up order of its kind, by wrapping the `pg`
 * driver's `Client.query`. The app runs in this process (`buildApp`, as the server builds it) on a fresh
 * PostgreSQL database. `BENCH_KINDS=room,train` prints only those kinds.
 *
 *   cd apps/server && npx tsx bench/order-statements.ts
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { createPgDatabase, openDatabase, productionApp, seedBenchData } from './fixtures.js'
import { createHotelRoom, createTrainRoute, createVehicle } from '../test/helpers/bookables.js'
import { createTour } from '../test/helpers/departures.js'

interface Sent {
  client: number
  text: string
}
const sent: Sent[] = []
let recording = false
const ids = new WeakMap<object, number>()
let nextId = 0
const original = pg.Client.prototype.query
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (!recording) return (original as (...a: unknown[]) => unknown).apply(this, args)
  if (!ids.has(this)) ids.set(this, ++nextId)
  const q = args[0] as string | { text: string; name?: string }
  const text = typeof q === 'string' ? q : `${q.name ? `[prepared ${q.name}] ` : ''}${q.text}`
  sent.push({ client: ids.get(this)!, text: text.replace(/\s+/g, ' ').trim() })
  return (original as (...a: unknown[]) => unknown).apply(this, args)
} as typeof pg.Client.prototype.query

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

const pgDb = await createPgDatabase('bench_order_statements')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-order-statements-'))
try {
  const database = openDatabase({ url: pgDb.url })
  const { token, companyId } = await seedBenchData(database, 10)
  // Two items of each kind: the first for the warm-up order, the second for the recorded one.
  const two = async (make: () => Promise<number>) => [await make(), await make()] as const
  const items: Record<string, readonly [Record<string, unknown>, Record<string, unknown>]> = {}
  const rooms = await two(async () => (await createHotelRoom(database.db, companyId, {}, { room_stock: 50, price: 500 })).roomId)
  items.room = [0, 1].map((i) => ({
    kind: 'room',
    room_id: rooms[i],
    check_in: day(30),
    check_out: day(31),
    quantity: 1,
    adults: 1,
    children: 0,
  })) as never
  const routes = await two(() => createTrainRoute(database.db, companyId))
  items.train = [0, 1].map((i) => ({
    kind: 'train',
    route_id: routes[i],
    train_type: 'economy',
    date: day(30),
    adults: 1,
    children: 0,
  })) as never
  const tours = await two(() => createTour(database.db, companyId))
  items.ziyarah = [0, 1].map((i) => ({ kind: 'ziyarah', tour_id: tours[i], date: day(30), adults: 1, children: 0 })) as never
  const vehicles = await two(() => createVehicle(database.db, companyId))
  items.transportation = [0, 1].map((i) => ({
    kind: 'transportation',
    transportation_id: vehicles[i],
    start_date: day(30),
    end_date: day(30),
  })) as never
  const kinds = (process.env.BENCH_KINDS ?? Object.keys(items).join(',')).split(',')
  const app = await productionApp(database, pgDb.url, dataDir)
  const order = (item: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { authorization: `Bearer ${token}` },
      payload: { customer: { name: 'Bench Customer', passport_number: 'B1234567' }, items: [item] },
    })
  const summary: string[] = []
  for (const kind of kinds) {
    const [first, second] = items[kind]!
    const warm = await order(first)
    if (warm.statusCode !== 200) throw new Error(`${kind} warm-up order: ${warm.statusCode} ${warm.body}`)
    sent.length = 0
    recording = true
    const res = await order(second)
    recording = false
    if (res.statusCode !== 200) throw new Error(`${kind} order: ${res.statusCode} ${res.body}`)
    let inTx = false
    let txCount = 0
    console.log(`\n# one ${kind} order`)
    sent.forEach((s, i) => {
      if (/^begin/i.test(s.text)) inTx = true
      if (inTx) txCount++
      console.log(`${String(i + 1).padStart(2)}. [conn ${s.client}]${inTx ? ' [tx]' : ''} ${s.text.slice(0, 400)}`)
      if (/^(commit|rollback)/i.test(s.text)) inTx = false
    })
    const line = `${kind}: ${sent.length} round trips, ${txCount} of them in the transaction (BEGIN and COMMIT included)`
    console.log(`\n${line}`)
    summary.push(line)
  }
  console.log(`\n${summary.join('\n')}`)
  await app.close()
  await database.close()
} finally {
  await pgDb.drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
