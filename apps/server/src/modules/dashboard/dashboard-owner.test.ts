import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createHotelRoom } from '../../../test/helpers/bookables.js'
import { createCompany, createUserWithPermissions, type Actor } from '../../../test/helpers/fixtures.js'
import type { Db } from '../../db/client.js'
import { addDays } from '../orders/kinds.js'

/**
 * The owner dashboard of issue 32 (item 8): money received this month, balances due and overdue, the week's
 * departures (arrivals and occupancy are older), each only to whoever may see its data (money: `approval` on
 * a desk read), and each card's list: `GET /orders?balance=due|overdue` and `?week=arrivals|departures` answer
 * the same orders the card counts.
 */
let t: TestApp
let owner: Actor
const ids: Record<'a' | 'b' | 'c' | 'x', number> = { a: 0, b: 0, c: 0, x: 0 }
const day = (n: number) => addDays(new Date().toISOString().slice(0, 10), n)
const db = () => t.app.db as Db
const api = (method: 'GET' | 'POST', url: string, payload?: unknown, who: Actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const ok = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const res = await api(method, url, payload)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  const { roomId } = await createHotelRoom(db(), owner.companyId, {}, { room_stock: 5, price: 100 })
  const book = async (from: number, nights: number) =>
    (
      await ok('POST', '/orders', {
        customer: { name: 'Siti Aminah' },
        items: [{ kind: 'room', room_id: roomId, check_in: day(from), check_out: day(from + nights), quantity: 1, adults: 1 }],
      })
    ).id as number
  const pay = (id: number, amount: number, paid_at = day(0)) =>
    ok('POST', `/orders/${id}/payments`, { amount, method: 'cash', paid_at })
  // A: pending, 200, arrives in 3 days and leaves in 5; 10 paid last month.
  ids.a = await book(3, 2)
  await pay(ids.a, 10, day(-40))
  // B: confirmed, 100, 50 paid; its stay began yesterday (overdue), leaves in 2 days.
  ids.b = await book(1, 1)
  await ok('POST', `/orders/${ids.b}/status`, { status: 'confirmed' })
  await pay(ids.b, 50)
  await db().execute(sql`UPDATE orders SET start_date = ${day(-1)} WHERE id = ${ids.b}`)
  // C: confirmed, 100 paid then 30 refunded: 30 due, in three weeks.
  ids.c = await book(20, 1)
  await ok('POST', `/orders/${ids.c}/status`, { status: 'confirmed' })
  await pay(ids.c, 100)
  await pay(ids.c, -30)
  // X: cancelled, counts nowhere.
  ids.x = await book(4, 1)
  await ok('POST', `/orders/${ids.x}/status`, { status: 'cancelled', reason: 'Customer changed plans' })
})
afterAll(async () => {
  await t?.close()
})

describe('the owner dashboard', () => {
  it('answers the money received this month, net of refunds, without earlier months', async () => {
    const data = await ok('GET', '/dashboard/orders')
    expect(data.received).toEqual({ month: day(0).slice(0, 7), amount: 120, payments: 3 })
  })

  it('answers the balances due and overdue', async () => {
    const data = await ok('GET', '/dashboard/orders')
    expect(data.balances).toEqual({ due: { orders: 3, amount: 190 + 50 + 30 }, overdue: { orders: 1, amount: 50 } })
  })

  it('lists the orders leaving this week by their end (a stay: its check-out)', async () => {
    const data = await ok('GET', '/dashboard/orders')
    expect(data.departures.total).toBe(2)
    expect(data.departures.items.map((d: { order_id: number; end_date: string }) => [d.order_id, d.end_date])).toEqual([
      [ids.b, day(2)],
      [ids.a, day(5)],
    ])
  })

  it('shows no money to whoever holds no approval, and the rest still', async () => {
    const clerk = await createUserWithPermissions(t.app, owner.companyId, ['order_hotel_list', 'order_hotel_update'])
    const res = await api('GET', '/dashboard/orders', undefined, clerk)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ received: null, balances: null, revenue: null })
    expect(res.json().data.departures.total).toBe(2)
  })

  it.each([
    ['balance=due', ['a', 'b', 'c']],
    ['balance=overdue', ['b']],
    ['week=arrivals', ['a']],
    ['week=departures', ['a', 'b']],
    ['kind=hotel&balance=due&status=confirmed', ['b', 'c']],
  ] as const)('lists what a card counts: /orders?%s', async (query, expected) => {
    const res = await api('GET', `/orders?${query}&per_page=100`)
    expect(res.statusCode, res.body).toBe(200)
    const got = (res.json().data as Array<{ id: number }>).map((r) => r.id).sort((x, y) => x - y)
    expect(got).toEqual(expected.map((k) => ids[k]).sort((x, y) => x - y))
    expect(res.json().pagination.total).toBe(expected.length)
  })

  it('refuses an unknown card filter with 422', async () => {
    expect((await api('GET', '/orders?balance=someday')).statusCode).toBe(422)
    expect((await api('GET', '/orders?week=next')).statusCode).toBe(422)
  })
})
