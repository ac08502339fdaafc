import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createHotelRoom, createTrainRoute, createVehicle, setRoomDays } from '../../../test/helpers/bookables.js'
import { bookingBody, createPilgrim, departureBody, departureCatalogue } from '../../../test/helpers/departures.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'
import type { Db } from '../../db/client.js'
import { addDays } from './kinds.js'

/**
 * The answer of `POST /orders` is built from what the order's transaction wrote plus its code, read after the
 * commit (issue 33): it must be, byte for byte, what `GET /orders/{id}` answers right after. Rooms with calendar
 * prices, chosen extras and fees, seats, a vehicle, pilgrims on items, the customer as a pilgrim, a departure.
 * Runs on PGlite and on PostgreSQL (`TEST_DB=pg`).
 */

let t: TestApp
let owner: Actor
const today = new Date().toISOString().slice(0, 10)
const day = (n: number) => addDays(today, n)
const db = () => t.app.db as Db
const send = (method: 'POST' | 'GET', url: string, body?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...owner.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  })

/** Posts the order and reads it back: the two bodies are the same text. */
async function sameAnswer(body: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { ...owner.headers, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  })
  expect(res.statusCode, res.body).toBe(200)
  const id = res.json().data.id as number
  const read = await send('GET', `/orders/${id}`)
  expect(read.statusCode, read.body).toBe(200)
  expect(res.body).toBe(read.body)
  expect(res.json().data.code).toMatch(/^ORD-\d{4}-\d{6}$/)
  return res.json().data as Record<string, unknown>
}

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
})
afterAll(async () => {
  await t?.close()
})

describe('the answer of a new order', () => {
  it('is what reading the order answers, for every kind of line, item and traveller', async () => {
    const { roomId } = await createHotelRoom(
      db(),
      owner.companyId,
      {
        extras: [
          { name: 'Breakfast', value: 35.5, type: 'per_day', person_price: true },
          { name: 'Airport pickup', value: 120, type: 'one_time', person_price: false },
        ],
        fees: [
          { name: 'Service', value: 2.5, type: 'percent', person_price: false },
          { name: 'Handling', value: 10, type: 'fixed', person_price: true },
        ],
      },
      { room_stock: 5, price: 480.25, max_adult: 4, max_children: 2 },
    )
    await setRoomDays(db(), roomId, [{ date: day(31), price: 612.75, capacity: 3 }])
    const extras = (await send('GET', '/orders/choices/extras')).json().data as Array<{ id: number; name: string }>
    const breakfast = extras.find((e) => e.name === 'Breakfast')!.id
    const pickup = extras.find((e) => e.name === 'Airport pickup')!.id
    const route = await createTrainRoute(db(), owner.companyId, { max_passengers: 20 })
    const vehicle = await createVehicle(db(), owner.companyId)
    const father = await createPilgrim(db(), owner.companyId, { full_name: 'Hasan Basri', birth_date: '1975-03-02' })
    const child = await createPilgrim(db(), owner.companyId, {
      full_name: 'Zaid Hasan',
      birth_date: `${Number(today.slice(0, 4)) - 7}-01-01`,
    })

    const order = await sameAnswer(
      {
        customer: {
          name: 'Hasan Basri',
          email: 'hasan@example.com',
          phone: '+62 812 0000',
          nationality: 'ID',
          pilgrim_id: father,
        },
        notes: 'Adjacent rooms',
        items: [
          {
            kind: 'room',
            room_id: roomId,
            check_in: day(30),
            check_out: day(33),
            quantity: 2,
            adults: 1,
            children: 0,
            pilgrim_ids: [father, child],
            extras: [{ extra_id: breakfast }, { extra_id: pickup, qty: 1 }],
          },
          { kind: 'train', route_id: route, train_type: 'economy', date: day(31), adults: 2, children: 1 },
          { kind: 'transportation', transportation_id: vehicle, start_date: day(30), end_date: day(31), pilgrim_ids: [child] },
        ],
      },
      { 'idempotency-key': 'answer-test-1' },
    )
    const items = order.items as Array<{ lines: unknown[]; pilgrims: unknown[] }>
    expect(items).toHaveLength(3)
    expect(items[0]!.lines.length).toBeGreaterThan(4)
    expect(items[0]!.pilgrims).toHaveLength(2)
    expect(order.history).toHaveLength(1)
  })

  it('is what reading answers for a departure booking', async () => {
    const c = await departureCatalogue(db(), owner.companyId)
    const dep = await send('POST', '/departures', departureBody(c, { status: 'open' }))
    expect(dep.statusCode, dep.body).toBe(200)
    const ids = [await createPilgrim(db(), owner.companyId), await createPilgrim(db(), owner.companyId)]
    await sameAnswer(bookingBody(dep.json().data.id as number, 'quad', ids))
  })
})
