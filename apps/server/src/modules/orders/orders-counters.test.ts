import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createHotelRoom, createTrainRoute, createVehicle } from '../../../test/helpers/bookables.js'
import { createCompany, createUserWithPermissions, type Actor } from '../../../test/helpers/fixtures.js'
import { counterDrift } from '../../crud/counters.js'
import type { Db } from '../../db/client.js'
import { addDays } from './kinds.js'

/**
 * GET /orders/counters (issue 11): orders per desk and status from the
 * counters the database keeps, company-scoped and per the caller's desks; the
 * list's unsearched totals read the same counters.
 */

let t: TestApp
let owner: Actor
let other: Actor

const day = (n: number) => addDays(new Date().toISOString().slice(0, 10), n)
const db = () => t.app.db as Db
const api = (method: 'GET' | 'POST', url: string, payload?: unknown, who: Actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const order = (items: unknown[]) => ({ customer: { name: 'Rahmat Hidayat' }, items })
const book = async (items: unknown[], who: Actor = owner) => {
  const res = await api('POST', '/orders', order(items), who)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.id as number
}
const zero = { all: 0, pending: 0, confirmed: 0, paid: 0, completed: 0, cancelled: 0 }

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
  const { roomId } = await createHotelRoom(db(), owner.companyId)
  const routeId = await createTrainRoute(db(), owner.companyId)
  const vehicleId = await createVehicle(db(), owner.companyId)
  const stay = { kind: 'room', room_id: roomId, check_in: day(20), check_out: day(21), quantity: 1, adults: 1, children: 0 }
  await book([stay]) // hotel, pending
  const pkg = await book([
    stay,
    { kind: 'train', route_id: routeId, train_type: 'economy', date: day(20), adults: 1, children: 0 },
  ])
  expect((await api('POST', `/orders/${pkg}/status`, { status: 'confirmed' })).statusCode).toBe(200)
  const ride = await book([{ kind: 'transportation', transportation_id: vehicleId, start_date: day(22), end_date: day(22) }])
  expect(
    (await api('POST', `/orders/${ride}/status`, { status: 'cancelled', reason: 'Customer changed plans' })).statusCode,
  ).toBe(200)
  // Another company's order is not counted.
  const theirs = await createHotelRoom(db(), other.companyId)
  await book([{ ...stay, room_id: theirs.roomId }], other)
})
afterAll(async () => {
  await t?.close()
})

describe('GET /orders/counters', () => {
  it('answers per desk and status, a package on each of its desks and once in all', async () => {
    const res = await api('GET', '/orders/counters')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({
      all: { ...zero, all: 3, pending: 1, confirmed: 1, cancelled: 1 },
      hotel: { ...zero, all: 2, pending: 1, confirmed: 1 },
      train: { ...zero, all: 1, confirmed: 1 },
      transportation: { ...zero, all: 1, cancelled: 1 },
    })
    expect(await counterDrift(db(), ['orders', 'order_desks'])).toEqual([])
  })

  it('agrees with the list totals for every desk and status', async () => {
    const counters = (await api('GET', '/orders/counters')).json().data
    for (const kind of ['hotel', 'train', 'transportation'] as const)
      for (const status of ['pending', 'confirmed', 'paid', 'completed', 'cancelled'] as const) {
        const list = await api('GET', `/orders?kind=${kind}&status=${status}&search=ORD`)
        expect(list.json().pagination.total, `${kind} ${status}`).toBe(counters[kind][status])
      }
  })

  it('shows only the desks the caller may list, and 403 with none', async () => {
    const trainDesk = await createUserWithPermissions(t.app, owner.companyId, ['order_train_list'])
    const res = await api('GET', '/orders/counters', undefined, trainDesk)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({ train: { ...zero, all: 1, confirmed: 1 } })
    const nobody = await createUserWithPermissions(t.app, owner.companyId, ['hotel_list'])
    expect((await api('GET', '/orders/counters', undefined, nobody)).statusCode).toBe(403)
  })

  it('is what the unsearched list reads its total from (a tampered counter shows there, not in a search)', async () => {
    await db().execute(
      sql`UPDATE list_counters SET n = n + 40 WHERE tbl = 'order_desks' AND company_id = ${owner.companyId} AND key = 'desk_status' AND value = 'hotel:pending'`,
    )
    try {
      expect((await api('GET', '/orders?kind=hotel&status=pending')).json().pagination.total).toBe(41)
      expect((await api('GET', '/orders?kind=hotel&status=pending&search=ORD')).json().pagination.total).toBe(1)
      expect((await api('GET', '/orders/counters')).json().data.hotel.pending).toBe(41)
    } finally {
      await db().execute(
        sql`UPDATE list_counters SET n = n - 40 WHERE tbl = 'order_desks' AND company_id = ${owner.companyId} AND key = 'desk_status' AND value = 'hotel:pending'`,
      )
    }
    expect((await api('GET', '/orders')).json().pagination.total).toBe(3)
    expect((await api('GET', '/orders?kind=train')).json().pagination.total).toBe(1)
  })
})
