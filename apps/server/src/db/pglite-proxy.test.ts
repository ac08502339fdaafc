import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite, types } from '@electric-sql/pglite'
import { pgliteExtensions } from './extensions.js'
import { eq, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { check, date, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from './client.js'
import { fasterQueries } from './pglite-statements.js'
import type { PGliteWorkerClient } from './pglite-proxy.js'

/**
 * PGlite in a worker thread answers what PGlite in this thread answers: rows of
 * every type the app stores, drizzle's row modes and raw-text parsers, errors
 * with PostgreSQL's fields, transactions (commit, rollback, savepoints) that
 * nothing else interleaves with, and a close that ends the thread.
 */
const here = path.dirname(fileURLToPath(import.meta.url))

const items = pgTable(
  'items',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }),
    at: timestamp('at', { withTimezone: true, mode: 'string' }),
    day: date('day'),
    tags: jsonb('tags'),
    parent: integer('parent'),
  },
  (t) => [check('items_amount_ck', sql`${t.amount} >= 0`)],
)

const DDL = `CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL, amount numeric(14,2) CONSTRAINT items_amount_ck CHECK (amount >= 0),
  at timestamptz, day date, tags jsonb, parent int REFERENCES items(id));
  CREATE UNIQUE INDEX items_name_uq ON items (lower(name));
  INSERT INTO items SELECT g, 'Makkah ' || g, g * 1.5, '2026-11-25T10:00:00Z'::timestamptz + g * interval '1 hour',
    '2026-12-01'::date + g, jsonb_build_object('g', g, 'list', jsonb_build_array(g, 'x')), NULL FROM generate_series(1, 20) g;`

/** One row of every kind of value the app reads. */
const TYPED = `SELECT 1::int2 AS i2, 2::int4 AS i4, 9007199254740993::int8 AS i8, 1.5::float4 AS f4, 2.25::float8 AS f8,
  12.30::numeric(14,2) AS num, ARRAY[1.5, 2]::numeric[] AS nums, true AS ok, 'teks ✓'::text AS t, 'v'::varchar(3) AS vc,
  '2026-11-25 10:00:00+00'::timestamptz AS tz, '2026-11-25 10:00:00'::timestamp AS ts, '2026-11-25'::date AS d,
  '10:30'::time AS tm, '1 day 2 hours'::interval AS iv, ARRAY['2026-01-01'::date] AS ds,
  ARRAY['2026-01-01 00:00:00+00'::timestamptz] AS tzs, ARRAY[1, 2, NULL]::int[] AS ints, ARRAY['a', 'b,c']::varchar[] AS strs,
  '{"a": [1, "x", null], "b": {"c": true}}'::jsonb AS j, '{"k": 1}'::json AS js, '\\x00ff10'::bytea AS bin,
  'f47ac10b-58cc-4372-a567-0e02b2c3d479'::uuid AS u, NULL::int AS nothing, NULL::timestamptz AS no_time, $1::int AS p1, $2::text AS p2`

/** drizzle's own query options (drizzle-orm/pglite/session.js): dates, times and intervals left as text. */
const keep = (v: string) => v
const drizzleParsers = {
  [types.TIMESTAMP]: keep,
  [types.TIMESTAMPTZ]: keep,
  [types.INTERVAL]: keep,
  [types.DATE]: keep,
  1231: keep,
  1115: keep,
  1185: keep,
  1187: keep,
  1182: keep,
}

let database: Database
let client: PGliteWorkerClient
let local: PGlite

beforeAll(async () => {
  database = openDatabase({ worker: true })
  client = (database.db as unknown as { $client: PGliteWorkerClient }).$client
  local = new PGlite('memory://', { extensions: pgliteExtensions })
  fasterQueries(local)
  await Promise.all([client.exec(DDL), local.exec(DDL)])
})
afterAll(async () => {
  await database?.close()
  await local?.close()
})

describe('PGlite in a worker thread', () => {
  it('answers rows identical to PGlite in this thread, for every type, row mode and parser set', async () => {
    for (const params of [
      [7, 'seven'],
      [null, null],
    ]) {
      for (const options of [
        undefined,
        { rowMode: 'object' as const, parsers: drizzleParsers },
        { rowMode: 'array' as const, parsers: drizzleParsers },
        // A parser that is not the identity runs on this side, on the text the worker left.
        { rowMode: 'array' as const, parsers: { [types.DATE]: (v: string) => `day ${v}`, [types.INT4]: (v: string) => -v } },
      ]) {
        const ours = await client.query(TYPED, params, options)
        const theirs = await local.query(TYPED, params, options)
        expect(ours).toEqual(theirs)
      }
    }
    const bin = (await client.query<{ bin: Uint8Array }>(TYPED, [1, 'x'])).rows[0]!.bin
    expect(bin).toBeInstanceOf(Uint8Array)
    expect([...bin]).toEqual([0, 255, 16])
    // Writes: parameters of each kind go over as PGlite serializes them, affectedRows comes back.
    const write = 'INSERT INTO items (id, name, amount, at, day, tags) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *'
    const params = [100, 'Jeddah', '10.50', new Date('2026-11-25T01:02:03.004Z'), '2026-12-31', JSON.stringify({ a: [1, 2] })]
    expect(await client.query(write, params, { rowMode: 'array', parsers: drizzleParsers })).toEqual(
      await local.query(write, params, { rowMode: 'array', parsers: drizzleParsers }),
    )
    const del = 'DELETE FROM items WHERE id >= $1'
    expect(await client.query(del, [100])).toEqual(await local.query(del, [100]))
  })

  it('gives drizzle the same rows as in-process PGlite', async () => {
    const ours = drizzle(client as never)
    const theirs = drizzle(local)
    const read = (db: typeof ours) =>
      db
        .select()
        .from(items)
        .where(sql`${items.id} <= ${3}`)
        .orderBy(items.id)
    expect(await read(ours)).toEqual(await read(theirs as never))
    const raw = (db: typeof ours) => db.execute(sql`SELECT id, at, day, tags FROM items WHERE id = ${4}`)
    expect(await raw(ours)).toEqual(await raw(theirs as never))
  })

  it('keeps PostgreSQL error fields across the thread: code, constraint, detail, table, column', async () => {
    const db = database.db
    const caught = async (p: Promise<unknown>) => {
      const err = (await p.then(
        () => undefined,
        (e: unknown) => e,
      )) as { cause?: Record<string, unknown> } & Record<string, unknown>
      expect(err).toBeInstanceOf(Error)
      return err.cause ?? err
    }
    const dup = await caught(db.insert(items).values({ id: 1, name: 'x' }))
    expect(dup).toMatchObject({ code: '23505', constraint: 'items_pkey', table: 'items', detail: 'Key (id)=(1) already exists.' })
    expect(dup).toBeInstanceOf(Error)
    const clash = await caught(db.insert(items).values({ id: 50, name: 'MAKKAH 2' }))
    expect(clash).toMatchObject({ code: '23505', constraint: 'items_name_uq' })
    const missing = await caught(db.insert(items).values({ id: 51, name: 'Orphan', parent: 999 }))
    expect(missing).toMatchObject({ code: '23503', constraint: 'items_parent_fkey', table: 'items' })
    const negative = await caught(db.insert(items).values({ id: 52, name: 'Negative', amount: '-1' }))
    expect(negative).toMatchObject({ code: '23514', constraint: 'items_amount_ck' })
    const notNull = await caught(client.query('INSERT INTO items (id) VALUES ($1)', [53]))
    expect(notNull).toMatchObject({
      code: '23502',
      column: 'name',
      table: 'items',
      query: 'INSERT INTO items (id) VALUES ($1)',
      params: [53],
    })
    expect(await caught(client.query('SELECT 1/0'))).toMatchObject({ code: '22012', message: 'division by zero' })
    // The connection goes on.
    expect((await client.query('SELECT count(*)::int AS n FROM items')).rows).toEqual([{ n: 20 }])
  })

  it('commits, rolls back and keeps savepoints, as drizzle drives them', async () => {
    const db = database.db
    const name = async (id: number) => (await db.select({ name: items.name }).from(items).where(eq(items.id, id)))[0]?.name
    await db.transaction(async (tx) => {
      await tx.update(items).set({ name: 'Madinah' }).where(eq(items.id, 10))
      await tx
        .transaction(async (inner) => {
          await inner.update(items).set({ name: 'Taif' }).where(eq(items.id, 11))
          throw new Error('undo the savepoint only')
        })
        .catch(() => undefined)
      await tx.transaction(async (inner) => {
        await inner.update(items).set({ name: 'Jeddah' }).where(eq(items.id, 12))
      })
    })
    expect([await name(10), await name(11), await name(12)]).toEqual(['Madinah', 'Makkah 11', 'Jeddah'])

    await expect(
      db.transaction(async (tx) => {
        await tx.update(items).set({ name: 'Gone' }).where(eq(items.id, 13))
        throw new Error('stop')
      }),
    ).rejects.toThrow('stop')
    await db
      .transaction(async (tx) => {
        await tx.update(items).set({ name: 'Gone too' }).where(eq(items.id, 14))
        tx.rollback()
      })
      .catch(() => undefined)
    // A failed statement inside: the transaction rolls back and reports PostgreSQL's error.
    const err = await db
      .transaction(async (tx) => {
        await tx.update(items).set({ name: 'Half' }).where(eq(items.id, 15))
        await tx.insert(items).values({ id: 1, name: 'dup' })
      })
      .catch((e: { cause?: { code?: string } }) => e)
    expect((err as { cause?: { code?: string } }).cause?.code).toBe('23505')
    expect([await name(13), await name(14), await name(15)]).toEqual(['Makkah 13', 'Makkah 14', 'Makkah 15'])
  })

  it('lets no other query into an open transaction: they wait for its end, then see what it committed', async () => {
    const db = database.db
    const seen: string[] = []
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    let inside!: () => void
    const opened = new Promise<void>((r) => (inside = r))
    const tx = db.transaction(async (t) => {
      await t.update(items).set({ name: 'During' }).where(eq(items.id, 16))
      inside()
      await held
      seen.push('tx: last statement')
      await t.update(items).set({ name: 'Committed' }).where(eq(items.id, 16))
    })
    await opened
    const outside = Promise.all([
      db
        .select({ name: items.name })
        .from(items)
        .where(eq(items.id, 16))
        .then((r) => (seen.push('outside read'), r[0]!.name)),
      db
        .update(items)
        .set({ name: 'Outside' })
        .where(eq(items.id, 17))
        .then(() => seen.push('outside write')),
    ])
    await new Promise((r) => setTimeout(r, 100))
    expect(seen).toEqual([]) // both wait in the worker while the transaction is open
    release()
    await tx
    const [read] = await outside
    expect(read).toBe('Committed')
    expect(seen[0]).toBe('tx: last statement')
    expect(seen.slice(1).sort()).toEqual(['outside read', 'outside write'])

    // And a rolled-back one leaves nothing for the waiting reads to see.
    let go!: () => void
    const gate = new Promise<void>((r) => (go = r))
    const failing = db
      .transaction(async (t) => {
        await t.update(items).set({ name: 'Never' }).where(eq(items.id, 18))
        await gate
        throw new Error('abort')
      })
      .catch(() => 'rolled back')
    await new Promise((r) => setTimeout(r, 20))
    const waiting = db.select({ name: items.name }).from(items).where(eq(items.id, 18))
    go()
    expect(await failing).toBe('rolled back')
    expect((await waiting)[0]!.name).toBe('Makkah 18')
  })

  it('rejects pending calls when the worker dies, and every call after', async () => {
    const other = openDatabase({ worker: true })
    const c = (other.db as unknown as { $client: PGliteWorkerClient }).$client
    expect((await c.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
    const pending = c.query('SELECT pg_sleep(5)')
    await new Promise((r) => setTimeout(r, 50))
    await c.worker.terminate()
    await expect(pending).rejects.toThrow(/PGlite worker exited/)
    await expect(c.query('SELECT 1')).rejects.toThrow(/PGlite worker exited/)
    await other.close()
  })

  // Two databases opened and two child processes: minutes on a loaded 2-core machine.
  it(
    'closes: the data is on disk for the next owner, calls after close reject, and the process can exit',
    { timeout: 240_000 },
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-worker-'))
      try {
        const first = openDatabase({ dataDir: dir, worker: true })
        const c = (first.db as unknown as { $client: PGliteWorkerClient }).$client
        await c.exec('CREATE TABLE kept (v text); INSERT INTO kept VALUES ($$on disk$$)')
        await first.close()
        await expect(c.query('SELECT 1')).rejects.toThrow(/closed/)
        const second = openDatabase({ dataDir: dir, worker: true })
        expect(((await second.db.execute(sql`SELECT v FROM kept`)) as unknown as { rows: unknown[] }).rows).toEqual([
          { v: 'on disk' },
        ])
        await second.close()

        // A process that opened and used the database exits by itself, closed or not (an idle worker holds nothing).
        for (const close of ['await d.close()', '']) {
          const file = path.join(dir, 'use.mts')
          fs.writeFileSync(
            file,
            `import { openDatabase } from ${JSON.stringify(path.join(here, 'client.ts'))}
          const d = openDatabase({ dataDir: ${JSON.stringify(dir)}, worker: true })
          console.log(JSON.stringify((await (d.db as any).$client.query('SELECT v FROM kept')).rows))
          ${close}`,
          )
          const run = spawnSync(process.execPath, ['--import', 'tsx', file], { encoding: 'utf8', timeout: 60_000 })
          expect(run.stderr).toBe('')
          expect(run.status).toBe(0)
          expect(run.stdout.trim()).toBe('[{"v":"on disk"}]')
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  )
})
