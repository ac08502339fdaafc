import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { catalogueFixtures, type CatalogueFixtures } from '../../../test/helpers/catalogue.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'
import { trainRouteAttributes, trainRoutes } from '../../db/schema/index.js'

/**
 * Train routes' own rules (the list/CRUD/permission contract is in the shared
 * suite, test/crud-transport.test.ts): the duration the server computes, the
 * database's own checks, and places that cannot be deleted under a route.
 */

let t: TestApp
let owner: Actor
let other: Actor
let mine: CatalogueFixtures

type Row = Record<string, unknown> & { id: number; name: string }

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

let codes = 0
const body = (over: Record<string, unknown> = {}) => ({
  name: 'Haramain Makkah - Madinah',
  code: `HHR-${++codes}`,
  from_id: mine.locations[0],
  to_id: mine.locations[1],
  departure_time: '09:00',
  arrival_time: '11:30',
  price_adult: 250,
  price_children: 125,
  max_passengers: 417,
  bagage_checkin: 23,
  bagage_cabin: 7,
  train_type: 'economy',
  is_active: true,
  ...over,
})

const create = async (over: Record<string, unknown> = {}) => {
  const res = await api('POST', '/trains_route', body(over))
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as Row
}

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
  mine = await catalogueFixtures(t.app, owner)
})
afterAll(() => t?.close())

describe('train routes: the duration', () => {
  it('is computed by the server from the two times, whatever the client sends', async () => {
    const row = await create({ departure_time: '09:00', arrival_time: '11:30', duration: 99 })
    expect(row).toMatchObject({ departure_time: '09:00', arrival_time: '11:30', duration: 2.5 })
  })

  it('wraps past midnight: 22:30 -> 01:15 is 2.75 hours, and follows an edit of the times', async () => {
    const row = await create({ departure_time: '22:30', arrival_time: '01:15', duration: '1' })
    expect(row.duration).toBe(2.75)
    const edited = await api(
      'PUT',
      `/trains_route/${row.id}`,
      body({ code: row.code, departure_time: '06:05', arrival_time: '08:45' }),
    )
    expect(edited.json().data.duration).toBe(2.67)
    const listed = (await api('GET', `/trains_route?search=${row.code}`)).json().data[0]
    expect(listed).toMatchObject({ departure_time: '06:05', arrival_time: '08:45', duration: 2.67 })
  })

  it('is checked by the database too: a stored duration that does not match the times is refused', async () => {
    const row = await create()
    await expect(t.app.db.update(trainRoutes).set({ duration: 3 }).where(eq(trainRoutes.id, row.id))).rejects.toThrow()
    await expect(
      t.app.db
        .update(trainRoutes)
        .set({ to_id: row.from_id as number })
        .where(eq(trainRoutes.id, row.id)),
    ).rejects.toThrow()
    await expect(t.app.db.update(trainRoutes).set({ max_passengers: 0 }).where(eq(trainRoutes.id, row.id))).rejects.toThrow()
  })
})

describe('train routes: answers and references', () => {
  it('answers both places by name and the attribute values of groups of type train', async () => {
    const row = await create({ attributes_list: JSON.stringify([mine.attribute.train]) })
    expect(row).toMatchObject({
      from: { id: mine.locations[0], name: expect.any(String) },
      to: { id: mine.locations[1], name: expect.any(String) },
      attributes_list: [mine.attribute.train],
      attributes: [{ id: mine.attribute.train, group: { type: 'train' } }],
      train_type: 'economy',
      is_active: true,
      featured_image: null,
    })
  })

  it('refuses two values of one radio group and writes nothing', async () => {
    const before = Number((await t.app.db.select({ n: count() }).from(trainRoutes))[0]!.n)
    const links = Number((await t.app.db.select({ n: count() }).from(trainRouteAttributes))[0]!.n)
    const res = await api('POST', '/trains_route', body({ attributes_list: mine.radio.train }))
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.attributes_list).toHaveLength(1)
    expect(Number((await t.app.db.select({ n: count() }).from(trainRoutes))[0]!.n)).toBe(before)
    expect(Number((await t.app.db.select({ n: count() }).from(trainRouteAttributes))[0]!.n)).toBe(links)
  })

  it('says in Indonesian that from and to must differ', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/trains_route',
      headers: { ...owner.headers, 'x-localization': 'id' },
      payload: body({ to_id: mine.locations[0] }),
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.to_id).toEqual(['Tujuan harus tempat yang berbeda dari Asal'])
  })

  it('blocks deleting a place used as from or to with 409, and frees it with the route', async () => {
    const mk = async (name: string) =>
      (
        await api('POST', '/locations', { name, description: '<p>Station</p>', status: 'publish', lat: 21, long: 39, zoom: 10 })
      ).json().data.id as number
    const a = await mk('Station A')
    const b = await mk('Station B')
    const route = await create({ from_id: a, to_id: b })
    const vehicle = await api('POST', '/transportations', {
      name: 'Station shuttle',
      min_reservation: 0,
      max_day: 1,
      price: 100,
      location_id: a,
      real_address: 'Station A forecourt',
      lat: 21,
      long: 39,
      zoom: 12,
    })
    expect(vehicle.statusCode, vehicle.body).toBe(200)
    const res = await api('DELETE', `/locations/${a}`)
    expect(res.statusCode).toBe(409)
    // Every kind of row that holds the place is named with its count.
    expect(res.json().message).toMatch(
      /^Still in use \((Train Routes: 1, Transportation: 1|Transportation: 1, Train Routes: 1)\)/,
    )
    expect((await api('DELETE', `/locations/${b}`)).json().message).toBe(
      'Still in use (Train Routes: 1); remove or change those first.',
    )
    expect((await api('DELETE', `/transportations/${vehicle.json().data.id}`)).statusCode).toBe(200)
    expect((await api('DELETE', `/trains_route/${route.id}`)).statusCode).toBe(200)
    expect((await api('DELETE', `/locations/${a}`)).statusCode).toBe(200)
  })

  it('lets another company use the same code and filters by type and active', async () => {
    await create({ code: 'SAME-1' })
    const foreign = await catalogueFixtures(t.app, other)
    const res = await api(
      'POST',
      '/trains_route',
      body({ code: 'same-1', from_id: foreign.locations[0], to_id: foreign.locations[1] }),
      other,
    )
    expect(res.statusCode, res.body).toBe(200)
    for (const q of ['train_type=business', 'train_type=economy', 'is_active=false', `from_id=${mine.locations[0]}`]) {
      const all = (await api('GET', `/trains_route?${q}&export_data=true`)).json().data as Row[]
      expect((await api('GET', `/trains_route?${q}&size=1`)).json().pagination.total).toBe(all.length)
    }
    expect((await api('GET', '/trains_route?train_type=first')).statusCode).toBe(422)
  })
})
