import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './helpers/app.js'
import { createHotelRoom } from './helpers/bookables.js'
import { createCompany, type Actor } from './helpers/fixtures.js'
import { DESK_ENTITY, ORDER_DESKS } from '@app/shared'
import type { Db } from '../src/db/client.js'

/**
 * Versions beyond the engine's records (issue 30, docs/decisions/audit.md): a calendar's range write sends
 * the calendar version its month read answered, an order's edit and status move the order's version; a stale
 * one is a 409 with the current days or order and who changed it, when.
 */

let t: TestApp
let owner: Actor
let roomId: number
let hotelId: number

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...owner.headers, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const range = (start: string, end: string, price: number, extra: Record<string, unknown> = {}) => ({
  hotel_id: hotelId,
  room_id: roomId,
  start_date: start,
  end_date: end,
  price,
  capacity: 4,
  blocked: false,
  ...extra,
})
const month = async () => {
  const res = await api('GET', `/rooms_availibility?room_id=${roomId}&start_date=2027-02-01&end_date=2027-02-28`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { data: Array<{ date: string; price: number }>; version: number }
}

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  const made = await createHotelRoom(t.app.db as Db, owner.companyId, {}, { price: 100, room_stock: 10 })
  roomId = made.roomId
  hotelId = made.hotelId
})
afterAll(() => t?.close())

describe('calendar range versions', () => {
  it('answers the calendar version with the month and after each write', async () => {
    expect((await month()).version).toBe(0)
    const res = await api('POST', '/rooms_availibility', range('2027-02-18', '2027-02-22', 500, { version: 0 }))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().version).toBe(1)
    expect((await month()).version).toBe(1)
  })

  it('refuses a write whose range holds a day written since the version read, with the days now and who wrote them', async () => {
    const read = await month()
    const first = await api('POST', '/rooms_availibility', range('2027-02-20', '2027-02-20', 600), {
      'if-match': `"${read.version}"`,
    })
    expect(first.statusCode, first.body).toBe(200)
    const stale = await api('POST', '/rooms_availibility', range('2027-02-19', '2027-02-21', 700, { version: read.version }), {
      'x-localization': 'id',
    })
    expect(stale.statusCode, stale.body).toBe(409)
    const answer = stale.json()
    expect(answer.message).toBe('Orang lain telah mengubah data ini setelah Anda membukanya')
    expect(answer.data.version).toBe(read.version + 1)
    expect(answer.data.days.map((d: { date: string; price: number }) => [d.date, d.price])).toEqual([
      ['2027-02-19', 500],
      ['2027-02-20', 600],
      ['2027-02-21', 500],
    ])
    expect(answer.changed_by).toMatchObject({ user_id: owner.userId, action: 'range' })
    // Nothing of the stale write landed, and the calendar's version did not move.
    const after = await month()
    expect(after.version).toBe(read.version + 1)
    expect(after.data.find((d) => d.date === '2027-02-19')?.price).toBe(500)
  })

  it('lets a write through whose range no one wrote since (another part of the month), and one without a version', async () => {
    const read = await month()
    await api('POST', '/rooms_availibility', range('2027-02-01', '2027-02-02', 300))
    const elsewhere = await api('POST', '/rooms_availibility', range('2027-02-10', '2027-02-12', 310, { version: read.version }))
    expect(elsewhere.statusCode, elsewhere.body).toBe(200)
    const none = await api('POST', '/rooms_availibility', range('2027-02-01', '2027-02-28', 320))
    expect(none.statusCode, none.body).toBe(200)
    expect(none.json().version).toBe(read.version + 3)
  })

  it('of two concurrent writes of one range sent with one version, lets one through and answers the other 409', async () => {
    const { version } = await month()
    const results = await Promise.all([
      api('POST', '/rooms_availibility', range('2027-02-14', '2027-02-16', 810, { version })),
      api('POST', '/rooms_availibility', range('2027-02-15', '2027-02-17', 820, { version })),
    ])
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([200, 409])
    const winner = results.find((r) => r.statusCode === 200)!.json()
    expect(winner.version).toBe(version + 1)
  })

  it('refuses a malformed version with 422', async () => {
    const res = await api('POST', '/rooms_availibility', range('2027-02-01', '2027-02-01', 1, { version: 'x' }))
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.version).toHaveLength(1)
  })
})

describe('order versions', () => {
  let orderId: number
  const stay = (name: string) => ({
    customer: { name, passport_number: 'B7654321' },
    items: [
      { kind: 'room', room_id: roomId, check_in: '2027-03-10', check_out: '2027-03-12', quantity: 1, adults: 2, children: 0 },
    ],
  })

  beforeAll(async () => {
    const res = await api('POST', '/orders', stay('Hasan Basri'))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.version).toBe(1)
    orderId = res.json().data.id
  })

  it('bumps the version on an edit sent with the current one and refuses a stale edit with the order now and who changed it', async () => {
    const ok = await api('PUT', `/orders/${orderId}`, { ...stay('Hasan Basri A'), version: 1 })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().data.version).toBe(2)
    const stale = await api('PUT', `/orders/${orderId}`, stay('Hasan Basri B'), { 'if-match': '"1"' })
    expect(stale.statusCode, stale.body).toBe(409)
    expect(stale.json().data).toMatchObject({ id: orderId, customer_name: 'Hasan Basri A', version: 2 })
    expect(stale.json().changed_by).toMatchObject({ user_id: owner.userId })
    expect(stale.json().errors.version).toHaveLength(1)
  })

  it('of two concurrent edits sent with one version, lets one through and answers the other 409', async () => {
    const results = await Promise.all([
      api('PUT', `/orders/${orderId}`, { ...stay('Tab one'), version: 2 }),
      api('PUT', `/orders/${orderId}`, { ...stay('Tab two'), version: 2 }),
    ])
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([200, 409])
    const winner = results.find((r) => r.statusCode === 200)!.json().data
    expect(results.find((r) => r.statusCode === 409)!.json().data).toMatchObject({
      customer_name: winner.customer_name,
      version: 3,
    })
  })

  it('checks and bumps the version on a status move; of two concurrent moves one is 409', async () => {
    const stale = await api('POST', `/orders/${orderId}/status`, { status: 'confirmed', version: 1 })
    expect(stale.statusCode, stale.body).toBe(409)
    expect(stale.json().data.status).toBe('pending')
    const results = await Promise.all([
      api('POST', `/orders/${orderId}/status`, { status: 'confirmed', version: 3 }),
      api('POST', `/orders/${orderId}/status`, { status: 'cancelled', reason: 'Visa refused', version: 3 }),
    ])
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([200, 409])
    expect(results.find((r) => r.statusCode === 200)!.json().data.version).toBe(4)
  })

  it("lists the order's history under its desks' entities, several named at once", async () => {
    const entities = ORDER_DESKS.map((d) => DESK_ENTITY[d]).join(',')
    const res = await api('GET', `/audit?entity=${entities}&record_id=${orderId}`)
    expect(res.statusCode, res.body).toBe(200)
    const rows = res.json().data as Array<{ record_id: number; action: string }>
    // The create (its row names the order made, though POST /orders has no :id), the edits and the move that
    // landed; refused ones left none.
    expect(rows.length).toBe(4)
    expect(rows.map((r) => r.action)).toContain('create')
    expect(rows.every((r) => r.record_id === orderId)).toBe(true)
    const bad = await api('GET', `/audit?entity=${encodeURIComponent('order hotel')}`)
    expect(bad.statusCode).toBe(422)
  })
})
