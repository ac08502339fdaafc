import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationDatabase } from '../../test/helpers/migrations.js'

/**
 * Migration 0038: a counter's rows are spread over slots (the writing backend's), read as their sum through the
 * `list_counters` view. The counts a database held before are what the view reads after; the tables counted at
 * commit take their functions written for slots and count on exactly; statement-counted tables too; a write through
 * the view (a repair by hand) changes the sum by what it says. On PGlite and PostgreSQL.
 */
const m = migrationDatabase()
afterAll(async () => {
  await m.close()
})

const counts = (tbl: string, company: number) =>
  m.rows(
    sql`SELECT key, value, n::int AS n FROM list_counters WHERE tbl = ${tbl} AND company_id = ${company} AND n <> 0 ORDER BY 1, 2`,
  )

describe('migration 0038: list counters in slots', () => {
  it('keeps every count, counts on exactly through the slots, and takes writes through the view', async () => {
    await m.migrateBefore('0038_list_counter_slots')
    await m.db.execute(sql`INSERT INTO companies (name) VALUES ('Slot Travel')`)
    const [c] = await m.rows(sql`SELECT id FROM companies WHERE name = 'Slot Travel'`)
    const company = Number(c!.id)
    // The orders' counters as a running server installs them (at commit), and a statement-counted table.
    await m.db.execute(sql`SELECT list_counters_install('orders', 'company_id', ARRAY['status']::text[], true)`)
    await m.db.execute(sql`SELECT list_counters_install('order_desks', 'company_id', ARRAY['desk', 'desk_status']::text[], true)`)
    await m.db.execute(sql`SELECT list_counters_install('order_status_history', '', ARRAY['to_status']::text[], false)`)
    const order = (status: string) =>
      m.db.execute(sql`WITH o AS (
                   INSERT INTO orders (company_id, status, customer_name, items_summary, start_date, end_date, total)
                   VALUES (${company}, ${status}, 'Umar Said', 'x', '2026-12-05', '2026-12-07', 100)
                   RETURNING id, company_id, status
                 ), d AS (INSERT INTO order_desks (order_id, company_id, desk, status) SELECT id, company_id, 'hotel', status FROM o)
                 INSERT INTO order_status_history (order_id, from_status, to_status) SELECT id, NULL, status FROM o`)
    await order('pending')
    await order('pending')
    await order('confirmed')
    const before = { orders: await counts('orders', company), desks: await counts('order_desks', company) }
    expect(before.orders).toEqual([
      { key: '', value: '', n: 3 },
      { key: 'status', value: 'confirmed', n: 1 },
      { key: 'status', value: 'pending', n: 2 },
    ])

    await m.migrateAll()

    expect(await counts('orders', company)).toEqual(before.orders)
    expect(await counts('order_desks', company)).toEqual(before.desks)
    expect(await m.rows(sql`SELECT to_regclass('list_counter_slots') IS NOT NULL AS t`)).toEqual([{ t: true }])
    // Counted on, into the writer's slot, through inserts, a status move and a delete.
    await order('pending')
    await m.db.execute(sql`UPDATE orders SET status = 'cancelled' WHERE id = (SELECT min(id) FROM orders)`)
    await m.db.execute(sql`DELETE FROM orders WHERE id = (SELECT max(id) FROM orders WHERE status = 'confirmed')`)
    for (const tbl of ['orders', 'order_desks', 'order_status_history'])
      expect(await m.rows(sql`SELECT * FROM list_counters_drift(${tbl})`), tbl).toEqual([])
    expect(await counts('orders', company)).toEqual([
      { key: '', value: '', n: 3 },
      { key: 'status', value: 'cancelled', n: 1 },
      { key: 'status', value: 'pending', n: 2 },
    ])
    // Each key's rows are one per slot that wrote it.
    const [slots] = await m.rows(sql`SELECT count(*)::int AS n, count(DISTINCT slot)::int AS d FROM list_counter_slots
                                     WHERE tbl = 'orders' AND company_id = ${company} AND key = '' AND value = ''`)
    expect(slots!.n).toBe(slots!.d)

    // A write through the view changes the sum by what it says, and a repair rebuilds it.
    await m.db.execute(
      sql`UPDATE list_counters SET n = n + 40 WHERE tbl = 'orders' AND company_id = ${company} AND key = 'status' AND value = 'pending'`,
    )
    expect((await counts('orders', company)).find((r) => r.value === 'pending')).toEqual({
      key: 'status',
      value: 'pending',
      n: 42,
    })
    expect(
      await m.rows(sql`SELECT out_counted::int AS counted, out_actual::int AS actual FROM list_counters_drift('orders')`),
    ).toEqual([{ counted: 42, actual: 2 }])
    await m.db.execute(sql`SELECT list_counters_install('orders', 'company_id', ARRAY['status']::text[], true)`)
    expect(await m.rows(sql`SELECT * FROM list_counters_drift('orders')`)).toEqual([])
    // Truncation empties a table's counters.
    await m.db.execute(sql`TRUNCATE order_status_history`)
    expect(await m.rows(sql`SELECT count(*)::int AS n FROM list_counter_slots WHERE tbl = 'order_status_history'`)).toEqual([
      { n: 0 },
    ])
  })
})
