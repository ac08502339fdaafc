import { randomBytes } from 'node:crypto'
import { count, eq, getTableName, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOTEL_SORTABLE } from '@app/shared'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'
import { makeImage, multipart, type FormPart } from '../../../test/helpers/images.js'
import {
  hotelEducations,
  hotelExtraPrices,
  hotelFacilities,
  hotelHealths,
  hotelImages,
  hotelPolicies,
  hotels,
  hotelServicePrices,
  hotelServices,
  hotelTransportations,
  hotelTypes,
  roomAvailability,
  rooms,
  uploads,
} from '../../db/schema/index.js'

/**
 * Hotels' own rules (the list/CRUD/permission contract is in the shared
 * table-driven suite): every child list written with the hotel in one
 * transaction, stable child ids on update, references of the company only,
 * sanitized rich text, the spec's bad input, and what a delete takes along.
 */

let t: TestApp
let owner: Actor
let other: Actor
type Row = Record<string, unknown> & { id: number; name: string }
const ref: Record<string, number> = {}
const foreign: Record<string, number> = {}

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Actor = owner, lang = 'en') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, 'x-localization': lang },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

const post = async (url: string, payload: Record<string, unknown>, who: Actor = owner) => {
  const res = await api('POST', url, payload, who)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as Row
}

/** An upload of `who`'s company, recorded as the uploads module records one. */
async function imageOf(who: Actor) {
  const file_name = `${randomBytes(16).toString('hex')}.jpg`
  await t.app.db
    .insert(uploads)
    .values({ company_id: who.companyId, file_name, mime_type: 'image/jpeg', size: 10, width: 1, height: 1 })
  return file_name
}

async function referencesOf(who: Actor, into: Record<string, number>) {
  const tag = randomBytes(3).toString('hex')
  const refBody = (name: string) => ({
    name: `${name} ${tag}`,
    slug: `${name}-${tag}`,
    description: 'Reference row',
    is_active: true,
  })
  into.location = (
    await post(
      '/locations',
      { name: `Makkah ${tag}`, description: '<p>Kota</p>', status: 'publish', lat: 21.4, long: 39.8, zoom: 12 },
      who,
    )
  ).id
  into.location2 = (
    await post(
      '/locations',
      { name: `Madinah ${tag}`, description: '<p>Kota</p>', status: 'publish', lat: 24.4, long: 39.6, zoom: 12 },
      who,
    )
  ).id
  into.category = (await post('/categories', refBody('category'), who)).id
  into.service = (await post('/services', refBody('service'), who)).id
  into.service2 = (await post('/services', refBody('service2'), who)).id
  into.type = (await post('/types', refBody('type'), who)).id
  into.facility = (await post('/facilities', refBody('facility'), who)).id
}

const full = (over: Record<string, unknown> = {}) => ({
  name: 'Hotel Nur Al Haram',
  content: '<p>Dekat <strong>Masjidil Haram</strong></p>',
  youtube: 'https://www.youtube.com/watch?v=abc123',
  rating: 5,
  check_in: '14:00',
  check_out: '12:00',
  min_reservation: 1,
  max_stay: 2,
  price: 1234567.5,
  is_featured: true,
  status: 'publish',
  extra_price: true,
  prices_extra: [
    { name: 'Kasur Tambahan', value: 150, type: 'per_day', person_price: false },
    { name: 'Sarapan', value: 45.25, type: 'one_time', person_price: true },
  ],
  service_fee: true,
  service_prices: [
    {
      name: 'Pajak Kota',
      name_en: 'City Tax',
      description: 'Pajak',
      description_en: 'Tax',
      value: 5,
      type: 'percent',
      person_price: false,
    },
  ],
  hotel_policy: [
    { title: 'Check-in', description: 'Mulai pukul 14.00' },
    { title: 'Pembatalan', description: 'Gratis sampai 14 hari sebelumnya' },
  ],
  hotel_education: [{ name: 'Universitas Umm Al-Qura', description: 'Kampus', distance: 6.5, type: 'km' }],
  hotel_transportation: [{ name: 'Halte Ajyad', description: null, distance: 250, type: 'm' }],
  hotel_health: [{ name: 'RS Ajyad', description: 'IGD', distance: 400, type: 'm' }],
  services: [ref.service, ref.service2],
  types: [ref.type],
  facilities: [ref.facility],
  category_id: ref.category,
  location_id: ref.location,
  real_address: 'Jl. Ibrahim Al Khalil, Ajyad',
  lat: 21.4197,
  long: 39.8256,
  zoom: 16,
  ...over,
})

/** Rows of every table a hotel write touches, to prove a refused write left nothing behind. */
const childCounts = async () => {
  const tables = [
    hotels,
    hotelPolicies,
    hotelExtraPrices,
    hotelServicePrices,
    hotelEducations,
    hotelTransportations,
    hotelHealths,
    hotelServices,
    hotelTypes,
    hotelFacilities,
    hotelImages,
  ]
  const out: Record<string, number> = {}
  for (const table of tables) {
    const name = getTableName(table)
    const res = (await t.app.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`)) as unknown as {
      rows: Array<{ n: number }>
    }
    out[name] = Number(res.rows[0]!.n)
  }
  return out
}

/** A valid body for the other company: its own references. */
const theirs = (over: Record<string, unknown> = {}) =>
  full({
    location_id: foreign.location,
    category_id: foreign.category,
    services: [foreign.service],
    types: [foreign.type],
    facilities: [foreign.facility],
    ...over,
  })

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
  await referencesOf(owner, ref)
  await referencesOf(other, foreign)
})
afterAll(() => t?.close())

describe('hotels: one hotel with every section', () => {
  it('creates a hotel with every list and answers the spec shape', async () => {
    const gallery = [await imageOf(owner), await imageOf(owner), await imageOf(owner)]
    const featured = await imageOf(owner)
    const hotel = await post('/hotels', full({ gallery_images: gallery, featured_image: featured, banner_image: null }))
    expect(hotel).toMatchObject({
      name: 'Hotel Nur Al Haram',
      slug: 'hotel-nur-al-haram',
      location_id: ref.location,
      location: { id: ref.location, name: expect.stringMatching(/^Makkah /) },
      category: { id: ref.category, name: expect.stringMatching(/^category /) },
      rating: 5,
      check_in: '14:00',
      check_out: '12:00',
      price: 1234567.5,
      is_featured: true,
      status: 'publish',
      extra_price: true,
      service_fee: true,
      meta_title: 'Hotel Nur Al Haram',
      meta_description: 'Hotel Nur Al Haram',
      services: [ref.service, ref.service2].sort((a, b) => a! - b!),
      types: [ref.type],
      facilities: [ref.facility],
      gallery_images: gallery,
      featured_image: featured,
      banner_image: null,
    })
    expect(hotel.policies).toEqual([
      { id: expect.any(Number), title: 'Check-in', description: 'Mulai pukul 14.00' },
      { id: expect.any(Number), title: 'Pembatalan', description: 'Gratis sampai 14 hari sebelumnya' },
    ])
    expect(hotel.prices_extra).toEqual([
      { id: expect.any(Number), name: 'Kasur Tambahan', value: 150, type: 'per_day', person_price: false },
      { id: expect.any(Number), name: 'Sarapan', value: 45.25, type: 'one_time', person_price: true },
    ])
    expect(hotel.service_prices).toMatchObject([{ name: 'Pajak Kota', name_en: 'City Tax', value: 5, type: 'percent' }])
    expect(hotel.educations).toMatchObject([{ name: 'Universitas Umm Al-Qura', distance: 6.5, type: 'km' }])
    expect(hotel.transportations).toMatchObject([{ name: 'Halte Ajyad', description: null, distance: 250, type: 'm' }])
    expect(hotel.healths).toMatchObject([{ name: 'RS Ajyad', distance: 400, type: 'm' }])
    expect((await api('GET', `/hotels/${hotel.id}`)).json().data).toEqual(hotel)
  })

  it('takes the lists as JSON text and flags as form text (the multipart shape)', async () => {
    const res = await api(
      'POST',
      '/hotels',
      full({
        name: 'Hotel Form Text',
        hotel_policy: JSON.stringify([{ title: 'Anak', description: 'Gratis di bawah 6 tahun' }]),
        services: JSON.stringify([ref.service]),
        hotel_health: JSON.stringify([]),
        prices_extra: JSON.stringify([{ name: 'Kasur', value: '150.5', type: 'per_day', person_price: 'true' }]),
        extra_price: 'true',
        is_featured: 'false',
        rating: '4',
        price: '1500.75',
        location_id: ref.location, // an id in a JSON body is a JSON integer (issue 31); a form's id text is the multipart test's
        lat: '21.4',
        long: '39.8',
        zoom: '15',
        min_reservation: '0',
        max_stay: '3',
      }),
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({
      rating: 4,
      price: 1500.75,
      is_featured: false,
      services: [ref.service],
      healths: [],
      policies: [{ title: 'Anak' }],
      prices_extra: [{ name: 'Kasur', value: 150.5, person_price: true }],
    })
  })

  it('accepts the answer names of the lists on write (policies, educations…)', async () => {
    const { hotel_policy: _p, hotel_education: _e, ...rest } = full({ name: 'Hotel Answer Names' })
    const hotel = await post('/hotels', {
      ...rest,
      policies: [{ title: 'Umum', description: 'Dilarang merokok' }],
      educations: [],
    })
    expect(hotel.policies).toMatchObject([{ title: 'Umum' }])
    expect(hotel.educations).toEqual([])
  })

  it('updates each list as a whole, keeping the ids of entries sent back', async () => {
    const hotel = await post('/hotels', full({ name: 'Hotel Stable Ids' }))
    const [checkIn, cancel] = hotel.policies as Row[]
    const res = await api(
      'PUT',
      `/hotels/${hotel.id}`,
      full({
        id: hotel.id,
        name: 'Hotel Stable Ids Renamed',
        hotel_policy: [
          { ...cancel, description: 'Gratis sampai 7 hari' },
          { title: 'Baru', description: 'Kebijakan baru' },
        ],
        services: [ref.service2],
      }),
    )
    expect(res.statusCode, res.body).toBe(200)
    const saved = res.json().data
    expect(saved.policies.map((p: Row) => p.id)).toEqual([cancel!.id, expect.any(Number)])
    expect(saved.policies[1].id).not.toBe(checkIn!.id)
    expect(saved.policies[0].description).toBe('Gratis sampai 7 hari')
    expect(saved.services).toEqual([ref.service2])
    // Renaming keeps the slug (stable links).
    expect(saved.slug).toBe('hotel-stable-ids')
    // A list left out stays as it is; a list behind a switch turned off is emptied.
    const { hotel_policy: _p, ...withoutPolicies } = full({ name: 'Hotel Stable Ids', extra_price: false, service_fee: 'false' })
    const kept = (await api('PUT', `/hotels/${hotel.id}`, withoutPolicies)).json().data
    expect(kept.policies).toHaveLength(2)
    expect(kept.prices_extra).toEqual([])
    expect(kept.service_prices).toEqual([])
    expect(kept.extra_price).toBe(false)
  })

  it('refuses an entry id of another hotel as if it did not exist', async () => {
    const a = await post('/hotels', full({ name: 'Hotel A Ids' }))
    const b = await post('/hotels', full({ name: 'Hotel B Ids' }))
    const stolen = (a.policies as Row[])[0]!
    const res = await api('PUT', `/hotels/${b.id}`, full({ name: 'Hotel B Ids', hotel_policy: [stolen] }))
    expect(res.statusCode).toBe(422)
    expect(Object.keys(res.json().errors)).toEqual(['hotel_policy.0.id'])
  })

  it('defaults meta fields to the name, keeps given ones, and makes unique slugs per company', async () => {
    const a = await post('/hotels', full({ name: 'Hotel Zamzam', meta_title: '', meta_description: null }))
    const b = await post('/hotels', full({ name: 'HOTEL zamzam!', meta_title: 'Zamzam', meta_description: 'Dekat Haram' }))
    const c = await post('/hotels', theirs({ name: 'Hotel Zamzam' }), other)
    expect([a.slug, b.slug, c.slug]).toEqual(['hotel-zamzam', 'hotel-zamzam-2', 'hotel-zamzam'])
    expect([a.meta_title, a.meta_description]).toEqual(['Hotel Zamzam', 'Hotel Zamzam'])
    expect([b.meta_title, b.meta_description]).toEqual(['Zamzam', 'Dekat Haram'])
    const clash = await api('POST', '/hotels', full({ name: 'Other', slug: ' Hotel Zamzam ' }))
    expect(clash.statusCode).toBe(409)
    expect(clash.json().errors).toHaveProperty('slug')
  })

  it('stores rich text sanitized: no script, no handlers, no javascript: links', async () => {
    const hotel = await post(
      '/hotels',
      full({
        name: 'Hotel Sanitized',
        content:
          '<p onclick="x()">Halo<script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">klik</a> <a href="https://example.com" target="_blank">situs</a></p>',
      }),
    )
    const content = String(hotel.content)
    expect(content).not.toMatch(/script|onerror|onclick|javascript:|<img/i)
    expect(content).toContain('Halo')
    expect(content).toContain('href="https://example.com"')
    expect(content).toContain('rel="noopener noreferrer nofollow"')
  })
})

describe('hotels: bad input answers 4xx and writes nothing', () => {
  const cases: Array<[string, Record<string, unknown> | (() => Record<string, unknown>), string]> = [
    ['a price of -1', { price: -1 }, 'price'],
    ['a price of 1e309', { price: '1e309' }, 'price'],
    ['a price sent raw as 12.345,67', { price: '12.345,67' }, 'price'],
    ['a price of 15 digits', { price: 123456789012345 }, 'price'],
    ['a rating of 0', { rating: 0 }, 'rating'],
    ['a rating of 6', { rating: 6 }, 'rating'],
    ['a check-out of 25:00', { check_out: '25:00' }, 'check_out'],
    ['a check-in of 7pm', { check_in: '7pm' }, 'check_in'],
    ['an extra price of an unknown type', { prices_extra: [{ name: 'Kasur', value: 1, type: 'weekly' }] }, 'prices_extra.0.type'],
    [
      'a service fee of an unknown type',
      { service_prices: [{ name: 'Pajak', value: 1, type: 'ratio' }] },
      'service_prices.0.type',
    ],
    ['a percent fee of 150', { service_prices: [{ name: 'Pajak', value: 150, type: 'percent' }] }, 'service_prices.0.value'],
    ['a surroundings unit of mi', { hotel_health: [{ name: 'RS', distance: 1, type: 'mi' }] }, 'hotel_health.0.type'],
    ['a negative distance', { hotel_education: [{ name: 'Kampus', distance: -1, type: 'km' }] }, 'hotel_education.0.distance'],
    ['a policy without description', { hotel_policy: [{ title: 'Check-in', description: '' }] }, 'hotel_policy.0.description'],
    ['hotel_policy that is not JSON', { hotel_policy: '[{"title":' }, 'hotel_policy'],
    ['services that are not JSON', { services: '[1,2' }, 'services'],
    ['6 gallery images', { gallery_images: Array.from({ length: 6 }, (_, i) => `${'a'.repeat(31)}${i}.jpg`) }, 'gallery_images'],
    ['a service of another company', () => ({ services: [ref.service, foreign.service] }), 'services'],
    ['a type of another company', () => ({ types: [foreign.type] }), 'types'],
    ['a facility that does not exist', { facilities: [2_000_000_000] }, 'facilities'],
    ['a location of another company', () => ({ location_id: foreign.location }), 'location_id'],
    ['a category of another company', () => ({ category_id: foreign.category }), 'category_id'],
    ['a YouTube link to another site', { youtube: 'https://vimeo.com/12345' }, 'youtube'],
    ['a YouTube link that is javascript:', { youtube: 'javascript:alert(1)' }, 'youtube'],
    ['a YouTube link over http', { youtube: 'http://youtube.com/watch?v=1' }, 'youtube'],
    ['status archived', { status: 'archived' }, 'status'],
    [
      '1 000 policies',
      { hotel_policy: Array.from({ length: 1000 }, () => ({ title: 'Aturan', description: 'Isi aturan' })) },
      'hotel_policy',
    ],
    ['a latitude of 200', { lat: 200 }, 'lat'],
    ['no real address', { real_address: '' }, 'real_address'],
  ]
  it.each(cases)('refuses %s (422 on the field), on create and update', async (_label, change, field) => {
    const existing = await post('/hotels', full({ name: `Hotel Untouched ${randomBytes(3).toString('hex')}` }))
    const before = await childCounts()
    const body = full({ name: 'Hotel Bad', ...(typeof change === 'function' ? change() : change) })
    const res = await api('POST', '/hotels', body)
    expect(res.statusCode, res.body).toBe(422)
    expect(res.json().message).toEqual(expect.any(String))
    expect(Object.keys(res.json().errors)).toContain(field)
    const put = await api('PUT', `/hotels/${existing.id}`, body)
    expect(put.statusCode, put.body).toBe(422)
    expect(await childCounts()).toEqual(before)
    expect((await api('GET', `/hotels/${existing.id}`)).json().data).toEqual(existing)
  })

  it("refuses another company's image, on the field that names it", async () => {
    const mine = await imageOf(owner)
    const theirs = await imageOf(other)
    const res = await api('POST', '/hotels', full({ gallery_images: [mine, theirs], featured_image: theirs }))
    expect(res.statusCode).toBe(422)
    expect(Object.keys(res.json().errors).sort()).toEqual(['featured_image', 'gallery_images.1'])
  })

  it('says a missing or non-numeric price as the spec does, in both languages', async () => {
    const en = await api('POST', '/hotels', full({ price: 'abc' }))
    expect(en.json().errors.price).toEqual(['Price Must Be Set'])
    const id = await api('POST', '/hotels', full({ price: undefined }), owner, 'id')
    expect(id.json().errors.price).toEqual(['Harga Harus Ditetapkan'])
  })

  it('answers 404 for a hotel of another company, and 422 when the body id is another hotel', async () => {
    const their = await post('/hotels', theirs({ name: 'Their Hotel' }), other)
    expect((await api('GET', `/hotels/${their.id}`)).statusCode).toBe(404)
    expect((await api('PUT', `/hotels/${their.id}`, full())).statusCode).toBe(404)
    const mine = await post('/hotels', full({ name: 'Hotel Body Id' }))
    const res = await api('PUT', `/hotels/${mine.id}`, full({ id: mine.id + 1 }))
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toHaveProperty('id')
  })
})

describe('hotels: all or nothing', () => {
  it('leaves nothing when the write fails after the policies are written', async () => {
    const hotel = await post('/hotels', full({ name: 'Hotel Half Written' }))
    const before = await childCounts()
    // A failure between two lists: the extra prices are written after the policies.
    await t.app.db.execute(sql`CREATE FUNCTION fail_extra_prices() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'disk full (test)'; END $$`)
    await t.app.db.execute(sql`CREATE TRIGGER fail_extra_prices_trg BEFORE INSERT ON hotel_extra_prices
      FOR EACH STATEMENT EXECUTE FUNCTION fail_extra_prices()`)
    try {
      const created = await api('POST', '/hotels', full({ name: 'Hotel Never Saved' }))
      expect(created.statusCode).toBe(500)
      expect(created.json()).toEqual({ message: expect.any(String) })
      const updated = await api(
        'PUT',
        `/hotels/${hotel.id}`,
        full({ name: 'Hotel Half Written', hotel_policy: [{ title: 'Baru', description: 'Tidak tersimpan' }] }),
      )
      expect(updated.statusCode).toBe(500)
    } finally {
      await t.app.db.execute(sql`DROP TRIGGER fail_extra_prices_trg ON hotel_extra_prices`)
      await t.app.db.execute(sql`DROP FUNCTION fail_extra_prices()`)
    }
    expect(await childCounts()).toEqual(before)
    expect((await api('GET', `/hotels/${hotel.id}`)).json().data).toEqual(hotel)
    expect((await api('GET', '/hotels?search=never saved')).json().pagination.total).toBe(0)
  })
})

describe('hotels: the list', () => {
  it('filters by status, location, featured and category, and serves the room form lookup', async () => {
    const tag = randomBytes(3).toString('hex')
    await post(
      '/hotels',
      full({ name: `Filter ${tag} a`, status: 'draft', is_featured: false, location_id: ref.location2, category_id: null }),
    )
    await post('/hotels', full({ name: `Filter ${tag} b` }))
    const q = (extra: string) =>
      api('GET', `/hotels?search=filter ${tag}&${extra}`).then((r) => r.json().data.map((h: Row) => h.name))
    expect(await q('status=draft')).toEqual([`Filter ${tag} a`])
    expect(await q(`location_id=${ref.location2}`)).toEqual([`Filter ${tag} a`])
    expect(await q('is_featured=true')).toEqual([`Filter ${tag} b`])
    expect(await q(`category_id=${ref.category}`)).toEqual([`Filter ${tag} b`])
    const lookup = (await api('GET', '/hotels?export_data=true')).json()
    expect(lookup.data.length).toBe(lookup.pagination.total)
    for (const bad of ['status=archived', 'is_featured=maybe', 'location_id=abc', 'sort_by=content'])
      expect((await api('GET', `/hotels?${bad}`)).statusCode, bad).toBe(422)
    // Unsearched totals come from the counters and agree with the rows.
    const all = (await api('GET', '/hotels?export_data=true&status=draft')).json().data.length
    expect((await api('GET', '/hotels?status=draft&size=1')).json().pagination.total).toBe(all)
  })

  it('backs every sortable column with a (company_id, column) index', async () => {
    const res = (await t.app.db.execute(sql`SELECT indexdef FROM pg_indexes WHERE tablename = 'hotels'`)) as unknown as {
      rows: Array<{ indexdef: string }>
    }
    const defs = res.rows.map((r) => r.indexdef)
    // The location's name is kept on the hotel row (location_name) so its sort needs no join.
    const column = (key: string) => (key === 'location' ? 'location_name' : key)
    for (const key of HOTEL_SORTABLE)
      expect(
        defs.some((d) => new RegExp(`\\(company_id, ${column(key)}[,)]`).test(d)),
        `${key}: ${defs.join('\n')}`,
      ).toBe(true)
  })

  it("shows the location's new name after the location is renamed (kept on the hotel row)", async () => {
    const loc = await post('/locations', {
      name: 'Thaif',
      description: '<p>Kota</p>',
      status: 'publish',
      lat: 21.2,
      long: 40.4,
      zoom: 12,
    })
    const hotel = await post('/hotels', full({ name: 'Hotel Thaif', location_id: loc.id }))
    expect(hotel.location).toEqual({ id: loc.id, name: 'Thaif' })
    await api('PUT', `/locations/${loc.id}`, {
      name: 'Taif',
      slug: loc.slug,
      description: '<p>Kota</p>',
      status: 'publish',
      lat: 21.2,
      long: 40.4,
      zoom: 12,
    })
    const rows = (await api('GET', '/hotels?search=hotel thaif')).json().data
    expect(rows[0].location).toEqual({ id: loc.id, name: 'Taif' })
  })
})

describe('hotels: deletes', () => {
  it('deletes its rooms, their days, its lists and its links with it', async () => {
    const hotel = await post('/hotels', full({ name: 'Hotel To Delete', gallery_images: [await imageOf(owner)] }))
    const room = await post('/rooms', {
      hotel_id: hotel.id,
      name: 'Quad',
      code: 'QD',
      price: 100,
      min_stay: 1,
      is_active: true,
      room_stock: 5,
      beds: 4,
      room_size: 30,
      max_adult: 4,
      max_children: 0,
    })
    await api('POST', '/rooms_availibility', {
      room_id: room.id,
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      price: 1,
      capacity: 1,
      blocked: false,
    })
    expect((await api('DELETE', `/hotels/${hotel.id}`)).statusCode).toBe(200)
    const left = async (table: typeof rooms | typeof hotelPolicies | typeof hotelServices | typeof hotelImages) =>
      Number((await t.app.db.select({ n: count() }).from(table).where(eq(table.hotel_id, hotel.id)))[0]!.n)
    expect([await left(rooms), await left(hotelPolicies), await left(hotelServices), await left(hotelImages)]).toEqual([
      0, 0, 0, 0,
    ])
    const days = await t.app.db.select({ n: count() }).from(roomAvailability).where(eq(roomAvailability.room_id, room.id))
    expect(days[0]!.n).toBe(0)
  })

  it('refuses to delete a facility, service, type or category a hotel uses: 409 naming the hotels (issue 31)', async () => {
    const tag = randomBytes(3).toString('hex')
    const refBody = (name: string) => ({
      name: `${name} ${tag}`,
      slug: `${name}-${tag}`,
      description: 'Dipakai',
      is_active: true,
    })
    const facility = await post('/facilities', refBody('f'))
    const service = await post('/services', refBody('s'))
    const type = await post('/types', refBody('t'))
    const category = await post('/categories', refBody('c'))
    const hotel = await post(
      '/hotels',
      full({
        name: `Hotel Links ${tag}`,
        facilities: [facility.id, ref.facility],
        services: [service.id],
        types: [type.id],
        category_id: category.id,
      }),
    )
    const uses = [
      ['/facilities', facility.id],
      ['/services', service.id],
      ['/types', type.id],
      ['/categories', category.id],
    ] as const
    for (const [url, id] of uses) {
      const res = await api('DELETE', `${url}/${id}`)
      expect(res.statusCode, url).toBe(409)
      expect(res.json(), url).toEqual({ message: 'Still in use (Hotels: 1); remove or change those first.' })
    }
    const after = (await api('GET', `/hotels/${hotel.id}`)).json().data
    expect(after).toMatchObject({
      facilities: expect.arrayContaining([facility.id, ref.facility]),
      services: [service.id],
      types: [type.id],
      category_id: category.id,
    })
    // Once the hotel lets go of them, they can go.
    expect((await api('DELETE', `/hotels/${hotel.id}`)).statusCode).toBe(200)
    for (const [url, id] of uses) expect((await api('DELETE', `${url}/${id}`)).statusCode, url).toBe(200)
  })

  it('refuses to delete a location used by hotels: 409 naming what uses it and how many, in both languages', async () => {
    const loc = await post('/locations', {
      name: 'Jeddah',
      description: '<p>Kota</p>',
      status: 'publish',
      lat: 21.5,
      long: 39.2,
      zoom: 12,
    })
    await post('/hotels', full({ name: 'Hotel Jeddah 1', location_id: loc.id }))
    await post('/hotels', full({ name: 'Hotel Jeddah 2', location_id: loc.id }))
    const res = await api('DELETE', `/locations/${loc.id}`)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ message: 'Still in use (Hotels: 2); remove or change those first.' })
    const id = await api('DELETE', `/locations/${loc.id}`, undefined, owner, 'id')
    expect(id.json().message).toBe('Masih digunakan (Hotel: 2); hapus atau ubah data tersebut terlebih dahulu.')
    expect((await api('GET', `/locations/${loc.id}`)).statusCode).toBe(200)
  })
})

describe('hotels: the spec multipart form', () => {
  /** The spec's form (§7): text parts, lists as JSON text, repeated `gallery_images` files. */
  const formOf = (body: Record<string, unknown>, files: FormPart[]) =>
    multipart([
      ...Object.entries(body)
        .filter(([, v]) => v !== undefined && v !== null)
        .flatMap(([name, v]): FormPart[] =>
          Array.isArray(v) && name === 'gallery_images'
            ? v.map((value) => ({ name, value: String(value) }))
            : [{ name, value: typeof v === 'object' ? JSON.stringify(v) : String(v) }],
        ),
      ...files,
    ])
  const send = (method: 'POST' | 'PUT', url: string, form: ReturnType<typeof multipart>) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { ...owner.headers, ...form.headers }, payload: form.payload })

  it('creates a hotel from a multipart form with 3 gallery files, then edits it keeping 2 and adding none', async () => {
    const png = await makeImage('png')
    const gallery = [0, 1, 2].map((i) => ({
      name: 'gallery_images',
      value: png,
      filename: `g${i}.png`,
      contentType: 'image/png',
    }))
    const featured = { name: 'featured_image', value: await makeImage('jpeg'), filename: 'f.jpg', contentType: 'image/jpeg' }
    const res = await send('POST', '/hotels', formOf(full({ name: 'Hotel Multipart' }), [featured, ...gallery]))
    expect(res.statusCode, res.body).toBe(200)
    const hotel = res.json().data
    expect(hotel.gallery_images).toHaveLength(3)
    expect(hotel.featured_image).toMatch(/^[a-f0-9]{32}\.jpg$/)
    expect(hotel).toMatchObject({
      policies: [{ title: 'Check-in' }, { title: 'Pembatalan' }],
      services: [ref.service, ref.service2].sort((a, b) => a! - b!),
    })
    // Edit: the form sends the names it keeps as text parts (one removed), and the id.
    const [a, , c] = hotel.gallery_images as string[]
    const edit = await send(
      'PUT',
      `/hotels/${hotel.id}`,
      formOf(full({ id: hotel.id, name: 'Hotel Multipart', featured_image: hotel.featured_image, gallery_images: [a, c] }), []),
    )
    expect(edit.statusCode, edit.body).toBe(200)
    expect(edit.json().data.gallery_images).toEqual([a, c])
    expect(edit.json().data.featured_image).toBe(hotel.featured_image)
  })

  it('refuses a 6th gallery file and hotel_policy that is not JSON, writing nothing', async () => {
    const png = await makeImage('png')
    const before = await childCounts()
    const stored = async () => Number((await t.app.db.select({ n: count() }).from(uploads))[0]!.n)
    const uploadsBefore = await stored()
    const six = Array.from({ length: 6 }, (_, i) => ({
      name: 'gallery_images',
      value: png,
      filename: `g${i}.png`,
      contentType: 'image/png',
    }))
    const res = await send('POST', '/hotels', formOf(full({ name: 'Hotel Six' }), six))
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expect(res.statusCode).toBeLessThan(500)
    expect(res.json()).toMatchObject({ message: expect.any(String) })
    const bad = await send(
      'POST',
      '/hotels',
      formOf(full({ name: 'Hotel Bad Json', hotel_policy: undefined }), [{ name: 'hotel_policy', value: '[{"title":' }]),
    )
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors)).toEqual(['hotel_policy'])
    expect(await childCounts()).toEqual(before)
    // The files read before the refusal are not kept either.
    expect(await stored()).toBe(uploadsBefore)
  })
})

describe('hotels: the OpenAPI document', () => {
  it('documents the hotel body (JSON or multipart), the rooms and the room calendar', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    const post = doc.paths['/api/v1/hotels'].post
    expect(Object.keys(post.requestBody.content).sort()).toEqual(['application/json', 'multipart/form-data'])
    const one = doc.paths['/api/v1/hotels/{id}'].get.responses['200'].content['application/json'].schema
    expect(Object.keys(one.properties.data.properties)).toEqual(expect.arrayContaining(['policies', 'gallery_images', 'healths']))
    expect(doc.paths['/api/v1/rooms_availibility'].post).toBeDefined()
    expect(doc.paths['/api/v1/rooms/{id}'].put).toBeDefined()
  })
})
