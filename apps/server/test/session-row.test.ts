import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp } from './helpers/app.js'
import { createCompany, createUserWithPermissions, type Actor } from './helpers/fixtures.js'
import { sessions, users } from '../src/db/schema/index.js'

/**
 * The one-row read of an engine resource (`GET /{resource}/{id}`) reads the
 * session and the row in one statement (plugins/auth.ts `sessionRow`): one
 * round trip instead of two. The row is read before the role's permission is
 * checked, so every refusal must still hold exactly as with the session read
 * alone, and a refused caller must never see the row.
 */
let t: TestApp
let a: Actor
let b: Actor

const make = async (who: Actor, name: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/categories',
    headers: who.headers,
    payload: { name, description: 'About it', is_active: true },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.id as number
}

/** Statements the app sends while `run` runs. */
async function statements(run: () => Promise<unknown>): Promise<number> {
  const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
  const spy = vi.spyOn(client, 'query')
  try {
    await run()
    return spy.mock.calls.length
  } finally {
    spy.mockRestore()
  }
}

const get = (who: Actor | undefined, id: number | string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/categories/${id}`, headers: who?.headers ?? {} })

beforeAll(async () => {
  t = await buildTestApp()
  a = (await createCompany(t.app)).owner
  b = (await createCompany(t.app)).owner
})
afterAll(() => t?.close())

describe('one-row read with the session in one statement', () => {
  it('answers the row of the caller company in one statement', async () => {
    const id = await make(a, 'Session Row A1')
    await get(a, id) // prepares the statement on the connection
    let res: Awaited<ReturnType<typeof get>> | undefined
    const n = await statements(async () => (res = await get(a, id)))
    expect(res!.statusCode, res!.body).toBe(200)
    expect(res!.json().data).toMatchObject({ id, name: 'Session Row A1', description: 'About it', is_active: true })
    expect(n).toBe(1)
    // The answer is the one the two-statement path gives (a write answers the row through findById).
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/categories/${id}`,
      headers: a.headers,
      payload: { name: 'Session Row A1', description: 'About it', is_active: true },
    })
    const { updated_at: _u1, ...viaWrite } = put.json().data
    const { updated_at: _u2, ...viaRead } = (await get(a, id)).json().data
    expect(viaRead).toEqual(viaWrite)
  })

  it('still answers 404 for a row of another company, and 401/403 before it', async () => {
    const theirs = await make(b, 'Session Row B1')
    expect((await get(a, theirs)).statusCode).toBe(404)
    expect((await get(a, 2_000_000_000)).statusCode).toBe(404)
    expect((await get(undefined, theirs)).statusCode).toBe(401)
    expect((await get({ ...a, headers: { authorization: 'Bearer not-a-token' } }, theirs)).statusCode).toBe(401)
    expect((await get(a, 'abc')).statusCode).toBe(422)
    expect((await get(undefined, 'abc')).statusCode).toBe(401)
  })

  it('refuses a role without the view or update permission, without the row', async () => {
    const id = await make(a, 'Session Row Secret')
    const lister = await createUserWithPermissions(t.app, a.companyId, ['category_list'])
    const res = await get(lister, id)
    expect(res.statusCode).toBe(403)
    expect(res.body).not.toContain('Session Row Secret')
    const viewer = await createUserWithPermissions(t.app, a.companyId, ['category_view'])
    expect((await get(viewer, id)).json().data.name).toBe('Session Row Secret')
    const updater = await createUserWithPermissions(t.app, a.companyId, ['category_update'])
    expect((await get(updater, id)).json().data.name).toBe('Session Row Secret')
  })

  it('refuses a blocked user, a signed-out session and an expired one', async () => {
    const id = await make(a, 'Session Row Revoked')
    const blocked = await createUserWithPermissions(t.app, a.companyId, ['category_view'])
    expect((await get(blocked, id)).statusCode).toBe(200)
    await t.app.db.update(users).set({ status: 'blocked' }).where(eq(users.id, blocked.userId))
    const res = await get(blocked, id)
    expect(res.statusCode).toBe(401)
    expect(res.body).not.toContain('Session Row Revoked')

    const expired = await createUserWithPermissions(t.app, a.companyId, ['category_view'])
    await t.app.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.user_id, expired.userId))
    expect((await get(expired, id)).statusCode).toBe(401)

    const out = await createUserWithPermissions(t.app, a.companyId, ['category_view'])
    expect((await get(out, id)).statusCode).toBe(200)
    await t.app.db.delete(sessions).where(eq(sessions.user_id, out.userId))
    expect((await get(out, id)).statusCode).toBe(401)
  })

  it('reads a row whose resource joins the same tables as the session (users: their role)', async () => {
    const clerk = await createUserWithPermissions(t.app, a.companyId, ['category_view'])
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/users/${clerk.userId}`, headers: a.headers })
    expect(res.statusCode, res.body).toBe(200)
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users?search=${encodeURIComponent(clerk.email)}`,
      headers: a.headers,
    })
    const listed = list.json().data.find((u: { id: number }) => u.id === clerk.userId)
    expect(listed).toBeDefined()
    // The one-row answer carries the clerk's own role (joined), not the caller's (the session's role).
    for (const [k, v] of Object.entries(listed)) expect(res.json().data[k], k).toEqual(v)
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/users/${b.userId}`, headers: a.headers })).statusCode).toBe(404)
  })

  it("takes a calendar month read's item and days with the session: one statement in all, refusals as before", async () => {
    const place = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: a.headers,
      payload: {
        name: 'Jeddah Session',
        description: '<p>Airport city</p>',
        status: 'publish',
        lat: 21.68,
        long: 39.15,
        zoom: 12,
      },
    })
    expect(place.statusCode, place.body).toBe(200)
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/transportations',
      headers: a.headers,
      payload: {
        name: 'Session GMC',
        status: 'publish',
        vehicle_number: 'B 1 SR',
        min_reservation: 0,
        max_day: 5,
        price: 1000,
        sale_price: 900,
        location_id: place.json().data.id,
        real_address: 'Jeddah airport',
        lat: 21.68,
        long: 39.15,
        zoom: 12,
      },
    })
    expect(made.statusCode, made.body).toBe(200)
    const id = made.json().data.id as number
    const month = (who: Actor | undefined, item = id) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/transportations_schedule?transportation_id=${item}&start_date=2027-03-01&end_date=2027-03-31`,
        headers: who?.headers ?? {},
      })
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/v1/transportations_schedule',
      headers: a.headers,
      payload: {
        transportation_id: id,
        start_date: '2027-03-10',
        end_date: '2027-03-12',
        price: 800,
        sale_price: 700,
        blocked: false,
      },
    })
    expect(write.statusCode, write.body).toBe(200)
    await month(a)
    let res: Awaited<ReturnType<typeof month>> | undefined
    // Session, item, stored days and the orders' stock: one statement.
    expect(await statements(async () => (res = await month(a)))).toBe(1)
    expect(res!.statusCode, res!.body).toBe(200)
    expect(res!.json().data).toHaveLength(3)
    // The days in the answer's shape, by date, money as numbers.
    expect(res!.json().data.map((d: Record<string, unknown>) => Object.keys(d))).toEqual(
      Array(3).fill(['id', 'transportation_id', 'date', 'price', 'sale_price', 'blocked']),
    )
    expect(res!.json().data[0]).toEqual({
      id: expect.any(Number),
      transportation_id: id,
      date: '2027-03-10',
      price: 800,
      sale_price: 700,
      blocked: false,
    })
    expect(res!.json().data.map((d: { date: string }) => d.date)).toEqual(['2027-03-10', '2027-03-11', '2027-03-12'])
    // A query the route refuses is never sent to the database with the session: the route's 422 answers.
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/v1/transportations_schedule?transportation_id=${id}&start_date=2027-02-30&end_date=2027-03-31`,
      headers: a.headers,
    })
    expect(bad.statusCode, bad.body).toBe(422)
    expect(bad.json().errors).toHaveProperty('start_date')
    expect(res!.json().defaults).toMatchObject({ price: 1000, sale_price: 900, blocked: false })
    expect((await month(b)).statusCode).toBe(404)
    expect((await month(undefined)).statusCode).toBe(401)
    const lister = await createUserWithPermissions(t.app, a.companyId, ['transportation_list'])
    const denied = await month(lister)
    expect(denied.statusCode).toBe(403)
    expect(denied.body).not.toContain('800')
  })
})
