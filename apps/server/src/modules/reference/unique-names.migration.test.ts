import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationDatabase } from '../../../test/helpers/migrations.js'
import { MIGRATIONS_DIR } from '../../db/client.js'

/**
 * The migration that makes names unique ignoring case and spaces (issue 32, item 6) first renames the rows
 * already duplicated: per company, the oldest keeps its name, each later one becomes "Makkah (2)", "Makkah (3)"
 * (the first number free, "Makkah (2)" already taken is skipped); other companies and distinct names are
 * untouched; then the unique indexes hold. On PGlite and PostgreSQL.
 */
const m = migrationDatabase()
afterAll(async () => {
  await m.close()
})
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
  entries: Array<{ tag: string }>
}
const tag = journal.entries.find((e) => e.tag.endsWith('_clerk_moves_extras_names'))!.tag

describe('migration: unique names per company, duplicates renamed', () => {
  it('renames existing duplicates of locations and reference rows, then refuses new ones', async () => {
    await m.migrateBefore(tag)
    await m.db.execute(sql`INSERT INTO companies (name) VALUES ('Dup Travel'), ('Other Travel')`)
    const [a, b] = (await m.rows(sql`SELECT id FROM companies ORDER BY id`)).map((r) => Number(r.id))
    const loc = (company: number, name: string, slug: string) =>
      m.db.execute(sql`INSERT INTO locations (company_id, name, slug, description, status, lat, long)
        VALUES (${company}, ${name}, ${slug}, '', 'publish', 21.4, 39.8)`)
    await loc(a!, 'Makkah', 'makkah')
    await loc(a!, 'makkah ', 'makkah-2')
    await loc(a!, 'Makkah (2)', 'makkah-3')
    await loc(a!, 'MAKKAH', 'makkah-4')
    await loc(a!, 'Madinah', 'madinah')
    await loc(b!, 'Makkah', 'makkah')
    // Before this migration, facility names were unique only in their case; spaces made another name.
    const fac = (company: number, name: string, slug: string) =>
      m.db.execute(sql`INSERT INTO facilities (company_id, name, slug, description) VALUES (${company}, ${name}, ${slug}, '')`)
    await fac(a!, 'Wi-Fi', 'wi-fi')
    await fac(a!, 'Free  Parking', 'free-parking')
    await fac(a!, 'Free Parking', 'free-parking-2')

    await m.migrateAll()

    const names = async (table: string, company: number) =>
      (await m.rows(sql`SELECT name FROM ${sql.identifier(table)} WHERE company_id = ${company} ORDER BY id`)).map((r) => r.name)
    expect(await names('locations', a!)).toEqual(['Makkah', 'makkah (3)', 'Makkah (2)', 'MAKKAH (4)', 'Madinah'])
    expect(await names('locations', b!)).toEqual(['Makkah'])
    expect(await names('facilities', a!)).toEqual(['Wi-Fi', 'Free  Parking', 'Free Parking (2)'])
    // The index now refuses a new duplicate.
    await expect(loc(a!, ' madinah', 'madinah-2')).rejects.toThrow()
    await expect(fac(a!, 'WI-FI', 'wi-fi-2')).rejects.toThrow()
  }, 180_000)
})
