import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHILD_AGE_LIMIT } from '@app/shared'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createHotelRoom, createTrainRoute, createVehicle } from '../../../test/helpers/bookables.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'
import type { Db } from '../../db/client.js'
import { addDays } from './kinds.js'

/**
 * Orders use pilgrims (issue 28): the customer may be a pilgrim, any item may
 * list the pilgrims who travel and then its adults and children follow the
 * list (a child is under CHILD_AGE_LIMIT on the item's first day). Pilgrims of
 * another company are a 422 naming the field, with nothing written; a pilgrim
 * on an order is not deleted. Runs on PGlite and on PostgreSQL (`TEST_DB=pg`).
 */

let t: TestApp
let owner: Actor
let other: Actor
const cat = { room: 0, route: 0, vehicle: 0 }
const family = { father: 0, mother: 0, child: 0, turning: 0, theirs: 0 }

const today = new Date().toISOString().slice(0, 10)
const day = (n: number) => addDays(today, n)
/** A birth date `years` years before `on` plus `days` days. */
const born = (years: number, on: string, days = 0) => addDays(`${Number(on.slice(0, 4)) - years}${on.slice(4)}`, days)
const db = () => t.app.db as Db
const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, body?: unknown, actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...actor.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  })
const stay = (over: Record<string, unknown> = {}) => ({
  kind: 'room',
  room_id: cat.room,
  check_in: day(40),
  check_out: day(42),
  quantity: 1,
  adults: 1,
  children: 0,
  ...over,
})
const seats = (over: Record<string, unknown> = {}) => ({
  kind: 'train',
  route_id: cat.route,
  train_type: 'economy',
  date: day(41),
  adults: 1,
  children: 0,
  ...over,
})
const ride = (over: Record<string, unknown> = {}) => ({
  kind: 'transportation',
  transportation_id: cat.vehicle,
  start_date: day(40),
  end_date: day(40),
  ...over,
})
const order = (items: unknown[], customer: Record<string, unknown> = {}) => ({
  customer: { name: 'Hasan Basri', ...customer },
  items,
})

async function pilgrim(actor: Actor, body: Record<string, unknown>) {
  const res = await send('POST', '/pilgrims', { gender: 'male', ...body }, actor)
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { data: { id: number } }).data.id
}

const count = async (q: ReturnType<typeof sql>) =>
  ((await t.app.db.execute(q)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
  cat.room = (await createHotelRoom(db(), owner.companyId, {}, { room_stock: 5, max_adult: 4, max_children: 4 })).roomId
  cat.route = await createTrainRoute(db(), owner.companyId, { max_passengers: 20 })
  cat.vehicle = await createVehicle(db(), owner.companyId)
  family.father = await pilgrim(owner, { full_name: 'Hasan Basri', birth_date: '1975-03-02' })
  family.mother = await pilgrim(owner, { full_name: 'Aminah Hasan', gender: 'female', birth_date: '1980-07-14' })
  family.child = await pilgrim(owner, { full_name: 'Zaid Hasan', birth_date: born(7, today) })
  // 11 today, 12 by the time the stay begins (day 40): an adult on that item.
  family.turning = await pilgrim(owner, {
    full_name: 'Fatimah Hasan',
    gender: 'female',
    birth_date: born(CHILD_AGE_LIMIT, day(40), -5),
  })
  family.theirs = await pilgrim(other, { full_name: 'Someone Else' })
})
afterAll(async () => {
  await t?.close()
})

describe('orders use pilgrims', () => {
  it('counts adults and children from the listed pilgrims, by age on the item’s first day, whatever was sent', async () => {
    const quote = await send(
      'POST',
      '/orders/quote',
      order([stay({ adults: 4, children: 0, pilgrim_ids: [family.father, family.child] })]),
    )
    expect(quote.statusCode, quote.body).toBe(200)
    expect(quote.json().data.items[0]).toMatchObject({ adults: 1, children: 1 })

    const res = await send(
      'POST',
      '/orders',
      order(
        [
          stay({ pilgrim_ids: [family.father, family.mother, family.child, family.turning] }),
          seats({ adults: 9, pilgrim_ids: [family.child, family.mother] }),
          ride({ pilgrim_ids: [family.father] }),
        ],
        { pilgrim_id: family.father },
      ),
    )
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json().data.id as number
    const detail = (await send('GET', `/orders/${id}`)).json().data
    expect(detail.customer).toMatchObject({ name: 'Hasan Basri', pilgrim_id: family.father })
    // The girl is 11 today and 12 on the stay's first day: an adult there.
    expect(detail.items[0]).toMatchObject({
      adults: 3,
      children: 1,
      pilgrim_ids: [family.father, family.mother, family.child, family.turning],
    })
    expect(detail.items[0].pilgrims.map((p: { full_name: string }) => p.full_name)).toEqual([
      'Hasan Basri',
      'Aminah Hasan',
      'Zaid Hasan',
      'Fatimah Hasan',
    ])
    expect(detail.items[1]).toMatchObject({ adults: 1, children: 1, pilgrim_ids: [family.child, family.mother] })
    // A kind without counts keeps its list all the same.
    expect(detail.items[2]).toMatchObject({ pilgrim_ids: [family.father] })

    // Editing while pending rewrites the lists in the same transaction.
    const edit = await send(
      'PUT',
      `/orders/${id}`,
      order([stay({ pilgrim_ids: [family.mother] })], { pilgrim_id: family.mother }),
    )
    expect(edit.statusCode, edit.body).toBe(200)
    const edited = (await send('GET', `/orders/${id}`)).json().data
    expect(edited.customer.pilgrim_id).toBe(family.mother)
    expect(edited.items).toHaveLength(1)
    expect(edited.items[0]).toMatchObject({ adults: 1, children: 0, pilgrim_ids: [family.mother] })
    expect(await count(sql`SELECT count(*)::int AS n FROM order_item_pilgrims WHERE company_id = ${owner.companyId}`)).toBe(1)
  })

  it('keeps the counts as sent when an item lists no pilgrims', async () => {
    const quote = await send('POST', '/orders/quote', order([stay({ adults: 2, children: 1 })]))
    expect(quote.json().data.items[0]).toMatchObject({ adults: 2, children: 1 })
  })

  it('refuses another company’s pilgrim, an unknown one or one listed twice with a 422 naming the field, and writes nothing', async () => {
    const before = await count(sql`SELECT count(*)::int AS n FROM orders`)
    const cases: Array<[unknown, string]> = [
      [order([stay({ pilgrim_ids: [family.father, family.theirs] })]), 'items.0.pilgrim_ids'],
      [order([ride(), seats({ pilgrim_ids: [999_999] })]), 'items.1.pilgrim_ids'],
      [order([stay()], { pilgrim_id: family.theirs }), 'customer.pilgrim_id'],
      [order([stay({ pilgrim_ids: [family.father, family.father] })]), 'items.0.pilgrim_ids'],
    ]
    for (const [body, field] of cases) {
      const res = await send('POST', '/orders', body)
      expect(res.statusCode, res.body).toBe(422)
      expect(Object.keys(res.json().errors), res.body).toContain(field)
    }
    const theirs = await send('POST', '/orders', order([stay({ pilgrim_ids: [family.theirs] })]))
    expect(theirs.json().errors['items.0.pilgrim_ids'][0]).toContain(`#${family.theirs}`)
    expect(await count(sql`SELECT count(*)::int AS n FROM orders`)).toBe(before)
  })

  it('answers 409 when a travelling pilgrim is deleted, and lets go of a customer pilgrim', async () => {
    const traveller = await pilgrim(owner, { full_name: 'Umar Traveller' })
    const customer = await pilgrim(owner, { full_name: 'Bilal Customer' })
    const res = await send('POST', '/orders', order([ride({ pilgrim_ids: [traveller] })], { pilgrim_id: customer }))
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json().data.id as number
    const refused = await send('DELETE', `/pilgrims/${traveller}`)
    expect(refused.statusCode, refused.body).toBe(409)
    expect((await send('DELETE', `/pilgrims/${customer}`)).statusCode).toBe(200)
    const detail = (await send('GET', `/orders/${id}`)).json().data
    expect(detail.customer).toMatchObject({ name: 'Hasan Basri', pilgrim_id: null })
    expect(detail.items[0].pilgrim_ids).toEqual([traveller])
  })
})
