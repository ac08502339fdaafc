import path from 'node:path'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database, type Db } from '../src/db/client.js'
import { createCompanyWithOwner, syncPermissions } from '../src/services/companies.js'
import { createSession } from '../src/lib/sessions.js'

/** The PostgreSQL server the bench uses (trust auth on 127.0.0.1:5432 by default). */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

/** A database of the bench's own, created now and dropped by `drop()`. */
export async function createPgDatabase(prefix = 'bench'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: ADMIN_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  return {
    url: withDatabase(ADMIN_URL, name),
    async drop() {
      const a = new pg.Client({ connectionString: ADMIN_URL })
      await a.connect()
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await a.end()
    },
  }
}

const CITIES = [
  'Makkah',
  'Madinah',
  'Jeddah',
  'Taif',
  'Riyadh',
  'Dammam',
  'Abha',
  'Tabuk',
  'Hail',
  'Najran',
  'Yanbu',
  'Jazan',
  'Khobar',
  'Qassim',
  'Baha',
  'Jubail',
  'Arar',
  'Sakaka',
  'Unaizah',
  'Buraydah',
]
const KINDS = ['Suite', 'Tour', 'Package', 'Transfer', 'Stay']

/**
 * `n` categories for a company in one INSERT … SELECT generate_series: names
 * like "Makkah Suite 000123" (every city × kind pair is 1 % of the rows).
 */
export async function loadCategories(db: Db, companyId: number, n: number) {
  const cities = `ARRAY[${CITIES.map((c) => `'${c}'`).join(',')}]`
  const kinds = `ARRAY[${KINDS.map((c) => `'${c}'`).join(',')}]`
  await db.execute(
    sql.raw(`INSERT INTO categories (company_id, name, slug, description, is_active, created_at)
      SELECT ${companyId}, v.name, lower(replace(v.name, ' ', '-')), 'Sample category ' || g, g % 7 <> 0,
             now() - make_interval(secs => g)
        FROM generate_series(1, ${n}) g,
             LATERAL (SELECT (${cities})[1 + g % 20] || ' ' || (${kinds})[1 + (g / 20) % 5] || ' ' || lpad(g::text, 6, '0') AS name) v`),
  )
  await db.execute(sql`ANALYZE categories`)
}

export interface BenchData {
  /** Bearer token of company A's owner. */
  token: string
  companyId: number
}

/** Permissions, two companies with 100k categories each, and a session for the first one's owner. */
export async function seedBenchData(database: Database, rows: number): Promise<BenchData> {
  const db = database.db
  await database.migrate()
  await syncPermissions(db)
  const made = []
  for (const name of ['Bench A', 'Bench B']) {
    const { company, owner } = await db.transaction((tx) =>
      createCompanyWithOwner(tx as unknown as Db, {
        company: name,
        owner: { name: 'Owner', email: `owner@${name.replace(' ', '').toLowerCase()}.bench`, password: null, status: 'active' },
      }),
    )
    await loadCategories(db, company.id, rows)
    made.push({ company, owner })
  }
  const { token } = await createSession(db, made[0]!.owner.id)
  return { token, companyId: made[0]!.company.id }
}

export { openDatabase }

/**
 * The app in this process as `npm start` builds it in production (no log, no web build), on `database`:
 * for the benches that drive it with `inject` and read its statements or CPU (order-cost, order-statements).
 */
export async function productionApp(database: Database, url: string, dataDir: string) {
  const { buildApp } = await import('../src/app.js')
  const { loadConfig } = await import('../src/config.js')
  const config = loadConfig({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    WEB_DIST: path.join(dataDir, 'no-web'),
  })
  const app = await buildApp({ config, database, logger: false })
  await app.ready()
  return app
}
