import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pgliteExtensions } from './extensions.js'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { fasterQueries } from './pglite-statements.js'
import { PGliteWorkerClient } from './pglite-proxy.js'
import { DescribedClient } from './pg-statements.js'

/**
 * One type for both drivers: code never needs to know which one it runs on. No schema is given to drizzle: its
 * relational queries (`db.query.<table>`) are not used, and with a schema every transaction built one query
 * builder per table (~100) before its first statement (3 % of an order's CPU, docs/performance/orders.md).
 */
export type Db = PgDatabase<PgQueryResultHKT>

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** postgres:// URL; without it, PGlite in `dataDir`. */
  url?: string
  dataDir?: string
  poolSize?: number
  /**
   * PGlite in a worker thread (the default), so its WebAssembly engine does not
   * run on the thread serving HTTP; `false` (or PGLITE_WORKER=0) runs it in this
   * thread, as before. db/pglite-proxy.ts.
   */
  worker?: boolean
}

/** PGLITE_WORKER as config.ts reads it, for callers without a config (tests, benches): on unless 0/false/no. */
function workerByDefault(): boolean {
  const v = process.env.PGLITE_WORKER
  return v === undefined || ['true', '1', 'yes'].includes(v)
}

/** The worker's entry: built beside the bundles (dist/pglite-worker.js), or the TypeScript source through tsx. */
function workerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./pglite-worker-tsx.mjs', import.meta.url)
    : new URL('./pglite-worker.js', import.meta.url)
}

export function openDatabase(opts: DatabaseOptions): Database {
  if (opts.url) {
    // Its named statements skip the Describe after their first run on a connection (db/pg-statements.ts).
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 20, Client: DescribedClient })
    // A dropped idle connection must not take the process down.
    pool.on('error', () => {})
    // Nothing a transaction held back (db/pg-statements.ts) outlives the client's turn.
    pool.on('release', (_err: unknown, client: pg.PoolClient) => (client as unknown as DescribedClient).forgetHeld())
    const db = drizzlePg(pool) as unknown as Db
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    }
  }
  const dir = opts.dataDir ? path.join(opts.dataDir, 'pglite') : undefined
  if (dir) fs.mkdirSync(dir, { recursive: true })
  // On its own thread (the default) or in this one: the same client members either way, for drizzle.
  const client = (opts.worker ?? workerByDefault()) ? new PGliteWorkerClient(workerUrl(), dir) : inProcess(dir)
  const db = drizzlePglite(client as never) as unknown as Db
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  }
}

function inProcess(dir: string | undefined): PGlite {
  const client = new PGlite(dir, { extensions: pgliteExtensions })
  fasterQueries(client)
  return client
}
