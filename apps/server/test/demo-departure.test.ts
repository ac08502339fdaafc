import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './helpers/app.js'
import { seed } from '../src/seeds/seed.js'

/** The demo data of issue 29: one open departure built from the demo catalogue, 12 pilgrims booked onto it. */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
  await seed(t.app.db, { demo: true })
})
afterAll(async () => {
  await t?.close()
})

describe('the demo departure', () => {
  it('is open with 12 pilgrims booked in families, its seats sold counted by the database', async () => {
    const res = (await t.app.db.execute(sql`
      SELECT d.status, d.seats, d.seats_sold,
        (SELECT count(*)::int FROM departure_pilgrims p WHERE p.departure_id = d.id AND p.status <> 'cancelled') AS pilgrims,
        (SELECT count(DISTINCT p.order_id)::int FROM departure_pilgrims p WHERE p.departure_id = d.id) AS orders
      FROM departures d`)) as unknown as { rows: Array<Record<string, number | string>> }
    expect(res.rows).toEqual([{ status: 'open', seats: 20, seats_sold: 12, pilgrims: 12, orders: 5 }])
  })
})
