import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { withDatabase } from '../../../test/global-setup.js'
import { MIGRATIONS_DIR, openDatabase, type Database } from '../../db/client.js'

/**
 * Migration 0015 moves hotels' extra prices and service fees onto the shared
 * price-table factory: a database holding hotel prices before it keeps every
 * row after it, with the factory's index names; all pending migrations run in
 * one transaction (drizzle's migrator), on PGlite and PostgreSQL.
 */
const MOVED = '0015_hotel_price_tables_shared'
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-mig-'))
let database: Database | undefined
let dropDb: (() => Promise<void>) | undefined

/** The migrations folder as it was before `tag`: the journal cut there. */
function folderBefore(tag: string): string {
  const dir = path.join(tmp, 'before')
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true })
  const journalPath = path.join(dir, 'meta/_journal.json')
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> }
  const at = journal.entries.findIndex((e) => e.tag === tag)
  expect(at).toBeGreaterThan(0)
  journal.entries = journal.entries.slice(0, at)
  fs.writeFileSync(journalPath, JSON.stringify(journal))
  return dir
}

async function openEmpty(): Promise<Database> {
  const ctx = inject('testDb')
  if (ctx.kind === 'postgres') {
    const name = `${ctx.prefix}_mig_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: ctx.adminUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE "${name}"`)
    await admin.end()
    dropDb = async () => {
      const a = new pg.Client({ connectionString: ctx.adminUrl })
      await a.connect()
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await a.end()
    }
    return openDatabase({ url: withDatabase(ctx.adminUrl, name), poolSize: 2 })
  }
  return openDatabase({ dataDir: path.join(tmp, 'data') })
}

const migrateTo = (d: Database, folder: string) =>
  d.kind === 'postgres'
    ? migratePg(d.db as never, { migrationsFolder: folder })
    : migratePglite(d.db as never, { migrationsFolder: folder })

const rows = async (d: Database, q: ReturnType<typeof sql>) =>
  ((await d.db.execute(q)) as unknown as { rows: Array<Record<string, unknown>> }).rows

afterAll(async () => {
  await database?.close()
  await dropDb?.()
  fs.rmSync(tmp, { recursive: true, force: true })
})

describe('migration 0015: hotel price tables on the shared factory', () => {
  it('keeps every extra price and service fee of every hotel', async () => {
    database = await openEmpty()
    await migrateTo(database, folderBefore(MOVED))
    await database.db.execute(sql`INSERT INTO companies (name) VALUES ('Migrating Travel')`)
    const [company] = await rows(database, sql`SELECT id FROM companies WHERE name = 'Migrating Travel'`)
    await database.db.execute(sql`INSERT INTO locations (company_id, name, slug, description, status, lat, long)
      VALUES (${company!.id}, 'Makkah', 'makkah', 'x', 'publish', 21.4, 39.8)`)
    await database.db.execute(sql`INSERT INTO hotels (company_id, location_id, name, slug, rating, check_in, check_out,
        min_reservation, max_stay, price, status, extra_price, service_fee, real_address, lat, long, meta_title, meta_description)
      SELECT ${company!.id}, id, 'Hotel Safwa', 'hotel-safwa', 5, '14:00', '12:00', 0, 1, 500, 'publish', true, true, 'Ajyad', 21.4, 39.8, 'm', 'm'
      FROM locations WHERE slug = 'makkah'`)
    await database.db.execute(sql`INSERT INTO hotel_extra_prices (hotel_id, position, name, value, type, person_price)
      SELECT id, 0, 'Breakfast', 12.5, 'per_day', true FROM hotels UNION ALL SELECT id, 1, 'Pickup', 50, 'one_time', false FROM hotels`)
    await database.db.execute(sql`INSERT INTO hotel_service_prices (hotel_id, position, name, name_en, value, type, person_price)
      SELECT id, 0, 'PPN', 'VAT', 15, 'percent', false FROM hotels`)
    const before = {
      extras: await rows(database, sql`SELECT * FROM hotel_extra_prices ORDER BY id`),
      fees: await rows(database, sql`SELECT * FROM hotel_service_prices ORDER BY id`),
    }

    await migrateTo(database, MIGRATIONS_DIR)

    expect(await rows(database, sql`SELECT * FROM hotel_extra_prices ORDER BY id`)).toEqual(before.extras)
    expect(await rows(database, sql`SELECT * FROM hotel_service_prices ORDER BY id`)).toEqual(before.fees)
    const indexes = (
      await rows(
        database,
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
      database.db.execute(sql`INSERT INTO hotel_service_prices (hotel_id, position, name, value, type)
        SELECT id, 1, 'Too much', 101, 'percent' FROM hotels`),
    ).rejects.toThrow()
  }, 180_000) // a fresh PGlite's initdb and every migration from 0000, on a shared 2-core machine
})
