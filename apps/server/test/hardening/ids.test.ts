/**
 * One rule for ids (issue 31: calendar writes took `room_id: "7"` while orders refused it): in a JSON body
 * an id is a JSON integer, and text is refused with 422 naming the field, on every route; a query string
 * and a multipart form's text parts still carry ids as digits. The walk reads every JSON body of the
 * OpenAPI document and every field that holds an id (`id`, `*_id`, at any depth), so a new route or field
 * is covered without a line here.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../helpers/app.js'
import { createHotelRoom } from '../helpers/bookables.js'
import { createCompany } from '../helpers/fixtures.js'
import { multipart } from '../helpers/images.js'

type Schema = {
  type?: string | string[]
  properties?: Record<string, Schema>
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  const?: unknown
  enum?: unknown[]
}

const t = await buildTestApp()
afterAll(() => t.close())
const { owner } = await createCompany(t.app)
const doc = (await t.app.inject('/api/docs/json')).json() as {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>
}

const isIdName = (name: string) => name === 'id' || name.endsWith('_id')
const isNumeric = (s: Schema): boolean =>
  [s.type].flat().some((x) => x === 'integer' || x === 'number') || [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(isNumeric)

interface IdPath {
  /** Keys and array indexes from the body's root. */
  path: Array<string | number>
  /** Fields that pick a branch of a union on the way (`kind: 'room'`), by the path of their object. */
  picks: Array<{ at: Array<string | number>; key: string; value: unknown }>
  /** Plain values for the id's sibling fields, so a list entry is not dropped as blank. */
  siblings: Record<string, unknown>
}

const plain = (s: Schema): unknown => {
  const types = [s.type, ...[...(s.anyOf ?? []), ...(s.oneOf ?? [])].map((b) => b.type)].flat()
  if (s.enum?.length) return s.enum[0]
  if (types.includes('string')) return 'x'
  if (types.includes('integer') || types.includes('number')) return 1
  if (types.includes('boolean')) return true
  return undefined
}

/** Every numeric `id`/`*_id` property under `schema`, with what it takes to reach it. */
function idPaths(schema: Schema, at: Array<string | number> = [], picks: IdPath['picks'] = [], depth = 0): IdPath[] {
  if (depth > 6) return []
  const out: IdPath[] = []
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    // A branch of a discriminated union: its constant field picks it.
    const pick = Object.entries(branch.properties ?? {}).find(([, p]) => p.const !== undefined || p.enum?.length === 1)
    const more = pick ? [...picks, { at, key: pick[0], value: pick[1].const ?? pick[1].enum![0] }] : picks
    out.push(...idPaths(branch, at, more, depth + 1))
  }
  if (schema.items) out.push(...idPaths(schema.items, [...at, 0], picks, depth + 1))
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    if (isIdName(key) && isNumeric(prop)) {
      const siblings = Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([k]) => k !== key)
          .map(([k, p]) => [k, plain(p)])
          .filter(([, v]) => v !== undefined),
      )
      out.push({ path: [...at, key], picks, siblings: at.length ? siblings : {} })
    } else out.push(...idPaths(prop, [...at, key], picks, depth + 1))
  }
  return out
}

/** A body holding `value` at `path` (and the branch picks), nothing else. */
function bodyWith({ path, picks, siblings }: IdPath, value: unknown): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  const place = (p: Array<string | number>, v: unknown) => {
    let node: Record<string | number, unknown> = root
    p.forEach((k, i) => {
      if (i === p.length - 1) node[k] = v
      else node = (node[k] ??= typeof p[i + 1] === 'number' ? [] : {}) as Record<string | number, unknown>
    })
  }
  for (const [k, v] of Object.entries(siblings)) place([...path.slice(0, -1), k], v)
  for (const pick of picks) place([...pick.at, pick.key], pick.value)
  place(path, value)
  return root
}

const cases = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops)
    .filter(([method]) => ['post', 'put', 'patch'].includes(method))
    .flatMap(([method, op]) => {
      const schema = op.requestBody?.content?.['application/json']?.schema
      if (!schema) return []
      const seen = new Set<string>()
      // Every switch on: a list behind one (a hotel's extra prices) is read only then.
      const switches = Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([, p]) => [p.type, ...(p.anyOf ?? []).map((b) => b.type)].flat().includes('boolean'))
          .map(([k]) => [k, true]),
      )
      return idPaths(schema)
        .map((p) => ({ ...p, switches }))
        .filter((p) => {
          const key = p.path.join('.')
          return !seen.has(key) && seen.add(key)
        })
        .map((p) => ({ method: method.toUpperCase(), path, id: p }))
    }),
)

describe('ids in JSON bodies (issue 31)', () => {
  it('finds id fields across the document, the calendar and order items among them', () => {
    const names = cases.map((c) => `${c.method} ${c.path} ${c.id.path.join('.')}`)
    expect(names).toContain('POST /api/v1/rooms_availibility room_id')
    expect(names).toContain('POST /api/v1/orders items.0.room_id')
    expect(names.some((n) => n.startsWith('POST /api/v1/hotels ') && n.endsWith(' location_id'))).toBe(true)
    expect(cases.length).toBeGreaterThan(20)
  })

  it('refuses an id sent as text ("7") with 422 naming the field, on every route', async () => {
    const wrong: string[] = []
    for (const c of cases) {
      const url = c.path.replace(/\{[^}]+\}/g, '1')
      const field = c.id.path.join('.')
      const res = await t.app.inject({
        method: c.method as 'POST',
        url,
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...c.id.switches, ...bodyWith(c.id, '7') }),
      })
      const errors = res.statusCode === 422 ? (res.json().errors ?? {}) : {}
      if (!(field in errors)) wrong.push(`${c.method} ${url} ${field}: ${res.statusCode} ${res.body.slice(0, 160)}`)
    }
    expect(wrong).toEqual([])
  })

  it('takes the same id as a JSON integer, and digits in a query string and in a form', async () => {
    const { roomId, hotelId } = await createHotelRoom(t.app.db, owner.companyId)
    const write = (room_id: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/rooms_availibility',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({
          room_id,
          start_date: '2030-01-01',
          end_date: '2030-01-02',
          price: 10,
          capacity: 1,
          blocked: false,
        }),
      })
    expect((await write(roomId)).statusCode).toBe(200)
    const text = await write(String(roomId))
    expect(text.statusCode).toBe(422)
    expect(Object.keys(text.json().errors)).toEqual(['room_id'])
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/rooms_availibility?room_id=${roomId}&hotel_id=${hotelId}&start_date=2030-01-01&end_date=2030-01-31`,
      headers: owner.headers,
    })
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json().data).toHaveLength(2)
    // A form has only text: its id fields are read as numbers (here the location of a Ziyarah tour).
    const [loc] = (
      (await t.app.db.execute(`SELECT location_id AS id FROM hotels WHERE id = ${hotelId}`)) as unknown as {
        rows: Array<{ id: number }>
      }
    ).rows
    const form = multipart([
      { name: 'name', value: 'Jabal Uhud morning' },
      { name: 'location_id', value: String(loc!.id) },
      { name: 'pickup_time', value: '07:00' },
      { name: 'duration_hours', value: '3' },
      { name: 'max_passengers', value: '20' },
      { name: 'price', value: '150' },
      { name: 'child_price', value: '100' },
      { name: 'status', value: 'publish' },
    ])
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ziyarah_tours',
      headers: { ...owner.headers, ...form.headers },
      payload: form.payload,
    })
    expect(created.statusCode, created.body).toBe(200)
    expect(created.json().data.location_id).toBe(loc!.id)
  })
})
