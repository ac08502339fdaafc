import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'
import { hotels, locations, roomAvailability } from '../../db/schema/index.js'

/**
 * The room calendar's own rules (DESIGN §7): its answer (the room's hotel on
 * each day, the read's keys and paging), values as form text, the capacity
 * limit of the room's stock (in the API and in the database), and bad input
 * that must leave nothing written. What every calendar does (range writes and
 * reads, rewrites in place, the weekday mask and the days written, 366 days,
 * other companies' items, permissions, simultaneous writes, stock) is proven by
 * the bookable suite (test/bookable-kinds.test.ts).
 */

let t: TestApp
let owner: Actor
let other: Actor

type Day = { id: number; room_id: number; hotel_id: number; date: string; price: number; capacity: number; blocked: boolean }

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

/** A hotel written straight to the tables (the hotels API has its own tests). */
async function hotelOf(who: Actor, name = 'Hotel') {
  const [loc] = await t.app.db
    .insert(locations)
    .values({
      company_id: who.companyId,
      name: `Loc ${name}`,
      slug: `loc-${name.toLowerCase()}-${Date.now()}`,
      description: 'x',
      status: 'publish',
      lat: 21.4,
      long: 39.8,
    })
    .returning()
  const [hotel] = await t.app.db
    .insert(hotels)
    .values({
      company_id: who.companyId,
      location_id: loc!.id,
      name,
      slug: `${name.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      rating: 4,
      check_in: '14:00',
      check_out: '12:00',
      min_reservation: 0,
      max_stay: 1,
      price: 500,
      real_address: 'Jl. Ibrahim Al Khalil',
      lat: 21.4,
      long: 39.8,
      meta_title: name,
      meta_description: name,
    })
    .returning()
  return hotel!
}

const roomBody = (hotelId: number, over: Record<string, unknown> = {}) => ({
  hotel_id: hotelId,
  name: 'Quad Room',
  code: `Q${Math.random().toString(36).slice(2, 8)}`,
  price: 750.5,
  min_stay: 1,
  is_active: true,
  room_stock: 10,
  beds: 4,
  room_size: 32.5,
  max_adult: 4,
  max_children: 2,
  ...over,
})

async function roomOf(who: Actor, over: Record<string, unknown> = {}) {
  const hotel = await hotelOf(who, `H${Math.random().toString(36).slice(2, 6)}`)
  const res = await api('POST', '/rooms', roomBody(hotel.id, over), who)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { id: number; hotel_id: number; price: number; room_stock: number }
}

const daysOf = async (roomId: number) =>
  Number((await t.app.db.select({ n: count() }).from(roomAvailability).where(eq(roomAvailability.room_id, roomId)))[0]!.n)

const write = (body: Record<string, unknown>, who: Actor = owner) => api('POST', '/rooms_availibility', body, who)

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
})
afterAll(() => t?.close())

describe('room availability: range writes', () => {
  it('writes every day of a range in one call and answers the stored days', async () => {
    const room = await roomOf(owner)
    const res = await write({
      hotel_id: room.hotel_id,
      room_id: room.id,
      start_date: '2026-03-01',
      end_date: '2026-03-10',
      price: 900.25,
      capacity: 8,
      blocked: false,
    })
    expect(res.statusCode, res.body).toBe(200)
    const days = res.json().data as Day[]
    expect(days).toHaveLength(10)
    expect(days[0]).toMatchObject({
      room_id: room.id,
      hotel_id: room.hotel_id,
      date: '2026-03-01',
      price: 900.25,
      capacity: 8,
      blocked: false,
    })
    expect(days.map((d) => d.date).at(-1)).toBe('2026-03-10')
  })

  it('accepts the values as form text (numbers and booleans as strings); ids are JSON numbers (issue 31)', async () => {
    const room = await roomOf(owner)
    const values = { start_date: '2026-07-01', end_date: '2026-07-02', price: '450.50', capacity: '2', blocked: 'true' }
    const res = await write({ hotel_id: room.hotel_id, room_id: room.id, ...values })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data[0]).toMatchObject({ price: 450.5, capacity: 2, blocked: true })
    const text = await write({ hotel_id: String(room.hotel_id), room_id: String(room.id), ...values })
    expect(text.statusCode).toBe(422)
    expect(Object.keys(text.json().errors).sort()).toEqual(['hotel_id', 'room_id'])
  })
})

describe('room availability: reads', () => {
  it('answers only stored days of the range, in date order, with the room defaults', async () => {
    const room = await roomOf(owner, { price: 650, room_stock: 7 })
    await write({
      room_id: room.id,
      start_date: '2026-08-30',
      end_date: '2026-09-02',
      price: 700.05,
      capacity: 6,
      blocked: false,
    })
    const res = await api(
      'GET',
      `/rooms_availibility?hotel_id=${room.hotel_id}&room_id=${room.id}&start_date=2026-09-01&end_date=2026-09-30&page=0&size=10`,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    const body = res.json()
    // Each day whole: its own fields, then the room's hotel; money a number with its cents.
    expect(body.data).toEqual(
      ['2026-09-01', '2026-09-02'].map((date) => ({
        id: expect.any(Number),
        room_id: room.id,
        date,
        price: 700.05,
        capacity: 6,
        blocked: false,
        hotel_id: room.hotel_id,
      })),
    )
    expect(Object.keys(body)).toEqual(['data', 'defaults', 'version', 'stock', 'pagination'])
    // The calendar's version (issue 30), which a range write sends back.
    expect(body.version).toBeGreaterThan(0)
    expect(body.defaults).toEqual({ price: 650, capacity: 7, blocked: false })
    expect(body.stock).toEqual([])
    expect(body.pagination).toMatchObject({ total: 2, currentPage: 0 })
    const empty = await api('GET', `/rooms_availibility?room_id=${room.id}&start_date=2026-10-01&end_date=2026-10-31`)
    expect(empty.json()).toMatchObject({ data: [], stock: [], pagination: { total: 0 } })
    const one = await api('GET', `/rooms_availibility/${body.data[0].id}`)
    expect(one.statusCode).toBe(200)
    expect(one.json().data).toMatchObject({ date: '2026-09-01', room_id: room.id, hotel_id: room.hotel_id })
    expect((await api('GET', `/rooms_availibility/${body.data[0].id}`, undefined, other)).statusCode).toBe(404)
  })

  it('refuses a read without room_id or with a bad range', async () => {
    const room = await roomOf(owner)
    const bad = [
      `start_date=2026-01-01&end_date=2026-01-31`,
      `room_id=${room.id}&start_date=2026-02-30&end_date=2026-03-01`,
      `room_id=${room.id}&start_date=2026-03-01&end_date=2026-02-01`,
      `room_id=${room.id}&start_date=2026-01-01&end_date=2027-01-02`,
      `room_id=abc&start_date=2026-01-01&end_date=2026-01-31`,
    ]
    for (const q of bad) {
      const res = await api('GET', `/rooms_availibility?${q}`)
      expect(res.statusCode, q).toBe(422)
      expect(res.json()).toHaveProperty('errors')
    }
  })
})

describe('room availability: bad input leaves nothing written', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['2026-02-30', { start_date: '2026-02-30', end_date: '2026-03-02' }, 'start_date'],
    ['a month 13', { start_date: '2026-13-01', end_date: '2026-13-02' }, 'start_date'],
    ['capacity above the stock', { capacity: 11 }, 'capacity'],
    ['a negative capacity', { capacity: -1 }, 'capacity'],
    ['a fractional capacity', { capacity: 1.5 }, 'capacity'],
    ['a negative price', { price: -1 }, 'price'],
    ['a price of 1e309', { price: '1e309' }, 'price'],
    ['a price with 3 decimals', { price: 1.005 }, 'price'],
    ['blocked as "maybe"', { blocked: 'maybe' }, 'blocked'],
    ['blocked missing', { blocked: undefined }, 'blocked'],
    ['price missing', { price: undefined }, 'price'],
    ["another hotel than the room's", { hotel_id: 2_000_000_000 }, 'hotel_id'],
  ]
  it.each(cases)('refuses %s with 422 on the field', async (_label, change, field) => {
    const room = await roomOf(owner)
    const body = {
      room_id: room.id,
      hotel_id: room.hotel_id,
      start_date: '2026-03-01',
      end_date: '2026-03-05',
      price: 100,
      capacity: 5,
      blocked: false,
      ...change,
    }
    const res = await write(body)
    expect(res.statusCode, res.body).toBe(422)
    expect(Object.keys(res.json().errors)).toContain(field)
    expect(typeof res.json().message).toBe('string')
    expect(await daysOf(room.id)).toBe(0)
  })

  it('says the limit in Indonesian', async () => {
    const room = await roomOf(owner, { room_stock: 3 })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rooms_availibility',
      headers: { ...owner.headers, 'x-localization': 'id' },
      payload: { room_id: room.id, start_date: '2026-03-01', end_date: '2026-03-02', price: 1, capacity: 4, blocked: false },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.capacity).toEqual(['Kapasitas tidak boleh lebih dari 3'])
  })

  it('keeps capacity within the stock in the database too (the trigger), and refuses lowering the stock below it', async () => {
    const room = await roomOf(owner, { room_stock: 5 })
    const refused = (p: Promise<unknown>) =>
      expect(
        p.then(
          () => 'written',
          (e) => String(e.cause?.message ?? e.message),
        ),
      ).resolves.toMatch(/above the room stock/)
    await refused(
      t.app.db.insert(roomAvailability).values({ room_id: room.id, date: '2026-03-01', price: 1, capacity: 6, blocked: false }),
    )
    // Checked per statement over every row it wrote: one day over the stock in a range refuses the whole range,
    // and so does an update (or an upsert's conflict) raising a stored day above it.
    await refused(
      t.app.db.insert(roomAvailability).values([
        { room_id: room.id, date: '2026-03-01', price: 1, capacity: 5, blocked: false },
        { room_id: room.id, date: '2026-03-02', price: 1, capacity: 6, blocked: false },
      ]),
    )
    await t.app.db
      .insert(roomAvailability)
      .values({ room_id: room.id, date: '2026-03-03', price: 1, capacity: 5, blocked: false })
    await refused(t.app.db.update(roomAvailability).set({ capacity: 6 }).where(eq(roomAvailability.room_id, room.id)))
    await refused(
      t.app.db
        .insert(roomAvailability)
        .values({ room_id: room.id, date: '2026-03-03', price: 1, capacity: 9, blocked: false })
        .onConflictDoUpdate({ target: [roomAvailability.room_id, roomAvailability.date], set: { capacity: 9 } }),
    )
    expect(
      (await t.app.db.select().from(roomAvailability).where(eq(roomAvailability.room_id, room.id))).map((r) => [
        r.date,
        r.capacity,
      ]),
    ).toEqual([['2026-03-03', 5]])
    const soon = new Date(Date.now() + 86_400_000 * 3).toISOString().slice(0, 10)
    expect(
      (await write({ room_id: room.id, start_date: soon, end_date: soon, price: 1, capacity: 5, blocked: false })).statusCode,
    ).toBe(200)
    const res = await api('PUT', `/rooms/${room.id}`, roomBody(room.hotel_id, { code: 'LOWER', room_stock: 4 }))
    expect(res.statusCode, res.body).toBe(422)
    expect(Object.keys(res.json().errors)).toEqual(['room_stock'])
  })
})
