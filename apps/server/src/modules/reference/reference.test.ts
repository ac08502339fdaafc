import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  REFERENCE_RESOURCES,
  REFERENCE_SORTABLE,
  ATTRIBUTE_SORTABLE,
  GROUP_ATTRIBUTE_SORTABLE,
  GROUP_ATTRIBUTE_TYPES,
} from '@app/shared'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createCompany, createUserWithPermissions, type Actor } from '../../../test/helpers/fixtures.js'

/**
 * One table-driven suite for every reference resource (STYLE "Tests"): the
 * list contract, CRUD, conflicts, bad input, permissions, tenancy and export.
 * Each resource's own rules follow at the end of the file.
 */

let t: TestApp
let owner: Actor
let other: Actor
let groupId: number
let otherGroupId: number

type Row = Record<string, unknown> & { id: number; name: string }

interface Case {
  name: string
  entity: string
  sortable: readonly string[]
  /** A valid create body for the i-th row of the seeded list. */
  body: (i: number, label: string) => Record<string, unknown>
  /** Fields with a unique index (409 'Name in Used'). */
  unique: Array<'name' | 'slug'>
  exportHeader: string
  /** Extra bodies that must be refused with 422 on the given field. */
  invalid: Array<[string, Record<string, unknown>, string]>
}

const pad = (i: number) => String(i).padStart(2, '0')

const referenceCases: Case[] = REFERENCE_RESOURCES.map(({ name, entity }) => ({
  name,
  entity,
  sortable: REFERENCE_SORTABLE,
  body: (i, label) => ({
    name: `${label} ${pad(i)}`,
    slug: `${label.toLowerCase()}-${pad(i)}`,
    description: `About ${label} ${pad(i)}`,
    is_active: i % 3 !== 0,
  }),
  unique: ['name', 'slug'],
  exportHeader: 'id,name,slug,description,is_active,created_at',
  invalid: [
    ['slug missing', { slug: undefined }, 'slug'],
    ['slug of one character', { slug: 'a' }, 'slug'],
    ['slug with nothing to keep', { slug: '!!!' }, 'slug'],
    ['description of one character', { description: 'x' }, 'description'],
  ],
}))

const cases: Case[] = [
  ...referenceCases,
  {
    name: 'group_attributes',
    entity: 'group_attribute',
    sortable: GROUP_ATTRIBUTE_SORTABLE,
    body: (i, label) => ({
      name: `${label} ${pad(i)}`,
      type: GROUP_ATTRIBUTE_TYPES[i % 3],
      option_type: i % 2 ? 'checkbox' : 'radio',
      is_active: i % 3 !== 0,
    }),
    unique: ['name'],
    exportHeader: 'id,name,type,option_type,is_active,created_at',
    invalid: [
      ['an unknown type', { type: 'plane' }, 'type'],
      ['type missing', { type: undefined }, 'type'],
      ['an unknown option_type', { option_type: 'dropdown' }, 'option_type'],
    ],
  },
  {
    name: 'attributes',
    entity: 'attribute',
    sortable: ATTRIBUTE_SORTABLE,
    body: (i, label) => ({
      name: `${label} ${pad(i)}`,
      slug: `${label.toLowerCase()}-${pad(i)}`,
      description: `About ${label} ${pad(i)}`,
      is_active: i % 3 !== 0,
      group_id: groupId,
    }),
    unique: ['slug'],
    exportHeader: 'id,name,slug,description,is_active,created_at,group',
    invalid: [
      ['group_id missing', { group_id: undefined }, 'group_id'],
      ['group_id as text', { group_id: 'one' }, 'group_id'],
      ['group_id of a missing group', { group_id: 999_999 }, 'group_id'],
      ['group_id of another company', { group_id: -1 }, 'group_id'],
      ['description of one character', { description: 'x' }, 'description'],
    ],
  },
]

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Actor = owner, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`.replace(/ /g, '%20'),
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
  groupId = (await api('POST', '/group_attributes', owner, { name: 'Room amenities', type: 'room' })).json().data.id
  otherGroupId = (await api('POST', '/group_attributes', other, { name: 'Foreign group', type: 'room' })).json().data.id
})
afterAll(() => t?.close())

describe.each(cases)('$name', (c) => {
  const label = `Item${c.name.slice(0, 4)}`
  const resolve = (body: Record<string, unknown>) => (body.group_id === -1 ? { ...body, group_id: otherGroupId } : body)
  let rows: Row[] = []
  let foreignId: number

  beforeAll(async () => {
    rows = []
    for (let i = 1; i <= 30; i++) {
      const res = await api('POST', `/${c.name}`, owner, c.body(i, label))
      expect(res.statusCode, res.body).toBe(200)
      rows.push(res.json().data)
    }
    const foreign = await api('POST', `/${c.name}`, other, { ...c.body(1, label), group_id: otherGroupId })
    expect(foreign.statusCode, foreign.body).toBe(200)
    foreignId = foreign.json().data.id
  })

  const list = async (query: string, who: Actor = owner) => {
    const res = await api('GET', `/${c.name}?${query}`, who)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { data: Row[]; pagination: Record<string, number> }
  }
  // Rows of this case only (group_attributes also holds the groups made in beforeAll).
  const mine = `search=${label}`

  it('answers a page with the pagination block, newest first by default', async () => {
    const body = await list(`${mine}&page=1&size=10`)
    expect(body.data).toHaveLength(10)
    expect(body.pagination).toEqual({ total: 30, currentPage: 1, currentPageFront: 2, totalPages: 2, totalPagesFront: 3 })
    expect(body.data[0]!.name).toBe(`${label} 20`)
    expect(body.data[0]).not.toHaveProperty('company_id')
    expect(body.data[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT/)
  })

  it('searches names case-insensitively (contains)', async () => {
    const body = await list(`search=${label.toUpperCase()} 1&size=100`)
    expect(body.data.map((r) => r.name).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `${label} 1${i}`))
    // A page past the end still knows the total.
    const past = await list(`search=${label} 1&page=5&size=5`)
    expect(past.data).toEqual([])
    expect(past.pagination).toMatchObject({ total: 10, currentPage: 5, totalPagesFront: 2 })
    expect((await list('search=%25')).pagination.total).toBe(0)
    expect((await list(`search=${label} 0_`)).pagination.total).toBe(0)
  })

  it.each(c.sortable.map((key) => [key]))('sorts by %s both ways', async (key) => {
    const value = (r: Row) => (key === 'group' ? (r.group as Row).name : r[key])
    for (const dir of ['asc', 'desc'] as const) {
      const body = await list(`${mine}&sort_by=${key}&order_by=${dir}&size=100`)
      expect(body.data).toHaveLength(30)
      const values = body.data.map(value)
      const sorted = [...values].sort((a, b) => {
        const x = String(a)
        const y = String(b)
        return x < y ? -1 : x > y ? 1 : 0
      })
      expect(values).toEqual(dir === 'asc' ? sorted : sorted.reverse())
    }
  })

  it('filters by is_active and answers every active row for lookups', async () => {
    const body = await list(`${mine}&is_active=true&export_data=true`)
    expect(body.data).toHaveLength(20)
    expect(body.data.every((r) => r.is_active === true)).toBe(true)
    expect((await list(`${mine}&is_active=0`)).pagination.total).toBe(10)
  })

  it.each([
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['size=0', 'size'],
    ['size=101', 'size'],
    ['sort_by=company_id', 'sort_by'],
    ['sort_by=description', 'sort_by'],
    ['order_by=sideways', 'order_by'],
    ['is_active=maybe', 'is_active'],
    ['export_data=perhaps', 'export_data'],
  ])('refuses the list query %s with 422 on %s', async (query, field) => {
    const res = await api('GET', `/${c.name}?${query}`)
    expect(res.statusCode).toBe(422)
    expect(res.json().errors[field]).toEqual([expect.any(String)])
  })

  it('creates, reads, updates and deletes a row', async () => {
    const body = c.body(99, 'Fresh')
    const created = await api('POST', `/${c.name}`, owner, body)
    expect(created.statusCode, created.body).toBe(200)
    const row = created.json().data as Row
    expect(row).toMatchObject({ ...body, name: 'Fresh 99' })
    const read = await api('GET', `/${c.name}/${row.id}`)
    expect(read.json().data).toEqual(row)
    const updated = await api('PUT', `/${c.name}/${row.id}`, owner, { ...body, id: row.id, name: 'Fresher 99', is_active: false })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json().data).toMatchObject({ id: row.id, name: 'Fresher 99', is_active: false })
    // Saving a row unchanged is not a clash with itself.
    expect((await api('PUT', `/${c.name}/${row.id}`, owner, { ...body, name: 'Fresher 99' })).statusCode).toBe(200)
    expect((await api('DELETE', `/${c.name}/${row.id}`)).statusCode).toBe(200)
    expect((await api('GET', `/${c.name}/${row.id}`)).statusCode).toBe(404)
    expect((await api('DELETE', `/${c.name}/${row.id}`)).statusCode).toBe(404)
  })

  it.each(c.unique.map((f) => [f]))('answers 409 Name in Used for a %s already used in the company', async (field) => {
    const fresh = c.body(77, 'Unique')
    const clash = { ...fresh, [field]: field === 'name' ? `${label} 05`.toUpperCase() : `${label}-05` }
    const res = await api('POST', `/${c.name}`, owner, clash)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ message: 'Name in Used', errors: { [field]: ['Name in Used'] } })
    // ...also when another row is renamed onto it,
    const target = rows[10]!
    const put = await api('PUT', `/${c.name}/${target.id}`, owner, { ...c.body(11, label), [field]: clash[field] })
    expect(put.statusCode).toBe(409)
    // ...but another company may use the same value.
    const foreign = await api('POST', `/${c.name}`, other, { ...clash, group_id: otherGroupId })
    expect(foreign.statusCode, foreign.body).toBe(200)
    await api('DELETE', `/${c.name}/${foreign.json().data.id}`, other)
  })

  it.each([
    ['name missing', { name: undefined }, 'name'],
    ['name blank', { name: '   ' }, 'name'],
    ['name of one character', { name: 'x' }, 'name'],
    ['name too long', { name: 'x'.repeat(192) }, 'name'],
    ['name as a number', { name: 5 }, 'name'],
    ['is_active as "maybe"', { is_active: 'maybe' }, 'is_active'],
    ...c.invalid,
  ] as Array<[string, Record<string, unknown>, string]>)(
    'refuses %s with 422 and a message for the field',
    async (_what, change, field) => {
      const body = resolve({ ...c.body(50, 'Bad'), ...change })
      const created = await api('POST', `/${c.name}`, owner, body)
      expect(created.statusCode, created.body).toBe(422)
      expect(created.json().errors[field]).toEqual([expect.any(String)])
      const updated = await api('PUT', `/${c.name}/${rows[0]!.id}`, owner, body)
      expect(updated.statusCode).toBe(422)
      expect(updated.json().errors[field]).toEqual([expect.any(String)])
    },
  )

  it('names the field in the chosen language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/${c.name}`,
      headers: { ...owner.headers, 'x-localization': 'id' },
      payload: { ...c.body(51, 'Bad'), name: '' },
    })
    expect(res.json().errors.name).toEqual(['Nama Wajib Diisi'])
  })

  it('checks the permission of every route', async () => {
    const id = rows[0]!.id
    const none = await createUserWithPermissions(t.app, owner.companyId, [])
    const reader = await createUserWithPermissions(t.app, owner.companyId, [`${c.entity}_list`])
    const viewer = await createUserWithPermissions(t.app, owner.companyId, [`${c.entity}_view`])
    const body = c.body(60, 'Perm')
    expect((await api('GET', `/${c.name}`, none)).statusCode).toBe(403)
    expect((await api('GET', `/${c.name}`, reader)).statusCode).toBe(200)
    expect((await api('GET', `/${c.name}/${id}`, reader)).statusCode).toBe(403)
    expect((await api('GET', `/${c.name}/${id}`, viewer)).statusCode).toBe(200)
    expect((await api('GET', `/${c.name}/export`, reader)).statusCode).toBe(403)
    expect((await api('POST', `/${c.name}`, reader, body)).statusCode).toBe(403)
    expect((await api('PUT', `/${c.name}/${id}`, viewer, body)).statusCode).toBe(403)
    expect((await api('DELETE', `/${c.name}/${id}`, viewer)).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/${c.name}` })).statusCode).toBe(401)
    for (const action of ['create', 'update', 'delete', 'export'])
      expect(t.app.apiRoutes.some((r) => r.url.startsWith(`/api/v1/${c.name}`) && r.access === `${c.entity}_${action}`)).toBe(
        true,
      )
  })

  it("answers 404 for another company's row and never lists it", async () => {
    expect((await api('GET', `/${c.name}/${foreignId}`)).statusCode).toBe(404)
    expect((await api('PUT', `/${c.name}/${foreignId}`, owner, resolve(c.body(61, 'Steal')))).statusCode).toBe(404)
    expect((await api('DELETE', `/${c.name}/${foreignId}`)).statusCode).toBe(404)
    expect((await api('GET', `/${c.name}/${foreignId}`, other)).statusCode).toBe(200)
    const all = await list('export_data=true&size=100')
    expect(all.data.some((r) => r.id === foreignId)).toBe(false)
  })

  it('exports every matching row as CSV with a dated file name', async () => {
    const res = await api('GET', `/${c.name}/export?format=csv&search=${label} 2`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${c.name}_table_${new Date().toISOString().slice(0, 10)}.csv"`,
    )
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe(c.exportHeader)
    expect(lines).toHaveLength(11)
    const row = rows[21]!
    const expected = c.exportHeader.split(',').map((h) => {
      const v = h === 'group' ? (row.group as Row).name : row[h]
      return String(v)
    })
    expect(lines).toContain(expected.join(','))
    expect((await api('GET', `/${c.name}/export?format=xlsx`)).statusCode).toBe(422)
  })
})

describe('reference lists', () => {
  it('normalizes a slug with spaces, upper case and accents', async () => {
    const res = await api('POST', '/categories', owner, {
      name: 'Café Deluxe',
      slug: '  Café DELUXE -- Room ',
      description: 'Fine',
      is_active: true,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.slug).toBe('cafe-deluxe-room')
    // The normalized form is what is unique.
    const again = await api('POST', '/categories', owner, {
      name: 'Cafe Deluxe 2',
      slug: 'CAFE deluxe room',
      description: 'Fine',
      is_active: true,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().errors).toEqual({ slug: ['Name in Used'] })
  })

  it('requires is_active to be a yes/no choice', async () => {
    const res = await api('POST', '/facilities', owner, { name: 'Pool', slug: 'pool', description: 'A pool' })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.is_active).toEqual(['Is Active is Required'])
  })
})

describe('attribute groups', () => {
  it('defaults option_type to checkbox and is_active to true', async () => {
    const res = await api('POST', '/group_attributes', owner, { name: 'Train class', type: 'train' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ name: 'Train class', type: 'train', option_type: 'checkbox', is_active: true })
  })

  it('filters by type, and refuses an unknown type filter', async () => {
    const body = (await api('GET', '/group_attributes?type=train&export_data=true')).json()
    expect(body.data.length).toBeGreaterThan(0)
    expect(body.data.every((r: Row) => r.type === 'train')).toBe(true)
    expect((await api('GET', '/group_attributes?type=plane')).statusCode).toBe(422)
  })

  it('refuses to delete a group that still has values, saying how many', async () => {
    const group = (await api('POST', '/group_attributes', owner, { name: 'Bus extras', type: 'transportation' })).json().data
    const values = []
    for (const name of ['Wi-Fi on board', 'Reclining seats'])
      values.push(
        (await api('POST', '/attributes', owner, { name, description: 'On the bus', is_active: true, group_id: group.id })).json()
          .data,
      )
    const refused = await api('DELETE', `/group_attributes/${group.id}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe('Still used by 2 row(s); remove those first.')
    for (const v of values) expect((await api('DELETE', `/attributes/${v.id}`)).statusCode).toBe(200)
    expect((await api('DELETE', `/group_attributes/${group.id}`)).statusCode).toBe(200)
  })
})

describe('attribute values', () => {
  let bus: Row
  let train: Row
  beforeAll(async () => {
    bus = (
      await api('POST', '/group_attributes', owner, { name: 'Bus seats', type: 'transportation', option_type: 'radio' })
    ).json().data
    train = (await api('POST', '/group_attributes', owner, { name: 'Carriage', type: 'train', is_active: false })).json().data
  })
  const create = (body: Record<string, unknown>) =>
    api('POST', '/attributes', owner, { description: 'Some text', is_active: true, group_id: bus.id, ...body })

  it('carries its group on every row', async () => {
    const res = await create({ name: 'Window seat', slug: 'window-seat' })
    expect(res.json().data).toMatchObject({ group_id: bus.id, group: { id: bus.id, name: 'Bus seats', type: 'transportation' } })
    const listed = (await api('GET', '/attributes?search=window seat')).json().data
    expect(listed[0].group).toEqual({ id: bus.id, name: 'Bus seats', type: 'transportation' })
  })

  it('makes the slug from the name when it is empty, unique within the company', async () => {
    const a = (await create({ name: 'Aisle Seat', slug: '' })).json().data
    const b = (await create({ name: 'Aisle  seat!', group_id: train.id })).json().data
    const c = (await create({ name: 'AISLE SEAT', slug: null })).json().data
    expect([a.slug, b.slug, c.slug]).toEqual(['aisle-seat', 'aisle-seat-2', 'aisle-seat-3'])
    // Keeping its own slug on update is not a clash.
    const same = await api('PUT', `/attributes/${a.id}`, owner, { ...a, slug: '' })
    expect(same.json().data.slug).toBe('aisle-seat')
    // A name with nothing to keep still gets a slug.
    expect((await create({ name: 'مقعد' })).json().data.slug).toBe('attribute')
    // A slug given explicitly must be free.
    expect((await create({ name: 'Other', slug: 'Aisle Seat' })).statusCode).toBe(409)
  })

  it('filters by group_id, by group type (group_name) and by is_active', async () => {
    await create({ name: 'Sleeper berth', group_id: train.id, is_active: false })
    const byGroup = (await api('GET', `/attributes?group_id=${train.id}&export_data=true`)).json().data
    expect(byGroup.length).toBeGreaterThan(0)
    expect(byGroup.every((r: Row) => r.group_id === train.id)).toBe(true)
    const transport = (await api('GET', '/attributes?group_name=transportation&is_active=true&export_data=true')).json().data
    expect(transport.length).toBeGreaterThan(0)
    expect(transport.every((r: Row) => (r.group as Row).type === 'transportation' && r.is_active)).toBe(true)
    expect((await api('GET', '/attributes?group_name=plane')).statusCode).toBe(422)
    expect((await api('GET', '/attributes?group_id=abc')).statusCode).toBe(422)
  })

  it('may move to another group of the company, not to a foreign one', async () => {
    const v = (await create({ name: 'Legroom' })).json().data
    const moved = await api('PUT', `/attributes/${v.id}`, owner, { ...v, group_id: train.id })
    expect(moved.json().data.group).toMatchObject({ id: train.id, type: 'train' })
    const foreign = await api('PUT', `/attributes/${v.id}`, owner, { ...v, group_id: otherGroupId })
    expect(foreign.statusCode).toBe(422)
    expect(foreign.json().errors).toEqual({ group_id: ['Group Attribute does not exist'] })
  })
})
