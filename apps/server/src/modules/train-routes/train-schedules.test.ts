import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { catalogueFixtures } from '../../../test/helpers/catalogue.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'
import { trainSchedules } from '../../db/schema/index.js'

/**
 * The route calendar's own rules (`/trains_schedule`): one row per route, train
 * type and day; the read's `train_type` and the write's `type` accepted on both
 * calls; its values' bounds. What every calendar does (range writes and reads,
 * the weekday mask, 366 days, other companies' items, permissions, rows going
 * with the route, stock) is proven by the bookable suite (test/bookable-kinds.test.ts).
 */

let t: TestApp
let owner: Actor
let route: number

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, who: Actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

const routeBody = (from: number, to: number, code: string) => ({
  name: 'Haramain',
  code,
  from_id: from,
  to_id: to,
  departure_time: '08:00',
  arrival_time: '10:25',
  price_adult: 250,
  price_children: 125,
  max_passengers: 417,
  bagage_checkin: 23,
  bagage_cabin: 7,
  train_type: 'business',
})
const read = (query: string) => api('GET', `/trains_schedule?${query}`)
const write = (over: Record<string, unknown>) =>
  api('POST', '/trains_schedule', {
    route_id: route,
    type: 'economy',
    start_date: '2026-12-01',
    end_date: '2026-12-31',
    price_adult: 200,
    price_children: 100,
    max_passengers: 300,
    blocked: false,
    ...over,
  })
const rows = async (id = route) =>
  Number((await t.app.db.select({ n: count() }).from(trainSchedules).where(eq(trainSchedules.route_id, id)))[0]!.n)

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  const mine = await catalogueFixtures(t.app, owner, 2)
  route = (await api('POST', '/trains_route', routeBody(mine.locations[0]!, mine.locations[1]!, 'HHR-1'))).json().data.id
})
afterAll(() => t?.close())

describe('train calendar', () => {
  it('keeps economy and business apart for the same days, written with type and read with train_type', async () => {
    expect((await write({ type: 'economy', price_adult: 200 })).statusCode).toBe(200)
    const business = await write({
      type: undefined,
      train_type: 'business',
      price_adult: 400,
      start_date: '2026-12-01',
      end_date: '2026-12-10',
    })
    expect(business.statusCode, business.body).toBe(200)
    const eco = (await read(`route_id=${route}&train_type=economy&start_date=2026-12-01&end_date=2026-12-31`)).json()
    expect(eco.data).toHaveLength(31)
    expect(eco.data[0]).toMatchObject({
      route_id: route,
      train_type: 'economy',
      date: '2026-12-01',
      price_adult: 200,
      max_passengers: 300,
    })
    // The read also takes the write's name for the type.
    const biz = (await read(`route_id=${route}&type=business&start_date=2026-12-01&end_date=2026-12-31`)).json()
    expect(biz.data).toHaveLength(10)
    expect(
      biz.data.every((d: { train_type: string; price_adult: number }) => d.train_type === 'business' && d.price_adult === 400),
    ).toBe(true)
    expect(biz.defaults).toMatchObject({
      price_adult: 250,
      price_children: 125,
      max_passengers: 417,
      train_type: 'business',
      offered: true,
    })
    // The other class runs only on the days its schedule has a row (as orders book it): its defaults say so.
    expect(eco.defaults).toMatchObject({ price_adult: 250, train_type: 'business', offered: false })
    expect(await rows()).toBe(41)
    expect((await read(`route_id=${route}&train_type=first&start_date=2026-12-01&end_date=2026-12-31`)).statusCode).toBe(422)
  })

  it.each([
    ['a train type of first', { type: 'first' }, 'train_type'],
    ['no train type', { type: undefined }, 'train_type'],
    ['negative seats', { max_passengers: -1 }, 'max_passengers'],
    ['100,000,000 seats', { max_passengers: 100_000_000 }, 'max_passengers'],
    ['a negative child price', { price_children: -1 }, 'price_children'],
    ['a non-numeric adult price', { price_adult: 'abc' }, 'price_adult'],
  ])('refuses %s with 422 on the field and writes nothing', async (_what, change, field) => {
    const before = await rows()
    const res = await write(change)
    expect(res.statusCode, res.body).toBe(422)
    expect(res.json().errors[field]).toEqual([expect.any(String)])
    expect(await rows()).toBe(before)
  })
})
