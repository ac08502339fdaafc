import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp } from './helpers/app.js'
import { createCompany, type Actor } from './helpers/fixtures.js'
import { sessions } from '../src/db/schema/index.js'
import { createSession, loadSession, needsTouch, touchSession } from '../src/lib/sessions.js'
import { hashToken } from '../src/lib/tokens.js'

/**
 * A session's last use is written at most once a minute, and once: when the
 * minute has passed, every request in flight has read the old time, and only
 * one of them may write it (48 writes of the one row at 50 connections before).
 */
let t: TestApp
let a: Actor

type Row = { xmin: string; last_used_at: string | Date }
const sessionRow = async (token: string) =>
  (
    (await t.app.db.execute(
      sql`SELECT xmin::text AS xmin, last_used_at FROM ${sessions} WHERE token_hash = ${hashToken(token)}`,
    )) as unknown as { rows: Row[] }
  ).rows[0]!
const ageSession = (token: string, seconds: number) =>
  t.app.db.execute(
    sql`UPDATE ${sessions} SET last_used_at = now() - make_interval(secs => ${seconds}) WHERE token_hash = ${hashToken(token)}`,
  )

/** Updates of the sessions table the app sends while `run` runs. */
async function sessionUpdates(run: () => Promise<unknown>): Promise<number> {
  const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
  const spy = vi.spyOn(client, 'query')
  try {
    await run()
    // The touch is not awaited by the request: let it reach the database.
    await new Promise((r) => setTimeout(r, 200))
    // PGlite is sent the text, pg a query config ({ text, values }).
    const text = (q: unknown) => (typeof q === 'string' ? q : String((q as { text?: string }).text))
    return spy.mock.calls.filter(([q]) => /^update "sessions"/i.test(text(q))).length
  } finally {
    spy.mockRestore()
  }
}

const list = (who: Actor) => t.app.inject({ method: 'GET', url: '/api/v1/categories?size=1', headers: who.headers })

beforeAll(async () => {
  t = await buildTestApp()
  a = (await createCompany(t.app)).owner
})
afterAll(() => t?.close())

describe('recording a session’s use', () => {
  it('writes once when 30 requests at once find it a minute old, then not again within the minute', async () => {
    await ageSession(a.token, 120)
    const before = new Date((await sessionRow(a.token)).last_used_at).getTime()
    const writes = await sessionUpdates(async () => {
      const answers = await Promise.all(Array.from({ length: 30 }, () => list(a)))
      expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(200))
    })
    expect(writes).toBe(1)
    const after = new Date((await sessionRow(a.token)).last_used_at).getTime()
    expect(after - before).toBeGreaterThan(110_000)
    expect(Math.abs(Date.now() - after)).toBeLessThan(10_000)

    expect(await sessionUpdates(() => Promise.all(Array.from({ length: 5 }, () => list(a))))).toBe(0)
  })

  it('leaves a row alone that another copy of the server touched since the session was read', async () => {
    const { token } = await createSession(t.app.db, a.userId)
    await ageSession(token, 120)
    const read = (await loadSession(t.app.db, token))!
    // Another copy records the use first.
    await t.app.db.update(sessions).set({ last_used_at: new Date() }).where(eq(sessions.id, read.sessionId))
    const touched = await sessionRow(token)
    await touchSession(t.app.db, read)
    expect(await sessionRow(token)).toEqual(touched) // same row version (xmin), same time
  })

  it('writes a row still holding the time it read, to the microsecond', async () => {
    const { token } = await createSession(t.app.db, a.userId)
    await ageSession(token, 90.123456)
    const read = (await loadSession(t.app.db, token))!
    const old = await sessionRow(token)
    await touchSession(t.app.db, read)
    const now = await sessionRow(token)
    expect(now.xmin).not.toBe(old.xmin)
    expect(Math.abs(Date.now() - new Date(now.last_used_at).getTime())).toBeLessThan(10_000)
  })

  it('remembers what it recorded per database: the same session id in another database is still written', async () => {
    // Two databases in one process (the API test files sharing a worker): each has its own session 1.
    const other = await buildTestApp()
    try {
      const b = (await createCompany(other.app)).owner
      const { token, id } = await createSession(t.app.db, a.userId)
      const { token: otherToken } = await createSession(other.app.db, b.userId)
      await other.app.db.delete(sessions).where(eq(sessions.id, id))
      await other.app.db
        .update(sessions)
        .set({ id })
        .where(eq(sessions.token_hash, hashToken(otherToken)))
      await ageSession(token, 120)
      await other.app.db.execute(
        sql`UPDATE ${sessions} SET last_used_at = now() - interval '120 seconds' WHERE token_hash = ${hashToken(otherToken)}`,
      )
      const read = (await loadSession(t.app.db, token))!
      await touchSession(t.app.db, read)
      expect(needsTouch(t.app.db, read)).toBe(false)

      const otherRead = (await loadSession(other.app.db, otherToken))!
      expect(otherRead.sessionId).toBe(read.sessionId)
      expect(needsTouch(other.app.db, otherRead)).toBe(true)
      await touchSession(other.app.db, otherRead)
      const [row] = await other.app.db.select().from(sessions).where(eq(sessions.id, id))
      expect(Math.abs(Date.now() - row!.last_used_at.getTime())).toBeLessThan(10_000)
    } finally {
      await other.close()
    }
  })
})
