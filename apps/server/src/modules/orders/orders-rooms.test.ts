import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createHotelRoom, setRoomDays } from '../../../test/helpers/bookables.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'
import type { Db } from '../../db/client.js'
import { addDays } from './kinds.js'

/**
 * Room stays on the real catalogue (issue 11): the hotel's and room's rules,
 * prices per day from the calendar, extras and service fees, blocked days, and
 * the quote's short days. Calendars and room stock that cannot go below what
 * orders hold, races for the last room and cancelling are proven for every kind
 * by the bookable suite (test/bookable-kinds.test.ts).
 */

let t: TestApp
let owner: Actor
let other: Actor

const day = (n: number) => addDays(new Date().toISOString().slice(0, 10), n)
const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, who: Actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

const stay = (room_id: number, checkIn = day(30), nights = 1, over: Record<string, unknown> = {}) => ({
  kind: 'room',
  room_id,
  check_in: checkIn,
  check_out: addDays(checkIn, nights),
  quantity: 1,
  adults: 2,
  children: 0,
  ...over,
})
const order = (items: unknown[]) => ({ customer: { name: 'Hasan Basri', passport_number: 'B7654321' }, items })
const db = () => t.app.db as Db
const booked = async (roomId: number, d: string) => {
  const res = (await t.app.db.execute(
    sql`SELECT booked FROM inventory_stock WHERE kind = 'room' AND item_id = ${roomId} AND day = ${d}`,
  )) as unknown as { rows: Array<{ booked: number }> }
  return Number(res.rows[0]?.booked ?? 0)
}

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
})
afterAll(async () => {
  await t?.close()
})

/** The hotel's extras as the order form reads them (GET /orders/choices/extras), by name. */
async function extrasOf(hotelId: number, who: Actor = owner): Promise<Record<string, number>> {
  const res = await api('GET', '/orders/choices/extras', undefined, who)
  expect(res.statusCode, res.body).toBe(200)
  const rows = res.json().data as Array<{ id: number; name: string; hotel_id: number }>
  return Object.fromEntries(rows.filter((r) => r.hotel_id === hotelId).map((r) => [r.name, r.id]))
}

const pricedHotel = () =>
  createHotelRoom(
    db(),
    owner.companyId,
    {
      extras: [
        { name: 'Airport pickup', value: 50, type: 'one_time', person_price: false },
        { name: 'Breakfast', value: 10, type: 'per_day', person_price: true },
      ],
      fees: [
        { name: 'Handling', value: 5, type: 'fixed', person_price: true },
        { name: 'VAT', value: 15, type: 'percent', person_price: false },
      ],
    },
    { price: 100 },
  )

describe('prices', () => {
  it('charges each night its calendar price or the room price, then the chosen extras and the fees', async () => {
    const { roomId, hotelId } = await pricedHotel()
    const x = await extrasOf(hotelId)
    const chosen = [{ extra_id: x['Airport pickup']! }, { extra_id: x.Breakfast! }]
    await setRoomDays(db(), roomId, [{ date: day(31), price: 150, capacity: 5 }])
    const res = await api(
      'POST',
      '/orders/quote',
      order([stay(roomId, day(30), 3, { quantity: 2, adults: 3, children: 1, price: 1, extras: chosen })]),
    )
    expect(res.statusCode, res.body).toBe(200)
    const item = res.json().data.items[0]
    // Nights: 100 + 150 + 100, two rooms = 700; pickup 50; breakfast 10 x 3 nights x 4 persons = 120;
    // handling 5 x 4 = 20; VAT 15% of (700 + 50 + 120) = 130.5.
    expect(item.lines.map((l: { amount: number }) => l.amount)).toEqual([200, 300, 200, 50, 120, 20, 130.5])
    expect(res.json().data.total).toBe(1020.5)
    const made = await api('POST', '/orders', {
      ...order([stay(roomId, day(30), 3, { quantity: 2, adults: 3, children: 1, extras: chosen })]),
      total: 5,
    })
    expect(made.json().data.total).toBe(1020.5)
  })
})

describe('extras chosen per item (issue 32)', () => {
  it('charges no extra nobody chose; the service fees still apply', async () => {
    const { roomId } = await pricedHotel()
    const res = await api('POST', '/orders/quote', order([stay(roomId, day(30), 3, { quantity: 2, adults: 3, children: 1 })]))
    expect(res.statusCode, res.body).toBe(200)
    const lines = res.json().data.items[0].lines as Array<{ type: string; label: string; amount: number }>
    expect(lines.filter((l) => l.type === 'extra')).toEqual([])
    // 600 for the nights; handling 5 x 4 = 20; VAT 15% of 600 = 90.
    expect(lines.filter((l) => l.type === 'fee').map((l) => l.amount)).toEqual([20, 90])
    expect(res.json().data.total).toBe(710)
  })

  it('prices a chosen quantity, and the saved order and its lines keep which extras were chosen', async () => {
    const { roomId, hotelId } = await pricedHotel()
    const x = await extrasOf(hotelId)
    // Breakfast for 2 of the 4 persons, 3 nights: 10 x 3 x 2 = 60; the pickup for both rooms: 50 x 2 = 100.
    const extras = [
      { extra_id: x.Breakfast!, qty: 2 },
      { extra_id: x['Airport pickup']!, qty: 2 },
    ]
    const made = await api('POST', '/orders', order([stay(roomId, day(50), 3, { quantity: 2, adults: 3, children: 1, extras })]))
    expect(made.statusCode, made.body).toBe(200)
    const item = made.json().data.items[0]
    expect(item.extras).toEqual(extras)
    const extraLines = item.lines.filter((l: { type: string }) => l.type === 'extra')
    expect(extraLines.map((l: { label: string; quantity: number; amount: number }) => [l.label, l.quantity, l.amount])).toEqual([
      ['Breakfast', 6, 60],
      ['Airport pickup', 2, 100],
    ])
    // Stored with the order, in its transaction: the read answers them, as the edit form reads them back.
    const again = await api('GET', `/orders/${made.json().data.id}`)
    expect(again.json().data.items[0].extras).toEqual(extras)
    // 600 nights + 160 extras; handling 20; VAT 15% of 760 = 114.
    expect(Number(again.json().data.total)).toBe(894)
  })

  it('refuses an extra of another hotel, twice the same extra and a quantity out of bounds, each on its field', async () => {
    const { roomId, hotelId } = await pricedHotel()
    const otherHotel = await pricedHotel()
    const x = await extrasOf(hotelId)
    const y = await extrasOf(otherHotel.hotelId)
    const theirs = await createHotelRoom(db(), other.companyId, {
      extras: [{ name: 'Their pickup', value: 1, type: 'one_time', person_price: false }],
    })
    const theirExtra = Object.values(await extrasOf(theirs.hotelId, other))[0]!
    const before = await api('GET', '/orders?per_page=1')
    const refused = async (extras: unknown, field: string, message?: string) => {
      const res = await api('POST', '/orders', order([stay(roomId, day(60), 1, { adults: 2, extras })]))
      expect(res.statusCode, res.body).toBe(422)
      expect(Object.keys(res.json().errors)).toContain(field)
      if (message) expect(res.json().errors[field]).toEqual([message])
    }
    await refused([{ extra_id: y.Breakfast }], 'items.0.extras.0.extra_id', 'This extra is not offered for this item')
    await refused([{ extra_id: theirExtra }], 'items.0.extras.0.extra_id')
    await refused([{ extra_id: x.Breakfast, qty: 3 }], 'items.0.extras.0.qty', 'From 1 to 2') // 2 persons
    await refused([{ extra_id: x['Airport pickup'], qty: 2 }], 'items.0.extras.0.qty', 'From 1 to 1') // 1 room
    await refused([{ extra_id: x.Breakfast, qty: 0 }], 'items.0.extras.0.qty')
    await refused([{ extra_id: x.Breakfast }, { extra_id: x.Breakfast }], 'items.0.extras')
    // Nothing was written, no stock taken.
    expect((await api('GET', '/orders?per_page=1')).json().pagination.total).toBe(before.json().pagination.total)
    expect(await booked(roomId, day(60))).toBe(0)
  })

  it('offers no extra of a hotel whose extra prices are switched off', async () => {
    const { roomId, hotelId } = await pricedHotel()
    const x = await extrasOf(hotelId)
    await t.app.db.execute(sql`UPDATE hotels SET extra_price = false WHERE id = ${hotelId}`)
    expect(await extrasOf(hotelId)).toEqual({})
    const res = await api('POST', '/orders/quote', order([stay(roomId, day(30), 1, { extras: [{ extra_id: x.Breakfast }] })]))
    expect(res.statusCode).toBe(422)
    expect(Object.keys(res.json().errors)).toEqual(['items.0.extras.0.extra_id'])
  })
})

describe('rules of the catalogue', () => {
  it('refuses stays the hotel or room does not allow, each with its field', async () => {
    const { roomId } = await createHotelRoom(
      db(),
      owner.companyId,
      { min_reservation: 3, max_stay: 2 },
      { min_stay: 1, max_adult: 2, max_children: 1 },
    )
    const refused = async (item: unknown, field: string) => {
      const res = await api('POST', '/orders', order([item]))
      expect(res.statusCode, res.body).toBe(422)
      expect(Object.keys(res.json().errors)).toContain(field)
    }
    await refused(stay(roomId, day(1), 2), 'items.0.check_in') // 3 days of notice
    await refused(stay(roomId, day(10), 1), 'items.0.check_out') // hotel's minimum of 2 days
    await refused(stay(roomId, day(10), 2, { adults: 5, quantity: 2 }), 'items.0.adults')
    await refused(stay(roomId, day(10), 2, { children: 2 }), 'items.0.children')
    expect(
      (await api('POST', '/orders', order([stay(roomId, day(10), 2, { adults: 4, children: 2, quantity: 2 })]))).statusCode,
    ).toBe(200)

    const inactive = await createHotelRoom(db(), owner.companyId, {}, { is_active: false })
    await refused(stay(inactive.roomId), 'items.0.room_id')
    const draft = await createHotelRoom(db(), owner.companyId, { status: 'draft' })
    await refused(stay(draft.roomId), 'items.0.room_id')
    const theirs = await createHotelRoom(db(), other.companyId)
    await refused(stay(theirs.roomId), 'items.0.room_id')
    const longStay = await createHotelRoom(db(), owner.companyId, {}, { min_stay: 4 })
    await refused(stay(longStay.roomId, day(10), 3), 'items.0.check_out')
  })

  it('refuses a blocked night with 409 and the day', async () => {
    const { roomId } = await createHotelRoom(db(), owner.companyId)
    await setRoomDays(db(), roomId, [{ date: day(41), price: 100, capacity: 5, blocked: true }])
    const res = await api('POST', '/orders', order([stay(roomId, day(40), 3)]))
    expect(res.statusCode).toBe(409)
    expect(res.json().errors).toEqual({ 'items.0': [day(41)] })
    expect(await booked(roomId, day(40))).toBe(0)
  })
})

describe('the quote warns of short days before saving', () => {
  it('names the days that lack stock now, counts what an edited order holds as free, and takes nothing', async () => {
    const { roomId } = await createHotelRoom(db(), owner.companyId, {}, { room_stock: 2 })
    const held = await api('POST', '/orders', order([stay(roomId, day(80), 1, { quantity: 2 })]))
    expect(held.statusCode, held.body).toBe(200)
    const fine = await api('POST', '/orders/quote', order([stay(roomId, day(81), 2)]))
    expect(fine.json().data.short).toEqual({})
    const q = await api('POST', '/orders/quote', order([stay(roomId, day(79), 3)]))
    expect(q.statusCode, q.body).toBe(200)
    expect(q.json().data.total).toBeGreaterThan(0)
    expect(q.json().data.short).toEqual({ 'items.0': [day(80)] })
    // Two items of one quote on the same night add up.
    const twice = await api('POST', '/orders/quote', order([stay(roomId, day(82)), stay(roomId, day(82), 1, { quantity: 2 })]))
    expect(twice.json().data.short).toEqual({ 'items.0': [day(82)], 'items.1': [day(82)] })
    // Quoting an edit of the order holding day 80: its own rooms are free for it, not for anyone else.
    const id = held.json().data.id as number
    expect((await api('POST', `/orders/quote?order=${id}`, order([stay(roomId, day(79), 3)]))).json().data.short).toEqual({})
    expect(
      (await api('POST', `/orders/quote?order=${id}`, order([stay(roomId, day(79), 3, { quantity: 3 })]))).json().data.short,
    ).toEqual({ 'items.0': [day(79), day(80), day(81)] })
    expect((await api('POST', `/orders/quote?order=${id}`, order([stay(roomId)]), other)).statusCode).toBe(404)
    expect((await api('POST', '/orders/quote?order=0x1', order([stay(roomId)]))).statusCode).toBe(422)
    expect(await booked(roomId, day(79))).toBe(0)
    expect(await booked(roomId, day(80))).toBe(2)
  })
})
