import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_ROLES, ORDER_MOVE_ACTION } from '@app/shared'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createHotelRoom, endOrder } from '../../../test/helpers/bookables.js'
import { createCompany, createUserWithPermissions, type Actor } from '../../../test/helpers/fixtures.js'
import type { Db } from '../../db/client.js'
import { addDays } from './kinds.js'

/**
 * Who may move an order (issue 32, item 7; docs/decisions/orders.md): confirm, cancel and refund need
 * `approval` on the order's desks, a payment, marking paid and completing need `update`. Proven for every
 * default role a company is seeded with, on a room order (the hotel desk).
 */
let t: TestApp
let owner: Actor
let roomId: number
const day = (n: number) => addDays(new Date().toISOString().slice(0, 10), n)
const api = (who: Actor, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { ...who.headers, 'x-localization': 'en' }, payload })

let checkIn = 20
async function newOrder(): Promise<{ id: number; total: number }> {
  // One night each, on days of their own: the room's stock never runs out.
  checkIn += 1
  const res = await api(owner, 'POST', '/orders', {
    customer: { name: 'Hasan Basri', passport_number: 'B7654321' },
    items: [
      { kind: 'room', room_id: roomId, check_in: day(checkIn), check_out: day(checkIn + 1), quantity: 1, adults: 2, children: 0 },
    ],
  })
  expect(res.statusCode, res.body).toBe(200)
  const data = res.json().data
  return { id: data.id, total: Number(data.total) }
}
const move = (who: Actor, id: number, status: string) =>
  api(who, 'POST', `/orders/${id}/status`, { status, ...(status === 'cancelled' && { reason: 'Customer changed plans' }) })
const pay = (who: Actor, id: number, amount: number) =>
  api(who, 'POST', `/orders/${id}/payments`, { amount, method: 'transfer', paid_at: day(0) })

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  roomId = (await createHotelRoom(t.app.db as Db, owner.companyId, {}, { price: 100 })).roomId
})
afterAll(async () => {
  await t?.close()
})

it('writes the decision down: confirm and cancel are approvals, paid and completed updates', () => {
  expect(ORDER_MOVE_ACTION).toMatchObject({ confirmed: 'approval', cancelled: 'approval', paid: 'update', completed: 'update' })
})

describe.each(DEFAULT_ROLES.filter((r) => r.permissions.some((p) => p.startsWith('order_hotel_'))).map((r) => [r.name, r]))(
  'the %s role',
  (_name, role) => {
    let who: Actor
    const holds = (action: string) => role.permissions.includes(`order_hotel_${action}`)
    const expected = (action: string) => (holds(action) ? 200 : 403)
    beforeAll(async () => {
      who = await createUserWithPermissions(t.app, owner.companyId, [...role.permissions])
    })

    it(`confirms only with approval (${holds('approval') ? 'yes' : 'no'})`, async () => {
      const order = await newOrder()
      const res = await move(who, order.id, 'confirmed')
      expect(res.statusCode, res.body).toBe(expected('approval'))
    })

    it('cancels only with approval, and a refused cancel leaves the order as it was', async () => {
      const order = await newOrder()
      const res = await move(who, order.id, 'cancelled')
      expect(res.statusCode, res.body).toBe(expected('approval'))
      const after = await api(owner, 'GET', `/orders/${order.id}`)
      expect(after.json().data.status).toBe(holds('approval') ? 'cancelled' : 'pending')
    })

    it('records a payment with update, a refund only with approval', async () => {
      const order = await newOrder()
      expect((await move(owner, order.id, 'confirmed')).statusCode).toBe(200)
      const payment = await pay(who, order.id, 50)
      expect(payment.statusCode, payment.body).toBe(expected('update'))
      if (!holds('update')) expect((await pay(owner, order.id, 50)).statusCode).toBe(200)
      const refund = await pay(who, order.id, -20)
      expect(refund.statusCode, refund.body).toBe(holds('update') && holds('approval') ? 200 : 403)
      const paid = Number((await api(owner, 'GET', `/orders/${order.id}`)).json().data.paid)
      expect(paid).toBe(holds('update') && holds('approval') ? 30 : 50)
    })

    it('completes a paid order with update', async () => {
      const order = await newOrder()
      expect((await move(owner, order.id, 'confirmed')).statusCode).toBe(200)
      expect((await pay(owner, order.id, order.total)).statusCode).toBe(200)
      await endOrder(t.app.db as Db, order.id)
      const res = await move(who, order.id, 'completed')
      expect(res.statusCode, res.body).toBe(expected('update'))
    })
  },
)
