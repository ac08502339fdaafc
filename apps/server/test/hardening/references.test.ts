/**
 * One rule for a row still in use (issue 31): a row that another row refers to is not deleted; the
 * database refuses (ON DELETE RESTRICT) and the answer is 409 naming what uses it, worded from the
 * database's own catalogue (plugins/errors.ts). Only rows a record owns go with it (CASCADE), and no
 * reference is silently emptied (SET NULL) except the stamps of who did something.
 *
 * Driven by the route table and the database: the lists are the tables behind every company's
 * `DELETE /api/v1/{name}/:id`; every foreign key into them is checked, and every such foreign key the demo
 * data uses is tried through the API. A reference added later is covered without a line here.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { ACTIONS } from '@app/shared'
import { seed, DEMO_LOGIN } from '../../src/seeds/seed.js'
import { users } from '../../src/db/schema/index.js'
import { tableLabel, t as translate } from '../../src/lib/i18n.js'
import { createSession } from '../../src/lib/sessions.js'
import { buildTestApp } from '../helpers/app.js'

/** Rows with a company of their own that still belong to another record and go with it (DESIGN §3). */
// A departure's rooming list is the departure's (docs/decisions/rooming.md).
const OWNED = new Set(['rooms.hotel_id', 'rooming_rooms.departure_id'])
/**
 * References emptied on delete, each decided in its own decision file: a pilgrim whose mahram is deleted
 * is left without one (docs/decisions/pilgrims.md).
 */
// A deleted mahram leaves the pilgrim without one (pilgrims.md); a deleted pilgrim who was only an order's
// customer lets the order go (its customer's name, passport and contact stay on the order, issue 28).
const EMPTIED = new Set(['pilgrims.mahram_id', 'orders.customer_pilgrim_id'])

const t = await buildTestApp()
afterAll(() => t.close())
await seed(t.app.db, { demo: true })
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.app.db.execute(q)) as unknown as { rows: T[] }).rows

const [demo] = await t.app.db.select().from(users).where(eq(users.email, DEMO_LOGIN.email))
const { token } = await createSession(t.app.db, demo!.id)
const headers = { authorization: `Bearer ${token}` }

interface Fk {
  tbl: string
  col: string
  target: string
  del: 'a' | 'r' | 'c' | 'n' | 'd'
  has_id: boolean
  has_company: boolean
  pk_first: boolean
}
const fks = await rows<Fk>(sql`
  SELECT r.relname AS tbl, a.attname AS col, tr.relname AS target, c.confdeltype AS del,
    EXISTS (SELECT 1 FROM pg_attribute x WHERE x.attrelid = c.conrelid AND x.attname = 'id' AND NOT x.attisdropped) AS has_id,
    EXISTS (SELECT 1 FROM pg_attribute x WHERE x.attrelid = c.conrelid AND x.attname = 'company_id' AND NOT x.attisdropped) AS has_company,
    coalesce((SELECT i.indkey[0] FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indisprimary) = c.conkey[1], false) AS pk_first
  FROM pg_constraint c
  JOIN pg_class r ON r.oid = c.conrelid
  JOIN pg_class tr ON tr.oid = c.confrelid
  JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
  WHERE c.contype = 'f' AND cardinality(c.conkey) = 1
  ORDER BY tr.relname, r.relname, a.attname`)
const companyTables = new Set(
  (
    await rows<{ tbl: string }>(sql`
      SELECT c.relname AS tbl FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE c.relkind = 'r' AND a.attname = 'company_id' AND NOT a.attisdropped`)
  ).map((r) => r.tbl),
)

/** Each company list with a delete route: its table (the URL's name, or its permission's entity + s). */
const lists = new Map<string, string>()
for (const r of t.app.apiRoutes) {
  const m = /^\/api\/v1\/(\w+)\/:id$/.exec(r.url)
  if (r.method !== 'DELETE' || !m) continue
  const perm = typeof r.access === 'string' ? r.access : Array.isArray(r.access) ? r.access[0] : undefined
  const action = perm && ACTIONS.find((a) => perm.endsWith(`_${a}`))
  const entity = perm && action ? perm.slice(0, -(action.length + 1)) : undefined
  const table = [m[1]!, `${entity}s`].find((n) => companyTables.has(n))
  if (table) lists.set(table, m[1]!)
}
const intoLists = fks.filter((f) => lists.has(f.target))

describe('references in use (issue 31)', () => {
  it('finds the lists through the route table, and the foreign keys into them through the database', () => {
    for (const list of ['categories', 'facilities', 'services', 'types', 'attributes', 'group_attributes', 'locations', 'hotels'])
      expect([...lists.keys()], list).toContain(list)
    expect(intoLists.length).toBeGreaterThan(10)
  })

  it('refuses the delete of a row in use (RESTRICT) for every reference; only owned rows cascade, nothing is emptied', () => {
    const wrong: string[] = []
    for (const f of intoLists) {
      const name = `${f.tbl}.${f.col} -> ${f.target}`
      if (f.del === 'r' || f.del === 'a') continue
      if (f.del === 'c') {
        // An owned row: reaches its company through its parent (a policy, a day, a link row's owner side).
        const owned = OWNED.has(`${f.tbl}.${f.col}`) || (!f.has_company && (f.has_id || f.pk_first))
        if (!owned) wrong.push(`${name}: ON DELETE CASCADE on a reference (a link's referenced side or a record's own choice)`)
        continue
      }
      // Who created, verified or moved something: the history outlives its author's account.
      if (f.del === 'n' && f.target === 'users') continue
      if (!EMPTIED.has(`${f.tbl}.${f.col}`)) wrong.push(`${name}: ON DELETE ${f.del === 'n' ? 'SET NULL' : 'SET DEFAULT'}`)
    }
    expect(wrong).toEqual([])
  })

  it('answers 409 naming what uses the row, and keeps it, for every reference the demo data uses', async () => {
    const tried: string[] = []
    for (const f of intoLists.filter((x) => x.del === 'r' || x.del === 'a')) {
      const [use] = await rows<{ id: number }>(sql`
        SELECT u.${sql.identifier(f.col)} AS id FROM ${sql.identifier(f.tbl)} u
        JOIN ${sql.identifier(f.target)} g ON g.id = u.${sql.identifier(f.col)}
        WHERE g.company_id = ${demo!.company_id} LIMIT 1`)
      if (!use) continue
      const name = `${f.tbl}.${f.col} -> ${f.target} ${use.id}`
      tried.push(name)
      for (const locale of ['en', 'id'] as const) {
        const res = await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/${lists.get(f.target)}/${use.id}`,
          headers: { ...headers, 'x-localization': locale },
        })
        expect(res.statusCode, `${name}: ${res.body}`).toBe(409)
        // Roles keep their own sentence ("still held by N user(s)"); a catalogue item open orders book is named by
        // its orders first (stock/delete-guard.ts, the demo's orders and its departure share hotels); every other
        // list answers from the foreign key.
        const message: string = res.json().message
        const byOrders = message === translate(locale, 'inventory.booked', { count: Number(/\d+/.exec(message)?.[0]) })
        if (f.target !== 'roles' && !byOrders) expect(message, name).toContain(`${tableLabel(locale, f.tbl)}: `)
      }
      const [still] = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(f.target)} WHERE id = ${use.id}`,
      )
      expect(still!.n, name).toBe(1)
    }
    // The demo data uses categories, facilities, attribute values and groups, and locations at least.
    for (const target of ['categories', 'facilities', 'attributes', 'group_attributes', 'locations'])
      expect(
        tried.some((n) => n.includes(`-> ${target} `)),
        `${target} among ${tried.join(', ')}`,
      ).toBe(true)
  })
})
