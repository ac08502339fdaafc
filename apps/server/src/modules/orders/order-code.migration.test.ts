import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationDatabase } from '../../../test/helpers/migrations.js'

/**
 * Migration 0036: an order's code is written with the order, from the company's sequence of the year, instead of
 * by an UPDATE at commit. Each company's numbering goes on from its counter (the `order_counters` row of this
 * year, dropped after); a company without one, or made after the migration, starts at 1; a row written the old
 * way (the `~…` placeholder of servers before it) is numbered as it is inserted, and nothing rewrites it at
 * commit; deleting a company drops its sequences. The counters counted at commit take their table's own
 * trigger function and stay exact. On PGlite and PostgreSQL.
 */
const m = migrationDatabase()
afterAll(async () => {
  await m.close()
})

const year = new Date().getUTCFullYear()
const code = (n: number) => `ORD-${year}-${String(n).padStart(6, '0')}`

describe('migration 0036: order codes at insert', () => {
  it("goes on from each company's counter, numbers at insert, and drops a deleted company's sequences", async () => {
    await m.migrateBefore('0036_order_code_at_insert')
    await m.db.execute(sql`INSERT INTO companies (name) VALUES ('Counted Travel'), ('Fresh Travel')`)
    const ids = await m.rows(sql`SELECT id, name FROM companies ORDER BY id`)
    const counted = Number(ids.find((r) => r.name === 'Counted Travel')!.id)
    const fresh = Number(ids.find((r) => r.name === 'Fresh Travel')!.id)
    // 41 orders this year, 7 last year (numbered before the migration).
    await m.db.execute(sql`INSERT INTO order_counters (company_id, year, last)
                           VALUES (${counted}, ${year}, 41), (${counted}, ${year - 1}, 7)`)
    // The orders' counters as a running server installed them (migration 0034's at-commit row triggers).
    await m.db.execute(sql`SELECT list_counters_install('orders', 'company_id', ARRAY['status']::text[], true)`)

    await m.migrateAll()

    // The counters' triggers are the table's own function now (the update one fires only on a status change).
    const triggers = await m.rows(sql`SELECT tgname, pg_get_triggerdef(oid) AS def FROM pg_trigger
                                      WHERE tgrelid = 'orders'::regclass AND tgname LIKE 'orders_counters_%' ORDER BY tgname`)
    expect(triggers.map((r) => r.tgname)).toEqual([
      'orders_counters_del',
      'orders_counters_ins',
      'orders_counters_trunc',
      'orders_counters_upd',
    ])
    expect(triggers.find((r) => r.tgname === 'orders_counters_ins')!.def).toMatch(/EXECUTE FUNCTION list_counters_row_orders\(\)/)
    expect(triggers.find((r) => r.tgname === 'orders_counters_upd')!.def).toMatch(/WHEN .*status.* IS DISTINCT FROM/)

    expect(await m.rows(sql`SELECT to_regclass('order_counters') AS t`)).toEqual([{ t: null }])
    const insert = (company: number, codeValue: string | null) =>
      m.rows(sql`WITH o AS (
                   INSERT INTO orders (company_id, code, customer_name, items_summary, start_date, end_date, total)
                   VALUES (${company}, ${codeValue}, 'Umar Said', 'x', '2026-12-05', '2026-12-07', 100)
                   RETURNING id, company_id, status, code
                 ), d AS (INSERT INTO order_desks (order_id, company_id, desk, status) SELECT id, company_id, 'hotel', status FROM o)
                 SELECT code FROM o`)
    // Without a code: the next number of the company's year, in the row as it is written.
    expect(await insert(counted, null)).toEqual([{ code: code(42) }])
    expect(await insert(fresh, null)).toEqual([{ code: code(1) }])
    // The placeholder of a server before the migration is numbered at insert too.
    expect(await insert(counted, '~0123456789abcdef01234567')).toEqual([{ code: code(43) }])
    // A code given is kept (imports, tests).
    expect(await insert(fresh, 'ORD-IMPORTED')).toEqual([{ code: 'ORD-IMPORTED' }])
    // Nothing rewrites them at commit.
    expect(
      (await m.rows(sql`SELECT code FROM orders ORDER BY id`)).map((r) => r.code),
      'codes after commit',
    ).toEqual([code(42), code(1), code(43), 'ORD-IMPORTED'])
    // Counted exactly, by the new triggers, through inserts, a status move and a delete.
    await m.db.execute(sql`UPDATE orders SET status = 'confirmed' WHERE code = ${code(43)}`)
    await m.db.execute(sql`UPDATE orders SET notes = 'paid by transfer' WHERE code = ${code(42)}`)
    await m.db.execute(sql`DELETE FROM orders WHERE code = 'ORD-IMPORTED'`)
    expect(await m.rows(sql`SELECT * FROM list_counters_drift('orders')`)).toEqual([])
    expect(
      await m.rows(
        sql`SELECT key, value, n::int AS n FROM list_counters WHERE tbl = 'orders' AND company_id = ${counted} AND n <> 0 ORDER BY 1, 2`,
      ),
    ).toEqual([
      { key: '', value: '', n: 2 },
      { key: 'status', value: 'confirmed', n: 1 },
      { key: 'status', value: 'pending', n: 1 },
    ])

    // A company made after the migration has this year's sequence already, and starts at 1.
    await m.db.execute(sql`INSERT INTO companies (name) VALUES ('New Travel')`)
    const [made] = await m.rows(sql`SELECT id FROM companies WHERE name = 'New Travel'`)
    const fresher = Number(made!.id)
    expect(await m.rows(sql`SELECT to_regclass(${`order_code_${fresher}_${year}`}) IS NOT NULL AS made`)).toEqual([
      { made: true },
    ])
    expect(await insert(fresher, null)).toEqual([{ code: code(1) }])

    // Deleting a company takes its sequences along.
    await m.db.execute(sql`DELETE FROM companies WHERE id = ${counted}`)
    expect(
      await m.rows(sql`SELECT relname FROM pg_class WHERE relkind = 'S' AND relname LIKE ${`order\\_code\\_${counted}\\_%`}`),
    ).toEqual([])
    expect(await m.rows(sql`SELECT to_regclass(${`order_code_${fresh}_${year}`}) IS NOT NULL AS kept`)).toEqual([{ kept: true }])
  })
})
