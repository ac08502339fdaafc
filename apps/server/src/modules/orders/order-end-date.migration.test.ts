import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationDatabase } from '../../../test/helpers/migrations.js'

/**
 * Migration 0016: an order's `end_date` is the day it ends, a stay's check-out
 * (the morning after its last night). Orders written before it kept a stay's
 * last night there; after it, an order whose last day is a stay ends on that
 * stay's check-out, and the others (a later vehicle or train, no stay at all)
 * are untouched, as are the items. On PGlite and PostgreSQL.
 */
const m = migrationDatabase()
afterAll(async () => {
  await m.close()
})

describe('migration 0016: order end date is the check-out', () => {
  it("moves an order's end to its last stay's check-out, leaving other orders and the items as they were", async () => {
    await m.migrateBefore('0016_order_end_check_out')
    await m.db.execute(sql`INSERT INTO companies (name) VALUES ('Migrating Travel')`)
    const [company] = await m.rows(sql`SELECT id FROM companies WHERE name = 'Migrating Travel'`)
    const c = Number(company!.id)
    // code, desks, start, end (as written before 0016), then its items: kind, first day, last day.
    const made: Array<[string, [boolean, boolean, boolean], string, string, Array<[string, string, string]>]> = [
      ['ORD-A', [true, false, false], '2026-12-05', '2026-12-07', [['room', '2026-12-05', '2026-12-07']]],
      [
        'ORD-B',
        [true, false, true],
        '2026-12-05',
        '2026-12-10',
        [
          ['room', '2026-12-05', '2026-12-07'],
          ['transportation', '2026-12-08', '2026-12-10'],
        ],
      ],
      [
        'ORD-C',
        [true, true, false],
        '2026-12-05',
        '2026-12-10',
        [
          ['room', '2026-12-05', '2026-12-10'],
          ['train', '2026-12-09', '2026-12-09'],
        ],
      ],
      ['ORD-D', [false, true, false], '2026-12-09', '2026-12-09', [['train', '2026-12-09', '2026-12-09']]],
    ]
    for (const [code, [room, train, vehicle], start, end, items] of made) {
      const [o] = await m.rows(sql`INSERT INTO orders (company_id, code, customer_name, has_room, has_train,
          has_transportation, items_summary, start_date, end_date, total)
        VALUES (${c}, ${code}, 'Umar Said', ${room}, ${train}, ${vehicle}, 'x', ${start}, ${end}, 100) RETURNING id`)
      for (const [i, [kind, first, last]] of items.entries())
        await m.db.execute(sql`INSERT INTO order_items (order_id, company_id, position, kind, item_id, item_name,
            start_date, end_date, quantity, amount)
          VALUES (${o!.id}, ${c}, ${i}, ${kind}, 1, 'x', ${first}, ${last}, 1, 50)`)
    }
    const itemsBefore = await m.rows(sql`SELECT * FROM order_items ORDER BY id`)

    await m.migrateAll()

    const ends = await m.rows(sql`SELECT code, end_date::text AS end_date FROM orders ORDER BY code`)
    expect(ends).toEqual([
      { code: 'ORD-A', end_date: '2026-12-08' }, // check-out of the stay
      { code: 'ORD-B', end_date: '2026-12-10' }, // the vehicle ends after the stay's check-out
      { code: 'ORD-C', end_date: '2026-12-11' }, // the stay ends after the train
      { code: 'ORD-D', end_date: '2026-12-09' }, // no stay
    ])
    // Later migrations may add columns (an item's chosen extras, issue 32): the columns that were there are unchanged.
    const itemsAfter = await m.rows(sql`SELECT * FROM order_items ORDER BY id`)
    expect(itemsAfter.map((r) => Object.fromEntries(Object.keys(itemsBefore[0] as object).map((k) => [k, r[k]])))).toEqual(
      itemsBefore,
    )
  }, 180_000) // a fresh PGlite's initdb and every migration from 0000, on a shared 2-core machine
})
