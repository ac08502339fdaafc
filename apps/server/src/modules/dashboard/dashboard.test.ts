import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createCompany, createUserWithPermissions, type Actor } from '../../../test/helpers/fixtures.js'
import { lastMonths } from './dashboard.routes.js'

let t: TestApp
let owner: Actor
let stranger: Actor

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  stranger = (await createCompany(t.app)).owner
  // Two users back-dated two months, three categories this month, one 14 months ago (outside the window).
  await createUserWithPermissions(t.app, owner.companyId, [])
  await createUserWithPermissions(t.app, owner.companyId, [])
  await t.app.db.execute(sql`UPDATE users SET created_at = date_trunc('month', now()) - interval '2 months' + interval '3 days'
    WHERE company_id = ${owner.companyId} AND id <> ${owner.userId}`)
  for (const [name, age] of [
    ['A', '0'],
    ['B', '0'],
    ['C', '0'],
    ['Old', '14 months'],
  ] as const) {
    await t.app.db.execute(sql`INSERT INTO categories (company_id, name, slug, description, created_at)
      VALUES (${owner.companyId}, ${name}, ${name.toLowerCase()}, 'x', now() - ${age}::interval)`)
  }
  await t.app.db.execute(
    sql`INSERT INTO categories (company_id, name, slug, description) VALUES (${stranger.companyId}, 'Foreign', 'foreign', 'x')`,
  )
})
afterAll(() => t.close())

describe('GET /dashboard', () => {
  it('counts the company rows created in each of the last 12 months', async () => {
    const res = await t.app.inject({ url: '/api/v1/dashboard', headers: owner.headers })
    expect(res.statusCode).toBe(200)
    const { months, series } = res.json().data as {
      months: string[]
      series: Array<{ key: string; counts: number[]; total: number }>
    }
    expect(months).toEqual(lastMonths(12))
    expect(months).toHaveLength(12)
    expect(series[0]!.key).toBe('users')
    const users = series.find((s) => s.key === 'users')!
    const categories = series.find((s) => s.key === 'categories')!
    expect(users.counts[11]).toBe(1)
    expect(users.counts[9]).toBe(2)
    expect(users.total).toBe(3)
    expect(categories.counts[11]).toBe(3)
    expect(categories.counts.reduce((a, b) => a + b, 0)).toBe(3)
    expect(categories.total).toBe(4)
    expect(series.map((s) => s.key)).toEqual(expect.arrayContaining(['facilities', 'services', 'types', 'areas']))
    expect(series.map((s) => s.key)).not.toContain('roles')
  })

  it('counts only the lists the caller may read (issue 32): a clerk sees no user counts', async () => {
    const clerk = await createUserWithPermissions(t.app, owner.companyId, ['category_list', 'order_hotel_list'])
    const res = await t.app.inject({ url: '/api/v1/dashboard', headers: clerk.headers })
    expect(res.statusCode).toBe(200)
    const keys = res.json().data.series.map((s: { key: string }) => s.key)
    expect(keys).toContain('categories')
    expect(keys).toContain('orders')
    expect(keys).not.toContain('users')
    expect(keys).not.toContain('hotels')
    const nobody = await createUserWithPermissions(t.app, owner.companyId, [])
    const none = await t.app.inject({ url: '/api/v1/dashboard', headers: nobody.headers })
    expect(none.json().data.series).toEqual([])
  })

  it("shows another company's figures to no one", async () => {
    const res = await t.app.inject({ url: '/api/v1/dashboard', headers: stranger.headers })
    const categories = res.json().data.series.find((s: { key: string }) => s.key === 'categories')
    expect(categories.total).toBe(1)
  })

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/v1/dashboard' })).statusCode).toBe(401)
  })
})

describe('lastMonths', () => {
  it('crosses the year boundary', () => {
    expect(lastMonths(3, new Date('2026-02-15T00:00:00Z'))).toEqual(['2025-12', '2026-01', '2026-02'])
  })
})
