import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createHotelRoom, endOrder } from '../../../test/helpers/bookables.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'
import type { Db } from '../../db/client.js'
import { addDays } from './kinds.js'

/**
 * Catalogue items that open orders (pending, confirmed, paid) hold are not
 * deleted (DESIGN §3): rooms and hotels through their rooms answer 409 naming
 * how many orders, in both languages, and a delete racing an order never
 * leaves an order on a deleted item. Every kind's item refusing its delete
 * while booked is proven by the bookable suite (test/bookable-kinds.test.ts).
 */

let t: TestApp
let owner: Actor

const day = (n: number) => addDays(new Date().toISOString().slice(0, 10), n)
const db = () => t.app.db as Db
const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, locale = 'en') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...owner.headers, 'x-localization': locale },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const order = (items: unknown[]) => ({ customer: { name: 'Siti Rahma', passport_number: 'A1234567' }, items })
const stay = (room_id: number, n = 20) => ({
  kind: 'room',
  room_id,
  check_in: day(n),
  check_out: day(n + 1),
  quantity: 1,
  adults: 1,
  children: 0,
})
const book = async (items: unknown[]) => {
  const res = await api('POST', '/orders', order(items))
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { id: number; total: number }
}

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
})
afterAll(async () => {
  await t?.close()
})

describe('deleting booked catalogue items', () => {
  it('refuses a room and its hotel while open orders hold the room, counting orders, in en and id', async () => {
    const { roomId, hotelId } = await createHotelRoom(db(), owner.companyId)
    await book([stay(roomId, 20)])
    await book([stay(roomId, 22), stay(roomId, 24)]) // two items, one order

    const room = await api('DELETE', `/rooms/${roomId}`)
    expect(room.statusCode).toBe(409)
    expect(room.json().message).toBe('Booked by 2 open order(s): cancel or complete them first')
    const hotel = await api('DELETE', `/hotels/${hotelId}`, undefined, 'id')
    expect(hotel.statusCode).toBe(409)
    expect(hotel.json().message).toBe('Dipesan oleh 2 pesanan yang masih berjalan: batalkan atau selesaikan dulu')
    expect((await api('GET', `/rooms/${roomId}`)).statusCode).toBe(200)
  })

  it('lets cancelled and completed orders go: the item is deleted and the orders stay readable', async () => {
    const { roomId, hotelId } = await createHotelRoom(db(), owner.companyId)
    const cancelled = await book([stay(roomId, 30)])
    const completed = await book([stay(roomId, 32)])
    expect(
      (await api('POST', `/orders/${cancelled.id}/status`, { status: 'cancelled', reason: 'Customer changed plans' })).statusCode,
    ).toBe(200)
    expect((await api('POST', `/orders/${completed.id}/status`, { status: 'confirmed' })).statusCode).toBe(200)
    const pay = await api('POST', `/orders/${completed.id}/payments`, { amount: completed.total, method: 'cash' })
    expect(pay.json().data.status).toBe('paid')
    // Paid is still open: the room stays.
    expect((await api('DELETE', `/rooms/${roomId}`)).statusCode).toBe(409)
    await endOrder(db(), completed.id)
    expect((await api('POST', `/orders/${completed.id}/status`, { status: 'completed' })).statusCode).toBe(200)

    expect((await api('DELETE', `/hotels/${hotelId}`)).statusCode).toBe(200)
    expect((await api('GET', `/rooms/${roomId}`)).statusCode).toBe(404)
    const kept = await api('GET', `/orders/${completed.id}`)
    expect(kept.statusCode).toBe(200)
    expect(kept.json().data.items[0].item_name).toContain('Quad Room')
  })

  it('never leaves an order on a deleted room when the delete races the order', async () => {
    for (let round = 0; round < 8; round++) {
      const { roomId } = await createHotelRoom(db(), owner.companyId)
      const [made, removed] = await Promise.all([
        api('POST', '/orders', order([stay(roomId, 50)])),
        api('DELETE', `/rooms/${roomId}`),
      ])
      // Exactly one wins: the order (then the delete is a 409) or the delete (then the order finds no room).
      if (made.statusCode === 200) expect(removed.statusCode, removed.body).toBe(409)
      else {
        expect(removed.statusCode, removed.body).toBe(200)
        expect(made.statusCode, made.body).toBe(422)
        expect(made.json().errors).toHaveProperty(['items.0.room_id'])
      }
    }
  })
})
