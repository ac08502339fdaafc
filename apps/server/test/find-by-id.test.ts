import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './helpers/app.js'
import { createCompany, type Actor } from './helpers/fixtures.js'
import { categories } from '../src/db/schema/index.js'
import { referenceResources } from '../src/modules/reference/reference.routes.js'
import { findById } from '../src/crud/list-query.js'

/**
 * The one-row read is one prepared statement per resource, with the id and
 * the company as parameters: each call gets its own row and company, never
 * the values of the call that prepared it, and PostgreSQL keeps the statement
 * by name instead of parsing and planning it on every call.
 */
let t: TestApp
let a: Actor
let b: Actor
const cats = referenceResources.find((r) => r.source.table === categories)!

const make = async (who: Actor, name: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/categories',
    headers: who.headers,
    payload: { name, slug: name.toLowerCase().replace(/ /g, '-'), description: 'About it', is_active: true },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.id as number
}

beforeAll(async () => {
  t = await buildTestApp()
  a = (await createCompany(t.app)).owner
  b = (await createCompany(t.app)).owner
})
afterAll(() => t?.close())

describe('findById', () => {
  it('binds the id and the company of each call', async () => {
    const [a1, a2, b1] = [await make(a, 'Prepared A1'), await make(a, 'Prepared A2'), await make(b, 'Prepared B1')]
    const scope = (who: Actor) => ({ column: categories.company_id, companyId: who.companyId })
    expect((await findById(t.app.db, cats.source, a1, scope(a)))?.name).toBe('Prepared A1')
    expect((await findById(t.app.db, cats.source, a2, scope(a)))?.name).toBe('Prepared A2')
    expect((await findById(t.app.db, cats.source, b1, scope(b)))?.name).toBe('Prepared B1')
    // Another company's row is not found through the same statement.
    expect(await findById(t.app.db, cats.source, b1, scope(a))).toBeUndefined()
    expect(await findById(t.app.db, cats.source, a1, scope(b))).toBeUndefined()
    // And through the HTTP call that uses it.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/categories/${b1}`, headers: a.headers })).statusCode).toBe(404)
    const own = await t.app.inject({ method: 'GET', url: `/api/v1/categories/${b1}`, headers: b.headers })
    expect(own.json().data).toMatchObject({ id: b1, name: 'Prepared B1' })
  })

  it('is a named statement on PostgreSQL, kept by the connection', async ({ skip }) => {
    if (t.database.kind !== 'postgres') skip()
    const id = await make(a, 'Prepared C1')
    const names = await t.app.db.transaction(async (tx) => {
      const row = await findById(tx as never, cats.source, id, { column: categories.company_id, companyId: a.companyId })
      expect(row?.name).toBe('Prepared C1')
      const res = (await tx.execute(sql`SELECT name, statement FROM pg_prepared_statements`)) as unknown as {
        rows: Array<{ name: string; statement: string }>
      }
      return res.rows
    })
    const mine = names.find((r) => r.name.startsWith('find_by_id_') && r.statement.includes('"categories"'))
    expect(mine, JSON.stringify(names)).toBeDefined()
    expect(mine!.statement).toMatch(/\$1/)
    expect(mine!.statement).toMatch(/\$2/)
  })
})
