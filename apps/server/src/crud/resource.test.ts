import { sql } from 'drizzle-orm'
import { boolean, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { requiredText } from '@app/shared'
import { buildTestApp, type TestApp } from '../../test/helpers/app.js'
import { createCompany, createUserWithPermissions, type Actor } from '../../test/helpers/fixtures.js'
import { defineResource } from './resource.js'

// A table of the engine's own, so these tests do not depend on any real resource.
const widgets = pgTable('crud_widgets', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull(),
  name: varchar('name', { length: 191 }).notNull(),
  note: text('note').notNull().default(''),
  is_active: boolean('is_active').notNull().default(true),
  password: text('password'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

const widgetResource = defineResource({
  name: 'widgets',
  table: widgets,
  entity: 'category',
  input: z.object({ name: requiredText(), note: z.string().max(2000).default(''), is_active: z.boolean() }),
  fields: {
    id: widgets.id,
    name: widgets.name,
    note: widgets.note,
    is_active: widgets.is_active,
    created_at: widgets.created_at,
  },
  searchable: [widgets.name],
  sortable: ['name', 'is_active', 'created_at'],
  defaultSort: 'created_at',
  filters: {
    is_active: {
      schema: z.enum(['true', 'false']).transform((v) => v === 'true'),
      where: (v: boolean) => sql`${widgets.is_active} = ${v}`,
    },
  },
  exportColumns: [
    { header: 'id', value: (r) => r.id },
    { header: 'name', value: (r) => r.name },
  ],
})

let t: TestApp
let owner: Actor
let other: Actor
let reader: Actor

beforeAll(async () => {
  t = await buildTestApp({}, [widgetResource.plugin])
  await t.app.db.execute(sql`CREATE TABLE crud_widgets (
    id serial PRIMARY KEY, company_id integer NOT NULL, name varchar(191) NOT NULL, note text NOT NULL DEFAULT '',
    is_active boolean NOT NULL DEFAULT true, password text, created_at timestamptz NOT NULL DEFAULT now())`)
  await t.app.db.execute(sql`CREATE UNIQUE INDEX crud_widgets_company_name_uq ON crud_widgets (company_id, lower(name))`)
  const a = await createCompany(t.app)
  owner = a.owner
  other = (await createCompany(t.app)).owner
  reader = await createUserWithPermissions(t.app, a.company.id, ['category_list'])
  for (let i = 1; i <= 30; i++) {
    await t.app.db.execute(
      sql`INSERT INTO crud_widgets (company_id, name, note, is_active, created_at) VALUES (${owner.companyId}, ${`Widget ${String(i).padStart(2, '0')}`}, ${i % 3 === 0 ? '100%_done' : ''}, ${i % 2 === 0}, now() - make_interval(mins => ${i}))`,
    )
  }
  await t.app.db.execute(sql`INSERT INTO crud_widgets (company_id, name) VALUES (${other.companyId}, 'Foreign widget')`)
})
afterAll(() => t.close())

const get = (url: string, who: Actor = owner) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who.headers })

describe('resource engine: list', () => {
  it('answers a page with the pagination block of DESIGN §3', async () => {
    const res = await get('/widgets?page=1&size=10')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.data).toHaveLength(10)
    expect(body.pagination).toEqual({ total: 30, currentPage: 1, currentPageFront: 2, totalPages: 2, totalPagesFront: 3 })
    expect(body.data[0]).not.toHaveProperty('company_id')
    expect(body.data[0]).not.toHaveProperty('password')
  })

  it('sorts by an allowed column in both directions, newest first by default', async () => {
    const byDefault = (await get('/widgets')).json().data
    expect(byDefault[0].name).toBe('Widget 01')
    const asc = (await get('/widgets?sort_by=name&order_by=asc&size=100')).json().data.map((r: { name: string }) => r.name)
    expect(asc).toEqual([...asc].sort())
    const desc = (await get('/widgets?sort_by=name&order_by=desc&size=5')).json().data
    expect(desc[0].name).toBe('Widget 30')
  })

  it('searches case-insensitively and treats % and _ literally', async () => {
    const res = (await get('/widgets?search=wIdGeT 1&size=100')).json()
    expect(res.pagination.total).toBe(10)
    expect((await get('/widgets?search=%25')).json().pagination.total).toBe(0)
    expect((await get('/widgets?search=_')).json().pagination.total).toBe(0)
  })

  it('filters and returns everything with export_data', async () => {
    expect((await get('/widgets?is_active=true')).json().pagination.total).toBe(15)
    const all = (await get('/widgets?export_data=true')).json()
    expect(all.data).toHaveLength(30)
  })

  it('never shows another company rows', async () => {
    const res = (await get('/widgets?export_data=true', other)).json()
    expect(res.data.map((r: { name: string }) => r.name)).toEqual(['Foreign widget'])
  })

  it.each([
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['size=0', 'size'],
    ['size=1000', 'size'],
    ['sort_by=password', 'sort_by'],
    ['sort_by=name;drop table users', 'sort_by'],
    ['order_by=sideways', 'order_by'],
    ['is_active=maybe', 'is_active'],
  ])('refuses %s with 422 and a message for %s', async (query, field) => {
    const res = await get(`/widgets?${query}`)
    expect(res.statusCode).toBe(422)
    expect(res.json().errors[field][0]).toEqual(expect.any(String))
  })

  it('localizes messages by X-Localization', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/widgets?size=0',
      headers: { ...owner.headers, 'x-localization': 'id' },
    })
    expect(res.json().message).toBe('Data yang diberikan tidak valid.')
  })
})

describe('resource engine: one row and writes', () => {
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Actor = owner) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, payload: payload as object })

  it('creates, reads, updates and deletes', async () => {
    const created = await send('POST', '/widgets', { name: 'Fresh', note: 'n', is_active: true })
    expect(created.statusCode).toBe(200)
    const id = created.json().data.id
    expect(created.json().data).toMatchObject({ name: 'Fresh', is_active: true })
    expect(created.json().data.created_at).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect((await get(`/widgets/${id}`)).json().data.name).toBe('Fresh')
    const updated = await send('PUT', `/widgets/${id}`, { id, name: 'Fresher', is_active: false })
    expect(updated.json().data).toMatchObject({ name: 'Fresher', is_active: false })
    expect((await send('DELETE', `/widgets/${id}`)).statusCode).toBe(200)
    expect((await get(`/widgets/${id}`)).statusCode).toBe(404)
  })

  it('answers 409 Name in Used on a unique clash, whatever the case', async () => {
    const res = await send('POST', '/widgets', { name: 'widget 01', is_active: true })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ message: 'Name in Used', errors: { name: ['Name in Used'] } })
  })

  it('gives 404 for another company row on read, update and delete', async () => {
    const foreign = (await get('/widgets?export_data=true', other)).json().data[0].id
    expect((await get(`/widgets/${foreign}`)).statusCode).toBe(404)
    expect((await send('PUT', `/widgets/${foreign}`, { name: 'Mine now', is_active: true })).statusCode).toBe(404)
    expect((await send('DELETE', `/widgets/${foreign}`)).statusCode).toBe(404)
    expect((await get(`/widgets/${foreign}`, other)).statusCode).toBe(200)
  })

  it('checks permissions per action', async () => {
    expect((await get('/widgets', reader)).statusCode).toBe(200)
    expect((await send('POST', '/widgets', { name: 'Nope', is_active: true }, reader)).statusCode).toBe(403)
    expect((await get('/widgets/1', reader)).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/widgets' })).statusCode).toBe(401)
  })

  it('answers bad bodies with 4xx and a message per field', async () => {
    const wrongTypes = await send('POST', '/widgets', { name: 5, is_active: 'yes' })
    expect(wrongTypes.statusCode).toBe(422)
    expect(Object.keys(wrongTypes.json().errors).sort()).toEqual(['is_active', 'name'])
    const missing = await send('POST', '/widgets', {})
    expect(missing.json().errors.name).toEqual(['Name is Required'])
    const blank = await send('POST', '/widgets', { name: '   ', is_active: true })
    expect(blank.json().errors.name).toEqual(['Name is Required'])
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/widgets',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{"name": ',
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().message).toBe('The request body is not valid JSON.')
    const huge = await send('POST', '/widgets', { name: 'x'.repeat(1024 * 1024), is_active: true })
    expect([413, 422]).toContain(huge.statusCode)
    expect(huge.json().message).toEqual(expect.any(String))
    const long = await send('POST', '/widgets', { name: 'x'.repeat(5000), is_active: true })
    expect(long.statusCode).toBe(422)
    expect(long.json().errors.name[0]).toMatch(/at most 191/)
    expect((await get('/widgets/abc')).statusCode).toBe(422)
    expect((await get('/widgets/99999999999')).statusCode).toBe(422)
  })
})

describe('resource engine: export', () => {
  it('streams a CSV of every matching row with a dated file name', async () => {
    const res = await get('/widgets/export?format=csv&search=widget 2')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.headers['content-disposition']).toMatch(/widgets_table_\d{4}-\d\d-\d\d\.csv/)
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n')
    // Headers as the screen labels the columns (issue 32, item 12); `headers=keys` keeps the field names.
    expect(lines[0]).toBe('ID,Name')
    expect(lines).toHaveLength(11)
    const keys = await get('/widgets/export?format=csv&search=widget 2&headers=keys')
    expect(keys.body.replace(/^\ufeff/, '').split('\r\n')[0]).toBe('id,name')
  })

  it('refuses an unknown format', async () => {
    expect((await get('/widgets/export?format=exe')).statusCode).toBe(422)
  })
})
