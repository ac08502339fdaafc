import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { endOrder } from '../../../test/helpers/bookables.js'
import { createCompany, createUserWithPermissions, type Actor } from '../../../test/helpers/fixtures.js'
import { applyCalendarCapacity } from '../../stock/index.js'
import { unfilledPlaceholder } from '../../lib/i18n.js'
import type { Db } from '../../db/client.js'
import { ItemRefusal, addDays, cents, eachDay, orderKind, registerOrderKind, sar, type ItemPlan } from './kinds.js'
import '../hotels/rooms.order.js'
import { isFuturePayment, stockDrift } from './orders.service.js'

/**
 * The order engine on its own (issue 11): stock held by the database, the
 * workflow, payments, idempotency and bad input, through HTTP, with a
 * stand-in catalogue for the `room` kind (items live in this file, not in
 * tables), so nothing here depends on how a catalogue stores its items.
 * Catalogue rules and prices of the real kinds are tested beside their adapters.
 */

interface FakeRoom {
  company: number
  capacity: number
  price: number
  blocked?: string[]
}
const fakeRooms = new Map<number, FakeRoom>()

// The room kind's declaration (desk, wire names) with a stand-in catalogue for its rules and prices.
registerOrderKind({
  ...orderKind('room')!,
  async plan(_tx, ctx, input): Promise<ItemPlan> {
    if (input.kind !== 'room') throw new Error('wrong kind')
    const room = fakeRooms.get(input.room_id)
    if (!room || room.company !== ctx.companyId) throw new ItemRefusal('room_id', 'field.not_found')
    if (input.check_in < ctx.today) throw new ItemRefusal('check_in', 'orders.past_date')
    const nights = eachDay(input.check_in, addDays(input.check_out, -1))
    const lines = nights.map((day) => ({
      type: 'day' as const,
      day,
      label: `Room ${input.room_id}`,
      unit_price: room.price,
      quantity: input.quantity,
      amount: sar(cents(room.price) * input.quantity),
    }))
    return {
      kind: 'room',
      itemId: input.room_id,
      variant: '',
      name: `Room ${input.room_id}`,
      startDate: nights[0]!,
      endDate: nights.at(-1)!,
      quantity: input.quantity,
      adults: input.adults,
      children: input.children,
      days: nights.map((day) => ({ day, capacity: room.blocked?.includes(day) ? 0 : room.capacity })),
      lines,
      amount: sar(lines.reduce((s, l) => s + cents(l.amount), 0)),
    }
  },
})

let t: TestApp
let owner: Actor
let otherOwner: Actor
let companyId: number
let nextRoom = 1000

const day = (n: number) => addDays(new Date().toISOString().slice(0, 10), n)

function room(spec: Partial<FakeRoom> = {}, company = companyId): number {
  const id = nextRoom++
  fakeRooms.set(id, { company, capacity: 5, price: 100, ...spec })
  return id
}

const api = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  who: Actor = owner,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

const stay = (roomId: number, checkIn = day(30), nights = 1, quantity = 1) => ({
  kind: 'room',
  room_id: roomId,
  check_in: checkIn,
  check_out: addDays(checkIn, nights),
  quantity,
  adults: 1,
  children: 0,
})
const order = (items: unknown[], over: Record<string, unknown> = {}) => ({
  customer: { name: 'Siti Aminah', email: 'siti@example.test', phone: '+62 811', nationality: 'ID', passport_number: 'C1234567' },
  notes: 'Near the Haram please',
  items,
  ...over,
})

const booked = async (roomId: number, d: string) => {
  const res = await t.app.db.execute(
    sql`SELECT booked, capacity FROM inventory_stock WHERE kind = 'room' AND item_id = ${roomId} AND day = ${d}`,
  )
  const row = (res as unknown as { rows: Array<{ booked: number; capacity: number }> }).rows[0]
  return row ? Number(row.booked) : 0
}

beforeAll(async () => {
  t = await buildTestApp()
  const c = await createCompany(t.app)
  owner = c.owner
  companyId = c.company.id
  otherOwner = (await createCompany(t.app)).owner
})
afterAll(async () => {
  await t?.close()
})

describe('creating an order', () => {
  it('numbers it per company, prices it on the server and holds the stock', async () => {
    const r = room({ price: 250.5 })
    const res = await api('POST', '/orders', order([stay(r, day(30), 3, 2)], { total: 1 }))
    expect(res.statusCode, res.body).toBe(200)
    const o = res.json().data
    expect(o.code).toMatch(/^ORD-\d{4}-\d{6}$/)
    expect(o.status).toBe('pending')
    // 3 nights x 2 rooms x 250.50; the client's total of 1 is ignored.
    expect(o.total).toBe(1503)
    expect(o.paid).toBe(0)
    expect(o.balance).toBe(1503)
    expect(o.items[0].lines).toHaveLength(3)
    expect(o.items[0].lines[0]).toMatchObject({ day: day(30), unit_price: 250.5, quantity: 2, amount: 501 })
    expect(o.items[0]).toMatchObject({ room_id: r, check_in: day(30), check_out: day(33) })
    expect(o.history).toEqual([expect.objectContaining({ from_status: null, to_status: 'pending', user_id: owner.userId })])
    for (const d of eachDay(day(30), day(32))) expect(await booked(r, d)).toBe(2)
    expect(await booked(r, day(33))).toBe(0)

    const second = (await api('POST', '/orders', order([stay(r, day(40))]))).json().data
    expect(Number(second.code.slice(-6))).toBe(Number(o.code.slice(-6)) + 1)
    // Another company counts from its own first number.
    const r2 = room({}, otherOwner.companyId)
    const theirs = await api('POST', '/orders', order([stay(r2)]), otherOwner)
    expect(theirs.json().data.code).toMatch(/-000001$/)
  })

  it('quotes the same total without taking stock', async () => {
    const r = room({ price: 99.99, capacity: 1 })
    const res = await api('POST', '/orders/quote', order([stay(r, day(20), 2)]))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.total).toBe(199.98)
    expect(await booked(r, day(20))).toBe(0)
  })

  it('refuses a day without stock with 409 and the days, and takes nothing', async () => {
    const r = room({ capacity: 1, blocked: [day(51)] })
    const free = room({ capacity: 3 })
    const res = await api('POST', '/orders', order([stay(free, day(50), 3), stay(r, day(50), 3)]))
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json().errors).toEqual({ 'items.1': [day(51)] })
    expect(await booked(free, day(50))).toBe(0)

    // A day already full is named too (the conditional upsert path).
    expect((await api('POST', '/orders', order([stay(r, day(50), 1)]))).statusCode).toBe(200)
    const again = await api('POST', '/orders', order([stay(free, day(50), 1), stay(r, day(49), 3)]))
    expect(again.statusCode).toBe(409)
    expect(again.json().errors).toEqual({ 'items.1': [day(50), day(51)] })
    expect(await booked(free, day(50))).toBe(0)
  })

  it("writes the request's one audit row with the order (none for a refused one, one for a replay)", async () => {
    const auditRows = async () =>
      (
        (await t.app.db.execute(
          sql`SELECT entity, action, record_id, user_id, role_name, user_agent, change FROM audit_log WHERE company_id = ${companyId} ORDER BY id`,
        )) as unknown as { rows: Array<Record<string, unknown>> }
      ).rows
    const before = (await auditRows()).length
    const r = room({ capacity: 1 })
    const body = order([stay(r, day(70))])
    const res = await api('POST', '/orders', body, owner, { 'user-agent': 'orders-test/1.0', 'idempotency-key': `audit-${r}` })
    expect(res.statusCode, res.body).toBe(200)
    const rows = await auditRows()
    expect(rows).toHaveLength(before + 1)
    expect(rows.at(-1)).toMatchObject({
      entity: 'order_hotel',
      action: 'create',
      record_id: res.json().data.id,
      user_id: owner.userId,
      role_name: 'owner',
      user_agent: 'orders-test/1.0',
      change: { input: expect.objectContaining({ notes: 'Near the Haram please' }) },
    })
    // Refused for want of stock: the transaction rolled back, and with it the row.
    expect((await api('POST', '/orders', body)).statusCode).toBe(409)
    expect(await auditRows()).toHaveLength(before + 1)
    // A replay of the key answers the same order and is a request of its own: one more row.
    const replay = await api('POST', '/orders', body, owner, { 'idempotency-key': `audit-${r}` })
    expect(replay.json().data.id).toBe(res.json().data.id)
    expect(await auditRows()).toHaveLength(before + 2)
  })

  it('adds up two items of one order on the same room and night', async () => {
    const r = room({ capacity: 3 })
    expect((await api('POST', '/orders', order([stay(r, day(60), 1, 2), stay(r, day(60), 1, 2)]))).statusCode).toBe(409)
    expect((await api('POST', '/orders', order([stay(r, day(60), 1, 2), stay(r, day(60), 1, 1)]))).statusCode).toBe(200)
    expect(await booked(r, day(60))).toBe(3)
  })
})

describe('bad input', () => {
  const refused = async (payload: unknown, status = 422, who = owner) => {
    const res = await api('POST', '/orders', payload, who)
    expect(res.statusCode, res.body).toBe(status)
    expect(res.json()).toHaveProperty('message')
    return res.json()
  }

  it('answers 4xx with the error shape and takes no stock', async () => {
    const r = room()
    const totalBooked = async () =>
      (
        (await t.app.db.execute(sql`SELECT coalesce(sum(booked), 0)::int AS n FROM inventory_stock`)) as unknown as {
          rows: unknown[]
        }
      ).rows
    const before = await totalBooked()
    expect((await refused(order([{ ...stay(r), check_out: day(29) }]))).errors).toHaveProperty('items.0.check_out')
    expect((await refused(order([{ ...stay(r), check_out: day(30) }]))).errors).toHaveProperty('items.0.check_out')
    expect((await refused(order([{ ...stay(r), quantity: 0 }]))).errors).toHaveProperty('items.0.quantity')
    expect((await refused(order([{ ...stay(r), quantity: -1 }]))).errors).toHaveProperty('items.0.quantity')
    expect((await refused(order([{ ...stay(r), quantity: 1.5 }]))).errors).toHaveProperty('items.0.quantity')
    expect((await refused(order([{ ...stay(r), check_in: '2026-02-30' }]))).errors).toHaveProperty('items.0.check_in')
    expect((await refused(order([{ ...stay(r), kind: 'spaceship' }]))).errors).toBeDefined()
    expect((await refused(order(Array.from({ length: 1000 }, () => stay(r))))).errors).toHaveProperty('items')
    expect((await refused(order([]))).errors).toHaveProperty('items')
    expect((await refused(order([stay(r)], { customer: { name: '' } }))).errors).toHaveProperty('customer.name')
    expect((await refused(order([stay(r, day(-2))]))).errors).toHaveProperty('items.0.check_in')
    // Another company's item is refused like a missing one.
    const theirs = room({}, otherOwner.companyId)
    expect((await refused(order([stay(theirs)]))).errors).toHaveProperty('items.0.room_id')
    expect((await refused('not json', 415)).message).toBeTruthy()
    expect(await totalBooked()).toEqual(before)
  })

  it('needs the desk permission of every item', async () => {
    const trainOnly = await createUserWithPermissions(t.app, companyId, ['order_train_create', 'order_train_list'])
    await refused(order([stay(room())]), 403, trainOnly)
    const res = await api('GET', '/orders?kind=hotel', undefined, trainOnly)
    expect(res.statusCode).toBe(403)
    const list = await api('GET', '/orders', undefined, trainOnly)
    expect(list.statusCode).toBe(200)
    expect(list.json().data).toEqual([])
  })
})

describe('idempotency', () => {
  it('answers a retried request with the same order, and a different body with 422', async () => {
    const r = room({ capacity: 2 })
    const key = { 'idempotency-key': `k-${r}` }
    const a = await api('POST', '/orders', order([stay(r)]), owner, key)
    const b = await api('POST', '/orders', order([stay(r)]), owner, key)
    expect(a.statusCode, a.body).toBe(200)
    expect(b.statusCode, b.body).toBe(200)
    expect(b.json().data.id).toBe(a.json().data.id)
    expect(await booked(r, day(30))).toBe(1)
    const c = await api('POST', '/orders', order([stay(r, day(30), 1, 2)]), owner, key)
    expect(c.statusCode).toBe(422)
    expect(await booked(r, day(30))).toBe(1)
    // Concurrent retries of one key make one order.
    const k2 = { 'idempotency-key': `k2-${r}` }
    const all = await Promise.all(Array.from({ length: 5 }, () => api('POST', '/orders', order([stay(r, day(31))]), owner, k2)))
    expect(all.map((x) => x.statusCode)).toEqual([200, 200, 200, 200, 200])
    expect(new Set(all.map((x) => x.json().data.id)).size).toBe(1)
    expect(await booked(r, day(31))).toBe(1)
    expect((await api('POST', '/orders', order([stay(r)]), owner, { 'idempotency-key': ' ' })).statusCode).toBe(400)
  })
})

describe('workflow and payments', () => {
  it('moves pending -> confirmed -> paid -> completed, refuses other moves, and records who and when', async () => {
    const r = room({ price: 500 })
    const o = (await api('POST', '/orders', order([stay(r, day(30), 2)]))).json().data
    const status = (s: string, who = owner) => api('POST', `/orders/${o.id}/status`, { status: s }, who)
    const illegal = await status('paid')
    expect(illegal.statusCode).toBe(422)
    // Issue 31: the top-level message too is filled in, never "from {from} to {to}".
    expect(illegal.json().message).toBe('An order cannot go from pending to paid')
    expect(illegal.json().errors.status).toEqual(['An order cannot go from pending to paid'])
    expect(unfilledPlaceholder(illegal.body)).toBeUndefined()
    expect((await status('completed')).statusCode).toBe(422)
    expect((await status('bogus')).statusCode).toBe(422)
    const clerk = await createUserWithPermissions(t.app, companyId, ['order_hotel_view', 'order_hotel_update'])
    expect((await status('confirmed', clerk)).statusCode).toBe(403)
    expect((await status('confirmed')).statusCode).toBe(200)

    const pay = (body: Record<string, unknown>) => api('POST', `/orders/${o.id}/payments`, body)
    for (const amount of [0, 1e20, '100', 10.001, Number.NaN])
      expect((await pay({ amount, method: 'cash' })).statusCode).toBe(422)
    expect((await pay({ amount: 10, method: 'cash', currency: 'USD' })).statusCode).toBe(422)
    expect((await pay({ amount: 10, method: 'bitcoin' })).statusCode).toBe(422)
    expect((await pay({ amount: 10, method: 'cash', paid_at: new Date(Date.now() + 86_400_000).toISOString() })).statusCode).toBe(
      422,
    )
    // Money in a message reads as the screens write it.
    const over = await pay({ amount: 1000.01, method: 'cash' })
    expect(over.statusCode).toBe(422)
    expect(over.json().errors.amount).toEqual(['At most the balance of SAR 1.000'])
    const refund = await pay({ amount: -1, method: 'cash' })
    expect(refund.statusCode).toBe(422)
    expect(refund.json().errors.amount).toEqual(['A refund cannot exceed what was paid (SAR 0)'])

    const first = await pay({ amount: 400, method: 'transfer', reference: 'TRX-1', currency: 'SAR' })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().data).toMatchObject({ paid: 400, balance: 600, status: 'confirmed' })
    const rest = await pay({ amount: 600, method: 'card', paid_at: day(0) })
    expect(rest.json().data).toMatchObject({ paid: 1000, balance: 0, status: 'paid' })
    // A refund reopens the balance, and paying it again closes it.
    expect((await pay({ amount: -100, method: 'cash' })).json().data).toMatchObject({ paid: 900, status: 'confirmed' })
    expect((await pay({ amount: 100, method: 'cash' })).json().data).toMatchObject({ paid: 1000, status: 'paid' })
    const payments = await api('GET', `/orders/${o.id}/payments`)
    expect(payments.json().data).toHaveLength(4)
    expect(payments.json().balance).toBe(0)

    // Not before the stay has ended (issue 32): 422 on status with the first day it may be completed.
    const early = await status('completed')
    expect(early.statusCode, early.body).toBe(422)
    expect(early.json().errors.status).toEqual([
      `An order is completed once it has ended: from ${o.end_date.split('-').reverse().join('-')}`,
    ])
    await endOrder(t.app.db as Db, o.id)
    const done = await status('completed')
    expect(done.json().data.status).toBe('completed')
    expect(done.json().data.history.map((h: { to_status: string }) => h.to_status)).toEqual([
      'pending',
      'confirmed',
      'paid',
      'confirmed',
      'paid',
      'completed',
    ])
    expect((await status('cancelled')).statusCode).toBe(422)
    expect((await pay({ amount: -1, method: 'cash' })).statusCode).toBe(422)
  })

  it("takes a payment dated the payer's today even where that is already tomorrow in UTC", async () => {
    // 17:30 UTC is 00:30 the next day in Jakarta (UTC+7): that day is today there, the day after is not.
    const now = new Date('2026-11-23T17:30:00Z')
    expect(isFuturePayment('2026-11-24', now)).toBe(false)
    expect(isFuturePayment('2026-11-23', now)).toBe(false)
    expect(isFuturePayment('2026-11-25', now)).toBe(true)
    // 09:00 UTC: no zone has reached the 24th yet.
    expect(isFuturePayment('2026-11-24', new Date('2026-11-23T09:00:00Z'))).toBe(true)
    // A time keeps the few minutes of clock skew.
    expect(isFuturePayment('2026-11-23T17:33:00Z', now)).toBe(false)
    expect(isFuturePayment('2026-11-23T17:40:00Z', now)).toBe(true)

    const o = (await api('POST', '/orders', order([stay(room({ price: 300 }), day(30), 1)]))).json().data
    const latest = new Date(Date.now() + 14 * 3_600_000 - 60_000).toISOString().slice(0, 10)
    const pay = (paid_at: string) => api('POST', `/orders/${o.id}/payments`, { amount: 10, method: 'cash', paid_at })
    const ok = await pay(latest)
    expect(ok.statusCode, ok.body).toBe(200)
    const tooLate = await pay(addDays(latest, 1))
    expect(tooLate.statusCode).toBe(422)
    expect(tooLate.json().errors.paid_at).toBeDefined()
  })

  it('cancelling returns the stock; cancelled -> paid is refused', async () => {
    const r = room({ capacity: 1 })
    const o = (await api('POST', '/orders', order([stay(r, day(70), 2)]))).json().data
    expect(await booked(r, day(71))).toBe(1)
    expect(
      (await api('POST', `/orders/${o.id}/status`, { status: 'cancelled', reason: 'Customer changed plans' })).statusCode,
    ).toBe(200)
    expect(await booked(r, day(71))).toBe(0)
    const bad = await api('POST', `/orders/${o.id}/status`, { status: 'paid' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.status).toBeDefined()
    expect((await api('POST', '/orders', order([stay(r, day(70), 2)]))).statusCode).toBe(200)
  })

  it('editing a pending order moves its stock at once, and a shortfall leaves it as it was', async () => {
    const r = room({ capacity: 1 })
    const o = (await api('POST', '/orders', order([stay(r, day(80), 2)]))).json().data
    // Extending by a night reuses the nights it already holds.
    const moved = await api('PUT', `/orders/${o.id}`, order([stay(r, day(80), 3)]))
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json().data.total).toBe(300)
    expect(await booked(r, day(82))).toBe(1)
    // Someone else takes day 84; moving onto it fails and keeps the old nights.
    expect((await api('POST', '/orders', order([stay(r, day(84), 1)]))).statusCode).toBe(200)
    const refused = await api('PUT', `/orders/${o.id}`, order([stay(r, day(83), 2)]))
    expect(refused.statusCode).toBe(409)
    expect(refused.json().errors).toEqual({ 'items.0': [day(84)] })
    expect(await booked(r, day(80))).toBe(1)
    expect(await booked(r, day(83))).toBe(0)
    await api('POST', `/orders/${o.id}/status`, { status: 'confirmed' })
    expect((await api('PUT', `/orders/${o.id}`, order([stay(r, day(90))]))).statusCode).toBe(409)
  })

  it('keeps orders of another company out of reach', async () => {
    const o = (await api('POST', '/orders', order([stay(room())]))).json().data
    expect((await api('GET', `/orders/${o.id}`, undefined, otherOwner)).statusCode).toBe(404)
    expect((await api('POST', `/orders/${o.id}/payments`, { amount: 1, method: 'cash' }, otherOwner)).statusCode).toBe(404)
    expect(
      (await api('POST', `/orders/${o.id}/status`, { status: 'cancelled', reason: 'Customer changed plans' }, otherOwner))
        .statusCode,
    ).toBe(404)
  })
})

describe('lists and exports', () => {
  it('lists by desk, status and search with the list contract, and exports CSV and xlsx', async () => {
    const r = room()
    await api('POST', '/orders', order([stay(r)], { customer: { name: 'Zainab Unique', passport_number: 'X9' } }))
    const res = await api('GET', '/orders?kind=hotel&status=pending&search=zainab&sort_by=total&order_by=asc&page=0&size=10')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toHaveLength(1)
    expect(res.json().data[0]).toMatchObject({ customer_name: 'Zainab Unique', balance: 100, desks: ['hotel'] })
    // A desk reads an order from its first day to the day it ends: a one-night stay checks out the next morning.
    expect(res.json().data[0]).toMatchObject({ start_date: day(30), end_date: day(31) })
    expect(res.json().pagination).toMatchObject({ total: 1, currentPage: 0, currentPageFront: 1 })
    expect((await api('GET', '/orders?sort_by=nope')).statusCode).toBe(422)
    expect((await api('GET', '/orders?kind=boat')).statusCode).toBe(422)
    expect((await api('GET', '/orders?kind=train')).json().data).toEqual([])
    const csv = await api('GET', '/orders/export?format=csv&search=zainab')
    expect(csv.statusCode).toBe(200)
    expect(csv.body).toContain('Zainab Unique')
    const xlsx = await api('GET', '/orders/export?format=xlsx')
    expect(xlsx.statusCode).toBe(200)
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK')
  })
})

describe('concurrency', () => {
  it('100 simultaneous orders for the last room of a night: exactly 1 succeeds, 99 get 409', async () => {
    const r = room({ capacity: 1 })
    const results = await Promise.all(Array.from({ length: 100 }, () => api('POST', '/orders', order([stay(r, day(100))]))))
    const codes = results.map((x) => x.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    expect(codes.filter((c) => c === 409)).toHaveLength(99)
    for (const x of results.filter((y) => y.statusCode === 409)) expect(x.json().errors).toEqual({ 'items.0': [day(100)] })
    expect(await booked(r, day(100))).toBe(1)
  })

  it('50 simultaneous packages over 10 places and 5 rooms: never oversold, every accepted package whole', async () => {
    const seats = room({ capacity: 10 })
    const rooms = room({ capacity: 5 })
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api('POST', '/orders', order([stay(seats, day(110), 1, 1 + (i % 3)), stay(rooms, day(110), 2, 1)])),
      ),
    )
    const ok = results.filter((x) => x.statusCode === 200)
    expect(results.every((x) => x.statusCode === 200 || x.statusCode === 409)).toBe(true)
    expect(ok.length).toBeGreaterThan(0)
    const seatsTaken = ok.reduce((s, x) => s + x.json().data.items[0].quantity, 0)
    expect(await booked(seats, day(110))).toBe(seatsTaken)
    expect(seatsTaken).toBeLessThanOrEqual(10)
    expect(await booked(rooms, day(111))).toBe(ok.length)
    expect(ok.length).toBeLessThanOrEqual(5)
    for (const x of ok) expect(x.json().data.items).toHaveLength(2)
  })

  it('cancel and re-book loops keep booked equal to the live order items', async () => {
    const r = room({ capacity: 2 })
    for (let round = 0; round < 5; round++) {
      const made = await Promise.all(Array.from({ length: 6 }, () => api('POST', '/orders', order([stay(r, day(120), 2)]))))
      const ids = made.filter((x) => x.statusCode === 200).map((x) => x.json().data.id as number)
      expect(ids.length).toBeLessThanOrEqual(2)
      await Promise.all(
        ids
          .slice(0, 1)
          .map((id) => api('POST', `/orders/${id}/status`, { status: 'cancelled', reason: 'Customer changed plans' })),
      )
    }
    expect(await stockDrift(t.app.db as Db)).toEqual([])
  })
})

describe('calendar capacity hook', () => {
  it('refuses a capacity below booked or blocking a booked day, naming the days', async () => {
    const r = room({ capacity: 3 })
    await api('POST', '/orders', order([stay(r, day(130), 2, 2)]))
    const write = (capacity: number) =>
      t.app.db.transaction((tx) =>
        applyCalendarCapacity(tx as unknown as Db, {
          companyId,
          kind: 'room',
          itemId: r,
          startDate: day(129),
          endDate: day(132),
          capacity,
        }),
      )
    await expect(write(1)).rejects.toMatchObject({ statusCode: 409, fields: { capacity: [day(130), day(131)] } })
    await expect(write(0)).rejects.toMatchObject({ statusCode: 409 })
    await write(2)
    // The new capacity holds for the next order: the days are full now.
    const res = await api('POST', '/orders', order([stay(r, day(131), 1)]))
    expect(res.statusCode).toBe(409)
    expect(await stockDrift(t.app.db as Db)).toEqual([])
  })
})
