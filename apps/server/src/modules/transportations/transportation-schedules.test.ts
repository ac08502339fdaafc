import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { catalogueFixtures, type CatalogueFixtures } from '../../../test/helpers/catalogue.js'
import { createCompany, createUserWithPermissions, type Actor } from '../../../test/helpers/fixtures.js'
import { transportationSchedules } from '../../db/schema/index.js'

/**
 * The vehicle calendar (`/transportations_schedule`) declared through the one
 * availability engine: range writes with a weekday mask, single days, the
 * range limits, prices, and the company boundary.
 */

let t: TestApp
let owner: Actor
let other: Actor
let mine: CatalogueFixtures
let vehicle: number
let foreignVehicle: number

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
  other = (await createCompany(t.app)).owner
  mine = await catalogueFixtures(t.app, owner, 1)
  const theirs = await catalogueFixtures(t.app, other, 1)
  vehicle = (await api('POST', '/transportations', vehicleBody(mine.locations[0]!, 'GMC Calendar'))).json().data.id
  foreignVehicle = (await api('POST', '/transportations', vehicleBody(theirs.locations[0]!, 'Their GMC'), other)).json().data.id
})
afterAll(() => t?.close())

describe('transportation calendar', () => {
  it('answers an empty month with the vehicle defaults', async () => {
    const res = await month()
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ data: [], defaults: { price: 850, sale_price: 800, blocked: false } })
  })

  it('writes only Fridays and Saturdays of a month with the weekday mask, in one upsert', async () => {
    const res = await write({ weekdays: [5, 6], price: 1200, sale_price: 1100 })
    expect(res.statusCode, res.body).toBe(200)
    const stored = (await month()).json().data as Array<{ date: string; price: number; sale_price: number; blocked: boolean }>
    // December 2026: Fridays 4, 11, 18, 25 and Saturdays 5, 12, 19, 26.
    expect(stored.map((d) => d.date.slice(8))).toEqual(['04', '05', '11', '12', '18', '19', '25', '26'])
    expect(stored.every((d) => d.price === 1200 && d.sale_price === 1100 && !d.blocked)).toBe(true)
    expect(stored[0]).toMatchObject({ transportation_id: vehicle, id: expect.any(Number) })
  })

  it('blocks one day by rewriting it, never by adding a second row', async () => {
    const before = await days()
    const res = await write({ start_date: '2026-12-25', end_date: '2026-12-25', blocked: true })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual([expect.objectContaining({ date: '2026-12-25', blocked: true, price: 900 })])
    expect(await days()).toBe(before)
  })

  it('writes 366 days in one call and refuses 367', async () => {
    const ok = await write({ start_date: '2027-01-01', end_date: '2028-01-01' })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().data).toHaveLength(366)
    const res = await write({ start_date: '2027-01-01', end_date: '2028-01-02' })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.end_date).toEqual([expect.any(String)])
  })

  it.each([
    ['a reversed range', { start_date: '2026-12-10', end_date: '2026-12-09' }, 'end_date'],
    ['a day that does not exist', { start_date: '2026-02-30', end_date: '2026-03-01' }, 'start_date'],
    ['a sale price above the price', { price: 100, sale_price: 150 }, 'sale_price'],
    ['a negative sale price', { sale_price: -5 }, 'sale_price'],
    ['a negative price', { price: -1, sale_price: 0 }, 'price'],
    ['a non-numeric price', { price: 'abc' }, 'price'],
    ['blocked as maybe', { blocked: 'maybe' }, 'blocked'],
    // Tuesday 1 to Saturday 5 December 2026 has no Sunday: nothing to write is an error, not a silent 200.
    [
      'a weekday mask that picks no day of the range',
      { start_date: '2026-12-01', end_date: '2026-12-05', weekdays: [7] },
      'weekdays',
    ],
    ['no vehicle', { transportation_id: undefined }, 'transportation_id'],
  ])('refuses %s with 422 on the field and writes nothing', async (_what, change, field) => {
    const before = await days()
    const res = await write(change)
    expect(res.statusCode, res.body).toBe(422)
    expect(res.json().errors[field]).toEqual([expect.any(String)])
    expect(await days()).toBe(before)
  })

  it("answers 404 for a missing vehicle or another company's, on both calls", async () => {
    for (const res of [
      await write({ transportation_id: 99_999_999 }),
      await write({ transportation_id: foreignVehicle }),
      await month(foreignVehicle),
    ]) {
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ message: 'Data Not Found' })
    }
    expect(await days(foreignVehicle)).toBe(0)
  })

  it('lets transportation_view read and only transportation_update write', async () => {
    const viewer = await createUserWithPermissions(t.app, owner.companyId, ['transportation_view'])
    const res = await api(
      'GET',
      `/transportations_schedule?transportation_id=${vehicle}&start_date=2026-12-01&end_date=2026-12-31`,
      undefined,
      viewer,
    )
    expect(res.statusCode).toBe(200)
    expect((await write({}, viewer)).statusCode).toBe(403)
    const lister = await createUserWithPermissions(t.app, owner.companyId, ['transportation_list'])
    expect(
      (
        await api(
          'GET',
          `/transportations_schedule?transportation_id=${vehicle}&start_date=2026-12-01&end_date=2026-12-31`,
          undefined,
          lister,
        )
      ).statusCode,
    ).toBe(403)
  })

  it('goes with the vehicle when it is deleted', async () => {
    const id = (await api('POST', '/transportations', vehicleBody(mine.locations[0]!, 'Short lived'))).json().data.id
    expect((await write({ transportation_id: id, start_date: '2026-12-01', end_date: '2026-12-03' })).statusCode).toBe(200)
    expect(await days(id)).toBe(3)
    expect((await api('DELETE', `/transportations/${id}`)).statusCode).toBe(200)
    expect(await days(id)).toBe(0)
  })
})
