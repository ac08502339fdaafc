/**
 * One error shape everywhere (DESIGN §3): malformed paths, NUL bytes and ids that
 * `Number()` would read (0x11, 1.7e1, 0o21, +17, 17%20) answer 400/422 with
 * `{ message, errors? }`, never Fastify's own body nor another row.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../helpers/app.js'
import { createCompany } from '../helpers/fixtures.js'

const t = await buildTestApp()
afterAll(() => t.close())
const { owner } = await createCompany(t.app)
const created = await t.app.inject({
  method: 'POST',
  url: '/api/v1/categories',
  headers: { ...owner.headers, 'content-type': 'application/json' },
  payload: { name: 'Seventeen', slug: 'seventeen', description: 'Seventeen', is_active: true },
})
if (created.statusCode !== 200) throw new Error(created.body)
const id = created.json().data.id as number

function expectShape(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/)
  const body = JSON.parse(res.body)
  expect(
    Object.keys(body).filter((k) => k !== 'message' && k !== 'errors'),
    res.body,
  ).toEqual([])
  expect(typeof body.message, res.body).toBe('string')
  if (body.errors !== undefined) {
    for (const msgs of Object.values(body.errors)) {
      expect(Array.isArray(msgs)).toBe(true)
      for (const m of msgs as unknown[]) expect(typeof m).toBe('string')
    }
  }
  return body as { message: string; errors?: Record<string, string[]> }
}

describe('malformed requests answer the one error shape', () => {
  it.each(['/api/v1/categories/%ff', '/api/v1/categories/%', '/api/v1/%c0%af', '/api/v1/categories/1%00'])(
    '%s: 400',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: owner.headers })
      expect(res.statusCode).toBe(400)
      expectShape(res)
    },
  )

  it.each([
    `0x${id.toString(16)}`,
    `${id}.0`,
    `${id / 10}e1`,
    `0o${id.toString(8)}`,
    `+${id}`,
    `${id}%20`,
    `%20${id}`,
    `0b1`,
    '1_0',
    '-1',
    '0',
    '99999999999',
  ])('id %s: 422 naming the id, never a row', async (raw) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/categories/${raw}`, headers: owner.headers })
    expect(res.statusCode, res.body).toBe(422)
    expect(expectShape(res).errors?.id?.length).toBeGreaterThan(0)
  })

  it('still reads a plain decimal id', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/categories/${id}`, headers: owner.headers })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.name).toBe('Seventeen')
  })

  it.each(['page=0x1', 'size=1e1', 'page=+1', 'size=%2010'])('list query %s: 422 naming the field', async (q) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/categories?${q}`, headers: owner.headers })
    expect(res.statusCode, res.body).toBe(422)
    expect(Object.keys(expectShape(res).errors ?? {})).toEqual([q.split('=')[0]])
  })

  it('a NUL byte in a body field: 422 naming that field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/categories',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'a\u0000b', slug: 'nul', description: 'okay', is_active: true }),
    })
    expect(res.statusCode, res.body).toBe(422)
    expect(Object.keys(expectShape(res).errors ?? {})).toEqual(['name'])
  })

  it('a NUL byte in a query value: 422 naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/categories?search=%00', headers: owner.headers })
    expect(res.statusCode, res.body).toBe(422)
    expect(Object.keys(expectShape(res).errors ?? {})).toEqual(['search'])
  })

  it('an unknown route and a wrong method answer the shape too', async () => {
    expectShape(await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing', headers: owner.headers }))
    const res = await t.app.inject({ method: 'PATCH', url: '/api/v1/categories', headers: owner.headers })
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expectShape(res)
  })
})
