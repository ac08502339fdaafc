import { count, eq } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { catalogueFixtures, type CatalogueFixtures } from '../../../test/helpers/catalogue.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'
import { makeImage, multipart, type FormPart } from '../../../test/helpers/images.js'
import {
  transportationAttributes,
  transportationFaqs,
  transportationPricesExtra,
  transportations,
  transportationServicePrices,
  uploads,
} from '../../db/schema/index.js'

/**
 * Transportation's own rules (the list/CRUD/permission contract is in the
 * shared suite, test/crud-transport.test.ts): everything written in one
 * transaction, price switches, slugs, rich text, attribute selections, the
 * database's own checks, and a location that cannot be deleted under a vehicle.
 */

let t: TestApp
let owner: Actor
let other: Actor
let mine: CatalogueFixtures
let theirs: CatalogueFixtures

type Row = Record<string, unknown> & { id: number; name: string }

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

const body = (over: Record<string, unknown> = {}) => ({
  name: 'GMC Yukon Airport Transfer',
  content: '<p>Jeddah airport to your hotel in Makkah.</p>',
  status: 'publish',
  is_featured: true,
  youtube: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  vehicle_number: 'B 1234 XY',
  min_reservation: 1,
  max_day: 3,
  price: 850,
  sale_price: 800,
  location_id: mine.locations[0],
  real_address: 'King Abdulaziz International Airport, Jeddah',
  lat: 21.68,
  long: 39.15,
  zoom: 12,
  ...over,
})

const create = async (over: Record<string, unknown> = {}) => {
  const res = await api('POST', '/transportations', body(over))
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as Row
}

const counts = async () => {
  const n = async (table: PgTable) => Number((await t.app.db.select({ n: count() }).from(table))[0]!.n)
  return {
    transportations: await n(transportations),
    faqs: await n(transportationFaqs),
    prices_extra: await n(transportationPricesExtra),
    service_prices: await n(transportationServicePrices),
    attributes: await n(transportationAttributes),
  }
}

const uploadCount = async () => Number((await t.app.db.select({ n: count() }).from(uploads))[0]!.n)

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
  mine = await catalogueFixtures(t.app, owner)
  theirs = await catalogueFixtures(t.app, other)
})
afterAll(() => t?.close())

describe('transportations: one write for the vehicle and its lists', () => {
  it('creates a vehicle with FAQs, price lists and attribute values in one answer', async () => {
    const row = await create({
      faqs: [
        { title: 'Luggage?', content: 'Two suitcases per passenger.' },
        { title: 'Waiting time?', content: 'Ninety minutes after landing.' },
      ],
      extra_price: true,
      prices_extra: [{ name: 'Child seat', value: 25, type: 'per_day', person_price: false }],
      service_fee: true,
      service_prices: [{ name: 'Biaya layanan', name_en: 'Service fee', value: 5, type: 'percent', person_price: false }],
      car_type: [mine.attribute.transportation],
      route_transportation: [mine.radio.transportation[0]],
    })
    expect(row).toMatchObject({
      name: 'GMC Yukon Airport Transfer',
      slug: 'gmc-yukon-airport-transfer',
      price: 850,
      sale_price: 800,
      location: { id: mine.locations[0], name: expect.any(String) },
      meta_title: 'GMC Yukon Airport Transfer',
      meta_description: 'GMC Yukon Airport Transfer',
      faqs: [{ title: 'Luggage?' }, { title: 'Waiting time?' }],
      prices_extra: [{ name: 'Child seat', value: 25, type: 'per_day', person_price: false }],
      service_prices: [{ name: 'Biaya layanan', name_en: 'Service fee', value: 5, type: 'percent' }],
      gallery: [],
    })
    expect((row.attributes_list as number[]).sort()).toEqual(
      [mine.attribute.transportation, mine.radio.transportation[0]].sort((a, b) => a - b),
    )
    expect(row.attributes).toEqual(
      expect.arrayContaining([
        {
          id: mine.attribute.transportation,
          name: expect.any(String),
          group: expect.objectContaining({ type: 'transportation' }),
        },
      ]),
    )
    expect((await api('GET', `/transportations/${row.id}`)).json().data).toEqual(row)
  })

  it('keeps no price list behind an off switch', async () => {
    const row = await create({
      name: 'Hiace Ziarah',
      extra_price: false,
      prices_extra: [{ name: 'Ignored', value: 1, type: 'one_time' }],
      service_fee: false,
      service_prices: [{ name: 'Ignored', value: 1, type: 'fixed' }],
    })
    expect(row).toMatchObject({ extra_price: false, prices_extra: [], service_fee: false, service_prices: [] })
    const on = await api(
      'PUT',
      `/transportations/${row.id}`,
      body({ name: 'Hiace Ziarah', extra_price: true, prices_extra: [{ name: 'Zamzam box', value: 10, type: 'one_time' }] }),
    )
    expect(on.json().data.prices_extra).toHaveLength(1)
    // Switching it off again drops the list, even though the body still carries one.
    const off = await api(
      'PUT',
      `/transportations/${row.id}`,
      body({ name: 'Hiace Ziarah', extra_price: false, prices_extra: [{ name: 'Zamzam box', value: 10, type: 'one_time' }] }),
    )
    expect(off.json().data.prices_extra).toEqual([])
  })

  it('makes the slug from the name, unique in the company, and keeps it on rename', async () => {
    const a = await create({ name: 'Bus Makkah' })
    const b = await create({ name: 'Bus  MAKKAH' })
    expect([a.slug, b.slug]).toEqual(['bus-makkah', 'bus-makkah-2'])
    const renamed = await api('PUT', `/transportations/${a.id}`, body({ name: 'Bus Makkah Madinah' }))
    expect(renamed.json().data.slug).toBe('bus-makkah')
    // Another company may use the same slug.
    const foreign = await api('POST', '/transportations', body({ name: 'Bus Makkah', location_id: theirs.locations[0] }), other)
    expect(foreign.json().data.slug).toBe('bus-makkah')
  })

  it('sanitizes the rich text to the editor tags', async () => {
    const row = await create({
      name: 'Sanitized',
      content: '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
    })
    expect(row.content).toBe('<p>Hi <a>x</a></p>')
  })

  it('accepts the multipart form: lists as JSON text, numbers as text, repeated gallery files and a featured image', async () => {
    const png = await makeImage('png')
    const text: Record<string, string> = {
      name: 'Multipart Van',
      status: 'draft',
      is_featured: 'false',
      min_reservation: '0',
      max_day: '2',
      price: '1250.50',
      sale_price: '',
      location_id: String(mine.locations[1]),
      real_address: 'Misfalah, Makkah',
      lat: '21.41',
      long: '39.82',
      zoom: '14',
      faqs: JSON.stringify([{ title: 'Seats?', content: 'Seven seats.' }]),
      attributes_list: JSON.stringify([mine.attribute.transportation]),
    }
    const files: FormPart[] = [
      { name: 'featured_image', value: await makeImage('jpeg'), filename: 'front.jpg', contentType: 'image/jpeg' },
      ...[0, 1].map((i) => ({ name: 'gallery', value: png, filename: `inside${i}.png`, contentType: 'image/png' })),
    ]
    const form = multipart([...Object.entries(text).map(([name, value]) => ({ name, value })), ...files])
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/transportations',
      headers: { ...owner.headers, ...form.headers },
      payload: form.payload,
    })
    expect(res.statusCode, res.body).toBe(200)
    const row = res.json().data
    expect(row).toMatchObject({ price: 1250.5, sale_price: null, faqs: [{ title: 'Seats?' }] })
    expect(row.featured_image).toMatch(/^[a-f0-9]{32}\.jpg$/)
    expect(row.gallery).toEqual([expect.stringMatching(/^[a-f0-9]{32}\.png$/), expect.stringMatching(/^[a-f0-9]{32}\.png$/)])
    // An edit sends the names it keeps as text parts: one image removed, the featured image kept.
    const edit = multipart([
      ...Object.entries({ ...text, featured_image: row.featured_image }).map(([name, value]) => ({ name, value })),
      { name: 'gallery', value: row.gallery[1] },
    ])
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/transportations/${row.id}`,
      headers: { ...owner.headers, ...edit.headers },
      payload: edit.payload,
    })
    expect(put.statusCode, put.body).toBe(200)
    expect(put.json().data).toMatchObject({ gallery: [row.gallery[1]], featured_image: row.featured_image })
  })

  it('refuses a multipart form with broken JSON text: 422 on the field, no vehicle and no stored upload', async () => {
    const before = { ...(await counts()), uploads: await uploadCount() }
    const form = multipart([
      ...Object.entries({ ...body(), name: 'Broken Form', faqs: '[{"title":' }).map(([name, value]) => ({
        name,
        value: String(value),
      })),
      { name: 'featured_image', value: await makeImage('jpeg'), filename: 'front.jpg', contentType: 'image/jpeg' },
    ])
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/transportations',
      headers: { ...owner.headers, ...form.headers },
      payload: form.payload,
    })
    expect(res.statusCode, res.body).toBe(422)
    expect(res.json()).toEqual({ message: expect.any(String), errors: { faqs: [expect.any(String)] } })
    expect({ ...(await counts()), uploads: await uploadCount() }).toEqual(before)
  })
})

describe('transportations: refused input leaves nothing behind', () => {
  it.each([
    [
      'a FAQ without a title',
      {
        faqs: [
          { title: 'Ok', content: 'Fine.' },
          { title: '', content: 'No title' },
        ],
      },
      'faqs.1.title',
    ],
    ['an attribute of another company', () => ({ attributes_list: [theirs.attribute.transportation] }), 'attributes_list'],
    ['a location of another company', () => ({ location_id: theirs.locations[0] }), 'location_id'],
    ['a sale_price above the price', { price: 100, sale_price: 100.01 }, 'sale_price'],
    ['broken JSON text', { faqs: '[{' }, 'faqs'],
  ] as Array<[string, Record<string, unknown> | (() => Record<string, unknown>), string]>)(
    'refuses %s with 422 on the field and writes nothing',
    async (_what, change, field) => {
      const before = await counts()
      const res = await api('POST', '/transportations', {
        ...body({
          faqs: [{ title: 'Kept?', content: 'No.' }],
          extra_price: true,
          prices_extra: [{ name: 'Xtra', value: 1, type: 'one_time' }],
        }),
        ...(typeof change === 'function' ? change() : change),
      })
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json().errors[field], res.body).toEqual([expect.any(String)])
      expect(await counts()).toEqual(before)
    },
  )

  it('refuses an attribute list failing on update and keeps the old lists', async () => {
    const row = await create({
      name: 'Keep lists',
      faqs: [{ title: 'Qs', content: 'Answer' }],
      attributes_list: [mine.attribute.transportation],
    })
    const res = await api(
      'PUT',
      `/transportations/${row.id}`,
      body({ name: 'Changed', faqs: [], attributes_list: [mine.attribute.room] }),
    )
    expect(res.statusCode).toBe(422)
    const kept = (await api('GET', `/transportations/${row.id}`)).json().data
    expect(kept).toMatchObject({ name: 'Keep lists', faqs: [{ title: 'Qs' }], attributes_list: [mine.attribute.transportation] })
  })

  it('has the database refuse a sale price above the price and a negative price on its own', async () => {
    const row = await create({ name: 'Db checks' })
    await expect(
      t.app.db.update(transportations).set({ sale_price: 9999 }).where(eq(transportations.id, row.id)),
    ).rejects.toThrow()
    await expect(
      t.app.db.update(transportations).set({ price: -1, sale_price: null }).where(eq(transportations.id, row.id)),
    ).rejects.toThrow()
    await expect(
      t.app.db
        .insert(transportationPricesExtra)
        .values({ transportation_id: row.id, position: 0, name: 'x', value: -1, type: 'one_time' }),
    ).rejects.toThrow()
  })
})

describe('transportations: references', () => {
  it('blocks deleting a location a vehicle uses with 409 and the count, then allows it', async () => {
    const place = (
      await api('POST', '/locations', {
        name: 'Used Place',
        description: '<p>Used</p>',
        status: 'publish',
        lat: 1,
        long: 1,
        zoom: 5,
      })
    ).json().data
    const a = await create({ name: 'User one', location_id: place.id })
    const b = await create({ name: 'User two', location_id: place.id })
    const res = await api('DELETE', `/locations/${place.id}`)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toContain('2')
    await api('DELETE', `/transportations/${a.id}`)
    await api('DELETE', `/transportations/${b.id}`)
    expect((await api('DELETE', `/locations/${place.id}`)).statusCode).toBe(200)
  })

  it('refuses to delete an attribute value a vehicle uses: 409 naming the vehicles (issue 31)', async () => {
    const row = await create({ name: 'Linked', attributes_list: [mine.radio.transportation[1]] })
    const res = await api('DELETE', `/attributes/${mine.radio.transportation[1]}`)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('Still in use (Transportation: 1); remove or change those first.')
    expect((await api('GET', `/transportations/${row.id}`)).json().data.attributes_list).toEqual([mine.radio.transportation[1]])
    await api('DELETE', `/transportations/${row.id}`)
  })

  it('filters the list by status and location, with totals that agree', async () => {
    for (const q of ['status=publish', 'status=draft', `location_id=${mine.locations[0]}`, '']) {
      const all = (await api('GET', `/transportations?${q}&export_data=true`)).json().data as Row[]
      expect((await api('GET', `/transportations?${q}&size=1`)).json().pagination.total).toBe(all.length)
    }
    expect((await api('GET', '/transportations?status=archived')).statusCode).toBe(422)
  })
})
