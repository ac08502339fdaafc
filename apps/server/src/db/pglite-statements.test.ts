import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fasterQueries } from './pglite-statements.js'

/**
 * The fast query path gives what PGlite's own query gives (rows, types, row
 * modes, parsers, errors), prepares a repeated text once, keeps LIKE searches
 * unnamed, and survives a schema change under a prepared statement.
 */
let fast: PGlite
let plain: PGlite

const setup = async (pg: PGlite) => {
  await pg.exec(`CREATE TABLE t (id int PRIMARY KEY, name text NOT NULL, amount numeric(14,2), at timestamptz,
    day date, ok boolean, tags jsonb, n bigint)`)
  await pg.exec(`INSERT INTO t SELECT g, 'Makkah ' || g, g * 1.5, '2026-11-25T10:00:00Z', '2026-12-01'::date + g,
    g % 2 = 0, jsonb_build_object('g', g), g * 10000000000 FROM generate_series(1, 50) g`)
}
const named = async (pg: PGlite) =>
  (await pg.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements')).rows

beforeAll(async () => {
  fast = new PGlite()
  fasterQueries(fast)
  plain = new PGlite()
  await Promise.all([setup(fast), setup(plain)])
})
afterAll(async () => {
  await fast?.close()
  await plain?.close()
})

describe('PGlite queries in one call', () => {
  it('answers exactly what PGlite answers, first and later uses alike', async () => {
    const text = 'SELECT * FROM t WHERE id = $1 OR ok = $2 OR day = $3 ORDER BY id LIMIT 3'
    for (const params of [
      [3, false, '2026-12-10'],
      [4, true, '2026-12-02'],
      [5, false, null],
    ]) {
      for (const rowMode of ['object', 'array'] as const) {
        const opts = { rowMode, parsers: { 1184: (v: string) => v } }
        expect(await fast.query(text, params, opts)).toEqual(await plain.query(text, params, opts))
      }
    }
    const write = 'INSERT INTO t (id, name, tags) VALUES ($1, $2, $3) RETURNING id, name, tags'
    expect(await fast.query(write, [100, 'Jeddah', { a: 1 }])).toEqual(await plain.query(write, [100, 'Jeddah', { a: 1 }]))
    expect((await fast.query('DELETE FROM t WHERE id = $1', [100])).affectedRows).toBe(1)
  })

  it('prepares a text the second time it is used, and never a LIKE search', async () => {
    const byId = 'SELECT name FROM t WHERE id = $1'
    expect((await fast.query(byId, [7])).rows).toEqual([{ name: 'Makkah 7' }])
    expect((await named(fast)).some((s) => s.statement === byId)).toBe(false)
    expect((await fast.query(byId, [8])).rows).toEqual([{ name: 'Makkah 8' }])
    expect((await fast.query(byId, [9])).rows).toEqual([{ name: 'Makkah 9' }])
    expect((await named(fast)).filter((s) => s.statement === byId)).toHaveLength(1)

    const search = 'SELECT count(*)::int AS n FROM t WHERE lower(name) LIKE $1'
    for (let i = 0; i < 3; i++) expect((await fast.query(search, ['%makkah 1%'])).rows).toEqual([{ n: 11 }])
    expect((await named(fast)).some((s) => s.statement === search)).toBe(false)
  })

  it('throws PGlite errors with their code, query and parameters, and goes on', async () => {
    const text = 'SELECT name FROM t WHERE id = $1'
    const err = (await fast.query(text, ['not a number']).catch((e: unknown) => e)) as {
      code: string
      query: string
      params: unknown[]
    }
    expect(err.code).toBe('22P02')
    expect(err.query).toBe(text)
    expect(err.params).toEqual(['not a number'])
    const dup = (await fast.query('INSERT INTO t (id, name) VALUES ($1, $2)', [1, 'x']).catch((e: unknown) => e)) as {
      code: string
      constraint: string
    }
    expect(dup.code).toBe('23505')
    expect(dup.constraint).toBe('t_pkey')
    expect((await fast.query(text, [2])).rows).toEqual([{ name: 'Makkah 2' }])
  })

  it('runs inside transactions, which commit and roll back as before', async () => {
    const text = 'UPDATE t SET name = $1 WHERE id = $2'
    await fast.transaction(async (tx) => {
      await tx.query(text, ['Madinah', 10])
      await tx.query(text, ['Madinah', 11])
    })
    await fast
      .transaction(async (tx) => {
        await tx.query(text, ['Taif', 12])
        throw new Error('stop')
      })
      .catch(() => undefined)
    const rows = (await fast.query<{ id: number; name: string }>('SELECT id, name FROM t WHERE id IN (10, 11, 12) ORDER BY id'))
      .rows
    expect(rows.map((r) => r.name)).toEqual(['Madinah', 'Madinah', 'Makkah 12'])
  })

  it('survives a change of the table under a prepared statement', async () => {
    const text = 'SELECT * FROM t WHERE id = $1'
    await fast.query(text, [1])
    await fast.query(text, [1])
    await fast.exec('ALTER TABLE t ADD COLUMN extra text')
    const after = await fast.query<Record<string, unknown>>(text, [1])
    expect(after.rows[0]).toHaveProperty('extra', null)
    expect((await fast.query<Record<string, unknown>>(text, [2])).rows[0]).toHaveProperty('extra', null)
  })
})
