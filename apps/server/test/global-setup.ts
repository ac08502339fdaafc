import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../src/db/client.js'
import { syncPermissions } from '../src/services/companies.js'
import { syncCounters } from '../src/crud/counters.js'
// The resources' counter declarations, installed in the template once instead of in every test file.
import '../src/modules/index.js'

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'pglite'; templateDir: string } | { kind: 'postgres'; adminUrl: string; template: string; prefix: string }
  }
}

/** The one implementation of dropping a run's databases (npm test also uses it, after both lanes). */
const DROP_SCRIPT = path.resolve(import.meta.dirname, '../../../scripts/drop-pg-databases.mjs')

export function usePostgres(): string | undefined {
  return process.env.TEST_DB === 'pg' ? process.env.TEST_DATABASE_URL : undefined
}

/** Builds one migrated database per run; each test file clones it. */
export default async function setup(project: TestProject) {
  const url = usePostgres()
  if (url) {
    const prefix = `t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
    const template = `${prefix}_tpl`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    const tplUrl = await createPgDatabase(url, template)
    const db = openDatabase({ url: tplUrl, poolSize: 2 })
    await db.migrate()
    await syncPermissions(db.db)
    await syncCounters(db.db)
    await db.close()
    project.provide('testDb', { kind: 'postgres', adminUrl: url, template, prefix })
    return async () => {
      // Every database of the run, dropped here rather than as each file ends (createPgDatabase says why).
      // npm test names a file in TEST_PG_DROP_LATER: the prefix goes there and npm test drops them all once both
      // of its lanes have ended (beside the journeys the drops' checkpoints held the API lane for 80 s).
      await admin.end()
      const later = process.env.TEST_PG_DROP_LATER
      if (later) return fs.appendFileSync(later, `${prefix}\n`)
      const drop = spawnSync(process.execPath, [DROP_SCRIPT, url, prefix], { encoding: 'utf8' })
      if (drop.status !== 0) throw new Error(`dropping the run's databases failed: ${drop.stderr}`)
    }
  }
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-template-'))
  const db = openDatabase({ dataDir: templateDir })
  await db.migrate()
  await syncPermissions(db.db)
  await syncCounters(db.db)
  await db.close()
  project.provide('testDb', { kind: 'pglite', templateDir })
  return async () => fs.rmSync(templateDir, { recursive: true, force: true })
}

/**
 * Creates a database of the run (cloned from `template`, else empty) and answers its URL. Two choices for
 * the suites' speed, neither of them something a test is about (docs/decisions/ci.md, "Test databases"):
 * - its commits do not wait for their WAL to reach the disk (`synchronous_commit = off`): each flush cost
 *   1.5–7.5 ms here, on every write of every test; nothing is lost unless PostgreSQL itself crashes, which no
 *   test does (the crash tests kill our server, not the database);
 * - it is not dropped when its file ends: PostgreSQL 15's DROP DATABASE forces an immediate checkpoint of the
 *   whole server (0.4–5.8 s each while other files write, measured), and a file's teardown waited for it.
 *   The run's global teardown drops every database named with its prefix, once nothing writes.
 */
export async function createPgDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`)
    await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`)
  } finally {
    await admin.end()
  }
  return withDatabase(adminUrl, name)
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}
