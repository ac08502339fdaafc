import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'
import { multipart } from '../../../test/helpers/images.js'
import { locationGeneralInfo, locations, locationTripIdeas } from '../../db/schema/index.js'

/**
 * Locations' own rules (the list/CRUD/permission contract is in the shared
 * table-driven suite): lists written with the row, slugs, the parent tree,
 * rich text, and bad input that must leave nothing half-written.
 */

let t: TestApp
let owner: Actor
let other: Actor

type Row = Record<string, unknown> & { id: number; name: string }

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Mecca',
  slug: '',
  parent_id: null,
  description: '<p>The holy city</p>',
  description_en: '',
  status: 'publish',
  lat: 21.4225,
  long: 39.8262,
  zoom: 13,
  banner_image: null,
  featured_image: null,
  general_info: [],
  trip_ideas: [],
  ...over,
})

const create = async (over: Record<string, unknown> = {}, who: Actor = owner) => {
  const res = await api('POST', '/locations', body(over), who)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as Row
}

/** Rows in the three tables, to prove a refused write left nothing behind. */
const counts = async () => {
  const n = async (table: typeof locations | typeof locationGeneralInfo | typeof locationTripIdeas) =>
    Number((await t.app.db.select({ n: count() }).from(table))[0]!.n)
  return { locations: await n(locations), general_info: await n(locationGeneralInfo), trip_ideas: await n(locationTripIdeas) }
}

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
})
afterAll(() => t?.close())

describe('locations: lists written with the row', () => {
  it('creates a location with its general info and trip ideas in one answer', async () => {
    const res = await api(
      'POST',
      '/locations',
      body({
        name: 'Medina',
        general_info: [
          { title: 'Ziyarah', description: 'Historic sites', content: '<p>Quba</p>' },
          { title: 'Climate', description: '', content: '' },
        ],
        trip_ideas: [{ title: 'Quba Mosque', description: 'First mosque', link: 'https://example.com/quba', image: null }],
      }),
    )
    expect(res.statusCode, res.body).toBe(200)
    const row = res.json().data
    expect(row).toMatchObject({
      name: 'Medina',
      slug: 'medina',
      parent: null,
      status: 'publish',
      lat: 21.4225,
      long: 39.8262,
      zoom: 13,
      description: '<p>The holy city</p>',
      description_en: null,
      general_info: [
        { location_id: row.id, title: 'Ziyarah', description: 'Historic sites', content: '<p>Quba</p>' },
        { location_id: row.id, title: 'Climate', description: null, content: null },
      ],
      trip_ideas: [{ location_id: row.id, title: 'Quba Mosque', link: 'https://example.com/quba', image: null }],
    })
    expect((await api('GET', `/locations/${row.id}`)).json().data).toEqual(row)
  })

  it('answers list rows without long texts or lists, with the parent name', async () => {
    const country = await create({ name: 'Saudi Arabia', zoom: 5 })
    await create({ name: 'Jeddah', parent_id: country.id, status: 'draft' })
    const res = await api('GET', '/locations?search=jeddah')
    const [row] = res.json().data
    expect(Object.keys(row).sort()).toEqual(
      ['created_at', 'featured_image', 'id', 'lat', 'long', 'name', 'parent', 'parent_id', 'slug', 'status', 'zoom'].sort(),
    )
    expect(row.parent).toEqual({ id: country.id, name: 'Saudi Arabia' })
  })

  it('answers only published locations to the lookup ?status=publish&export_data=true', async () => {
    await create({ name: 'Draft Town', status: 'draft' })
    const res = await api('GET', '/locations?status=publish&export_data=true&sort_by=name&order_by=asc')
    expect(res.statusCode).toBe(200)
    const rows = res.json().data as Row[]
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.status === 'publish')).toBe(true)
    expect(rows.map((r) => r.name)).toEqual([...rows.map((r) => r.name)].sort())
    expect((await api('GET', '/locations?status=live')).statusCode).toBe(422)
    // Unsearched totals (read from the DB-kept counters) agree with the rows.
    for (const status of ['publish', 'draft']) {
      const all = (await api('GET', `/locations?status=${status}&export_data=true`)).json().data as Row[]
      expect((await api('GET', `/locations?status=${status}&size=1`)).json().pagination.total).toBe(all.length)
    }
    const every = (await api('GET', '/locations?export_data=true')).json().data as Row[]
    expect((await api('GET', '/locations?size=1')).json().pagination.total).toBe(every.length)
  })

  it('replaces the lists on update, drops blank entries, and keeps a list left out', async () => {
    const loc = (
      await api(
        'POST',
        '/locations',
        body({ name: 'Taif', general_info: [{ title: 'Roses' }, { title: 'Weather' }], trip_ideas: [{ title: 'Al Hada' }] }),
      )
    ).json().data
    const [roses] = loc.general_info
    const res = await api(
      'PUT',
      `/locations/${loc.id}`,
      body({
        name: 'Taif',
        slug: loc.slug,
        general_info: [{ title: '', description: '', content: '' }, { ...roses, title: 'Rose farms' }, { title: 'Souq' }],
        trip_ideas: [{ title: '', description: '', link: '', image: '' }],
      }),
    )
    expect(res.statusCode, res.body).toBe(200)
    const saved = res.json().data
    expect(saved.general_info.map((g: Row) => g.title)).toEqual(['Rose farms', 'Souq'])
    expect(saved.general_info[0].id).toBe(roses.id)
    expect(saved.trip_ideas).toEqual([])
    const { general_info: _g, trip_ideas: _t, ...rest } = body({ name: 'Taif', slug: loc.slug })
    const kept = await api('PUT', `/locations/${loc.id}`, rest)
    expect(kept.json().data.general_info).toHaveLength(2)
  })

  it('deletes its general info and trip ideas with it', async () => {
    const loc = await create({ name: 'Yanbu', general_info: [{ title: 'Coast' }], trip_ideas: [{ title: 'Diving' }] })
    expect((await api('DELETE', `/locations/${loc.id}`)).statusCode).toBe(200)
    const left = await t.app.db
      .select({ n: count() })
      .from(locationGeneralInfo)
      .where(eq(locationGeneralInfo.location_id, loc.id))
    expect(left[0]!.n).toBe(0)
    const ideas = await t.app.db.select({ n: count() }).from(locationTripIdeas).where(eq(locationTripIdeas.location_id, loc.id))
    expect(ideas[0]!.n).toBe(0)
  })
})

describe('locations: the OpenAPI document', () => {
  it('documents the body (JSON or multipart) and the list and one-row answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const post = doc.paths['/api/v1/locations'].post
    expect(Object.keys(post.requestBody.content).sort()).toEqual(['application/json', 'multipart/form-data'])
    expect(post.requestBody.content['application/json'].schema.properties).toHaveProperty('general_info')
    const list = doc.paths['/api/v1/locations'].get.responses['200'].content['application/json'].schema
    expect(Object.keys(list.properties.data.items.properties)).toContain('featured_image')
    const one = doc.paths['/api/v1/locations/{id}'].get.responses['200'].content['application/json'].schema
    expect(Object.keys(one.properties.data.properties)).toEqual(expect.arrayContaining(['general_info', 'trip_ideas']))
  })
})

describe('locations: slugs', () => {
  it('makes the slug from the name when empty, unique within the company', async () => {
    const a = await create({ name: 'Al Ula' })
    const b = await create({ name: 'AL-ULA!' })
    const c = await create({ name: 'Al-Ula', slug: null })
    expect([a.slug, b.slug, c.slug]).toEqual(['al-ula', 'al-ula-2', 'al-ula-3'])
    expect((await create({ name: 'Al Ula' }, other)).slug).toBe('al-ula')
    expect((await create({ name: 'مكة' })).slug).toBe('location')
    // Saving with its own slug again is not a clash.
    expect((await api('PUT', `/locations/${a.id}`, body({ name: 'Al Ula', slug: 'al-ula' }))).statusCode).toBe(200)
  })

  it('refuses a slug already used in the company with 409 on slug', async () => {
    await create({ name: 'Abha', slug: 'abha' })
    const res = await api('POST', '/locations', body({ name: 'Abha 2', slug: ' ABHA ' }))
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ message: 'Name in Used', errors: { slug: ['Name in Used'] } })
  })
})

describe('locations: the parent tree', () => {
  it('refuses the location itself, a descendant (a cycle) or another company’s location as parent', async () => {
    const a = await create({ name: 'Region A' })
    const b = await create({ name: 'City B', parent_id: a.id })
    const c = await create({ name: 'Quarter C', parent_id: b.id })
    const foreign = await create({ name: 'Foreign' }, other)
    const before = await counts()
    for (const parentId of [a.id, b.id, c.id]) {
      const res = await api('PUT', `/locations/${a.id}`, body({ name: 'Region A renamed', parent_id: parentId }))
      expect(res.statusCode).toBe(422)
      expect(res.json()).toEqual({
        message: 'The given data was invalid.',
        errors: { parent_id: ['Parent cannot be the location itself or one of its sub-locations'] },
      })
    }
    const res = await api('POST', '/locations', body({ name: 'Orphan', parent_id: foreign.id }))
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ parent_id: ['Parent does not exist'] })
    expect((await api('GET', `/locations/${a.id}`)).json().data).toMatchObject({ name: 'Region A', parent_id: null })
    expect(await counts()).toEqual(before)
    // Moving a leaf under a sibling branch is fine.
    const moved = await api('PUT', `/locations/${c.id}`, body({ name: 'Quarter C', slug: c.slug, parent_id: a.id }))
    expect(moved.json().data.parent).toEqual({ id: a.id, name: 'Region A' })
  })

  it('refuses to delete a location that sub-locations use, saying how many', async () => {
    const top = await create({ name: 'Hejaz' })
    await create({ name: 'Hejaz North', parent_id: top.id })
    await create({ name: 'Hejaz South', parent_id: top.id })
    const res = await api('DELETE', `/locations/${top.id}`)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('Still in use (Sub-locations: 2); remove or change those first.')
    expect((await api('GET', `/locations/${top.id}`)).statusCode).toBe(200)
  })
})

describe('locations: rich text', () => {
  it('keeps the editor’s tags and drops everything else', async () => {
    const loc = await create({
      name: 'Sanitized',
      description:
        '<h2 style="text-align: center; color: red">Title</h2><p onclick="x()">Hi <a href="javascript:alert(1)">x</a> <a href="https://a.example" target="_blank">y</a></p><script>alert(1)</script><img src=x onerror=alert(1)>',
      description_en: '<p>Fine <u>text</u></p><iframe src="https://evil.example"></iframe>',
      general_info: [{ title: 'Info', content: '<blockquote>Quote</blockquote><style>*{}</style><ul><li>One</li></ul>' }],
    })
    expect(loc.description).toBe(
      '<h2 style="text-align:center">Title</h2><p>Hi <a>x</a> <a href="https://a.example" target="_blank" rel="noopener noreferrer nofollow">y</a></p>',
    )
    expect(loc.description_en).toBe('<p>Fine <u>text</u></p>')
    expect((loc.general_info as Row[])[0]!.content).toBe('<blockquote>Quote</blockquote><ul><li>One</li></ul>')
  })

  it('refuses a description whose only content is markup that is not kept', async () => {
    for (const description of ['<p></p>', '<p> &nbsp; </p>', '<script>alert("hello there")</script>']) {
      const res = await api('POST', '/locations', body({ name: 'Empty text', description }))
      expect(res.statusCode, description).toBe(422)
      expect(res.json().errors).toEqual({ description: ['Description is Required'] })
    }
  })
})

describe('locations: bad input is a 4xx with the error shape, and nothing is half-written', () => {
  let target: Row
  beforeAll(async () => {
    target = await create({ name: 'Target', general_info: [{ title: 'Kept' }], trip_ideas: [{ title: 'Kept idea' }] })
  })

  it.each([
    ['general_info that is not JSON', { general_info: '[{"title": "x"' }, 'general_info'],
    ['general_info of the wrong shape (an object)', { general_info: '{"title":"Hotels"}' }, 'general_info'],
    [
      'general_info of the wrong shape (entries without title)',
      { general_info: [{ description: 'no title' }] },
      'general_info.0.title',
    ],
    [
      'general_info with 10,000 entries',
      { general_info: JSON.stringify(Array.from({ length: 10_000 }, (_, i) => ({ title: `Entry ${i}` }))) },
      'general_info',
    ],
    ['trip_ideas that is not JSON', { trip_ideas: 'not json' }, 'trip_ideas'],
    [
      'a trip idea link to javascript:',
      { trip_ideas: [{ title: 'Bad link', link: 'javascript:alert(1)' }] },
      'trip_ideas.0.link',
    ],
    ['a trip idea image with a path', { trip_ideas: [{ title: 'Bad image', image: '../../etc/passwd' }] }, 'trip_ideas.0.image'],
    ['latitude 200', { lat: 200 }, 'lat'],
    ['longitude -500', { long: -500 }, 'long'],
    ['zoom 40', { zoom: 40 }, 'zoom'],
    ['zoom 1.5', { zoom: 1.5 }, 'zoom'],
    ['latitude as text', { lat: 'abc' }, 'lat'],
    ['latitude missing', { lat: '' }, 'lat'],
    ['status live', { status: 'live' }, 'status'],
    ['a featured image with a path', { featured_image: '/etc/passwd' }, 'featured_image'],
    ['a banner image with an encoded path', { banner_image: '%2e%2e%2fx.jpg' }, 'banner_image'],
    ['a banner image with a NUL byte', { banner_image: 'a\u0000.jpg' }, 'banner_image'],
    ['a name of one character', { name: 'x' }, 'name'],
  ] as Array<[string, Record<string, unknown>, string]>)('refuses %s with 422 on the field', async (_what, change, field) => {
    const before = await counts()
    const created = await api('POST', '/locations', body({ name: 'Half written', ...change }))
    expect(created.statusCode, created.body).toBe(422)
    expect(created.json()).toEqual({ message: 'The given data was invalid.', errors: { [field]: [expect.any(String)] } })
    const updated = await api('PUT', `/locations/${target.id}`, body({ name: 'Changed', ...change }))
    expect(updated.statusCode).toBe(422)
    expect(updated.json().errors[field]).toEqual([expect.any(String)])
    expect(await counts()).toEqual(before)
    expect((await api('GET', `/locations/${target.id}`)).json().data).toMatchObject({
      name: 'Target',
      general_info: [{ title: 'Kept' }],
      trip_ideas: [{ title: 'Kept idea' }],
    })
  })

  it('says so in words for the coordinates and the list size', async () => {
    const res = await api('POST', '/locations', body({ lat: 200, long: -500, zoom: 40 }))
    expect(res.json().errors).toEqual({
      lat: ['Latitude must be at most 90'],
      long: ['Longitude must be at least -180'],
      zoom: ['Zoom must be at most 18'],
    })
    const many = await api(
      'POST',
      '/locations',
      body({ general_info: Array.from({ length: 51 }, (_, i) => ({ title: `E ${i}` })) }),
    )
    expect(many.json().errors).toEqual({ general_info: ['General Info must have at most 50 items'] })
    const broken = await api('POST', '/locations', body({ general_info: 'nope' }))
    expect(broken.json().errors).toEqual({ general_info: ['General Info is not valid JSON'] })
  })

  it("refuses an entry id of another location's list, leaving both as they were", async () => {
    const a = await create({ name: 'Owner A', general_info: [{ title: 'A info' }] })
    const before = await counts()
    const res = await api(
      'PUT',
      `/locations/${target.id}`,
      body({ name: 'Changed', general_info: [{ title: 'New' }, { id: (a.general_info as Row[])[0]!.id, title: 'Stolen' }] }),
    )
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ 'general_info.1.id': ['Id does not exist'] })
    expect(await counts()).toEqual(before)
    expect((await api('GET', `/locations/${a.id}`)).json().data.general_info).toMatchObject([{ title: 'A info' }])
    expect((await api('GET', `/locations/${target.id}`)).json().data.name).toBe('Target')
  })

  it('takes numbers and ids sent as form text; a JSON body sends ids as numbers (issue 31)', async () => {
    const parentRow = await create({ name: 'Form parent' })
    const fields = { name: 'Form child', lat: '21.5', long: '-39.25', zoom: '7', parent_id: String(parentRow.id) }
    const form = multipart(
      Object.entries({ ...body(), ...fields, general_info: '', trip_ideas: '' })
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([name, v]) => ({ name, value: typeof v === 'string' ? v : JSON.stringify(v) })),
    )
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { ...owner.headers, ...form.headers },
      payload: form.payload,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ lat: 21.5, long: -39.25, zoom: 7, parent_id: parentRow.id, general_info: [] })
    const json = await api('POST', '/locations', body({ ...fields, name: 'Json child', general_info: '' }))
    expect(json.statusCode).toBe(422)
    expect(Object.keys(json.json().errors)).toEqual(['parent_id'])
  })
})
