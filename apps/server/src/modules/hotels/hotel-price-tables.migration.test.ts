import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationDatabase } from '../../../test/helpers/migrations.js'

/**
 * Migration 0015 moves hotels' extra prices and service fees onto the shared
 * price-table factory: a database holding hotel prices before it keeps every
 * row after it, with the factory's index names; all pending migrations run in
 * one transaction (drizzle's migrator), on PGlite and PostgreSQL.
 */
const MOVED = '0015_hotel_price_tables_shared'
const m = migrationDatabase()
const rows = (q: ReturnType<typeof sql>) => m.rows(q)

afterAll(async () => {
  await m.close()
})

describe('migration 0015: hotel price tables on the shared factory', () => {
  it('keeps every extra price and service fee of every hotel', async () => {
    await m.migrateBefore(MOVED)
    await m.db.execute(sql`INSERT INTO companies (name) VALUES ('Migrating Travel')`)
    const [company] = await rows(sql`SELECT id FROM companies WHERE name = 'Migrating Travel'`)
    await m.db.execute(sql`INSERT INTO locations (company_id, name, slug, description, status, lat, long)
      VALUES (${company!.id}, 'Makkah', 'makkah', 'x', 'publish', 21.4, 39.8)`)
    await m.db.execute(sql`INSERT INTO hotels (company_id, location_id, name, slug, rating, check_in, check_out,
        min_reservation, max_stay, price, status, extra_price, service_fee, real_address, lat, long, meta_title, meta_description)
      SELECT ${company!.id}, id, 'Hotel Safwa', 'hotel-safwa', 5, '14:00', '12:00', 0, 1, 500, 'publish', true, true, 'Ajyad', 21.4, 39.8, 'm', 'm'
      FROM locations WHERE slug = 'makkah'`)
    await m.db.execute(sql`INSERT INTO hotel_extra_prices (hotel_id, position, name, value, type, person_price)
      SELECT id, 0, 'Breakfast', 12.5, 'per_day', true FROM hotels UNION ALL SELECT id, 1, 'Pickup', 50, 'one_time', false FROM hotels`)
    await m.db.execute(sql`INSERT INTO hotel_service_prices (hotel_id, position, name, name_en, value, type, person_price)
      SELECT id, 0, 'PPN', 'VAT', 15, 'percent', false FROM hotels`)
    const before = {
      extras: await rows(sql`SELECT * FROM hotel_extra_prices ORDER BY id`),
      fees: await rows(sql`SELECT * FROM hotel_service_prices ORDER BY id`),
    }

    await m.migrateAll()

    expect(await rows(sql`SELECT * FROM hotel_extra_prices ORDER BY id`)).toEqual(before.extras)
    expect(await rows(sql`SELECT * FROM hotel_service_prices ORDER BY id`)).toEqual(before.fees)
    const indexes = (
      await rows(
        sql`SELECT indexname FROM pg_indexes WHERE tablename IN ('hotel_extra_prices', 'hotel_service_prices') ORDER BY 1`,
      )
    ).map((r) => r.indexname)
    expect(indexes).toEqual([
      'hotel_extra_prices_parent_idx',
      'hotel_extra_prices_pkey',
      'hotel_service_prices_parent_idx',
      'hotel_service_prices_pkey',
    ])
    // The factory's rules hold on the moved tables: a percent fee above 100 is refused by the database.
    await expect(
      m.db.execute(sql`INSERT INTO hotel_service_prices (hotel_id, position, name, value, type)
        SELECT id, 1, 'Too much', 101, 'percent' FROM hotels`),
    ).rejects.toThrow()
  }, 180_000) // a fresh PGlite's initdb and every migration from 0000, on a shared 2-core machine
})
