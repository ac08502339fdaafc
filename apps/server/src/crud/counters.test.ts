import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/helpers/app.js'
import { createCompany, createPlatformMaster, type Actor } from '../../test/helpers/fixtures.js'
import type { Db } from '../db/client.js'
import { counterDrift, declaredCounters, repairCounters, type CounterSpec } from './counters.js'

let t: TestApp
let a: { owner: Actor; roleIds: number[] }
let b: { owner: Actor; roleIds: number[] }
let master: Actor

type Rows = { rows: Array<Record<string, unknown>> }
const rows = async (db: Db, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as Rows).rows

/** A seeded generator, so a failure can be replayed. */
function prng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed / 0x7fffffff
  }
}

/**
 * Every counter of a table against a real count(*) of its rows, computed here
 * from the declaration (not with the migration's own functions).
 */
async function compare(db: Db, spec: CounterSpec) {
  const company = spec.companyColumn ? sql.identifier(spec.companyColumn) : sql`0`
  const table = sql.identifier(spec.table)
  const actual = new Map<string, number>()
  for (const r of await rows(db, sql`SELECT ${company} AS c, count(*)::int AS n FROM ${table} GROUP BY 1`))
    actual.set(`${r.c}||`, Number(r.n))
  for (const key of spec.keys)
    for (const r of await rows(
      db,
      sql`SELECT ${company} AS c, ${sql.identifier(key)}::text AS v, count(*)::int AS n FROM ${table} GROUP BY 1, 2`,
    ))
      actual.set(`${r.c}|${key}|${r.v}`, Number(r.n))
  const counted = new Map<string, number>()
  for (const r of await rows(db, sql`SELECT company_id, key, value, n FROM list_counters WHERE tbl = ${spec.table}`))
    if (Number(r.n) !== 0) counted.set(`${r.company_id}|${r.key}|${r.value}`, Number(r.n))
  expect(Object.fromEntries(counted), spec.table).toEqual(Object.fromEntries(actual))
}

async function compareAll() {
  for (const spec of declaredCounters()) await compare(t.app.db, spec)
  expect(await counterDrift(t.app.db)).toEqual([])
}

const list = async (actor: Actor, query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/${query}`, headers: actor.headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().pagination.total as number
}

beforeAll(async () => {
  t = await buildTestApp()
  const ca = await createCompany(t.app)
  const cb = await createCompany(t.app)
  a = { owner: ca.owner, roleIds: ca.roles.map((r: { id: number }) => r.id) }
  b = { owner: cb.owner, roleIds: cb.roles.map((r: { id: number }) => r.id) }
  master = (await createPlatformMaster(t.app)).master
})
afterAll(async () => {
  await t?.close()
})

describe('list counters', () => {
  it('are installed for every declared resource at start', async () => {
    const tables = declaredCounters().map((s) => s.table)
    expect(tables).toEqual(expect.arrayContaining(['categories', 'users', 'roles', 'permissions', 'attributes']))
    const installed = await rows(t.app.db, sql`SELECT tbl FROM list_counter_tables ORDER BY tbl`)
    expect(installed.map((r) => r.tbl)).toEqual([...tables].sort())
    await compareAll()
  })

  it('stay equal to count(*) through inserts, deletes, filter updates, company moves, rollbacks and truncation', async () => {
    const db = t.app.db
    const rand = prng(20261123)
    const companies = [a.owner.companyId, b.owner.companyId]
    const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!
    let seq = 0
    const insertCategories = (tx: Db, n: number) =>
      tx.execute(sql`INSERT INTO categories (company_id, name, slug, description, is_active)
        SELECT ${pick(companies)}, 'Cat ' || ${seq++} || '-' || g, 'cat-' || ${seq} || '-' || g, '', g % 3 <> 0
          FROM generate_series(1, ${n}) g`)
    const ops: Array<(tx: Db) => Promise<unknown>> = [
      (tx) => insertCategories(tx, 1 + Math.floor(rand() * 20)),
      (tx) =>
        tx.execute(
          sql`DELETE FROM categories WHERE id IN (SELECT id FROM categories ORDER BY random() LIMIT ${1 + Math.floor(rand() * 5)})`,
        ),
      (tx) =>
        tx.execute(sql`UPDATE categories SET is_active = NOT is_active WHERE id IN
          (SELECT id FROM categories ORDER BY random() LIMIT ${1 + Math.floor(rand() * 8)})`),
      // A move to the other company (names are unique per company, so they get a new one).
      (tx) =>
        tx.execute(sql`UPDATE categories SET company_id = ${pick(companies)}, name = name || '*' || id, slug = slug || '-' || id
          WHERE id IN (SELECT id FROM categories ORDER BY random() LIMIT 3)`),
      // An update of columns that are not counted writes no counter but must not break one.
      (tx) => tx.execute(sql`UPDATE categories SET description = 'x' WHERE id IN (SELECT id FROM categories LIMIT 10)`),
      (tx) =>
        tx.execute(sql`INSERT INTO users (company_id, role_id, name, username, email, status)
          SELECT c, r, 'U', 'u' || ${seq++} || '-' || g, 'u' || ${seq} || '-' || g || '@drift.test', (ARRAY['pending','active','blocked'])[1 + g % 3]
            FROM generate_series(1, 4) g, LATERAL (SELECT ${a.owner.companyId}::int AS c, ${pick(a.roleIds)}::int AS r) x`),
      (tx) =>
        tx.execute(sql`UPDATE users SET status = (ARRAY['pending','active','blocked'])[1 + (id % 3)], role_id = ${pick(a.roleIds)}
          WHERE email LIKE '%@drift.test' AND id IN (SELECT id FROM users ORDER BY random() LIMIT 3)`),
      (tx) => tx.execute(sql`DELETE FROM users WHERE id IN (SELECT id FROM users WHERE email LIKE '%@drift.test' LIMIT 2)`),
      (tx) =>
        tx.execute(sql`INSERT INTO group_attributes (company_id, name, type) VALUES
          (${pick(companies)}, ${`G ${seq++}`}, ${pick(['train', 'transportation', 'room'])})`),
      (tx) =>
        tx.execute(sql`UPDATE group_attributes SET type = CASE type WHEN 'room' THEN 'train' ELSE 'room' END
          WHERE id IN (SELECT id FROM group_attributes ORDER BY random() LIMIT 2)`),
    ]
    for (let round = 0; round < 6; round++) {
      // A batch of transactions, some rolled back, several at once (on PostgreSQL they race on the pool).
      const batch = Array.from({ length: 8 }, async () => {
        const rollback = rand() < 0.25
        const steps = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => pick(ops))
        try {
          await db.transaction(async (tx) => {
            for (const step of steps) await step(tx as unknown as Db)
            if (rollback) throw new Error('rollback')
          })
        } catch (err) {
          // A rolled-back batch, or one that lost a unique-name race or a deadlock, changes nothing.
          const why = `${(err as Error).message} ${String((err as { cause?: unknown }).cause)}`
          if (!/^rollback|duplicate key|deadlock/.test(why)) throw err
        }
      })
      await Promise.all(batch)
      await compareAll()
    }
    await db.execute(sql`TRUNCATE group_attributes CASCADE`)
    await compareAll()
  })

  it('give list totals without a search; searches and combined filters count', async () => {
    const db = t.app.db
    const actual = async (where: ReturnType<typeof sql>) =>
      Number((await rows(db, sql`SELECT count(*)::int AS n FROM categories WHERE ${where}`))[0]!.n)
    const c = a.owner.companyId
    expect(await list(a.owner, 'categories')).toBe(await actual(sql`company_id = ${c}`))
    expect(await list(a.owner, 'categories?is_active=false')).toBe(await actual(sql`company_id = ${c} AND NOT is_active`))

    // Tampered on purpose: the unsearched totals come from the counter, the searched ones are counted.
    await db.execute(sql`UPDATE list_counters SET n = n + 1000 WHERE tbl = 'categories' AND company_id = ${c}`)
    const all = await actual(sql`company_id = ${c}`)
    expect(await list(a.owner, 'categories')).toBe(all + 1000)
    expect(await list(a.owner, 'categories?search=cat')).toBe(await actual(sql`company_id = ${c} AND lower(name) LIKE '%cat%'`))

    // The repair command finds the drift and rebuilds the counters.
    const drift = await counterDrift(db, ['categories'])
    expect(drift.length).toBeGreaterThan(0)
    expect(drift.every((d) => d.counted === d.actual + 1000)).toBe(true)
    const repaired = await repairCounters(db)
    expect(repaired.drift.length).toBe(drift.length)
    expect(await list(a.owner, 'categories')).toBe(all)
    await compareAll()
  })

  it('cover the platform operator listing the users of every company', async () => {
    const all = Number((await rows(t.app.db, sql`SELECT count(*)::int AS n FROM users`))[0]!.n)
    const blocked = Number((await rows(t.app.db, sql`SELECT count(*)::int AS n FROM users WHERE status = 'blocked'`))[0]!.n)
    expect(await list(master, 'users')).toBe(all)
    expect(await list(master, 'users?status=blocked')).toBe(blocked)
    const own = Number(
      (await rows(t.app.db, sql`SELECT count(*)::int AS n FROM users WHERE company_id = ${master.companyId}`))[0]!.n,
    )
    expect(await list(master, 'users?is_company=true')).toBe(own)
    const roleId = a.roleIds[0]!
    const inRole = Number(
      (
        await rows(
          t.app.db,
          sql`SELECT count(*)::int AS n FROM users WHERE company_id = ${a.owner.companyId} AND role_id = ${roleId}`,
        )
      )[0]!.n,
    )
    expect(await list(a.owner, `users?role_id=${roleId}`)).toBe(inRole)
    expect(await list(a.owner, `users?role_id=${roleId}&status=active`)).toBe(
      Number(
        (
          await rows(
            t.app.db,
            sql`SELECT count(*)::int AS n FROM users WHERE company_id = ${a.owner.companyId} AND role_id = ${roleId} AND status = 'active'`,
          )
        )[0]!.n,
      ),
    )
  })
})
