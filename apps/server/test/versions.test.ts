import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './helpers/app.js'
import { createCompany, type Actor } from './helpers/fixtures.js'

/**
 * Edits that cannot overwrite each other (issue 30), through the generic
 * engine (crud/versions.ts): every resource with a `version` column gets it.
 */

let t: TestApp
let owner: Actor
let id: number

const body = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  slug: 'prayer-room',
  description: 'Near the lifts',
  is_active: true,
  ...extra,
})
const put = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/facilities/${id}`,
    headers: { ...owner.headers, ...headers },
    payload: payload as object,
  })

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/facilities',
    headers: owner.headers,
    payload: body('Prayer room'),
  })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json().data.version).toBe(1)
  id = res.json().data.id
})
afterAll(() => t?.close())

describe('record versions', () => {
  it('bumps the version on each update sent with the current one, by If-Match or in the body', async () => {
    const a = await put(body('Prayer room A'), { 'if-match': '"1"' })
    expect(a.statusCode, a.body).toBe(200)
    expect(a.json().data.version).toBe(2)
    const b = await put(body('Prayer room B', { version: 2 }))
    expect(b.statusCode, b.body).toBe(200)
    expect(b.json().data).toMatchObject({ name: 'Prayer room B', version: 3 })
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/facilities/${id}`, headers: owner.headers })
    expect(read.json().data.version).toBe(3)
  })

  it('answers a stale version with 409, the current record and who changed it when, and changes nothing', async () => {
    const res = await put(body('Stale edit', { version: 1 }), { 'x-localization': 'id' })
    expect(res.statusCode).toBe(409)
    const answer = res.json()
    expect(answer.message).toBe('Orang lain telah mengubah data ini setelah Anda membukanya')
    expect(answer.errors.version).toHaveLength(1)
    expect(answer.data).toMatchObject({ id, name: 'Prayer room B', version: 3 })
    expect(answer.changed_by).toMatchObject({ user_id: owner.userId, user_name: 'Owner', action: 'update' })
    expect(Date.parse(answer.changed_by.at)).toBeGreaterThan(Date.now() - 60_000)
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/facilities/${id}`, headers: owner.headers })
    expect(read.json().data).toMatchObject({ name: 'Prayer room B', version: 3 })
  })

  it('accepts an update without a version (API clients), and refuses a malformed one with 422', async () => {
    const res = await put(body('No version'))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.version).toBe(4)
    const bad = await put(body('Bad version'), { 'if-match': 'abc' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.version).toHaveLength(1)
  })

  it('lets one of two concurrent updates with the same version through and answers the other 409', async () => {
    const results = await Promise.all([put(body('Tab one', { version: 4 })), put(body('Tab two', { version: 4 }))])
    const codes = results.map((r) => r.statusCode).sort()
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, 409])
    const winner = results.find((r) => r.statusCode === 200)!.json().data
    const loser = results.find((r) => r.statusCode === 409)!.json().data
    expect(winner.version).toBe(5)
    expect(loser).toMatchObject({ name: winner.name, version: 5 })
  })
})
