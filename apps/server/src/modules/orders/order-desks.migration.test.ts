import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationDatabase } from '../../../test/helpers/migrations.js'

/**
 * Migration 0028 (issue 27): the desks an order is on become rows of `order_desks`, filled from the old
 * `has_*` columns with the order's status, and the columns go. After it the database keeps the rows' status
 * with the order's (foreign key ON UPDATE CASCADE) and refuses an order on no desk at commit. On PGlite and
 * PostgreSQL.
 */
const m = migrationDatabase()
afterAll(async () => {
  await m.close()
})

describe('migration 0028: order desks are rows', () => {
  it('moves every order onto the desks its columns named, keeps its status there, and drops the columns', async () => {
    await m.migrateBefore('0028_order_desks')
    await m.db.execute(sql`INSERT INTO companies (name) VALUES ('Desk Travel')`)
    const [company] = await m.rows(sql`SELECT id FROM companies WHERE name = 'Desk Travel'`)
    const c = Number(company!.id)
    // code, status, has_room, has_train, has_transportation
    const made: Array<[string, string, boolean, boolean, boolean]> = [
      ['ORD-H', 'pending', true, false, false],
      ['ORD-T', 'confirmed', false, true, false],
      ['ORD-V', 'cancelled', false, false, true],
      ['ORD-P', 'paid', true, true, true],
      ['ORD-HT', 'completed', true, true, false],
    ]
    for (const [code, status, room, train, vehicle] of made)
      await m.db.execute(sql`INSERT INTO orders (company_id, code, status, customer_name, has_room, has_train,
          has_transportation, items_summary, start_date, end_date, total)
        VALUES (${c}, ${code}, ${status}, 'Umar Said', ${room}, ${train}, ${vehicle}, 'x', '2026-12-05', '2026-12-07', 100)`)
    const ordersBefore = await m.rows(sql`SELECT id, code, status, total::text AS total FROM orders ORDER BY id`)

    await m.migrateAll()

    const desks = await m.rows(sql`SELECT o.code, d.desk, d.status, d.desk_status, d.company_id
      FROM order_desks d JOIN orders o ON o.id = d.order_id ORDER BY o.code, d.desk`)
    expect(desks).toEqual(
      [
        ['ORD-H', 'hotel', 'pending'],
        ['ORD-HT', 'hotel', 'completed'],
        ['ORD-HT', 'train', 'completed'],
        ['ORD-P', 'hotel', 'paid'],
        ['ORD-P', 'train', 'paid'],
        ['ORD-P', 'transportation', 'paid'],
        ['ORD-T', 'train', 'confirmed'],
        ['ORD-V', 'transportation', 'cancelled'],
      ].map(([code, desk, status]) => ({ code, desk, status, desk_status: `${desk}:${status}`, company_id: c })),
    )
    expect(await m.rows(sql`SELECT id, code, status, total::text AS total FROM orders ORDER BY id`)).toEqual(ordersBefore)
    const columns = await m.rows(sql`SELECT column_name FROM information_schema.columns
      WHERE table_name = 'orders' AND (column_name LIKE 'has\_%' OR column_name LIKE '%\_status')`)
    expect(columns).toEqual([])

    // A status move reaches the order's desk rows in the same statement.
    await m.db.execute(sql`UPDATE orders SET status = 'confirmed' WHERE code = 'ORD-H'`)
    expect(await m.rows(sql`SELECT d.status FROM order_desks d JOIN orders o ON o.id = d.order_id WHERE o.code = 'ORD-H'`)).toEqual([
      { status: 'confirmed' },
    ])
    // A desk row cannot disagree with its order's status.
    await expect(
      m.db.execute(sql`UPDATE order_desks SET status = 'paid' WHERE order_id = (SELECT id FROM orders WHERE code = 'ORD-T')`),
    ).rejects.toThrow()
    // An order on no desk is refused at commit, whether written so or left so.
    await expect(
      m.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO orders (company_id, code, customer_name, items_summary, start_date, end_date, total)
          VALUES (${c}, 'ORD-NONE', 'Umar Said', 'x', '2026-12-05', '2026-12-07', 100)`)
      }),
    ).rejects.toThrow()
    await expect(
      m.db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM order_desks WHERE order_id = (SELECT id FROM orders WHERE code = 'ORD-T')`)
      }),
    ).rejects.toThrow()
    expect(await m.rows(sql`SELECT count(*)::int AS n FROM orders WHERE code = 'ORD-NONE'`)).toEqual([{ n: 0 }])
    // Deleting the order takes its desks with it.
    await m.db.execute(sql`DELETE FROM orders WHERE code = 'ORD-P'`)
    expect(await m.rows(sql`SELECT count(*)::int AS n FROM order_desks`)).toEqual([{ n: 5 }])
  }, 180_000) // a fresh PGlite's initdb and every migration from 0000, on a shared 2-core machine
})
