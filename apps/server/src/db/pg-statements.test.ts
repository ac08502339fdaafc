import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openTestDatabase } from '../../test/helpers/app.js'
import type { Database } from './client.js'

/**
 * Named statements on PostgreSQL skip the Describe after their first run on a connection (db/pg-statements.ts):
 * the answers (rows, fields, errors) stay node-postgres's own, through promises and callbacks, after a failed
 * execution and when a table changed under a prepared statement.
 */
const onPostgres = inject('testDb').kind === 'postgres'

describe.skipIf(!onPostgres)('named statements without a Describe each time (PostgreSQL)', () => {
  let database: Database
  let drop: () => Promise<void>
  let pool: pg.Pool
  let client: pg.PoolClient
  let describes = 0

  beforeAll(async () => {
    const opened = await openTestDatabase()
    database = opened.database
    drop = opened.drop
    pool = (database.db as unknown as { $client: pg.Pool }).$client
    client = await pool.connect()
    const connection = (client as unknown as { connection: { describe: (...args: unknown[]) => void } }).connection
    const describe = connection.describe.bind(connection)
    connection.describe = (...args) => {
      describes++
      describe(...args)
    }
    await client.query(`CREATE TABLE described (id int PRIMARY KEY, name text, at timestamptz, amount numeric(14,2), tags jsonb)`)
    await client.query(
      `INSERT INTO described SELECT g, 'Makkah ' || g, '2026-11-27T10:00:00Z', g * 1.5, jsonb_build_object('g', g) FROM generate_series(1, 5) g`,
    )
  })
  afterAll(async () => {
    client?.release()
    await database?.close()
    await drop?.()
  })

  const fieldsOf = (r: pg.QueryResult) => r.fields.map((f) => [f.name, f.dataTypeID, f.format])

  it('describes a named statement once per connection and answers as an unnamed query does', async () => {
    const text = 'SELECT id, name, at, amount, tags FROM described WHERE id >= $1 ORDER BY id LIMIT 2'
    const unnamed = await client.query(text, [2])
    describes = 0
    for (const from of [2, 3, 2]) {
      const named = await client.query({ name: 'described_rows', text, values: [from] })
      const plain = await client.query(text, [from])
      expect(named.rows).toEqual(plain.rows)
      expect(fieldsOf(named)).toEqual(fieldsOf(plain))
      expect(named.rowCount).toBe(2)
      expect(named.command).toBe('SELECT')
    }
    expect(fieldsOf(unnamed)).toEqual(fieldsOf(await client.query({ name: 'described_rows', text, values: [2] })))
    // Three unnamed runs describe each time; the named statement only on its first run.
    expect(describes).toBe(3 + 1)
    const arrays = await client.query({ name: 'described_rows', text, values: [4], rowMode: 'array' })
    expect(arrays.rows).toEqual([
      [4, 'Makkah 4', new Date('2026-11-27T10:00:00Z'), '6.00', { g: 4 }],
      [5, 'Makkah 5', new Date('2026-11-27T10:00:00Z'), '7.50', { g: 5 }],
    ])
  })

  it('answers through callbacks and through the pool', async () => {
    const text = 'SELECT name FROM described WHERE id = $1'
    const byCallback = await new Promise<pg.QueryResult>((resolve, reject) =>
      client.query({ name: 'described_one', text, values: [3] }, (err: Error | null, r: pg.QueryResult) =>
        err ? reject(err) : resolve(r),
      ),
    )
    expect(byCallback.rows).toEqual([{ name: 'Makkah 3' }])
    for (let i = 0; i < 6; i++) {
      const r = await pool.query({ name: 'described_one', text, values: [i] })
      expect(r.rows).toEqual(i >= 1 && i <= 5 ? [{ name: `Makkah ${i}` }] : [])
    }
  })

  it('asks again after a failed execution, and refuses rows of a changed table as node-postgres does', async () => {
    const text = 'SELECT 10 / $1::int AS q, name FROM described WHERE id = 1'
    expect((await client.query({ name: 'described_div', text, values: [5] })).rows).toEqual([{ q: 2, name: 'Makkah 1' }])
    await expect(client.query({ name: 'described_div', text, values: [0] })).rejects.toThrow(/division by zero/)
    describes = 0
    expect((await client.query({ name: 'described_div', text, values: [2] })).rows).toEqual([{ q: 5, name: 'Makkah 1' }])
    expect(describes).toBe(1)
    expect((await client.query({ name: 'described_div', text, values: [10] })).rows).toEqual([{ q: 1, name: 'Makkah 1' }])
    expect(describes).toBe(1)

    // A column added under a prepared `SELECT *`: PostgreSQL refuses the statement rather than answer rows
    // in a shape the kept description does not have, exactly as it does for node-postgres's own client.
    const star = 'SELECT * FROM described WHERE id = $1'
    const plain = new pg.Client({
      connectionString: (pool as unknown as { options: { connectionString: string } }).options.connectionString,
    })
    await plain.connect()
    try {
      for (const c of [client, plain]) await c.query({ name: 'described_star', text: star, values: [1] })
      await client.query('ALTER TABLE described ADD COLUMN extra int')
      for (const c of [client, plain]) {
        await expect(c.query({ name: 'described_star', text: star, values: [1] })).rejects.toThrow(
          /cached plan must not change result type/,
        )
      }
    } finally {
      await plain.end()
    }
  })
})
