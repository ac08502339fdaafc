import pg from 'pg'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openTestDatabase } from '../../test/helpers/app.js'
import { openDatabase, type Database, type Db } from './client.js'
import { statement } from './statements.js'

/**
 * A transaction's `BEGIN` rides with its first statement and, for a statement said to be its `last`, the
 * `COMMIT` with it (db/pg-statements.ts, issue 33): one round trip each, and the same outcome as three. A failing
 * statement commits nothing, a commit that fails is the statement's error, and the connection serves on.
 */
const onPostgres = inject('testDb').kind === 'postgres'

describe.skipIf(!onPostgres)('transaction ends riding with statements (PostgreSQL)', () => {
  let opened: Database
  let one: Database
  let drop: () => Promise<void>
  let syncs = 0

  const insert = statement('riders_insert', 'INSERT INTO riders (id, note) VALUES ($1::int, $2::text) RETURNING id')
  const check = statement('riders_check', 'SELECT 10 / $1::int AS q')
  const ids = async () =>
    ((await opened.db.execute(sql`SELECT id FROM riders ORDER BY id`)) as unknown as { rows: Array<{ id: number }> }).rows.map(
      (r) => r.id,
    )

  beforeAll(async () => {
    const test = await openTestDatabase()
    opened = test.database
    drop = test.drop
    await opened.db.execute(sql`CREATE TABLE riders (id int PRIMARY KEY, note text)`)
    // Refused at commit: a deferred check that no note says 'late'.
    await opened.db.execute(sql`CREATE FUNCTION riders_late() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.note = 'late' THEN RAISE EXCEPTION 'late note' USING ERRCODE = '23514'; END IF; RETURN NULL; END $$`)
    await opened.db.execute(sql`CREATE CONSTRAINT TRIGGER riders_late AFTER INSERT ON riders DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION riders_late()`)
    // One connection, so every transaction below runs on it, its statements described after the first.
    const url = (opened.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString
    one = openDatabase({ url, poolSize: 1 })
    const pool = (one.db as unknown as { $client: pg.Pool }).$client
    const client = await pool.connect()
    const connection = (client as unknown as { connection: { sync: () => void } }).connection
    const sync = connection.sync.bind(connection)
    connection.sync = () => {
      syncs++
      sync()
    }
    client.release()
    await one.db.transaction(async (raw) => {
      const tx = raw as unknown as Db
      await check(tx, [1])
      await insert(tx, [0, 'warm-up'], { last: true })
    })
  })
  afterAll(async () => {
    await one?.close()
    await opened?.close()
    await drop?.()
  })

  /** drizzle's error names the query; PostgreSQL's is its cause. */
  const why = (err: Error | undefined) => `${err?.message} ${(err as { cause?: Error } | undefined)?.cause?.message}`
  const run = async (fn: (tx: Db) => Promise<void>) => {
    syncs = 0
    try {
      await one.db.transaction(async (raw) => fn(raw as unknown as Db))
      return { syncs, error: undefined as Error | undefined }
    } catch (error) {
      return { syncs, error: error as Error }
    }
  }

  it('sends BEGIN with the first statement and COMMIT with the last: two round trips, committed', async () => {
    const r = await run(async (tx) => {
      expect(await check(tx, [2])).toEqual([{ q: 5 }])
      expect(await insert(tx, [1, 'first'], { last: true })).toEqual([{ id: 1 }])
    })
    expect(r).toEqual({ syncs: 2, error: undefined })
    expect(await ids()).toEqual([0, 1])
  })

  it('commits nothing when the last statement fails, nor when its commit does, and serves on', async () => {
    const failed = await run(async (tx) => {
      await insert(tx, [2, 'kept?'])
      await check(tx, [0], { last: true })
    })
    expect(why(failed.error)).toMatch(/division by zero/)
    const late = await run(async (tx) => {
      await check(tx, [1])
      await insert(tx, [3, 'late'], { last: true })
    })
    expect(why(late.error)).toMatch(/late note/)
    expect(await ids()).toEqual([0, 1])
    const after = await run(async (tx) => {
      await check(tx, [5])
      await insert(tx, [4, 'after'], { last: true })
    })
    expect(after.error).toBeUndefined()
    expect(await ids()).toEqual([0, 1, 4])
  })

  it('sends nothing for a transaction that ran no statement, and its own BEGIN before a statement that cannot carry it', async () => {
    expect(await run(async () => {})).toEqual({ syncs: 0, error: undefined })
    // A statement without parameters goes by the simple protocol: its BEGIN goes first, on its own.
    const simple = await run(async (tx) => {
      await tx.execute(sql`INSERT INTO riders (id, note) VALUES (5, 'simple')`)
      throw new Error('rolled back')
    })
    expect(simple.error?.message).toBe('rolled back')
    expect(await ids()).toEqual([0, 1, 4])
    // An unnamed statement with parameters carries it; drizzle's own COMMIT closes it.
    const unnamed = await run(async (tx) => {
      await tx.execute(sql`INSERT INTO riders (id, note) VALUES (${6}, ${'unnamed'})`)
    })
    expect(unnamed).toEqual({ syncs: 1, error: undefined })
    expect(await ids()).toEqual([0, 1, 4, 6])
  })
})
