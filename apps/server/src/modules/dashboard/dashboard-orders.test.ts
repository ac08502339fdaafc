import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createHotelRoom, createTrainRoute, createVehicle, setRoomDays } from '../../../test/helpers/bookables.js'
import { createCompany, createUserWithPermissions, type Actor } from '../../../test/helpers/fixtures.js'
import type { Db } from '../../db/client.js'
import { addDays } from '../orders/kinds.js'

/**
 * GET /dashboard/orders (issue 11): bookings and revenue per month, room
 * occupancy of the next 30 days from inventory_stock, arrivals of the next 7
 * days; per the desks the caller reads, company-scoped.
 */

let t: TestApp
let owner: Actor
let other: Actor
let totals: { stay: number; train: number; old: number }

const day = (n: number) => addDays(new Date().toISOString().slice(0, 10), n)
const db = () => t.app.db as Db
const api = (method: 'GET' | 'POST', url: string, payload?: unknown, who: Actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const book = async (items: unknown[], name = 'Dewi Lestari') => {
  const res = await api('POST', '/orders', { customer: { name }, items })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { id: number; code: string; total: number }
}
const stay = (room_id: number, from: number, nights: number, quantity = 1) => ({
  kind: 'room',
  room_id,
  check_in: day(from),
  check_out: day(from + nights),
  quantity,
  adults: quantity,
  children: 0,
})

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
  const { roomId } = await createHotelRoom(db(), owner.companyId, {}, { room_stock: 5, price: 100 })
  await setRoomDays(db(), roomId, [
    { date: day(4), price: 100, capacity: 3 },
    { date: day(6), price: 100, capacity: 5, blocked: true },
  ])
  const routeId = await createTrainRoute(db(), owner.companyId, { price_adult: 200 })
  const vehicleId = await createVehicle(db(), owner.companyId, { price: 300 })
  const s = await book([stay(roomId, 3, 2, 2)]) // arrives in 3 days, 2 rooms for 2 nights
  const tr = await book([{ kind: 'train', route_id: routeId, train_type: 'economy', date: day(5), adults: 1, children: 0 }])
  await book([{ kind: 'transportation', transportation_id: vehicleId, start_date: day(10), end_date: day(10) }]) // not this week
  const cancelled = await book([stay(roomId, 2, 1)])
  expect(
    (await api('POST', `/orders/${cancelled.id}/status`, { status: 'cancelled', reason: 'Customer changed plans' })).statusCode,
  ).toBe(200)
  const old = await book([stay(roomId, 20, 1)])
  await db().execute(
    sql`UPDATE orders SET created_at = date_trunc('month', now()) - interval '2 months' + interval '3 days' WHERE id = ${old.id}`,
  )
  totals = { stay: s.total, train: tr.total, old: old.total }
  // Another company's booking shows nowhere.
  const theirs = await createHotelRoom(db(), other.companyId)
  const res = await api('POST', '/orders', { customer: { name: 'Xavier Tan' }, items: [stay(theirs.roomId, 3, 1)] }, other)
  expect(res.statusCode, res.body).toBe(200)
})
afterAll(async () => {
  await t?.close()
})

describe('GET /dashboard/orders', () => {
  it('counts bookings and revenue per month, leaving cancelled orders out', async () => {
    const res = await api('GET', '/dashboard/orders')
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data.months).toHaveLength(12)
    expect(data.bookings[11]).toBe(3) // stay, train, vehicle (the cancelled one is not a booking)
    expect(data.revenue[11]).toBe(totals.stay + totals.train + 300)
    expect(data.bookings[9]).toBe(1)
    expect(data.revenue[9]).toBe(totals.old)
    expect(data.bookings.reduce((a: number, b: number) => a + b, 0)).toBe(4)
  })

  it('answers room occupancy of the next 30 days from stock, calendars and room stock', async () => {
    const { occupancy } = (await api('GET', '/dashboard/orders')).json().data
    expect(occupancy.days).toHaveLength(30)
    expect(occupancy.days[0]).toEqual({ day: day(0), booked: 0, capacity: 5 })
    expect(occupancy.days[3]).toEqual({ day: day(3), booked: 2, capacity: 5 })
    expect(occupancy.days[4]).toEqual({ day: day(4), booked: 2, capacity: 3 }) // the calendar's capacity
    expect(occupancy.days[6]).toEqual({ day: day(6), booked: 0, capacity: 0 }) // blocked
    expect(occupancy.days[20]).toEqual({ day: day(20), booked: 1, capacity: 5 })
    expect(occupancy.booked).toBe(5)
    expect(occupancy.capacity).toBe(5 * 30 - 2 - 5)
  })

  it('lists the items of open orders starting in the next 7 days', async () => {
    const { arrivals } = (await api('GET', '/dashboard/orders')).json().data
    expect(arrivals.total).toBe(2)
    expect(
      arrivals.items.map((a: { kind: string; start_date: string; quantity: number }) => [a.kind, a.start_date, a.quantity]),
    ).toEqual([
      ['room', day(3), 2],
      ['train', day(5), 1],
    ])
    expect(arrivals.items[0]).toMatchObject({ customer_name: 'Dewi Lestari', status: 'pending', end_date: day(4) })
    expect(arrivals.items[0].code).toMatch(/^ORD-\d{4}-\d{6}$/)
  })

  it('shows only the desks the caller reads: no occupancy without a hotel desk, 403 without any', async () => {
    const trainDesk = await createUserWithPermissions(t.app, owner.companyId, ['order_train_view', 'order_train_approval'])
    const res = await api('GET', '/dashboard/orders', undefined, trainDesk)
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data.occupancy).toBeNull()
    expect(data.bookings[11]).toBe(1)
    expect(data.revenue[11]).toBe(totals.train)
    expect(data.arrivals.items.map((a: { kind: string }) => a.kind)).toEqual(['train'])
    const catalogue = await createUserWithPermissions(t.app, owner.companyId, ['hotel_list', 'room_list'])
    expect((await api('GET', '/dashboard/orders', undefined, catalogue)).statusCode).toBe(403)
  })

  it('shows revenue only for the desks the caller holds approval on (issue 32): a clerk sees bookings, no money', async () => {
    const clerk = await createUserWithPermissions(t.app, owner.companyId, [
      'order_hotel_list',
      'order_train_list',
      'order_train_approval',
    ])
    const data = (await api('GET', '/dashboard/orders', undefined, clerk)).json().data
    expect(data.bookings[11]).toBe(2)
    expect(data.revenue[11]).toBe(totals.train)
    const noMoney = await createUserWithPermissions(t.app, owner.companyId, [
      'order_hotel_list',
      'order_hotel_create',
      'order_hotel_update',
    ])
    const plain = (await api('GET', '/dashboard/orders', undefined, noMoney)).json().data
    expect(plain.bookings[11]).toBe(1)
    expect(plain.revenue).toBeNull()
  })

  it("never shows another company's orders", async () => {
    const data = (await api('GET', '/dashboard/orders', undefined, other)).json().data
    expect(data.bookings[11]).toBe(1)
    expect(data.arrivals.total).toBe(1)
    expect(data.occupancy.booked).toBe(1)
  })
})
