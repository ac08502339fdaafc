import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { setRoomDays } from '../../../test/helpers/bookables.js'
import { DEPARTURE_DAY as D, departureBody as departure, departureCatalogue } from '../../../test/helpers/departures.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'
import type { Db } from '../../db/client.js'
import { addDays } from '../orders/kinds.js'
import { stockDrift } from '../orders/orders.service.js'

/**
 * Departures' own rules (issue 29): the bad-input list, status moves, and the
 * allotment held in the stock ledger as one package (opened, moved, given
 * back, all or nothing, shown on the items' calendars). The list contract and
 * CRUD are in test/crud-departures.test.ts.
 */

let t: TestApp
let owner: Actor
let other: Actor
const db = () => t.app.db as Db

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

const catalogue = (companyId = owner.companyId) => departureCatalogue(db(), companyId)
const rows = <T>(res: unknown) => (res as { rows: T[] }).rows

/** Booked per day of one stock item, for the days asked (0 for a day without a row). */
async function booked(kind: string, itemId: number, days: string[], variant = ''): Promise<number[]> {
  const found = rows<{ day: string; booked: number }>(
    await db().execute(
      sql`SELECT day::text AS day, booked FROM inventory_stock WHERE kind = ${kind} AND item_id = ${itemId} AND variant = ${variant}`,
    ),
  )
  return days.map((d) => Number(found.find((r) => r.day === d)?.booked ?? 0))
}
const nights = (from: string, count: number) => Array.from({ length: count }, (_, i) => addDays(from, i))

async function create(body: Record<string, unknown>) {
  const res = await api('POST', '/departures', body)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as Record<string, unknown> & { id: number; version: number }
}
/** The departure as it is now, sent back with changes (what the form and the page do). */
async function change(id: number, over: Record<string, unknown>) {
  const now = (await api('GET', `/departures/${id}`)).json().data
  return api('PUT', `/departures/${id}`, { ...now, ...over })
}

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
})
afterAll(async () => {
  await t?.close()
})

describe('a departure', () => {
  it('computes its program days and answers its entries with their names', async () => {
    const c = await catalogue()
    const d = await create(departure(c))
    expect(d).toMatchObject({ program_days: 12, status: 'draft', seats: 8, seats_sold: 0, seats_left: 8 })
    const stays = d.stays as Array<{ hotel: { id: number }; room: { id: number } }>
    expect(stays[0]!.room.id).toBe(c.madinah.roomId)
    expect(stays[1]!.hotel.id).toBe(c.makkah.hotelId)
    // A draft holds nothing.
    expect(await booked('room', c.madinah.roomId, nights(D, 4))).toEqual([0, 0, 0, 0])
  })

  it('refuses each bad input with a 4xx on its field and writes nothing', async () => {
    const c = await catalogue()
    const theirs = await catalogue(other.companyId)
    const count = async () => rows<{ n: number }>(await db().execute(sql`SELECT count(*)::int AS n FROM departures`))[0]!.n
    const before = await count()
    const stays = departure(c).stays
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ return_date: addDays(D, -1) }, 'return_date'],
      [{ stays: [{ ...stays[0], check_in: addDays(D, -1) }] }, 'stays.0.check_in'],
      [{ stays: [stays[0], { ...stays[1], check_out: addDays(D, 12) }] }, 'stays.1.check_out'],
      [{ trains: [{ route_id: c.routeId, train_type: 'economy', date: addDays(D, 20), seats: 8 }] }, 'trains.0.date'],
      [{ ziyarah: [{ tour_id: c.tourId, date: addDays(D, -3), seats: 8 }] }, 'ziyarah.0.date'],
      // Two quad rooms sleep 8 every night: 9 seats is more than the beds.
      [{ seats: 9 }, 'seats'],
      [{ prices: [{ room_type: 'quad', price: -5, currency: 'SAR' }] }, 'prices.0.price'],
      [{ stays: [{ ...stays[0], room_id: theirs.madinah.roomId, hotel_id: theirs.madinah.hotelId }] }, 'stays.0.room_id'],
      [{ stays: [{ ...stays[0], hotel_id: c.makkah.hotelId }] }, 'stays.0.room_id'],
      [{ trains: [{ route_id: theirs.routeId, train_type: 'economy', date: addDays(D, 4), seats: 8 }] }, 'trains.0.route_id'],
      [{ transfers: [{ transportation_id: theirs.busId, start_date: D, end_date: D }] }, 'transfers.0.transportation_id'],
      [{ ziyarah: [{ tour_id: theirs.tourId, date: D, seats: 8 }] }, 'ziyarah.0.tour_id'],
      [{ status: 'departed' }, 'status'],
    ]
    for (const [over, field] of cases) {
      const res = await api('POST', '/departures', departure(c, over))
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422)
      expect(Object.keys(res.json().errors), field).toContain(field)
    }
    expect(await count()).toBe(before)
  })

  it('keeps its code unique in the company (409), another company may use it', async () => {
    const c = await catalogue()
    const first = await create(departure(c))
    const again = await api('POST', '/departures', departure(c, { code: first.code }))
    expect(again.statusCode).toBe(409)
    expect(again.json().errors).toHaveProperty('code')
    const theirs = await catalogue(other.companyId)
    const res = await api('POST', '/departures', departure(theirs, { code: first.code }), other)
    expect(res.statusCode, res.body).toBe(200)
  })

  it('counts its departures per status for the list tabs', async () => {
    const them = (await createCompany(t.app)).owner
    const c = await catalogue(them.companyId)
    const asThem = (body: Record<string, unknown>) => api('POST', '/departures', body, them)
    expect((await asThem(departure(c, { transfers: [] }))).statusCode).toBe(200)
    expect((await asThem(departure(c, { status: 'open', transfers: [] }))).statusCode).toBe(200)
    expect((await asThem(departure(c, { status: 'open', transfers: [] }))).statusCode).toBe(200)
    const res = await api('GET', '/departures/counters', undefined, them)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({ all: 3, draft: 1, open: 2, closed: 0, departed: 0, completed: 0, cancelled: 0 })
    const list = await api('GET', '/departures?status=open', undefined, them)
    expect(list.json().pagination.total).toBe(2)
  })

  it('moves its status only along the workflow', async () => {
    const c = await catalogue()
    const d = await create(departure(c))
    const bad = await change(d.id, { status: 'completed' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.status[0]).toContain('draft')
    for (const status of ['open', 'closed', 'open', 'cancelled']) {
      const res = await change(d.id, { status })
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200)
    }
    expect((await change(d.id, { status: 'open' })).statusCode).toBe(422)
  })

  it('refuses seats below those sold, in the API and in the database', async () => {
    const c = await catalogue()
    const d = await create(departure(c))
    await db().execute(sql`UPDATE departures SET seats_sold = 6 WHERE id = ${d.id}`)
    const res = await change(d.id, { seats: 5 })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.seats[0]).toContain('6')
    expect((await change(d.id, { seats: 6 })).statusCode).toBe(200)
    await expect(db().execute(sql`UPDATE departures SET seats_sold = 7 WHERE id = ${d.id}`)).rejects.toThrow()
    // A departure with bookings is not deleted: departure-bookings.test.ts.
  })
})

describe('the allotment', () => {
  it('opening holds every stay, train seat, vehicle day and tour seat, shown on the calendars', async () => {
    const c = await catalogue()
    const d = await create(departure(c))
    const res = await change(d.id, { status: 'open' })
    expect(res.statusCode, res.body).toBe(200)
    expect(await booked('room', c.madinah.roomId, nights(D, 5))).toEqual([2, 2, 2, 2, 0])
    expect(await booked('room', c.makkah.roomId, nights(addDays(D, 4), 8))).toEqual([2, 2, 2, 2, 2, 2, 2, 0])
    expect(await booked('train', c.routeId, [addDays(D, 4)], 'economy')).toEqual([8])
    expect(await booked('transportation', c.busId, nights(D, 3))).toEqual([1, 1, 0])
    expect(await booked('ziyarah', c.tourId, [addDays(D, 2)])).toEqual([8])

    const cal = await api('GET', `/rooms_availibility?room_id=${c.madinah.roomId}&start_date=${D}&end_date=${addDays(D, 4)}`)
    expect(cal.statusCode, cal.body).toBe(200)
    const stock = cal.json().stock as Array<{ date?: string; day?: string; booked: number }>
    expect(stock.filter((s) => s.booked === 2)).toHaveLength(4)

    // Cancelling gives everything back.
    expect((await change(d.id, { status: 'cancelled' })).statusCode).toBe(200)
    expect(await booked('room', c.madinah.roomId, nights(D, 4))).toEqual([0, 0, 0, 0])
    expect(await booked('train', c.routeId, [addDays(D, 4)], 'economy')).toEqual([0])
    expect(await booked('ziyarah', c.tourId, [addDays(D, 2)])).toEqual([0])
  })

  it('is all or nothing: a night short of rooms is a 409 naming the stay and its days, and nothing is held', async () => {
    const c = await catalogue()
    const short = addDays(D, 6)
    await setRoomDays(db(), c.makkah.roomId, [{ date: short, price: 100, capacity: 1 }])
    const d = await create(departure(c))
    const res = await change(d.id, { status: 'open' })
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json().errors).toEqual({ 'stays.1': [short] })
    expect(await booked('room', c.madinah.roomId, nights(D, 4))).toEqual([0, 0, 0, 0])
    expect(await booked('train', c.routeId, [addDays(D, 4)], 'economy')).toEqual([0])
    expect((await api('GET', `/departures/${d.id}`)).json().data.status).toBe('draft')
    expect(await stockDrift(db(), owner.companyId)).toEqual([])
  })

  it('a departure created open holds its allotment at once; a short one is refused whole', async () => {
    const c = await catalogue()
    await create(departure(c, { status: 'open', stays: [departure(c).stays[0]], transfers: [], seats: 8 }))
    expect(await booked('room', c.madinah.roomId, nights(D, 4))).toEqual([2, 2, 2, 2])
    // Two more such departures fit (5 rooms a night) only once: the third asks 2 of the 1 left.
    await create(departure(c, { status: 'open', stays: [departure(c).stays[0]], transfers: [], seats: 8 }))
    const third = await api(
      'POST',
      '/departures',
      departure(c, { status: 'open', stays: [departure(c).stays[0]], transfers: [], seats: 8 }),
    )
    expect(third.statusCode, third.body).toBe(409)
    expect(third.json().errors).toEqual({ 'stays.0': nights(D, 4) })
    expect(await booked('room', c.madinah.roomId, nights(D, 4))).toEqual([4, 4, 4, 4])
  })

  it('editing an open departure moves its allotment atomically; new nights short of stock keep the old ones', async () => {
    const c = await catalogue()
    const d = await create(departure(c, { status: 'open' }))
    const base = departure(c)
    // One more night in Makkah at the end, one less in Madinah at the start: the held nights follow.
    const moved = await change(d.id, {
      departure_date: addDays(D, 1),
      return_date: addDays(D, 12),
      stays: [
        { ...base.stays[0], check_in: addDays(D, 1) },
        { ...base.stays[1], check_out: addDays(D, 12) },
      ],
      transfers: [{ transportation_id: c.busId, start_date: addDays(D, 1), end_date: addDays(D, 2) }],
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(await booked('room', c.madinah.roomId, nights(D, 4))).toEqual([0, 2, 2, 2])
    expect(await booked('room', c.makkah.roomId, nights(addDays(D, 10), 2))).toEqual([2, 2])
    expect(await booked('transportation', c.busId, nights(D, 3))).toEqual([0, 1, 1])

    // Moving the dates onto a night that lacks stock: 409 with the day, and the allotment stays where it was.
    const full = addDays(D, 13)
    await setRoomDays(db(), c.makkah.roomId, [{ date: full, price: 100, capacity: 1 }])
    const refused = await change(d.id, {
      return_date: addDays(D, 14),
      stays: [
        { ...base.stays[0], check_in: addDays(D, 1) },
        { ...base.stays[1], check_out: addDays(D, 14) },
      ],
    })
    expect(refused.statusCode, refused.body).toBe(409)
    expect(refused.json().errors).toEqual({ 'stays.1': [full] })
    expect(await booked('room', c.madinah.roomId, nights(D, 4))).toEqual([0, 2, 2, 2])
    expect(await booked('room', c.makkah.roomId, nights(addDays(D, 10), 4))).toEqual([2, 2, 0, 0])
    // The ledger holds exactly what the departures say they hold.
    expect(await stockDrift(db(), owner.companyId)).toEqual([])
  })

  it('a calendar cannot take back what an open departure holds, nor can its room be deleted', async () => {
    const c = await catalogue()
    const d = await create(departure(c, { status: 'open' }))
    const cal = await api('POST', '/rooms_availibility', {
      room_id: c.madinah.roomId,
      hotel_id: c.madinah.hotelId,
      start_date: D,
      end_date: D,
      price: 100,
      capacity: 1,
      blocked: false,
    })
    expect(cal.statusCode, cal.body).toBe(409)
    const del = await api('DELETE', `/rooms/${c.madinah.roomId}`)
    expect(del.statusCode, del.body).toBe(409)
    expect(del.json().message).toContain('Departure stays: 1')
    // Deleting the departure gives its allotment back.
    expect((await api('DELETE', `/departures/${d.id}`)).statusCode).toBe(200)
    expect(await booked('room', c.madinah.roomId, nights(D, 4))).toEqual([0, 0, 0, 0])
  })

  it('saving an open departure unchanged moves nothing', async () => {
    const c = await catalogue()
    const d = await create(departure(c, { status: 'open' }))
    const res = await change(d.id, { notes: 'Manasik on Sunday', seats: 7 })
    expect(res.statusCode, res.body).toBe(200)
    expect(await booked('room', c.madinah.roomId, nights(D, 4))).toEqual([2, 2, 2, 2])
  })
})
