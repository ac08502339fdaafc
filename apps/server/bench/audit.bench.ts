/**
 * `npm run bench -- audit` (issue 30), on PostgreSQL, in-process (app.inject):
 * 1. what the audit adds to a save: p50 of PUT /facilities/:id as shipped, p50 of the same save with the
 *    audit row skipped in the database (a BEFORE INSERT trigger returning NULL: the statement's round trip
 *    stays, the row and its four index entries go), and p50 of the audit INSERT alone inside a transaction;
 * 2. the audit list over BENCH_AUDIT_ROWS rows (default 1,000,000) of one company: keyset pages from
 *    random positions, unfiltered and with each filter the screen offers.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import type { Db } from '../src/db/client.js'
import { createCompanyWithOwner, syncPermissions } from '../src/services/companies.js'
import { createSession } from '../src/lib/sessions.js'
import { createPgDatabase, openDatabase } from './fixtures.js'

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000)
const SAVES = Number(process.env.BENCH_AUDIT_SAVES ?? 400)
const PAGES = Number(process.env.BENCH_AUDIT_PAGES ?? 400)

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(2)} ms, p99 ${pct(xs, 99).toFixed(2)} ms (n=${xs.length})`
async function timed(n: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < n; i++) {
    const t0 = performance.now()
    await run(i)
    out.push(performance.now() - t0)
  }
  return out
}

export default async function auditBench() {
  console.log(
    `node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg()[0]!.toFixed(1)}`,
  )
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-bench-audit-'))
  const pgdb = await createPgDatabase('bench_audit')
  const database = openDatabase({ url: pgdb.url, dataDir })
  let app: FastifyInstance | undefined
  try {
    await database.migrate()
    const db = database.db
    await syncPermissions(db)
    const { company, owner } = await db.transaction((tx) =>
      createCompanyWithOwner(tx as unknown as Db, {
        company: 'Audit Bench',
        owner: { name: 'Owner', email: 'owner@audit.bench', password: null, status: 'active' },
      }),
    )
    const { token } = await createSession(db, owner.id)
    const headers = { authorization: `Bearer ${token}` }
    app = await buildApp({
      config: loadConfig({
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
        WEB_DIST: path.join(dataDir, 'none'),
      }),
      database,
      logger: false,
    })
    await app.ready()
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/facilities',
      headers,
      payload: { name: 'Bench pool', slug: 'bench-pool', description: 'Bench pool', is_active: true },
    })
    if (created.statusCode !== 200) throw new Error(`create: ${created.body}`)
    const id = created.json().data.id as number
    const save = (i: number) =>
      app!.inject({
        method: 'PUT',
        url: `/api/v1/facilities/${id}`,
        headers,
        payload: { name: `Bench pool ${i}`, slug: 'bench-pool', description: `x ${i}`, is_active: true },
      })

    // 1. The save's cost with and without the audit row.
    await timed(50, save)
    const withAudit = await timed(SAVES, save)
    await db.execute(
      sql.raw(`CREATE FUNCTION bench_skip() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
      CREATE TRIGGER bench_skip BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION bench_skip();`),
    )
    await timed(50, save)
    const skipped = await timed(SAVES, save)
    await db.execute(sql.raw('DROP TRIGGER bench_skip ON audit_log; DROP FUNCTION bench_skip()'))
    const insertAlone: number[] = []
    for (let i = 0; i < SAVES; i++) {
      await db.transaction(async (tx) => {
        const t0 = performance.now()
        await tx.execute(sql`
          INSERT INTO audit_log (company_id, user_id, role_id, role_name, ip, user_agent, request_id, entity, record_id, action, change)
          VALUES (${company.id}, ${owner.id}, ${owner.role_id}, (SELECT name FROM roles WHERE id = ${owner.role_id}), '127.0.0.1',
            'bench', ${`req-${i}`}, 'facility', ${id}, 'update',
            ${JSON.stringify({ before: { name: 'a' }, after: { name: 'b' } })}::jsonb)`)
        insertAlone.push(performance.now() - t0)
      })
    }
    const p50 = pct(withAudit, 50)
    const cost = pct(insertAlone, 50)
    console.log(`\n## A save (PUT /facilities/:id) and its audit row, PostgreSQL, app.inject`)
    console.log(`save with its audit row:          ${fmt(withAudit)}`)
    console.log(`save, audit row skipped by the db: ${fmt(skipped)}`)
    console.log(`the audit INSERT alone (in a tx):  ${fmt(insertAlone)}`)
    console.log(
      `audit share of the save's p50: ${((cost / (p50 - cost)) * 100).toFixed(1)} % (INSERT alone); ` +
        `${(((p50 - pct(skipped, 50)) / pct(skipped, 50)) * 100).toFixed(1)} % (with vs skipped)`,
    )

    // 2. The audit list over ROWS rows of this company (plus 10 % of another's).
    const t0 = performance.now()
    await db.execute(
      sql.raw(`INSERT INTO audit_log (company_id, user_id, role_id, role_name, at, ip, entity, record_id, action, change)
      SELECT CASE WHEN g % 10 = 0 THEN ${company.id + 1000} ELSE ${company.id} END, 1 + g % 25, ${owner.role_id}, 'owner',
        now() - make_interval(secs => ${ROWS} - g), '10.0.0.1',
        (ARRAY['hotel','room','facility','order_hotel','user','session'])[1 + g % 6], 1 + g % 5000,
        (ARRAY['update','create','range','delete','sign_in'])[1 + g % 5],
        jsonb_build_object('before', jsonb_build_object('price', g % 1000), 'after', jsonb_build_object('price', g % 999))
      FROM generate_series(1, ${Math.round(ROWS / 0.9)}) g`),
    )
    await db.execute(sql`ANALYZE audit_log`)
    console.log(`\nloaded ${ROWS} rows (+10 % of another company) in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
    const [{ max }] = (
      (await db.execute(sql`SELECT max(id)::int AS max FROM audit_log`)) as unknown as { rows: Array<{ max: number }> }
    ).rows as [{ max: number }]
    const list = (query: string) => async (i: number) => {
      const before = 1 + Math.floor((((i * 7919) % PAGES) / PAGES) * max)
      const res = await app!.inject({ url: `/api/v1/audit?size=50&before=${before}${query}`, headers })
      if (res.statusCode !== 200) throw new Error(res.body)
    }
    console.log(`\n## GET /audit, keyset pages of 50 from ${PAGES} positions`)
    // One day in the older half of the rows (they span ROWS seconds back from now), and a calendar day's history.
    const oldDay = new Date(Date.now() - (ROWS / 0.9) * 700).toISOString().slice(0, 10)
    for (const [name, query] of [
      ['no filter', ''],
      ['entity + record', '&entity=room&record_id=1234'],
      ['user', '&user_id=7'],
      ['action', '&action=range'],
      ['date range', '&from=2026-01-01&to=2030-12-31'],
      ['one old day', `&from=${oldDay}&to=${oldDay}`],
      ['user + old day', `&user_id=7&from=${oldDay}&to=${oldDay}`],
      ['calendar day', `&entity=room&record_id=1234&day=${oldDay}`],
    ] as const) {
      await timed(20, list(query))
      console.log(`${name.padEnd(16)} ${fmt(await timed(PAGES, list(query)))}`)
    }
  } finally {
    await app?.close()
    await database.close()
    await pgdb.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
