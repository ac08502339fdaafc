import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
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
    await admin.query(`CREATE DATABASE "${template}"`)
    const tplUrl = withDatabase(url, template)
    const db = openDatabase({ url: tplUrl, poolSize: 2 })
    await db.migrate()
    await syncPermissions(db.db)
    await syncCounters(db.db)
    await db.close()
    project.provide('testDb', { kind: 'postgres', adminUrl: url, template, prefix })
    return async () => {
      const res = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${prefix}%`])
      for (const { datname } of res.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
      await admin.end()
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

export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}
