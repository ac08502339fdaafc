import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATE_WINDOW_MAX, DATE_WINDOW_MIN, MAX_PRICE } from '@app/shared'
import type { Db } from '../../src/db/client.js'
import { rooms } from '../../src/db/schema/index.js'
import { addDays } from '../../src/modules/orders/kinds.js'
import { buildTestApp, type TestApp } from '../helpers/app.js'
import { createHotelRoom } from '../helpers/bookables.js'
import { createCompany, type Actor } from '../helpers/fixtures.js'

/**
 * Issue 31, "money past the limits" and "dates have no upper bound": prices and order totals stay where
 * exact arithmetic holds and every refusal names its field; one date window (packages/shared dates.ts)
 * holds for orders, calendars and a pilgrim's travel dates. Runs on PGlite and on PostgreSQL (`TEST_DB=pg`).
 */

let t: TestApp
let owner: Actor
const db = () => t.app.db as Db
const day = (n: number) => addDays(new Date().toISOString().slice(0, 10), n)
const api = (method: 'POST' | 'PUT', url: string, body: unknown, locale = 'en') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...owner.headers, 'content-type': 'application/json', 'x-localization': locale },
    payload: JSON.stringify(body),
  })
const stay = (room_id: number, quantity: number, nights: number, over: Record<string, unknown> = {}) => ({
  customer: { name: 'Hasan Basri' },
  items: [{ kind: 'room', room_id, check_in: day(30), check_out: day(30 + nights), quantity, adults: 1, children: 0, ...over }],
})
const orderTotals = async () =>
  (
    (await t.app.db.execute(sql`SELECT count(*)::int AS n FROM orders WHERE company_id = ${owner.companyId}`)) as unknown as {
      rows: Array<{ n: number }>
    }
  ).rows[0]!.n

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
})
afterAll(() => t?.close())

describe('money bounds (issue 31 item 6)', () => {
  it('refuses a quote and an order of 500 rooms x 90 nights at the largest stored price on `total`, never a wrong total', async () => {
    // A price stored before the bound (numeric(14,2) holds it): 500 x 90 x 999,999,999,999.99 is far past 2^53 cents.
    const { roomId } = await createHotelRoom(db(), owner.companyId, {}, { price: 999_999_999_999.99, room_stock: 500 })
    const before = await orderTotals()
    for (const url of ['/orders/quote', '/orders']) {
      const res = await api('POST', url, stay(roomId, 500, 90))
      expect(res.statusCode, res.body).toBe(422)
      expect(Object.keys(res.json().errors)).toEqual(['total'])
      expect(res.json().errors.total[0]).toContain('999,999,999,999.99')
      expect(res.json().message).toContain('over the largest amount')
    }
    const id = await api('POST', '/orders/quote', stay(roomId, 500, 90), 'id')
    expect(id.json().errors.total[0]).toMatch(/^Total melebihi jumlah terbesar/)
    expect(await orderTotals()).toBe(before)
  })

  it('prices a large order below the bound exactly: 500 rooms x 90 nights at 999,999.99', async () => {
    const { roomId } = await createHotelRoom(db(), owner.companyId, {}, { price: 999_999.99, room_stock: 500 })
    const res = await api('POST', '/orders/quote', stay(roomId, 500, 90))
    expect(res.statusCode, res.body).toBe(200)
    // 99,999,999 cents x 45,000 = 4,499,999,955,000 cents, computed in whole cents.
    expect(res.json().data.total).toBe(44_999_999_550)
  })

  it('refuses a price above 999,999,999.99 on the price field, on the catalogue and the calendar', async () => {
    const { roomId, hotelId } = await createHotelRoom(db(), owner.companyId)
    const cal = await api('POST', '/rooms_availibility', {
      room_id: roomId,
      start_date: day(10),
      end_date: day(11),
      price: MAX_PRICE + 0.01,
      capacity: 1,
      blocked: false,
    })
    expect(cal.statusCode, cal.body).toBe(422)
    expect(Object.keys(cal.json().errors)).toEqual(['price'])
    expect(cal.json().errors.price[0]).toContain('999999999.99')
    const ok = await api('POST', '/rooms_availibility', {
      room_id: roomId,
      start_date: day(10),
      end_date: day(11),
      price: MAX_PRICE,
      capacity: 1,
      blocked: false,
    })
    expect(ok.statusCode, ok.body).toBe(200)
    const [room] = await db().select().from(rooms).where(eq(rooms.id, roomId))
    const put = await api('PUT', `/rooms/${roomId}`, {
      hotel_id: hotelId,
      name: room!.name,
      code: room!.code,
      price: 1_000_000_000,
      room_stock: 5,
      beds: 4,
      room_size: 30,
      max_adult: 4,
      max_children: 2,
      min_stay: 1,
    })
    expect(put.statusCode, put.body).toBe(422)
    expect(put.json().errors.price).toBeDefined()
  })

  it('refuses to edit a fully paid pending order below what was paid: 422 on total, in both languages', async () => {
    const { roomId } = await createHotelRoom(db(), owner.companyId, {}, { price: 100 })
    const created = await api('POST', '/orders', stay(roomId, 1, 3))
    expect(created.statusCode, created.body).toBe(200)
    const order = created.json().data
    expect(order.total).toBe(300)
    const paid = await api('POST', `/orders/${order.id}/payments`, { amount: 300, method: 'cash' })
    expect(paid.statusCode, paid.body).toBe(200)
    for (const [locale, text] of [
      ['en', 'exceeds the new total (200.00)'],
      ['id', 'melebihi total baru (200.00)'],
    ] as const) {
      const res = await api('PUT', `/orders/${order.id}`, stay(roomId, 1, 2), locale)
      expect(res.statusCode, res.body).toBe(422)
      expect(Object.keys(res.json().errors)).toEqual(['total'])
      expect(res.json().errors.total[0]).toContain(text)
      expect(res.json().message).toContain(text)
    }
    // Nothing changed: still three nights, total 300, paid 300.
    const row = (
      (await t.app.db.execute(
        sql`SELECT total::float AS total, paid::float AS paid, end_date::text AS end FROM orders WHERE id = ${order.id}`,
      )) as unknown as {
        rows: Array<{ total: number; paid: number; end: string }>
      }
    ).rows[0]!
    expect(row).toEqual({ total: 300, paid: 300, end: day(33) })
    // Longer is fine.
    expect((await api('PUT', `/orders/${order.id}`, stay(roomId, 1, 4))).statusCode).toBe(200)
  })
})

describe(`one date window, ${DATE_WINDOW_MIN} .. ${DATE_WINDOW_MAX} (issue 31)`, () => {
  it('refuses an order on 9999-12-30 naming the field', async () => {
    const { roomId } = await createHotelRoom(db(), owner.companyId)
    for (const url of ['/orders/quote', '/orders']) {
      const res = await api('POST', url, stay(roomId, 1, 1, { check_in: '9999-12-30', check_out: '9999-12-31' }))
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json().errors['items.0.check_in']).toEqual(['Check-in must be between 01-01-2000 and 31-12-2099'])
      expect(res.json().errors['items.0.check_out']).toBeDefined()
    }
    const id = await api('POST', '/orders/quote', stay(roomId, 1, 1, { check_in: '2100-01-01', check_out: '2100-01-02' }), 'id')
    expect(id.json().errors['items.0.check_in']).toEqual(['Check-in harus antara 01-01-2000 dan 31-12-2099'])
  })

  it('refuses calendar range writes outside the window (rooms and Ziyarah schedules), and takes its last day', async () => {
    const { roomId } = await createHotelRoom(db(), owner.companyId)
    const write = (url: string, body: Record<string, unknown>) => api('POST', url, body)
    const room = { room_id: roomId, price: 10, capacity: 1, blocked: false }
    const late = await write('/rooms_availibility', { ...room, start_date: '2100-01-01', end_date: '2100-01-02' })
    expect(late.statusCode, late.body).toBe(422)
    expect(Object.keys(late.json().errors).sort()).toEqual(['end_date', 'start_date'])
    const early = await write('/rooms_availibility', { ...room, start_date: '1999-12-31', end_date: '2000-01-01' })
    expect(early.statusCode).toBe(422)
    expect(Object.keys(early.json().errors)).toEqual(['start_date'])
    const last = await write('/rooms_availibility', { ...room, start_date: '2099-12-30', end_date: DATE_WINDOW_MAX })
    expect(last.statusCode, last.body).toBe(200)
    const tour = await write('/ziyarah_tours_schedule', {
      tour_id: 1,
      start_date: '2150-01-01',
      end_date: '2150-01-02',
      price: 10,
      child_price: 5,
      max_passengers: 10,
      blocked: false,
    })
    expect(tour.statusCode, tour.body).toBe(422)
    expect(Object.keys(tour.json().errors).sort()).toEqual(['end_date', 'start_date'])
  })

  it("refuses a pilgrim's passport and vaccination dates outside the window; a birth date keeps its own rule", async () => {
    const res = await api('POST', '/pilgrims', {
      full_name: 'Siti Aminah',
      gender: 'female',
      birth_date: '1960-03-04',
      passport_issued: '1999-06-01',
      passport_expiry: '9999-12-30',
      vaccine_date: '2100-01-01',
    })
    expect(res.statusCode, res.body).toBe(422)
    expect(Object.keys(res.json().errors).sort()).toEqual(['passport_expiry', 'passport_issued', 'vaccine_date'])
    const ok = await api('POST', '/pilgrims', {
      full_name: 'Siti Aminah',
      gender: 'female',
      birth_date: '1960-03-04',
      passport_issued: '2024-06-01',
      passport_expiry: '2034-05-31',
    })
    expect(ok.statusCode, ok.body).toBe(200)
  })
})
