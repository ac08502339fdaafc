import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { inject } from 'vitest'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { buildApp } from '../../src/app.js'
import { loadConfig, type Config } from '../../src/config.js'
import { openDatabase, type Database } from '../../src/db/client.js'
import { createPgDatabase } from '../global-setup.js'

export interface TestApp {
  app: FastifyInstance
  database: Database
  config: Config
  close(): Promise<void>
}

/** A fresh database (a clone of the run's migrated template) for one test file. */
export async function openTestDatabase(): Promise<{ database: Database; dataDir: string; drop(): Promise<void> }> {
  const ctx = inject('testDb')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-test-'))
  if (ctx.kind === 'postgres') {
    const url = await createPgDatabase(ctx.adminUrl, `${ctx.prefix}_${randomBytes(4).toString('hex')}`, ctx.template)
    const database = openDatabase({ url, poolSize: 5 })
    return {
      database,
      dataDir,
      // The database itself goes with the run's (global-setup.ts createPgDatabase).
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  fs.cpSync(ctx.templateDir, dataDir, { recursive: true })
  const database = openDatabase({ dataDir })
  return { database, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) }
}

/**
 * The whole app on its own database, for `app.inject` tests.
 * `env` overrides configuration (e.g. SMTP_URL, REDIS_URL) for this app only.
 */
export async function buildTestApp(env: Record<string, string> = {}, modules: FastifyPluginAsync[] = []): Promise<TestApp> {
  const { database, dataDir, drop } = await openTestDatabase()
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Suites upload hundreds of files a minute for one company; the limit's own test sets it low.
    UPLOAD_RATE_PER_MINUTE: '100000',
    ...env,
  })
  const app = await buildApp({ config, database, logger: false, modules })
  await app.ready()
  return {
    app,
    database,
    config,
    async close() {
      await app.close()
      await database.close()
      await drop()
    },
  }
}
