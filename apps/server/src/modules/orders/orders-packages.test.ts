import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createHotelRoom, createTrainRoute, createVehicle } from '../../../test/helpers/bookables.js'
import { createCompany, createUserWithPermissions, type Actor } from '../../../test/helpers/fixtures.js'
import type { Db } from '../../db/client.js'
import { trainRoutes, trainSchedules, transportationSchedules } from '../../db/schema/index.js'
import { addDays } from './kinds.js'
import { stockDrift } from './orders.service.js'

/**
 * Train seats, vehicles and packages (issue 11): their rules and prices, a
 * package shown on every desk it touches and needing each desk's permission,
 * packages racing for the same seats and rooms, and cancel/re-book loops whose
 * stock must equal the live order items at the end.
 */

let t: TestApp
let owner: Actor
let companyId: number

const day = (n: number) => addDays(new Date().toISOString().slice(0, 10), n)
const db = () => t.app.db as Db
const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, who: Actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const order = (items: unknown[]) => ({ customer: { name: 'Rahmat Hidayat', nationality: 'Indonesia' }, items })
const train = (route_id: number, date = day(30), adults = 1, children = 0, train_type = 'economy') => ({
  kind: 'train',
  route_id,
  train_type,
  date,
  adults,
  children,
})
const vehicle = (transportation_id: number, start = day(30), end = start) => ({
  kind: 'transportation',
  transportation_id,
  start_date: start,
  end_date: end,
})
const stay = (room_id: number, checkIn = day(30), nights = 1, quantity = 1) => ({
  kind: 'room',
  room_id,
  check_in: checkIn,
  check_out: addDays(checkIn, nights),
  quantity,
  adults: 1,
  children: 0,
})
const booked = async (kind: string, id: number, d: string, variant = '') => {
  const res = (await t.app.db.execute(
    sql`SELECT booked FROM inventory_stock WHERE kind = ${kind} AND item_id = ${id} AND variant = ${variant} AND day = ${d}`,
  )) as unknown as { rows: Array<{ booked: number }> }
  return Number(res.rows[0]?.booked ?? 0)
}

beforeAll(async () => {
  t = await buildTestApp()
  const c = await createCompany(t.app)
  owner = c.owner
  companyId = c.company.id
})
afterAll(async () => {
  await t?.close()
})

describe('train seats', () => {
  it('prices adults and children by the day, seats within max_passengers, blocked days refused', async () => {
    const route = await createTrainRoute(db(), companyId, { max_passengers: 3, price_adult: 200, price_children: 120 })
    await db()
      .insert(trainSchedules)
      .values([
        { route_id: route, train_type: 'economy', date: day(31), price_adult: 250, price_children: 150, max_passengers: 3 },
        {
          route_id: route,
          train_type: 'economy',
          date: day(32),
          price_adult: 250,
          price_children: 150,
          max_passengers: 3,
          blocked: true,
        },
        { route_id: route, train_type: 'business', date: day(33), price_adult: 400, price_children: 300, max_passengers: 2 },
      ])
    const q = await api('POST', '/orders/quote', order([train(route, day(30), 2, 1), train(route, day(31), 1, 1)]))
    expect(q.statusCode, q.body).toBe(200)
    expect(q.json().data.items.map((i: { amount: number }) => i.amount)).toEqual([520, 400])
    // Item names are written in the clerk's language: the train type is a word of it, not the wire value.
    const code = (await db().select({ code: trainRoutes.code }).from(trainRoutes).where(eq(trainRoutes.id, route)))[0]!.code
    expect(q.json().data.items[0].name).toMatch(new RegExp(`\\(${code}, economy\\)$`))
    const asId = { ...owner, headers: { ...owner.headers, 'x-localization': 'id' } }
    const qId = await api('POST', '/orders/quote', order([train(route, day(30), 1)]), asId)
    expect(qId.json().data.items[0].name).toMatch(new RegExp(`\\(${code}, ekonomi\\)$`))
    const madeId = await api('POST', '/orders', order([train(route, day(33), 1, 0, 'business')]), asId)
    expect(madeId.statusCode, madeId.body).toBe(200)
    const storedId = (await api('GET', `/orders/${madeId.json().data.id}`)).json().data
    expect(storedId.items_summary ?? storedId.items[0].item_name).toMatch(/bisnis/)
    // The desk list reads the class in the reader's language; the stored name keeps the clerk's word.
    const listed = async (who: Actor = owner) =>
      (await api('GET', `/orders?search=${storedId.code}`, undefined, who)).json().data[0].items_summary as string
    expect(await listed()).toMatch(new RegExp(`\\(${code}, business\\)$`))
    expect(await listed(asId)).toMatch(new RegExp(`\\(${code}, bisnis\\)$`))
    expect(storedId.items[0].item_name).toMatch(/, bisnis\)$/)
    expect((await api('POST', '/orders', order([train(route, day(30), 3, 1)]))).statusCode).toBe(409)
    expect((await api('POST', '/orders', order([train(route, day(30), 2, 1)]))).statusCode).toBe(200)
    expect(await booked('train', route, day(30), 'economy')).toBe(3)
    const blocked = await api('POST', '/orders', order([train(route, day(32))]))
    expect(blocked.statusCode).toBe(409)
    expect(blocked.json().errors).toEqual({ 'items.0': [day(32)] })
    // Business seats exist only on the day their schedule offers them, counted apart from economy.
    expect((await api('POST', '/orders', order([train(route, day(30), 1, 0, 'business')]))).statusCode).toBe(422)
    expect((await api('POST', '/orders', order([train(route, day(33), 1, 0, 'business')]))).statusCode).toBe(200)
    expect((await api('POST', '/orders', order([train(route, day(33), 1, 0, 'business')]))).statusCode).toBe(409)
    expect((await api('POST', '/orders', order([train(route, day(33), 3, 0, 'economy')]))).statusCode).toBe(200)
    // No seat at all, an inactive route, a past day.
    expect((await api('POST', '/orders', order([train(route, day(34), 0, 0)]))).statusCode).toBe(422)
    const inactive = await createTrainRoute(db(), companyId, { is_active: false })
    expect((await api('POST', '/orders', order([train(inactive)]))).statusCode).toBe(422)
    expect((await api('POST', '/orders', order([train(route, day(-1))]))).statusCode).toBe(422)
  })
})

describe('vehicles', () => {
  it('books a vehicle once per day within max_day, at its sale price', async () => {
    const bus = await createVehicle(db(), companyId, { price: 300, sale_price: 250, max_day: 3 })
    await db()
      .insert(transportationSchedules)
      .values([
        { transportation_id: bus, date: day(41), price: 400, sale_price: 350 },
        { transportation_id: bus, date: day(45), price: 400, sale_price: 350, blocked: true },
      ])
    const made = await api('POST', '/orders', order([vehicle(bus, day(40), day(42))]))
    expect(made.statusCode, made.body).toBe(200)
    expect(made.json().data.total).toBe(250 + 350 + 250)
    const clash = await api('POST', '/orders', order([vehicle(bus, day(42), day(43))]))
    expect(clash.statusCode).toBe(409)
    expect(clash.json().errors).toEqual({ 'items.0': [day(42)] })
    expect((await api('POST', '/orders', order([vehicle(bus, day(43), day(46))]))).statusCode).toBe(422) // 4 days > max_day 3
    expect((await api('POST', '/orders', order([vehicle(bus, day(44), day(45))]))).statusCode).toBe(409) // blocked
    expect((await api('POST', '/orders', order([vehicle(bus, day(44), day(43))]))).statusCode).toBe(422) // end before start
    const draft = await createVehicle(db(), companyId, { status: 'draft' })
    expect((await api('POST', '/orders', order([vehicle(draft)]))).statusCode).toBe(422)
    const notice = await createVehicle(db(), companyId, { min_reservation: 10 })
    expect((await api('POST', '/orders', order([vehicle(notice, day(5))]))).statusCode).toBe(422)
  })
})

describe('vehicle extras chosen per item (issue 32)', () => {
  const priced = () =>
    createVehicle(db(), companyId, {
      price: 300,
      max_day: 5,
      extras: [
        { name: 'Child seat', value: 20, type: 'per_day', person_price: false },
        { name: 'Zamzam water', value: 5, type: 'one_time', person_price: true },
      ],
      fees: [{ name: 'VAT', value: 15, type: 'percent', person_price: false }],
    })
  const extrasOf = async (bus: number) => {
    const res = await api('GET', '/orders/choices/transportation_extras')
    expect(res.statusCode, res.body).toBe(200)
    const rows = res.json().data as Array<{ id: number; name: string; transportation_id: number }>
    return Object.fromEntries(rows.filter((r) => r.transportation_id === bus).map((r) => [r.name, r.id]))
  }
  const pilgrim = async (full_name: string) => {
    const res = await api('POST', '/pilgrims', { full_name, gender: 'male' })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.id as number
  }

  it('charges no extra nobody chose; the service fees still apply', async () => {
    const bus = await priced()
    const q = await api('POST', '/orders/quote', order([vehicle(bus, day(30), day(31))]))
    expect(q.statusCode, q.body).toBe(200)
    const lines = q.json().data.items[0].lines as Array<{ type: string; amount: number }>
    expect(lines.filter((l) => l.type === 'extra')).toEqual([])
    // 2 days x 300 = 600; VAT 15% = 90.
    expect(lines.filter((l) => l.type === 'fee').map((l) => l.amount)).toEqual([90])
    expect(q.json().data.total).toBe(690)
  })

  it('prices the chosen extras with their quantity, and the saved order keeps which were chosen', async () => {
    const bus = await priced()
    const x = await extrasOf(bus)
    const pilgrims = [await pilgrim('Ahmad Fauzi'), await pilgrim('Budi Santoso'), await pilgrim('Cahya Putra')]
    const extras = [
      { extra_id: x['Child seat']!, qty: 1 },
      { extra_id: x['Zamzam water']!, qty: 2 },
    ]
    const made = await api('POST', '/orders', order([{ ...vehicle(bus, day(50), day(51)), extras, pilgrim_ids: pilgrims }]))
    expect(made.statusCode, made.body).toBe(200)
    const item = made.json().data.items[0]
    expect(item.extras).toEqual(extras)
    const extraLines = item.lines.filter((l: { type: string }) => l.type === 'extra')
    // Child seat 20 x 2 days = 40; water 5 x 2 of the 3 pilgrims = 10.
    expect(extraLines.map((l: { label: string; quantity: number; amount: number }) => [l.label, l.quantity, l.amount])).toEqual([
      ['Child seat', 2, 40],
      ['Zamzam water', 2, 10],
    ])
    const again = (await api('GET', `/orders/${made.json().data.id}`)).json().data
    expect(again.items[0].extras).toEqual(extras)
    // 600 + 50; VAT 15% of 650 = 97.5.
    expect(Number(again.total)).toBe(747.5)
  })

  it('refuses an extra of another vehicle or of a hotel, and a quantity out of bounds, each on its field', async () => {
    const bus = await priced()
    const otherBus = await priced()
    const x = await extrasOf(bus)
    const y = await extrasOf(otherBus)
    const refused = async (extras: unknown, field: string, message?: string) => {
      const res = await api('POST', '/orders/quote', order([{ ...vehicle(bus, day(60)), extras }]))
      expect(res.statusCode, res.body).toBe(422)
      expect(Object.keys(res.json().errors)).toContain(field)
      if (message) expect(res.json().errors[field]).toEqual([message])
    }
    await refused([{ extra_id: y['Child seat'] }], 'items.0.extras.0.extra_id', 'This extra is not offered for this item')
    await refused([{ extra_id: x['Child seat'], qty: 2 }], 'items.0.extras.0.qty', 'From 1 to 1') // one vehicle
    await refused([{ extra_id: x['Zamzam water'], qty: 2 }], 'items.0.extras.0.qty', 'From 1 to 1') // no pilgrims listed
    await refused([{ extra_id: x['Child seat'] }, { extra_id: x['Child seat'] }], 'items.0.extras')
  })
})

describe('calendars of trains and vehicles', () => {
  it('refuse fewer seats than booked and blocking a booked vehicle day, naming the days', async () => {
    const route = await createTrainRoute(db(), companyId, { max_passengers: 10 })
    await api('POST', '/orders', order([train(route, day(80), 4)]))
    const seats = (max_passengers: number, blocked = false) =>
      api('POST', '/trains_schedule', {
        route_id: route,
        train_type: 'economy',
        start_date: day(79),
        end_date: day(81),
        price_adult: 200,
        price_children: 100,
        max_passengers,
        blocked,
      })
    const low = await seats(3)
    expect(low.statusCode, low.body).toBe(409)
    expect(low.json().errors).toEqual({ max_passengers: [day(80)] })
    expect((await seats(10, true)).json().errors).toEqual({ blocked: [day(80)] })
    expect((await seats(4)).statusCode).toBe(200)
    expect((await api('POST', '/orders', order([train(route, day(80))]))).statusCode).toBe(409)
    expect((await api('POST', '/orders', order([train(route, day(81), 4)]))).statusCode).toBe(200)

    const bus = await createVehicle(db(), companyId)
    await api('POST', '/orders', order([vehicle(bus, day(82), day(83))]))
    const block = await api('POST', '/transportations_schedule', {
      transportation_id: bus,
      start_date: day(80),
      end_date: day(90),
      price: 300,
      sale_price: 250,
      blocked: true,
    })
    expect(block.statusCode, block.body).toBe(409)
    expect(block.json().errors).toEqual({ blocked: [day(82), day(83)] })
    const prices = await api('POST', '/transportations_schedule', {
      transportation_id: bus,
      start_date: day(80),
      end_date: day(90),
      price: 300,
      sale_price: 250,
      blocked: false,
    })
    expect(prices.statusCode).toBe(200)
    expect((await api('POST', '/orders', order([vehicle(bus, day(84))]))).json().data.total).toBe(250)
    expect(await stockDrift(db(), companyId)).toEqual([])
  })
})

describe('packages', () => {
  it('appear on every desk they touch and need the permission of each', async () => {
    const { roomId } = await createHotelRoom(db(), companyId)
    const route = await createTrainRoute(db(), companyId)
    const bus = await createVehicle(db(), companyId)
    const pkg = order([stay(roomId, day(50), 2), train(route, day(52), 2), vehicle(bus, day(50))])
    const hotelDesk = await createUserWithPermissions(t.app, companyId, [
      'order_hotel_create',
      'order_hotel_list',
      'order_hotel_view',
    ])
    expect((await api('POST', '/orders', pkg, hotelDesk)).statusCode).toBe(403)
    const made = await api('POST', '/orders', pkg)
    expect(made.statusCode, made.body).toBe(200)
    const id = made.json().data.id
    for (const kind of ['hotel', 'train', 'transportation']) {
      const list = (await api('GET', `/orders?kind=${kind}&size=100`)).json().data as Array<{ id: number }>
      expect(list.map((o) => o.id)).toContain(id)
    }
    // The hotel desk sees the package on its desk, but cannot cancel what it does not fully own.
    expect((await api('GET', `/orders/${id}`, undefined, hotelDesk)).statusCode).toBe(200)
    expect(
      (await api('POST', `/orders/${id}/status`, { status: 'cancelled', reason: 'Customer changed plans' }, hotelDesk))
        .statusCode,
    ).toBe(403)
  })

  it('50 simultaneous packages over 10 seats and 5 rooms: never oversold, every accepted package complete', async () => {
    const { roomId } = await createHotelRoom(db(), companyId, {}, { room_stock: 5 })
    const route = await createTrainRoute(db(), companyId, { max_passengers: 10 })
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api('POST', '/orders', order([stay(roomId, day(60), 2), train(route, day(61), 1 + (i % 3))])),
      ),
    )
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true)
    const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json().data)
    expect(ok.length).toBeGreaterThan(0)
    for (const o of ok) expect(o.items.map((i: { kind: string }) => i.kind)).toEqual(['room', 'train'])
    const seats = ok.reduce((s, o) => s + o.items[1].quantity, 0)
    expect(await booked('train', route, day(61), 'economy')).toBe(seats)
    expect(seats).toBeLessThanOrEqual(10)
    expect(await booked('room', roomId, day(61))).toBe(ok.length)
    expect(ok.length).toBeLessThanOrEqual(5)
    const negative = (await t.app.db.execute(
      sql`SELECT count(*)::int AS n FROM inventory_stock WHERE booked < 0 OR booked > capacity`,
    )) as unknown as {
      rows: Array<{ n: number }>
    }
    expect(Number(negative.rows[0]!.n)).toBe(0)
  })

  it('cancel and re-book loops keep booked equal to the sum of live order items', async () => {
    const { roomId } = await createHotelRoom(db(), companyId, {}, { room_stock: 2 })
    const route = await createTrainRoute(db(), companyId, { max_passengers: 4 })
    const bus = await createVehicle(db(), companyId)
    let live: number[] = []
    for (let round = 0; round < 6; round++) {
      const made = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          api(
            'POST',
            '/orders',
            order([stay(roomId, day(70), 2), train(route, day(71), 1 + (i % 2)), vehicle(bus, day(70 + (i % 3)))]),
          ),
        ),
      )
      live.push(...made.filter((r) => r.statusCode === 200).map((r) => r.json().data.id as number))
      // Cancel half of what is live, edit one, pay one: every path that moves stock.
      const cancel = live.filter((_, i) => i % 2 === 0)
      await Promise.all(
        cancel.map((id) => api('POST', `/orders/${id}/status`, { status: 'cancelled', reason: 'Customer changed plans' })),
      )
      live = live.filter((id) => !cancel.includes(id))
      if (live[0]) await api('PUT', `/orders/${live[0]}`, order([stay(roomId, day(71), 1), train(route, day(71), 1)]))
    }
    expect(await stockDrift(db(), companyId)).toEqual([])
  })
})
