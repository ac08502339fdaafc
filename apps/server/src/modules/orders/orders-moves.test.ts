import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createHotelRoom, endOrder } from '../../../test/helpers/bookables.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'
import type { Db } from '../../db/client.js'
import { addDays } from './kinds.js'
import { stockDrift } from './orders.service.js'

/**
 * The order moves of issue 32 (item 15; docs/decisions/orders.md): completing only once the order has ended
 * (422 on `status` naming the first day, DD-MM-YYYY); cancelling with a reason (required, 422 on `reason`)
 * and an optional fee (0 … the total, 422 on `fee`), both kept on the order and answered by its read.
 */
let t: TestApp
let owner: Actor
let roomId: number
const today = () => new Date().toISOString().slice(0, 10)
const day = (n: number) => addDays(today(), n)
const api = (url: string, payload?: object, lang = 'en') =>
  t.app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/v1${url}`,
    headers: { ...owner.headers, 'x-localization': lang },
    ...(payload && { payload }),
  })
const dmy = (d: string) => d.split('-').reverse().join('-')

let next = 10
async function newOrder(nights = 2): Promise<{ id: number; total: number; end_date: string }> {
  next += nights + 1
  const res = await api('/orders', {
    customer: { name: 'Hasan Basri' },
    items: [{ kind: 'room', room_id: roomId, check_in: day(next), check_out: day(next + nights), quantity: 1, adults: 2 }],
  })
  expect(res.statusCode, res.body).toBe(200)
  const d = res.json().data
  return { id: d.id, total: Number(d.total), end_date: d.end_date }
}
const move = (id: number, body: object, lang?: string) => api(`/orders/${id}/status`, body, lang)

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  roomId = (await createHotelRoom(t.app.db as Db, owner.companyId, {}, { price: 100 })).roomId
})
afterAll(async () => {
  await t?.close()
})

describe('completing', () => {
  it('is refused before the order ends, in both languages, and allowed from its end (a stay: the check-out)', async () => {
    const o = await newOrder(2)
    expect((await move(o.id, { status: 'confirmed' })).statusCode).toBe(200)
    expect((await api(`/orders/${o.id}/payments`, { amount: o.total, method: 'cash' })).json().data.status).toBe('paid')
    const en = await move(o.id, { status: 'completed' })
    expect(en.statusCode).toBe(422)
    expect(en.json().errors).toEqual({ status: [`An order is completed once it has ended: from ${dmy(o.end_date)}`] })
    const id = await move(o.id, { status: 'completed' }, 'id')
    expect(id.json().errors).toEqual({ status: [`Pesanan diselesaikan setelah berakhir: mulai ${dmy(o.end_date)}`] })
    expect((await api(`/orders/${o.id}`)).json().data.status).toBe('paid')
    await endOrder(t.app.db as Db, o.id)
    const done = await move(o.id, { status: 'completed' })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().data.status).toBe('completed')
  })
})

describe('cancelling', () => {
  it('needs a reason: 422 on reason, the order and its stock untouched', async () => {
    const o = await newOrder()
    for (const body of [{ status: 'cancelled' }, { status: 'cancelled', reason: '  ' }, { status: 'cancelled', reason: 'no' }]) {
      const res = await move(o.id, body)
      expect(res.statusCode, res.body).toBe(422)
      expect(Object.keys(res.json().errors)).toEqual(['reason'])
    }
    const id = await move(o.id, { status: 'cancelled' }, 'id')
    expect(id.json().errors.reason).toEqual(['Tuliskan alasan pembatalan (minimal 3 karakter)'])
    expect((await api(`/orders/${o.id}`)).json().data.status).toBe('pending')
    expect(await stockDrift(t.app.db as Db, owner.companyId)).toEqual([])
  })

  it('keeps the reason and the fee on the order, and gives the stock back', async () => {
    const o = await newOrder()
    const res = await move(o.id, { status: 'cancelled', reason: '  Visa refused for two pilgrims ', fee: 50.5 })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Visa refused for two pilgrims',
      cancel_fee: 50.5,
    })
    expect((await api(`/orders/${o.id}`)).json().data).toMatchObject({
      cancel_reason: 'Visa refused for two pilgrims',
      cancel_fee: 50.5,
    })
    expect(await stockDrift(t.app.db as Db, owner.companyId)).toEqual([])
    // Without a fee: none is kept.
    const p = await newOrder()
    const plain = await move(p.id, { status: 'cancelled', reason: 'Customer changed plans' })
    expect(plain.json().data).toMatchObject({ cancel_reason: 'Customer changed plans', cancel_fee: null })
  })

  it('refuses a fee below 0, with more than 2 decimals or above the total, on fee', async () => {
    const o = await newOrder()
    for (const fee of [-1, 10.001, o.total + 0.01]) {
      const res = await move(o.id, { status: 'cancelled', reason: 'Customer changed plans', fee })
      expect(res.statusCode, res.body).toBe(422)
      expect(Object.keys(res.json().errors)).toEqual(['fee'])
    }
    expect((await api(`/orders/${o.id}`)).json().data.status).toBe('pending')
    // The whole total is a fee the agency may keep.
    expect((await move(o.id, { status: 'cancelled', reason: 'No show', fee: o.total })).statusCode).toBe(200)
  })

  it('other moves ignore a reason and keep none', async () => {
    const o = await newOrder()
    const res = await move(o.id, { status: 'confirmed', reason: 'why not' })
    expect(res.json().data).toMatchObject({ status: 'confirmed', cancel_reason: null, cancel_fee: null })
  })
})
