/**
 * Issue 11: stock cannot be oversold even by several server copies at once.
 * With two copies on one PostgreSQL database, 100 orders for the last room of
 * a night are sent half to each copy at the same moment: exactly one is
 * accepted. Then packages race for 10 seats and 5 rooms across both copies;
 * then rounds of orders and cancellations run on both copies at once; at the
 * end the booked counts must equal the live order items (a query over the
 * whole company). On PGlite (one process owns the data) the same runs against one copy.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../src/db/client.js'
import { addDays } from '../../src/modules/orders/kinds.js'
import { stockDrift } from '../../src/modules/orders/orders.service.js'
import { createHotelRoom, createTrainRoute } from '../helpers/bookables.js'
import { createCompany, type Actor } from '../helpers/fixtures.js'
import { processDatabase, startServer, type ServerProcess } from '../helpers/server-process.js'

const db = await processDatabase()
let a: ServerProcess
let b: ServerProcess
let owner: Actor
let lastRoom: number
let room5: number
let route10: number
let room2: number
let route4: number

const open = (): Database => openDatabase('url' in db.target ? { url: db.target.url, poolSize: 2 } : { dataDir: db.dataDir })
const day = (n: number) => addDays(new Date().toISOString().slice(0, 10), n)

beforeAll(async () => {
  const database = open()
  const app = { db: database.db } as unknown as FastifyInstance
  owner = (await createCompany(app)).owner
  lastRoom = (await createHotelRoom(database.db, owner.companyId, {}, { room_stock: 1 })).roomId
  room5 = (await createHotelRoom(database.db, owner.companyId, {}, { room_stock: 5 })).roomId
  route10 = await createTrainRoute(database.db, owner.companyId, { max_passengers: 10 })
  room2 = (await createHotelRoom(database.db, owner.companyId, {}, { room_stock: 2 })).roomId
  route4 = await createTrainRoute(database.db, owner.companyId, { max_passengers: 4 })
  await database.close()
  a = await startServer({ database: db.target, dataDir: db.dataDir })
  b = db.kind === 'postgres' ? await startServer({ database: db.target, dataDir: db.dataDir }) : a
}, 180_000)
afterAll(async () => {
  await a?.stop()
  if (b && b !== a) await b.stop()
  await db.drop()
})

const post = (s: ServerProcess, body: unknown, url = '/orders') =>
  fetch(`${s.url}/api/v1${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
const order = (items: unknown[]) => ({ customer: { name: 'Umar Said' }, items })
const stay = (room_id: number, checkIn: string, nights = 1) => ({
  kind: 'room',
  room_id,
  check_in: checkIn,
  check_out: addDays(checkIn, nights),
  quantity: 1,
  adults: 1,
  children: 0,
})

describe('orders on two server copies', () => {
  it('100 simultaneous orders for the last room, half on each copy: exactly 1 succeeds, 99 get 409', async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => post(i % 2 ? b : a, order([stay(lastRoom, day(30))]))),
    )
    const codes = results.map((r) => r.status)
    // Anything but a booking or a 409 is a defect: show what it said.
    const odd = await Promise.all(
      results.filter((r) => r.status !== 200 && r.status !== 409).map(async (r) => `${r.status} ${await r.text()}`),
    )
    expect(odd).toEqual([])
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    expect(codes.filter((c) => c === 409)).toHaveLength(99)
    const refused = (await results.find((r) => r.status === 409)!.json()) as { errors: unknown }
    expect(refused.errors).toEqual({ 'items.0': [day(30)] })
  })

  it('50 packages over 10 seats and 5 rooms across both copies: never oversold, every accepted package whole', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(
          i % 2 ? b : a,
          order([
            stay(room5, day(40), 2),
            { kind: 'train', route_id: route10, train_type: 'economy', date: day(41), adults: 1 + (i % 3), children: 0 },
          ]),
        ),
      ),
    )
    const bodies = (await Promise.all(results.map((r) => r.json()))) as Array<{ data: { items: Array<{ quantity: number }> } }>
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true)
    const ok = bodies.filter((_, i) => results[i]!.status === 200).map((x) => x.data)
    expect(ok.length).toBeGreaterThan(0)
    expect(ok.length).toBeLessThanOrEqual(5)
    expect(ok.reduce((s, o) => s + o.items[1].quantity, 0)).toBeLessThanOrEqual(10)
    for (const o of ok) expect(o.items).toHaveLength(2)
  })

  it('cancel and re-book loops on both copies at once keep booked equal to the sum of live order items', async () => {
    const train = (date: string, adults: number) => ({
      kind: 'train',
      route_id: route4,
      train_type: 'economy',
      date,
      adults,
      children: 0,
    })
    let live: number[] = []
    let taken = 0
    for (let round = 0; round < 6; round++) {
      // Six packages race for 2 rooms and 4 seats, half on each copy, while the last round's cancellations land.
      const cancel = live.filter((_, i) => i % 2 === 0)
      const [made, cancelled] = await Promise.all([
        Promise.all(
          Array.from({ length: 6 }, (_, i) => post(i % 2 ? b : a, order([stay(room2, day(50), 2), train(day(51), 1 + (i % 2))]))),
        ),
        Promise.all(
          cancel.map((id, i) =>
            post(i % 2 ? a : b, { status: 'cancelled', reason: 'Customer changed plans' }, `/orders/${id}/status`),
          ),
        ),
      ])
      expect(made.every((r) => r.status === 200 || r.status === 409)).toBe(true)
      expect(cancelled.map((r) => r.status)).toEqual(cancel.map(() => 200))
      const ids = await Promise.all(
        made.filter((r) => r.status === 200).map(async (r) => ((await r.json()) as { data: { id: number } }).data.id),
      )
      taken += ids.length
      live = [...live.filter((id) => !cancel.includes(id)), ...ids]
    }
    // The loop did book and cancel (otherwise it proves nothing), and never more than the room holds.
    expect(taken).toBeGreaterThan(2)
    expect(live.length).toBeLessThanOrEqual(2)
    await a.stop()
    if (b !== a) await b.stop()
    const database = open()
    try {
      expect(await stockDrift(database.db, owner.companyId)).toEqual([])
    } finally {
      await database.close()
    }
  })
})
