import { beforeAll, describe, expect, it } from 'vitest'
import {
  REFERENCE_RESOURCES,
  REFERENCE_SORTABLE,
  ATTRIBUTE_SORTABLE,
  GROUP_ATTRIBUTE_SORTABLE,
  GROUP_ATTRIBUTE_TYPES,
} from '@app/shared'
import { crudSuite, pad, type CrudCase, type Row } from '../../../test/helpers/crud-suite.js'
import type { Actor } from '../../../test/helpers/fixtures.js'

/**
 * Reference resources in the shared table-driven suite (test/helpers/crud-suite.ts),
 * then each resource's own rules.
 */

const referenceCases: CrudCase[] = REFERENCE_RESOURCES.map(({ name, entity }) => ({
  name,
  entity,
  sortable: REFERENCE_SORTABLE,
  body: (i, label) => ({
    name: `${label} ${pad(i)}`,
    slug: `${label.toLowerCase()}-${pad(i)}`,
    description: `About ${label} ${pad(i)}`,
    is_active: i % 3 !== 0,
  }),
  edit: { is_active: false },
  activeFilter: true,
  unique: [
    // Case and runs of spaces do not make another name (issue 32): 422 on name.
    { field: 'name', clash: (label) => `${label}   05`.toUpperCase(), perCompany: true, status: 422 },
    { field: 'slug', clash: (label) => `${label}-05`, perCompany: true },
  ],
  export: { format: 'csv', header: 'id,name,slug,description,is_active,created_at' },
  invalid: [
    ['is_active as "maybe"', { is_active: 'maybe' }, 'is_active'],
    ['slug of one character', { slug: 'a' }, 'slug'],
    ['description of one character', { description: 'x' }, 'description'],
  ],
}))

const groupOf = (ctx: Parameters<NonNullable<CrudCase['setup']>>[1], who: 'owner' | 'other') =>
  ctx.fixtures[who].groupId as number

const cases: CrudCase[] = [
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
    edit: { is_active: false },
    activeFilter: true,
    unique: [{ field: 'name', clash: (label) => `${label}   05`.toUpperCase(), perCompany: true, status: 422 }],
    export: { format: 'csv', header: 'id,name,type,option_type,is_active,created_at' },
    invalid: [
      ['is_active as "maybe"', { is_active: 'maybe' }, 'is_active'],
      ['an unknown type', { type: 'plane' }, 'type'],
      ['type missing', { type: undefined }, 'type'],
      ['an unknown option_type', { option_type: 'dropdown' }, 'option_type'],
    ],
  },
  {
    name: 'attributes',
    entity: 'attribute',
    sortable: ATTRIBUTE_SORTABLE,
    setup: async (who, ctx) => {
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/v1/group_attributes',
        headers: who.headers,
        payload: { name: 'Room amenities', type: 'room' },
      })
      return { groupId: res.json().data.id }
    },
    body: (i, label, ctx, who) => ({
      name: `${label} ${pad(i)}`,
      slug: `${label.toLowerCase()}-${pad(i)}`,
      description: `About ${label} ${pad(i)}`,
      is_active: i % 3 !== 0,
      group_id: groupOf(ctx, who),
    }),
    edit: { is_active: false },
    activeFilter: true,
    sortValue: (r, key) => (key === 'group' ? (r.group as Row).name : r[key]),
    unique: [{ field: 'slug', clash: (label) => `${label}-05`, perCompany: true }],
    export: {
      format: 'csv',
      header: 'id,name,slug,description,is_active,created_at,group',
      value: (r, h) => (h === 'group' ? (r.group as Row).name : r[h]),
    },
    invalid: [
      ['is_active as "maybe"', { is_active: 'maybe' }, 'is_active'],
      ['group_id missing', { group_id: undefined }, 'group_id'],
      ['group_id as text', { group_id: 'one' }, 'group_id'],
      ['group_id of a missing group', { group_id: 999_999 }, 'group_id'],
      ['group_id of another company', (ctx) => ({ group_id: groupOf(ctx, 'other') }), 'group_id'],
      ['description of one character', { description: 'x' }, 'description'],
    ],
  },
]

const ctx = crudSuite(cases)

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Actor = ctx.owner, payload?: unknown) =>
  ctx.t.app.inject({
    method,
    url: `/api/v1${url}`.replace(/ /g, '%20'),
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

describe('reference lists', () => {
  it('normalizes a slug with spaces, upper case and accents', async () => {
    const res = await api('POST', '/categories', ctx.owner, {
      name: 'Café Deluxe',
      slug: '  Café DELUXE -- Room ',
      description: 'Fine',
      is_active: true,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.slug).toBe('cafe-deluxe-room')
    // The normalized form is what is unique.
    const again = await api('POST', '/categories', ctx.owner, {
      name: 'Cafe Deluxe 2',
      slug: 'CAFE deluxe room',
      description: 'Fine',
      is_active: true,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().errors).toEqual({ slug: ['Name in Used'] })
  })

  it('requires is_active to be a yes/no choice', async () => {
    const res = await api('POST', '/facilities', ctx.owner, { name: 'Pool', slug: 'pool', description: 'A pool' })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.is_active).toEqual(['Is Active is Required'])
  })
})

describe('attribute groups', () => {
  it('defaults option_type to checkbox and is_active to true', async () => {
    const res = await api('POST', '/group_attributes', ctx.owner, { name: 'Train class', type: 'train' })
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
    const group = (await api('POST', '/group_attributes', ctx.owner, { name: 'Bus extras', type: 'transportation' })).json().data
    const values = []
    for (const name of ['Wi-Fi on board', 'Reclining seats'])
      values.push(
        (
          await api('POST', '/attributes', ctx.owner, { name, description: 'On the bus', is_active: true, group_id: group.id })
        ).json().data,
      )
    const refused = await api('DELETE', `/group_attributes/${group.id}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe('Still in use (Attribute Values: 2); remove or change those first.')
    for (const v of values) expect((await api('DELETE', `/attributes/${v.id}`)).statusCode).toBe(200)
    expect((await api('DELETE', `/group_attributes/${group.id}`)).statusCode).toBe(200)
  })
})

describe('attribute values', () => {
  let bus: Row
  let train: Row
  beforeAll(async () => {
    bus = (
      await api('POST', '/group_attributes', ctx.owner, { name: 'Bus seats', type: 'transportation', option_type: 'radio' })
    ).json().data
    train = (await api('POST', '/group_attributes', ctx.owner, { name: 'Carriage', type: 'train', is_active: false })).json().data
  })
  const create = (body: Record<string, unknown>) =>
    api('POST', '/attributes', ctx.owner, { description: 'Some text', is_active: true, group_id: bus.id, ...body })

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
    const same = await api('PUT', `/attributes/${a.id}`, ctx.owner, { ...a, slug: '' })
    expect(same.json().data.slug).toBe('aisle-seat')
    // A name with nothing to keep still gets a slug.
    expect((await create({ name: 'مقعد' })).json().data.slug).toBe('attribute')
    // A slug given explicitly must be free.
    expect((await create({ name: 'Other', slug: 'Aisle Seat' })).statusCode).toBe(409)
  })

  it('has the same slug rule as the five reference lists: a category without a slug gets one from its name', async () => {
    const cat = (body: Record<string, unknown>) =>
      api('POST', '/categories', ctx.owner, { description: 'Some text', is_active: true, ...body })
    const first = await cat({ name: 'Umrah Plus' })
    expect(first.statusCode, first.body).toBe(200)
    const second = await cat({ name: 'UMRAH-plus', slug: '' })
    expect([first.json().data.slug, second.json().data.slug]).toEqual(['umrah-plus', 'umrah-plus-2'])
    const kept = await api('PUT', `/categories/${first.json().data.id}`, ctx.owner, { ...first.json().data, slug: '' })
    expect(kept.json().data.slug).toBe('umrah-plus')
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
    const moved = await api('PUT', `/attributes/${v.id}`, ctx.owner, { ...v, group_id: train.id })
    expect(moved.json().data.group).toMatchObject({ id: train.id, type: 'train' })
    const foreign = await api('PUT', `/attributes/${v.id}`, ctx.owner, { ...v, group_id: ctx.fixtures.other.groupId })
    expect(foreign.statusCode).toBe(422)
    expect(foreign.json().errors).toEqual({ group_id: ['Group Attribute does not exist'] })
  })
})
