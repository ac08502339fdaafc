import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createHotelRoom, createTrainRoute, createVehicle } from '../../../test/helpers/bookables.js'
import { catalogueFixtures } from '../../../test/helpers/catalogue.js'
import { createCompany, createUserWithPermissions, type Actor } from '../../../test/helpers/fixtures.js'
import type { Db } from '../../db/client.js'
import { addDays } from '../orders/kinds.js'
import { stockDrift } from '../orders/orders.service.js'

/**
 * Ziyarah tours as the fourth order kind (issue 27): `{ kind: 'ziyarah', tour_id, date, adults, children }`
 * takes adults + children seats of (tour, day), priced by the day's schedule else the tour's prices; its desk
 * is `/orders?kind=ziyarah` under `order_ziyarah_*`; a package with rooms, trains and vehicles is all or
 * nothing; cancelling gives the seats back; a booked tour is not deleted.
 */

let t: TestApp
let owner: Actor
let companyId: number
let tour: number
let draft: number
let location: number

const day = (n: number) => addDays(new Date().toISOString().slice(0, 10), n)
const db = () => t.app.db as Db
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const order = (items: unknown[]) => ({ customer: { name: 'Siti Aminah', nationality: 'Indonesia' }, items })
const seats = (tour_id: number, date: string, adults: number, children = 0) => ({
  kind: 'ziyarah',
  tour_id,
  date,
  adults,
  children,
})
const booked = async (id: number, d: string) => {
  const res = (await t.app.db.execute(
    sql`SELECT booked FROM inventory_stock WHERE kind = 'ziyarah' AND item_id = ${id} AND variant = '' AND day = ${d}`,
  )) as unknown as { rows: Array<{ booked: number }> }
  return Number(res.rows[0]?.booked ?? 0)
}
const createTour = async (over: Record<string, unknown> = {}) => {
  const res = await api('POST', '/ziyarah_tours', {
    name: 'Makkah City Tour',
    location_id: location,
    pickup_time: '07:30',
    duration_hours: 4.5,
    max_passengers: 10,
    price: 120,
    child_price: 80,
    status: 'publish',
    ...over,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.id as number
}

beforeAll(async () => {
  t = await buildTestApp()
  const c = await createCompany(t.app)
  owner = c.owner
  companyId = c.company.id
  location = (await catalogueFixtures(t.app, owner, 1)).locations[0]!
  tour = await createTour()
  draft = await createTour({ name: 'Taif Draft Tour', status: 'draft' })
  // Day 30: its own prices and 5 seats; day 32 blocked; other days the tour's 10 seats at 120 / 80.
  for (const [d, over] of [
    [day(30), { price: 150, child_price: 90, max_passengers: 5, blocked: false }],
    [day(32), { price: 150, child_price: 90, max_passengers: 5, blocked: true }],
  ] as const) {
    const res = await api('POST', '/ziyarah_tours_schedule', { tour_id: tour, start_date: d, end_date: d, ...over })
    expect(res.statusCode, res.body).toBe(200)
  }
})
afterAll(async () => {
  await t?.close()
})

describe('ziyarah order items', () => {
  it('book seats at the tour’s prices on a day without a schedule row, on the ziyarah desk', async () => {
    const quote = await api('POST', '/orders/quote', order([seats(tour, day(31), 2, 1)]))
    expect(quote.statusCode, quote.body).toBe(200)
    const res = await api('POST', '/orders', order([seats(tour, day(31), 2, 1)]))
    expect(res.statusCode, res.body).toBe(200)
    const o = res.json().data
    expect(o.total).toBe(2 * 120 + 80)
    expect(o.desks).toEqual(['ziyarah'])
    expect(o.items[0]).toMatchObject({ kind: 'ziyarah', tour_id: tour, date: day(31), quantity: 3, adults: 2, children: 1 })
    expect(o.items[0].lines.map((l: { label: string; unit_price: number; quantity: number }) => [l.label, l.unit_price, l.quantity])).toEqual([
      ['adult', 120, 2],
      ['child', 80, 1],
    ])
    expect(await booked(tour, day(31))).toBe(3)
    const desk = (await api('GET', '/orders?kind=ziyarah')).json()
    expect(desk.data.map((r: { id: number }) => r.id)).toContain(o.id)
    expect(desk.data.find((r: { id: number }) => r.id === o.id).desks).toEqual(['ziyarah'])
    const counters = (await api('GET', '/orders/counters')).json().data
    expect(counters.ziyarah).toMatchObject({ all: desk.pagination.total, pending: desk.pagination.total })
    expect(o.total).toBe(quote.json().data.total)
  })

  it('price by the day’s schedule, refuse seats beyond the day with 409 and the day, and give seats back on cancel', async () => {
    const first = await api('POST', '/orders', order([seats(tour, day(30), 2, 1)]))
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().data.total).toBe(2 * 150 + 90)
    expect(await booked(tour, day(30))).toBe(3)
    const over = await api('POST', '/orders', order([seats(tour, day(30), 3)]))
    expect(over.statusCode, over.body).toBe(409)
    expect(over.json().errors).toEqual({ 'items.0': [day(30)] })
    expect(await booked(tour, day(30))).toBe(3)
    // A blocked day holds none.
    const blocked = await api('POST', '/orders', order([seats(tour, day(32), 1)]))
    expect(blocked.statusCode).toBe(409)
    expect(blocked.json().errors).toEqual({ 'items.0': [day(32)] })

    const cancel = await api('POST', `/orders/${first.json().data.id}/status`, { status: 'cancelled', reason: 'Flight moved' })
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(await booked(tour, day(30))).toBe(0)
    expect(cancel.json().data.desks).toEqual(['ziyarah'])
    const again = await api('POST', '/orders', order([seats(tour, day(30), 5)]))
    expect(again.statusCode, again.body).toBe(200)
    expect(await booked(tour, day(30))).toBe(5)
    expect(await stockDrift(db(), companyId)).toEqual([])
  })

  it('refuse what breaks a rule with 422 per field', async () => {
    const cases: Array<[unknown, string]> = [
      [seats(draft, day(31), 1), 'items.0.tour_id'],
      [seats(999_999, day(31), 1), 'items.0.tour_id'],
      [seats(tour, day(-1), 1), 'items.0.date'],
      [seats(tour, day(31), 0, 0), 'items.0.adults'],
      [{ kind: 'ziyarah', tour_id: tour, date: '2026-02-30', adults: 1 }, 'items.0.date'],
    ]
    for (const [item, field] of cases) {
      const res = await api('POST', '/orders', order([item]))
      expect(res.statusCode, `${field} ${res.body}`).toBe(422)
      expect(Object.keys(res.json().errors), res.body).toContain(field)
    }
  })

  it('lists only published tours as choices, under the ziyarah desk’s permission', async () => {
    const res = await api('GET', '/orders/choices/ziyarah_tours')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual([{ id: tour, name: 'Makkah City Tour', pickup_time: '07:30' }])
    const hotelDesk = await createUserWithPermissions(t.app, companyId, ['order_hotel_list', 'order_hotel_create'])
    expect((await api('GET', '/orders/choices/ziyarah_tours', undefined, hotelDesk)).statusCode).toBe(403)
    expect((await api('POST', '/orders', order([seats(tour, day(31), 1)]), hotelDesk)).statusCode).toBe(403)
    expect((await api('GET', '/orders?kind=ziyarah', undefined, hotelDesk)).statusCode).toBe(403)
  })

  it('a package of a tour, a stay, train seats and a vehicle is all or nothing, and on all four desks', async () => {
    const { roomId } = await createHotelRoom(db(), companyId)
    const route = await createTrainRoute(db(), companyId, { max_passengers: 2 })
    const bus = await createVehicle(db(), companyId)
    const stay = { kind: 'room', room_id: roomId, check_in: day(40), check_out: day(42), quantity: 1, adults: 2, children: 0 }
    const train = (adults: number) => ({ kind: 'train', route_id: route, train_type: 'economy', date: day(41), adults, children: 0 })
    const ride = { kind: 'transportation', transportation_id: bus, start_date: day(40), end_date: day(40) }
    // The train is short: nothing of the package is taken, the tour's seats included.
    const refused = await api('POST', '/orders', order([seats(tour, day(41), 2), stay, train(3), ride]))
    expect(refused.statusCode, refused.body).toBe(409)
    expect(refused.json().errors).toEqual({ 'items.2': [day(41)] })
    expect(await booked(tour, day(41))).toBe(0)
    expect(await stockDrift(db(), companyId)).toEqual([])

    const made = await api('POST', '/orders', order([seats(tour, day(41), 2), stay, train(2), ride]))
    expect(made.statusCode, made.body).toBe(200)
    const id = made.json().data.id
    expect(made.json().data.desks).toEqual(['hotel', 'train', 'transportation', 'ziyarah'])
    expect(await booked(tour, day(41))).toBe(2)
    for (const desk of ['hotel', 'train', 'transportation', 'ziyarah']) {
      const list = (await api('GET', `/orders?kind=${desk}&size=100`)).json().data as Array<{ id: number }>
      expect(list.map((o) => o.id), desk).toContain(id)
    }
    // Editing the package down to the tour moves it off the other desks.
    const edited = await api('PUT', `/orders/${id}`, { ...order([seats(tour, day(41), 1)]), version: made.json().data.version })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json().data.desks).toEqual(['ziyarah'])
    expect((await api('GET', '/orders?kind=hotel&size=100')).json().data.map((o: { id: number }) => o.id)).not.toContain(id)
    expect(await booked(tour, day(41))).toBe(1)
    expect(await stockDrift(db(), companyId)).toEqual([])
  })

  it('a tour held by an open order is not deleted', async () => {
    const res = await api('DELETE', `/ziyarah_tours/${tour}`)
    expect(res.statusCode, res.body).toBe(409)
    const spare = await createTour({ name: 'Unbooked Tour' })
    expect((await api('DELETE', `/ziyarah_tours/${spare}`)).statusCode).toBe(200)
  })
})
