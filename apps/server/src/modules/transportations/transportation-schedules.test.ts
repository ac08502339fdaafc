import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { catalogueFixtures, type CatalogueFixtures } from '../../../test/helpers/catalogue.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'
import { transportationSchedules } from '../../db/schema/index.js'

/**
 * The vehicle calendar's own rules (`/transportations_schedule`): its defaults
 * (price and sale price apart) and its values' bounds. What every calendar does
 * (range writes and reads, the weekday mask, 366 days, other companies' items,
 * permissions, rows going with the vehicle, stock) is proven by the bookable
 * suite (test/bookable-kinds.test.ts).
 */

let t: TestApp
let owner: Actor
let mine: CatalogueFixtures
let vehicle: number

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, who: Actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

const vehicleBody = (locationId: number, name: string) => ({
  name,
  min_reservation: 1,
  max_day: 3,
  price: 850,
  sale_price: 800,
  location_id: locationId,
  real_address: 'Jeddah airport',
  lat: 21.68,
  long: 39.15,
  zoom: 12,
})
const month = (id = vehicle, start = '2026-12-01', end = '2026-12-31') =>
  api('GET', `/transportations_schedule?transportation_id=${id}&start_date=${start}&end_date=${end}`)
const write = (over: Record<string, unknown>, who: Actor = owner) =>
  api(
    'POST',
    '/transportations_schedule',
    {
      transportation_id: vehicle,
      start_date: '2026-12-01',
      end_date: '2026-12-31',
      price: 900,
      sale_price: 850,
      blocked: false,
      ...over,
    },
    who,
  )
const days = async (id = vehicle) =>
  Number(
    (
      await t.app.db.select({ n: count() }).from(transportationSchedules).where(eq(transportationSchedules.transportation_id, id))
    )[0]!.n,
  )

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  mine = await catalogueFixtures(t.app, owner, 1)
  vehicle = (await api('POST', '/transportations', vehicleBody(mine.locations[0]!, 'GMC Calendar'))).json().data.id
})
afterAll(() => t?.close())

describe('transportation calendar', () => {
  it('answers an empty month with the vehicle defaults', async () => {
    const res = await month()
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ data: [], defaults: { price: 850, sale_price: 800, blocked: false } })
  })

  it.each([
    ['a day that does not exist', { start_date: '2026-02-30', end_date: '2026-03-01' }, 'start_date'],
    ['a sale price above the price', { price: 100, sale_price: 150 }, 'sale_price'],
    ['a negative sale price', { sale_price: -5 }, 'sale_price'],
    ['a negative price', { price: -1, sale_price: 0 }, 'price'],
    ['a non-numeric price', { price: 'abc' }, 'price'],
    ['blocked as maybe', { blocked: 'maybe' }, 'blocked'],
  ])('refuses %s with 422 on the field and writes nothing', async (_what, change, field) => {
    const before = await days()
    const res = await write(change)
    expect(res.statusCode, res.body).toBe(422)
    expect(res.json().errors[field]).toEqual([expect.any(String)])
    expect(await days()).toBe(before)
  })
})
