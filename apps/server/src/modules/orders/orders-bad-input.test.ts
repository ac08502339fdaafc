import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createHotelRoom, createTrainRoute, createVehicle, setRoomDays } from '../../../test/helpers/bookables.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'
import type { Db } from '../../db/client.js'
import { addDays } from './kinds.js'
import { stockDrift } from './orders.service.js'

/**
 * Issue 11, "Bad input (each tested)", item by item, on the real catalogue
 * (rooms, train routes, vehicles of the catalogue tables, not a stand-in):
 * each answer is a 4xx in the error shape (`message`, and `errors` naming the
 * field or the item), and nothing is booked: the stock rows, the orders and
 * their payments are exactly as before. Runs on PGlite and on PostgreSQL
 * (`TEST_DB=pg`), as the whole API suite does.
 */

let t: TestApp
let owner: Actor
let other: Actor
const cat = { room: 0, blockedRoom: 0, route: 0, vehicle: 0, theirRoom: 0, theirRoute: 0, theirVehicle: 0 }

const day = (n: number) => addDays(new Date().toISOString().slice(0, 10), n)
const db = () => t.app.db as Db
const send = (method: 'POST' | 'PUT', url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...owner.headers, 'content-type': 'application/json', ...headers },
    // A string is sent as it is written (`-0`, `1e20` survive only as JSON text).
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })
const order = (items: unknown[], over: Record<string, unknown> = {}) => ({
  customer: { name: 'Hasan Basri', passport_number: 'B7654321' },
  items,
  ...over,
})
const stay = (room_id: number, over: Record<string, unknown> = {}) => ({
  kind: 'room',
  room_id,
  check_in: day(30),
  check_out: day(32),
  quantity: 1,
  adults: 2,
  children: 0,
  ...over,
})
const seats = (route_id: number, over: Record<string, unknown> = {}) => ({
  kind: 'train',
  route_id,
  train_type: 'economy',
  date: day(31),
  adults: 2,
  children: 0,
  ...over,
})
const ride = (transportation_id: number) => ({
  kind: 'transportation',
  transportation_id,
  start_date: day(30),
  end_date: day(30),
})

/** Everything a refused request must leave as it was. */
async function snapshot() {
  const one = async (q: ReturnType<typeof sql>) =>
    ((await t.app.db.execute(q)) as unknown as { rows: Array<Record<string, unknown>> }).rows[0]
  return {
    stock: await one(sql`SELECT count(*)::int AS rows, coalesce(sum(booked), 0)::int AS booked FROM inventory_stock`),
    orders: await one(sql`SELECT count(*)::int AS n, coalesce(sum(total), 0)::text AS total FROM orders`),
    items: await one(sql`SELECT count(*)::int AS n FROM order_items`),
    payments: await one(sql`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS sum FROM order_payments`),
    keys: await one(sql`SELECT count(*)::int AS n FROM order_idempotency`),
  }
}

/** Sends a bad request: a 4xx in the error shape, naming `where`, with nothing booked or written. */
async function refused(
  res: Promise<{ statusCode: number; body: string; json: () => unknown }>,
  status: number,
  where: string,
): Promise<Record<string, string[]>> {
  const before = await snapshot()
  const answer = await res
  expect(answer.statusCode, answer.body).toBe(status)
  const body = answer.json() as { message?: unknown; errors?: Record<string, string[]> }
  expect(typeof body.message).toBe('string')
  expect(body.errors, answer.body).toHaveProperty([where])
  expect(await snapshot()).toEqual(before)
  return body.errors!
}

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
  cat.room = (await createHotelRoom(db(), owner.companyId, {}, { room_stock: 5, max_adult: 2, max_children: 1 })).roomId
  cat.blockedRoom = (await createHotelRoom(db(), owner.companyId, {}, { room_stock: 5 })).roomId
  await setRoomDays(db(), cat.blockedRoom, [{ date: day(31), price: 100, capacity: 5, blocked: true }])
  cat.route = await createTrainRoute(db(), owner.companyId, { max_passengers: 10 })
  cat.vehicle = await createVehicle(db(), owner.companyId)
  cat.theirRoom = (await createHotelRoom(db(), other.companyId)).roomId
  cat.theirRoute = await createTrainRoute(db(), other.companyId)
  cat.theirVehicle = await createVehicle(db(), other.companyId)
})
afterAll(async () => {
  await t?.close()
})

describe('bad input of issue 11: 4xx in the error shape, nothing booked', () => {
  it('check-out before (or on) check-in', async () => {
    await refused(send('POST', '/orders', order([stay(cat.room, { check_out: day(29) })])), 422, 'items.0.check_out')
    await refused(send('POST', '/orders', order([stay(cat.room, { check_out: day(30) })])), 422, 'items.0.check_out')
    await refused(send('POST', '/orders/quote', order([stay(cat.room, { check_out: day(29) })])), 422, 'items.0.check_out')
  })

  it('zero or negative rooms or seats', async () => {
    for (const quantity of [0, -1, -0.5])
      await refused(send('POST', '/orders', order([stay(cat.room, { quantity })])), 422, 'items.0.quantity')
    // Seats are adults + children: none at all, or a negative count.
    await refused(send('POST', '/orders', order([seats(cat.route, { adults: 0, children: 0 })])), 422, 'items.0.adults')
    await refused(send('POST', '/orders', order([seats(cat.route, { adults: -1 })])), 422, 'items.0.adults')
    await refused(send('POST', '/orders', order([seats(cat.route, { adults: 1, children: -2 })])), 422, 'items.0.children')
  })

  it('more adults (or children) than the rooms taken hold', async () => {
    // The room holds 2 adults and 1 child; two rooms hold 4 and 2.
    await refused(send('POST', '/orders', order([stay(cat.room, { adults: 3 })])), 422, 'items.0.adults')
    await refused(send('POST', '/orders', order([stay(cat.room, { quantity: 2, adults: 5 })])), 422, 'items.0.adults')
    await refused(send('POST', '/orders', order([stay(cat.room, { children: 2 })])), 422, 'items.0.children')
  })

  it('a blocked day: 409 naming the day on the item, the package refused whole', async () => {
    const errors = await refused(
      send('POST', '/orders', order([ride(cat.vehicle), stay(cat.blockedRoom, { check_in: day(30), check_out: day(33) })])),
      409,
      'items.1',
    )
    expect(errors).toEqual({ 'items.1': [day(31)] })
  })

  it('items of another company, each refused like a missing one', async () => {
    await refused(send('POST', '/orders', order([stay(cat.theirRoom)])), 422, 'items.0.room_id')
    await refused(send('POST', '/orders', order([seats(cat.theirRoute)])), 422, 'items.0.route_id')
    await refused(send('POST', '/orders', order([ride(cat.theirVehicle)])), 422, 'items.0.transportation_id')
    await refused(send('POST', '/orders/quote', order([stay(cat.theirRoom)])), 422, 'items.0.room_id')
  })

  it('a client-sent total or price is ignored: the server prices every day', async () => {
    const honest = await send('POST', '/orders/quote', order([stay(cat.room), seats(cat.route)]))
    expect(honest.statusCode, honest.body).toBe(200)
    const price = honest.json().data.total as number
    expect(price).toBeGreaterThan(0)
    const lying = {
      total: 1,
      price: 1,
      amount: 1,
      items: [
        { ...stay(cat.room), price: 1, total: 1, amount: 1, unit_price: 1, lines: [{ day: day(30), amount: 1 }] },
        { ...seats(cat.route), price: 0.01, amount: 0 },
      ],
    }
    const quoted = await send('POST', '/orders/quote', order(lying.items, { total: 1, price: 1, amount: 1 }))
    expect(quoted.json().data.total).toBe(price)
    const made = await send('POST', '/orders', order(lying.items, { total: 1, price: 1, amount: 1 }))
    expect(made.statusCode, made.body).toBe(200)
    expect(made.json().data.total).toBe(price)
    expect(made.json().data.items.map((i: { amount: number }) => i.amount)).toEqual(
      honest.json().data.items.map((i: { amount: number }) => i.amount),
    )
    // An edit with a lying total is priced by the server too.
    const edited = await send('PUT', `/orders/${made.json().data.id}`, order(lying.items, { total: 2 }))
    expect(edited.json().data.total).toBe(price)
  })

  it('an unknown status move (cancelled -> paid, or a status that does not exist)', async () => {
    const made = (await send('POST', '/orders', order([ride(cat.vehicle)]))).json().data as { id: number }
    await refused(send('POST', `/orders/${made.id}/status`, { status: 'bogus' }), 422, 'status')
    expect(
      (await send('POST', `/orders/${made.id}/status`, { status: 'cancelled', reason: 'Customer changed plans' })).statusCode,
    ).toBe(200)
    const errors = await refused(send('POST', `/orders/${made.id}/status`, { status: 'paid' }), 422, 'status')
    expect(errors.status![0]).toMatch(/cancelled/i)
    await refused(send('POST', `/orders/${made.id}/status`, { status: 'pending' }), 422, 'status')
  })

  it('a payment of 0, -0, 1e20 or in a foreign currency (as JSON text, so -0 and 1e20 arrive as written)', async () => {
    const made = (await send('POST', '/orders', order([seats(cat.route, { date: day(40) })]))).json().data as { id: number }
    const pay = (text: string) => send('POST', `/orders/${made.id}/payments`, text)
    await refused(pay('{"amount":0,"method":"cash"}'), 422, 'amount')
    await refused(pay('{"amount":-0,"method":"cash"}'), 422, 'amount')
    await refused(pay('{"amount":-0.0,"method":"cash"}'), 422, 'amount')
    await refused(pay('{"amount":1e20,"method":"cash"}'), 422, 'amount')
    await refused(pay('{"amount":-1e20,"method":"cash"}'), 422, 'amount')
    await refused(pay('{"amount":"1e20","method":"cash"}'), 422, 'amount')
    await refused(pay('{"amount":10,"method":"cash","currency":"USD"}'), 422, 'currency')
    await refused(pay('{"amount":10,"method":"cash","currency":"sar"}'), 422, 'currency')
    // SAR itself is taken.
    expect((await pay('{"amount":10,"method":"cash","currency":"SAR"}')).statusCode).toBe(200)
  })

  it('the same Idempotency-Key with a different body (422), nothing booked for it', async () => {
    const key = { 'idempotency-key': 'retry-7f3a' }
    const first = await send('POST', '/orders', order([stay(cat.room, { check_in: day(50), check_out: day(51) })]), key)
    expect(first.statusCode, first.body).toBe(200)
    await refused(
      send('POST', '/orders', order([stay(cat.room, { check_in: day(50), check_out: day(51), quantity: 2 })]), key),
      422,
      'Idempotency-Key',
    )
    // The same body again is the same order, not a second one.
    const again = await send('POST', '/orders', order([stay(cat.room, { check_in: day(50), check_out: day(51) })]), key)
    expect(again.json().data.id).toBe(first.json().data.id)
  })

  it('1,000 items in one order (also on a quote and an edit)', async () => {
    const many = Array.from({ length: 1000 }, () => stay(cat.room))
    await refused(send('POST', '/orders', order(many)), 422, 'items')
    await refused(send('POST', '/orders/quote', order(many)), 422, 'items')
    const made = (await send('POST', '/orders', order([stay(cat.room, { check_in: day(60), check_out: day(61) })]))).json()
      .data as { id: number }
    await refused(send('PUT', `/orders/${made.id}`, order(many)), 422, 'items')
  })

  it('leaves the stock equal to the live order items', async () => {
    expect(await stockDrift(db(), owner.companyId)).toEqual([])
  })
})
