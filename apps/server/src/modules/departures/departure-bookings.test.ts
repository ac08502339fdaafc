import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'
import {
  DEPARTURE_DAY as D,
  bookingBody,
  createPilgrim,
  departureBody,
  departureCatalogue,
  type PilgrimSpec,
} from '../../../test/helpers/departures.js'
import type { Db } from '../../db/client.js'
import { addDays } from '../orders/kinds.js'

/**
 * Seats on a departure (issue 29): pilgrims booked as an order item of kind `departure`, per room type,
 * under the quota, once each, with the company's passport and mahram rules; the database refusing the
 * booking past the last seat however many arrive at once.
 */

let t: TestApp
let owner: Actor
let other: Actor
const db = () => t.app.db as Db

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

const pilgrim = (spec: PilgrimSpec = {}, companyId = owner.companyId) => createPilgrim(db(), companyId, spec)
const pilgrimsOf = (n: number) => Promise.all(Array.from({ length: n }, () => pilgrim()))

/** An open departure of 8 quad seats (2 quad rooms a night), priced quad 2,500 and double 3,100. */
async function openDeparture(over: Record<string, unknown> = {}) {
  const c = await departureCatalogue(db(), owner.companyId)
  const res = await api('POST', '/departures', departureBody(c, { status: 'open', ...over }))
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { id: number; seats: number }
}

const sold = async (id: number) => (await api('GET', `/departures/${id}`)).json().data.seats_sold as number
/** The ledger's row of a departure's quad seats. */
async function quadStock(id: number) {
  const res = await db().execute(
    sql`SELECT capacity, booked FROM inventory_stock WHERE kind = 'departure' AND item_id = ${id} AND variant = 'quad'`,
  )
  return (res as unknown as { rows: Array<{ capacity: number; booked: number }> }).rows[0]
}
const book = (departureId: number, roomType: string, ids: number[], who: Actor = owner) =>
  api('POST', '/orders', bookingBody(departureId, roomType, ids), who)

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
})
afterAll(async () => {
  await t?.close()
})

describe('booking pilgrims onto a departure', () => {
  it('offers open departures with the room types each prices, and only its own company’s', async () => {
    // A second departure first, so the ids of prices and departures differ (a bare "id" in the subquery
    // once read the price's own id and listed one type).
    await openDeparture({ prices: [{ room_type: 'triple', price: 2800, currency: 'SAR' }] })
    const dep = await openDeparture()
    const res = await api('GET', '/orders/choices/departures')
    expect(res.statusCode, res.body).toBe(200)
    const row = (res.json().data as Array<{ id: number; room_types: string[] }>).find((r) => r.id === dep.id)
    expect(row?.room_types).toEqual(['quad', 'double'])
    const theirs = await api('GET', '/orders/choices/departures', undefined, other)
    expect((theirs.json().data as Array<{ id: number }>).map((r) => r.id)).not.toContain(dep.id)
  })

  it('sells a seat per pilgrim at the room type’s price, counts them sold and gives them back on cancel', async () => {
    const dep = await openDeparture()
    const ids = await pilgrimsOf(2)
    const res = await book(dep.id, 'quad', ids)
    expect(res.statusCode, res.body).toBe(200)
    const order = res.json().data
    expect(order.total).toBe(5000)
    expect(order.desks).toEqual(['departure'])
    expect(order.items[0]).toMatchObject({ kind: 'departure', departure_id: dep.id, room_type: 'quad', quantity: 2 })
    expect(await sold(dep.id)).toBe(2)
    // The room type's seats are the ledger's stock of the departure day.
    expect(await quadStock(dep.id)).toEqual({ capacity: 8, booked: 2 })

    const cancel = await api('POST', `/orders/${order.id}/status`, { status: 'cancelled', reason: 'Family postponed' })
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(await sold(dep.id)).toBe(0)
    // Cancelled, the pilgrims may be booked again.
    expect((await book(dep.id, 'quad', ids)).statusCode).toBe(200)
  })

  it('refuses each bad booking with a 422 on its field, naming the pilgrim where one is the cause', async () => {
    const dep = await openDeparture()
    const [a] = await pilgrimsOf(1)
    const expectRefused = async (res: Awaited<ReturnType<typeof api>>, field: string, text?: string) => {
      expect(res.statusCode, res.body).toBe(422)
      const errors = res.json().errors as Record<string, string[]>
      expect(Object.keys(errors)).toEqual([field])
      if (text) expect(errors[field]!.join(' ')).toContain(text)
    }
    await expectRefused(await book(dep.id, 'triple', [a!]), 'items.0.room_type')
    await expectRefused(await book(dep.id, 'quad', []), 'items.0.pilgrim_ids')
    const draft = await api('POST', '/departures', departureBody(await departureCatalogue(db(), owner.companyId)))
    await expectRefused(await book(draft.json().data.id, 'quad', [a!]), 'items.0.departure_id', 'not open')
    // Another company's departure is one this company does not have; another company's pilgrim too.
    await expectRefused(await book(dep.id, 'quad', [await pilgrim({}, other.companyId)], owner), 'items.0.pilgrim_ids')
    const theirs = await book(dep.id, 'quad', [await pilgrim({}, other.companyId)], other)
    expect(theirs.statusCode).toBe(422)
    expect(Object.keys(theirs.json().errors)).toContain('items.0.departure_id')

    // A passport ending before the company's 6 months after the return (return + 5 months).
    const short = await pilgrim({ full_name: 'Siti Short Passport', passport_expiry: addDays(D, 11 + 150) })
    await expectRefused(await book(dep.id, 'quad', [short]), 'items.0.pilgrim_ids', 'Siti Short Passport')

    // Once per departure: the same pilgrim again, alone or with others.
    const [b, c] = await pilgrimsOf(2)
    expect((await book(dep.id, 'quad', [b!])).statusCode).toBe(200)
    await expectRefused(await book(dep.id, 'quad', [c!, b!]), 'items.0.pilgrim_ids')
    expect(await sold(dep.id)).toBe(1)
  })

  it('applies the company’s mahram rule: a young woman travels with her mahram, in the booking or already on the departure', async () => {
    const { owner: boss } = await createCompany(t.app)
    const as = (m: string, u: string, b?: unknown) => api(m as 'POST', u, b, boss)
    const settings = (await as('GET', '/company')).json().data
    expect((await as('PUT', '/company', { ...settings, mahram_min_age: 45 })).statusCode).toBe(200)
    const c = await departureCatalogue(db(), boss.companyId)
    const dep = (await as('POST', '/departures', departureBody(c, { status: 'open' }))).json().data as { id: number }
    const husband = await createPilgrim(db(), boss.companyId, { full_name: 'Ahmad Husband' })
    const wife = await createPilgrim(db(), boss.companyId, {
      full_name: 'Aisyah Wife',
      gender: 'female',
      birth_date: '1995-03-01',
      mahram_id: husband,
      mahram_relation: 'husband',
    })
    const alone = await as('POST', '/orders', bookingBody(dep.id, 'quad', [wife]))
    expect(alone.statusCode, alone.body).toBe(422)
    expect(alone.json().errors['items.0.pilgrim_ids'].join(' ')).toContain('Aisyah Wife')
    // Her husband booked first, she may follow on a booking of her own.
    expect((await as('POST', '/orders', bookingBody(dep.id, 'quad', [husband]))).statusCode).toBe(200)
    expect((await as('POST', '/orders', bookingBody(dep.id, 'quad', [wife]))).statusCode).toBe(200)
  })

  it('edits a booking’s pilgrims without counting its own as booked twice', async () => {
    const dep = await openDeparture()
    const [a, b, c] = await pilgrimsOf(3)
    const order = (await book(dep.id, 'quad', [a!, b!])).json().data
    const res = await api('PUT', `/orders/${order.id}`, bookingBody(dep.id, 'quad', [b!, c!]))
    expect(res.statusCode, res.body).toBe(200)
    expect(await sold(dep.id)).toBe(2)
    // a left the departure: another order may take a.
    expect((await book(dep.id, 'quad', [a!])).statusCode).toBe(200)
    expect(await sold(dep.id)).toBe(3)
  })

  it('keeps the quota and each room type’s seats: 409 with the day past them', async () => {
    // 8 quad beds, a quota of 3.
    const dep = await openDeparture({ seats: 3 })
    expect((await book(dep.id, 'quad', await pilgrimsOf(3))).statusCode).toBe(200)
    const over = await book(dep.id, 'quad', await pilgrimsOf(1))
    expect(over.statusCode, over.body).toBe(409)
    expect(over.json().errors).toEqual({ 'items.0': [D] })
    // A priced type the stays sleep none of has no seat.
    const none = await book((await openDeparture()).id, 'double', await pilgrimsOf(1))
    expect(none.statusCode, none.body).toBe(409)
  })

  it('refuses departure changes that sold seats forbid', async () => {
    const dep = await openDeparture()
    expect((await book(dep.id, 'quad', await pilgrimsOf(6))).statusCode).toBe(200)
    const now = (await api('GET', `/departures/${dep.id}`)).json().data
    const put = (over: Record<string, unknown>) => api('PUT', `/departures/${dep.id}`, { ...now, ...over })
    const seatsDown = await put({ seats: 5 })
    expect(seatsDown.statusCode).toBe(422)
    expect(Object.keys(seatsDown.json().errors)).toEqual(['seats'])
    const moved = await put({ departure_date: addDays(D, -1) })
    expect(moved.statusCode, moved.body).toBe(422)
    expect(Object.keys(moved.json().errors)).toEqual(['departure_date'])
    // One quad room a night sleeps 4: fewer than the 6 sold.
    const fewer = await put({ seats: 4, stays: now.stays.map((s: Record<string, unknown>) => ({ ...s, rooms: 1 })) })
    expect(fewer.statusCode).toBe(422)
    const cancelled = await put({ status: 'cancelled' })
    expect(cancelled.statusCode).toBe(409)
    // Nor is it deleted: its pilgrims' foreign key refuses, naming them.
    const deleted = await api('DELETE', `/departures/${dep.id}`)
    expect(deleted.statusCode).toBe(409)
    expect(deleted.json().message).toContain('Departure pilgrims')
    expect(await sold(dep.id)).toBe(6)
    // Growing the stays grows the type's stock.
    const grown = await put({ seats: 12, stays: now.stays.map((s: Record<string, unknown>) => ({ ...s, rooms: 3 })) })
    expect(grown.statusCode, grown.body).toBe(200)
    expect(await quadStock(dep.id)).toEqual({ capacity: 12, booked: 6 })
  })

  it('sells the last seat once when 100 bookings for it arrive at once', async () => {
    const dep = await openDeparture()
    expect((await book(dep.id, 'quad', await pilgrimsOf(7))).statusCode).toBe(200)
    const racers = await pilgrimsOf(100)
    const results = await Promise.all(racers.map((id) => book(dep.id, 'quad', [id])))
    const codes = results.map((r) => r.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    expect(
      results
        .filter((r) => r.statusCode !== 200 && r.statusCode !== 409)
        .map((r) => r.body)
        .slice(0, 3),
    ).toEqual([])
    expect(await sold(dep.id)).toBe(8)
    // And one pilgrim booked by ten clerks at once is booked once.
    const again = await openDeparture()
    const [p] = await pilgrimsOf(1)
    const same = await Promise.all(Array.from({ length: 10 }, () => book(again.id, 'quad', [p!])))
    expect(same.filter((r) => r.statusCode === 200)).toHaveLength(1)
    expect(same.filter((r) => r.statusCode !== 200 && r.statusCode !== 409 && r.statusCode !== 422)).toEqual([])
    expect(await sold(again.id)).toBe(1)
  }, 120_000)
})
