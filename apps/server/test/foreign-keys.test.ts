import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './helpers/app.js'

/**
 * A write that names a row the database does not have (a reference checked by a foreign key, not by the
 * route: one deleted meanwhile, or a column no route reads first) is the client's to fix: 422 on the field
 * the key names, in the reader's language, never a 409 "in use" or a 500. A delete refused by a foreign
 * key stays a 409 (test/hardening and the CRUD suites).
 */
let t: TestApp

const writes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { one?: number; a?: number; b?: number } }>('/test-fk', { config: { access: 'public' } }, async (req) => {
    const { one, a, b } = req.body
    if (one !== undefined) await app.db.execute(sql`INSERT INTO fk_child_one (parent_id) VALUES (${one})`)
    else await app.db.execute(sql`INSERT INTO fk_child_two (company_id, parent_id) VALUES (${a}, ${b})`)
    return { ok: true }
  })
}

beforeAll(async () => {
  t = await buildTestApp({}, [writes])
  await t.app.db.execute(sql`CREATE TABLE fk_parent (company_id int, id int, PRIMARY KEY (company_id, id), UNIQUE (id))`)
  await t.app.db.execute(sql`CREATE TABLE fk_child_one (parent_id int REFERENCES fk_parent (id))`)
  await t.app.db.execute(
    sql`CREATE TABLE fk_child_two (company_id int, parent_id int, FOREIGN KEY (company_id, parent_id) REFERENCES fk_parent (company_id, id))`,
  )
  await t.app.db.execute(sql`INSERT INTO fk_parent VALUES (1, 1)`)
})
afterAll(() => t?.close())

const post = (payload: object, lang = 'en') =>
  t.app.inject({ method: 'POST', url: '/api/v1/test-fk', headers: { 'x-localization': lang }, payload })

describe('a write naming a missing row', () => {
  it('answers 422 on the column of a one-column key', async () => {
    const res = await post({ one: 99 })
    expect(res.statusCode, res.body).toBe(422)
    expect(Object.keys(res.json().errors)).toEqual(['parent_id'])
    expect(res.json().errors.parent_id[0]).toMatch(/\w/)
  })

  it("answers 422 on the last column of a company's composite key, in Indonesian too", async () => {
    const en = await post({ a: 1, b: 99 })
    expect(en.statusCode, en.body).toBe(422)
    expect(Object.keys(en.json().errors)).toEqual(['parent_id'])
    const id = await post({ a: 2, b: 1 }, 'id')
    expect(id.statusCode, id.body).toBe(422)
    expect(id.json().errors.parent_id[0]).not.toBe(en.json().errors.parent_id[0])
  })

  it('still writes a row that names an existing one', async () => {
    expect((await post({ one: 1 })).statusCode).toBe(200)
    expect((await post({ a: 1, b: 1 })).statusCode).toBe(200)
  })
})
