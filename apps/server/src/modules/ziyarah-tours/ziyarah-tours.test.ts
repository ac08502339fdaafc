import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { catalogueFixtures, type CatalogueFixtures } from '../../../test/helpers/catalogue.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'
import { makeImage, multipart } from '../../../test/helpers/images.js'
import { ziyarahSchedules } from '../../db/schema/index.js'
import { seedZiyarahTours } from './ziyarah-tours.seed.js'

/**
 * Ziyarah tours' own rules: slugs, the answer's shapes, sanitizing, one
 * message per bad field, other companies' rows and its calendar's bounds. The
 * list contract, CRUD, permissions, what every calendar does and seats below
 * what orders hold are proven by the bookable suite (test/bookable-kinds.test.ts).
 */

let t: TestApp
let owner: Actor
let other: Actor
let mine: CatalogueFixtures
let theirs: CatalogueFixtures

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Makkah City Tour',
  location_id: mine.locations[0],
  description: '<p>Jabal Nur, Jabal Thawr and Arafat</p>',
  pickup_time: '07:30',
  duration_hours: 4.5,
  max_passengers: 40,
  price: 120,
  child_price: 80,
  status: 'publish',
  ...over,
})
const create = async (over: Record<string, unknown> = {}, who: Actor = owner) => {
  const res = await api('POST', '/ziyarah_tours', body(over), who)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
  mine = await catalogueFixtures(t.app, owner, 2)
  theirs = await catalogueFixtures(t.app, other, 2)
})
afterAll(() => t?.close())

describe('ziyarah tours', () => {
  it('makes the slug from the name, unique in the company, and keeps it on edit', async () => {
    const first = await create({ name: 'Madinah Ziyarah' })
    const second = await create({ name: 'Madinah  ziyarah!' })
    expect([first.slug, second.slug]).toEqual(['madinah-ziyarah', 'madinah-ziyarah-2'])
    const edited = await api('PUT', `/ziyarah_tours/${first.id}`, body({ name: 'Madinah Ziyarah (renamed)' }))
    expect(edited.json().data).toMatchObject({ name: 'Madinah Ziyarah (renamed)', slug: 'madinah-ziyarah' })
    // Another company starts from the plain slug; an explicit slug is normalized.
    expect((await create({ name: 'Madinah Ziyarah', location_id: theirs.locations[0] }, other)).slug).toBe('madinah-ziyarah')
    expect((await create({ name: 'Taif', slug: ' Taif Roses Day ' })).slug).toBe('taif-roses-day')
  })

  it('answers the tour with its location, HH:mm pickup and numbers', async () => {
    const row = await create({ name: 'Answer Shape', pickup_time: '06:05:00', duration_hours: '3.5', max_passengers: '12' })
    const read = (await api('GET', `/ziyarah_tours/${row.id}`)).json().data
    expect(read).toMatchObject({
      pickup_time: '06:05',
      duration_hours: 3.5,
      max_passengers: 12,
      price: 120,
      child_price: 80,
      status: 'publish',
      is_featured: false,
      location: { id: mine.locations[0], name: expect.any(String) },
      image: null,
    })
    expect(read).not.toHaveProperty('company_id')
  })

  it('sanitizes the description to the editor tags', async () => {
    const row = await create({
      name: 'Sanitized Tour',
      description:
        '<p onclick="x()">Uhud<script>alert(1)</script> <a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
    })
    expect(row.description).toBe('<p>Uhud <a>x</a></p>')
  })

  it('refuses every bad field at once, each with its own message, in the chosen language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ziyarah_tours',
      headers: { ...owner.headers, 'x-localization': 'id' },
      payload: body({ name: '', pickup_time: '25:00', duration_hours: 2.25, max_passengers: 501, price: -1 }),
    })
    expect(res.statusCode).toBe(422)
    const errors = res.json().errors
    expect(Object.keys(errors).sort()).toEqual(['duration_hours', 'max_passengers', 'name', 'pickup_time', 'price'])
    expect(errors.duration_hours).toEqual(['Durasi (jam) maksimal 1 angka desimal'])
    expect(errors.name).toEqual(['Nama Wajib Diisi'])
  })

  it("refuses another company's location with 422, and answers 404 for its tours", async () => {
    const res = await api('POST', '/ziyarah_tours', body({ location_id: theirs.locations[1] }))
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ location_id: [expect.any(String)] })
    const foreign = await create({ name: 'Foreign', location_id: theirs.locations[1] }, other)
    for (const r of [
      await api('GET', `/ziyarah_tours/${foreign.id}`),
      await api('PUT', `/ziyarah_tours/${foreign.id}`, body()),
      await api('DELETE', `/ziyarah_tours/${foreign.id}`),
    ])
      expect(r.statusCode).toBe(404)
  })

  it('keeps a location that tours use: 409 with the count', async () => {
    const res = await api('DELETE', `/locations/${mine.locations[0]}`)
    expect(res.statusCode, res.body).toBe(409)
    expect(res.body).toMatch(/Ziyarah Tours/)
  })

  it('takes its image as an upload of the multipart form', async () => {
    const form = multipart([
      ...Object.entries(body({ name: 'With Image' })).map(([name, value]) => ({ name, value: String(value) })),
      { name: 'image', value: await makeImage('jpeg'), filename: 'uhud.jpg', contentType: 'image/jpeg' },
    ])
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ziyarah_tours',
      headers: { ...owner.headers, ...form.headers },
      payload: form.payload,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.image).toMatch(/^[a-f0-9]{32}\.jpg$/)
  })
})

describe('ziyarah tour calendar', () => {
  let tour: { id: number }
  const write = (over: Record<string, unknown>, id = tour.id) =>
    api('POST', '/ziyarah_tours_schedule', {
      tour_id: id,
      start_date: '2026-12-01',
      end_date: '2026-12-31',
      price: 150,
      child_price: 90,
      max_passengers: 45,
      blocked: false,
      ...over,
    })
  const rows = async (id = tour.id) =>
    Number((await t.app.db.select({ n: count() }).from(ziyarahSchedules).where(eq(ziyarahSchedules.tour_id, id)))[0]!.n)

  beforeAll(async () => {
    tour = await create({ name: 'Calendar Tour', max_passengers: 40, price: 120, child_price: 80 })
  })

  it.each([
    ['negative seats', { max_passengers: -1 }, 'max_passengers'],
    ['501 seats', { max_passengers: 501 }, 'max_passengers'],
    ['a negative child price', { child_price: -1 }, 'child_price'],
    ['a non-numeric price', { price: 'abc' }, 'price'],
    ['blocked of maybe', { blocked: 'maybe' }, 'blocked'],
  ])('refuses %s with 422 on the field and writes nothing', async (_what, change, field) => {
    const before = await rows()
    const res = await write(change)
    expect(res.statusCode, res.body).toBe(422)
    expect(res.json().errors[field]).toEqual([expect.any(String)])
    expect(await rows()).toBe(before)
  })
})

describe('ziyarah demo data', () => {
  it('seeds the two tours with a month of schedule: dearer Fridays with a second coach, one blocked day', async () => {
    const company = (await createCompany(t.app)).owner
    for (const name of ['Makkah', 'Madinah'])
      await api(
        'POST',
        '/locations',
        { name, description: '<p>Kota</p>', status: 'publish', lat: 21.4, long: 39.8, zoom: 12 },
        company,
      )
    await seedZiyarahTours(t.app.db, company.companyId)
    const list = (await api('GET', '/ziyarah_tours?sort_by=name&order_by=asc', undefined, company)).json()
    expect(list.data.map((r: { name: string; location: { name: string } }) => [r.name, r.location.name])).toEqual([
      ['Ziarah Kota Makkah', 'Makkah'],
      ['Ziarah Madinah', 'Madinah'],
    ])
    const first = new Date()
    const start = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1))
    const end = new Date(start.getTime() + 29 * 86_400_000)
    const iso = (d: Date) => d.toISOString().slice(0, 10)
    const makkah = list.data[0] as { id: number; price: number; max_passengers: number }
    const month = (
      await api(
        'GET',
        `/ziyarah_tours_schedule?tour_id=${makkah.id}&start_date=${iso(start)}&end_date=${iso(end)}`,
        undefined,
        company,
      )
    ).json()
    expect(month.data).toHaveLength(30)
    const days = month.data as Array<{ date: string; price: number; max_passengers: number; blocked: boolean }>
    const friday = days.find((d) => new Date(`${d.date}T00:00:00Z`).getUTCDay() === 5)!
    expect(friday).toMatchObject({ price: 150, max_passengers: 90 })
    expect(days.filter((d) => d.blocked).map((d) => d.date.slice(8))).toEqual(['20'])
  })
})
