/**
 * Testing one migration on data written before it: an empty database (PGlite or
 * PostgreSQL, as the suite runs), migrated up to just before a migration's tag,
 * filled by the test, then migrated to the end (drizzle's migrator: every
 * pending migration in one transaction).
 *
 *   const m = migrationDatabase()
 *   await m.migrateBefore('0016_order_end_check_out')
 *   await m.db.execute(sql`INSERT …`)
 *   await m.migrateAll()
 *   await m.close()                                  // in afterAll
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { SQL } from 'drizzle-orm'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { expect, inject } from 'vitest'
import { createPgDatabase } from '../global-setup.js'
import { MIGRATIONS_DIR, openDatabase, type Database } from '../../src/db/client.js'

export function migrationDatabase() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-mig-'))
  let database: Database | undefined

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
      // Empty, and dropped with the run's databases (global-setup.ts createPgDatabase).
      const url = await createPgDatabase(ctx.adminUrl, `${ctx.prefix}_mig_${randomBytes(4).toString('hex')}`)
      return openDatabase({ url, poolSize: 2 })
    }
    return openDatabase({ dataDir: path.join(tmp, 'data') })
  }

  const migrateTo = (d: Database, folder: string) =>
    d.kind === 'postgres'
      ? migratePg(d.db as never, { migrationsFolder: folder })
      : migratePglite(d.db as never, { migrationsFolder: folder })

  const opened = () => {
    if (!database) throw new Error('migrateBefore() first')
    return database
  }

  return {
    get db() {
      return opened().db
    },
    /** A new empty database, migrated up to (not including) `tag`. */
    async migrateBefore(tag: string) {
      database = await openEmpty()
      await migrateTo(database, folderBefore(tag))
    },
    /** Every migration left, the one under test included. */
    migrateAll: () => migrateTo(opened(), MIGRATIONS_DIR),
    /** Rows of a query. */
    rows: async (q: SQL) => ((await opened().db.execute(q)) as unknown as { rows: Array<Record<string, unknown>> }).rows,
    async close() {
      await database?.close()
      fs.rmSync(tmp, { recursive: true, force: true })
    },
  }
}
