import { eq, sql } from 'drizzle-orm'
import { integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { requiredText } from '@app/shared'
import { buildTestApp, type TestApp } from '../../test/helpers/app.js'
import { createCompany, type Actor } from '../../test/helpers/fixtures.js'
import { multipart } from '../../test/helpers/images.js'
import { defineResource } from './resource.js'

// Tables of the engine's own: a box owns its items (CASCADE) and is needed by labels (RESTRICT).
const boxes = pgTable('crud_boxes', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull(),
  name: varchar('name', { length: 191 }).notNull(),
  secret: text('secret'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
const boxItems = pgTable('crud_box_items', {
  id: serial('id').primaryKey(),
  box_id: integer('box_id')
    .notNull()
    .references(() => boxes.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  title: varchar('title', { length: 191 }).notNull(),
})

const itemInput = z.object({ id: z.number().int().optional(), title: requiredText() })
const boxRow = z.object({ id: z.number(), name: z.string(), created_at: z.string() })
const boxResource = defineResource({
  name: 'boxes',
  table: boxes,
  entity: 'category',
  input: z.object({ name: requiredText(), items: z.array(itemInput).max(3).optional() }),
  fields: { id: boxes.id, name: boxes.name, created_at: boxes.created_at },
  row: boxRow,
  detail: {
    fields: { secret: boxes.secret },
    children: {
      items: {
        table: boxItems,
        parent: boxItems.box_id,
        position: boxItems.position,
        columns: ['title'],
        fields: { id: boxItems.id, title: boxItems.title },
      },
    },
    row: boxRow.extend({ secret: z.string().nullable(), items: z.array(z.object({ id: z.number(), title: z.string() })) }),
  },
  body: { json: ['items'] },
  searchable: [boxes.name],
  sortable: ['name', 'created_at'],
  defaultSort: 'created_at',
  exportColumns: [{ header: 'id', value: (r) => r.id }],
})

let t: TestApp
let owner: Actor
let other: Actor

beforeAll(async () => {
  t = await buildTestApp({}, [boxResource.plugin])
  await t.app.db.execute(sql`CREATE TABLE crud_boxes (id serial PRIMARY KEY, company_id integer NOT NULL,
    name varchar(191) NOT NULL, secret text, created_at timestamptz NOT NULL DEFAULT now())`)
  await t.app.db.execute(sql`CREATE TABLE crud_box_items (id serial PRIMARY KEY,
    box_id integer NOT NULL REFERENCES crud_boxes(id) ON DELETE CASCADE, position integer NOT NULL, title varchar(191) NOT NULL)`)
  await t.app.db.execute(sql`CREATE TABLE crud_box_labels (id serial PRIMARY KEY,
    box_id integer NOT NULL REFERENCES crud_boxes(id) ON DELETE RESTRICT)`)
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
})
afterAll(() => t.close())

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

const itemsOf = async (boxId: number) => {
  const rows = await t.app.db
    .select({ title: boxItems.title })
    .from(boxItems)
    .where(eq(boxItems.box_id, boxId))
    .orderBy(boxItems.position)
  return rows.map((r) => r.title)
}

describe('resource engine: detail shape and child lists', () => {
  it('answers child lists for one row, never in a page of rows', async () => {
    const created = await api('POST', '/boxes', { name: 'Kitchen', items: [{ title: 'Pans' }, { title: 'Cups' }] })
    expect(created.statusCode, created.body).toBe(200)
    const box = created.json().data
    expect(box).toMatchObject({ name: 'Kitchen', secret: null, items: [{ title: 'Pans' }, { title: 'Cups' }] })
    expect((await api('GET', `/boxes/${box.id}`)).json().data).toEqual(box)
    const [row] = (await api('GET', '/boxes?search=kitchen')).json().data
    expect(row).toEqual({ id: box.id, name: 'Kitchen', created_at: box.created_at })
  })

  it('replaces a list on update: keeps ids it is sent, inserts new entries, deletes the rest, in the given order', async () => {
    const box = (
      await api('POST', '/boxes', { name: 'Garage', items: [{ title: 'Drill' }, { title: 'Saw' }, { title: 'Rake' }] })
    ).json().data
    const [drill, , rake] = box.items
    const res = await api('PUT', `/boxes/${box.id}`, {
      name: 'Garage',
      items: [{ id: rake.id, title: 'Rake 2' }, { title: 'Hose' }, drill],
    })
    expect(res.statusCode, res.body).toBe(200)
    const items = res.json().data.items
    expect(items.map((i: { title: string }) => i.title)).toEqual(['Rake 2', 'Hose', 'Drill'])
    expect(items[0].id).toBe(rake.id)
    expect(items[2].id).toBe(drill.id)
    // A list left out of the body stays as it is.
    expect((await api('PUT', `/boxes/${box.id}`, { name: 'Garage 2' })).json().data.items).toHaveLength(3)
  })

  it("refuses an entry id of another row's list with 422 and writes nothing", async () => {
    const a = (await api('POST', '/boxes', { name: 'Attic', items: [{ title: 'Lamp' }] })).json().data
    const b = (await api('POST', '/boxes', { name: 'Cellar', items: [{ title: 'Wine' }] })).json().data
    const res = await api('PUT', `/boxes/${b.id}`, { name: 'Cellar renamed', items: [{ title: 'Beer' }, a.items[0]] })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ 'items.1.id': [expect.stringContaining('does not exist')] })
    expect((await api('GET', `/boxes/${b.id}`)).json().data).toMatchObject({ name: 'Cellar', items: [{ title: 'Wine' }] })
    expect(await itemsOf(a.id)).toEqual(['Lamp'])
  })

  it('takes a list as JSON text, and refuses broken JSON or the wrong shape with 422 on the field', async () => {
    const ok = await api('POST', '/boxes', { name: 'Shed', items: JSON.stringify([{ title: 'Mower' }]) })
    expect(ok.json().data.items).toMatchObject([{ title: 'Mower' }])
    const broken = await api('POST', '/boxes', { name: 'Shed 2', items: '[{"title": ' })
    expect(broken.statusCode).toBe(422)
    expect(broken.json()).toEqual({ message: 'The given data was invalid.', errors: { items: ['Items is not valid JSON'] } })
    const shape = await api('POST', '/boxes', { name: 'Shed 3', items: '{"title":"Mower"}' })
    expect(shape.statusCode).toBe(422)
    expect(Object.keys(shape.json().errors)).toEqual(['items'])
    const many = await api('POST', '/boxes', {
      name: 'Shed 4',
      items: JSON.stringify(Array.from({ length: 4 }, () => ({ title: 'Box' }))),
    })
    expect(many.statusCode).toBe(422)
    expect(many.json().errors.items).toEqual(['Items must have at most 3 items'])
    expect((await api('GET', '/boxes?search=shed')).json().pagination.total).toBe(1)
  })

  it('deletes owned children with the row, and refuses a row still referenced with 409 and the count', async () => {
    const box = (await api('POST', '/boxes', { name: 'Pantry', items: [{ title: 'Rice' }] })).json().data
    await t.app.db.execute(sql`INSERT INTO crud_box_labels (box_id) VALUES (${box.id}), (${box.id})`)
    const refused = await api('DELETE', `/boxes/${box.id}`)
    expect(refused.statusCode).toBe(409)
    // A table without a registered label is named by its own words.
    expect(refused.json().message).toBe('Still in use (Crud Box Labels: 2); remove or change those first.')
    await t.app.db.execute(sql`DELETE FROM crud_box_labels WHERE box_id = ${box.id}`)
    expect((await api('DELETE', `/boxes/${box.id}`)).statusCode).toBe(200)
    expect(await itemsOf(box.id)).toEqual([])
    expect((await api('GET', `/boxes/${box.id}`, undefined, other)).statusCode).toBe(404)
  })

  it('reads a multipart body through the uploads plugin: text parts, lists as JSON text', async () => {
    const form = multipart([
      { name: 'name', value: 'Porch' },
      { name: 'items', value: JSON.stringify([{ title: 'Boots' }]) },
    ])
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/boxes',
      headers: { ...owner.headers, ...form.headers },
      payload: form.payload,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ name: 'Porch', items: [{ title: 'Boots' }] })
  })

  it('documents the list and detail answers in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const list = doc.paths['/api/v1/boxes'].get.responses['200'].content['application/json'].schema
    expect(list.properties.data.items.properties).toHaveProperty('name')
    expect(list.properties.pagination.properties).toHaveProperty('totalPagesFront')
    const one = doc.paths['/api/v1/boxes/{id}'].get.responses['200'].content['application/json'].schema
    expect(one.properties.data.properties).toHaveProperty('items')
    expect(doc.paths['/api/v1/boxes'].post.requestBody.content).toHaveProperty('multipart/form-data')
  })

  it('takes the id repeated in an update body, and refuses one that names another row', async () => {
    const box = (await api('POST', '/boxes', { name: 'Loft' })).json().data
    expect((await api('PUT', `/boxes/${box.id}`, { id: box.id, name: 'Loft 2' })).statusCode).toBe(200)
    expect((await api('PUT', `/boxes/${box.id}`, { id: String(box.id), name: 'Loft 3' })).statusCode).toBe(200)
    const res = await api('PUT', `/boxes/${box.id}`, { id: box.id + 1, name: 'Elsewhere' })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ id: ['Id does not match the record being saved'] })
    expect((await api('GET', `/boxes/${box.id}`)).json().data.name).toBe('Loft 3')
  })
})
