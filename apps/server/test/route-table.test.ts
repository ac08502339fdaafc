/**
 * DESIGN §5: the server enforces every permission and the company boundary.
 * These tests read the route table itself (`app.apiRoutes`, filled by
 * plugins/auth.ts), so a route added later is covered without editing them.
 *
 * How the walk finds a row of company A for a `/:id` route, generically:
 * - company A is the demo company of `seeds/seed.ts` (its sample rows), plus a
 *   platform master (fixtures); company B is a fresh company;
 * - a route's row kind is the entity of the permission it declares
 *   (`role_duplicate` needs `role_create`, so it takes a role id) and that
 *   entity's list route (`GET` needing `role_list`), else its URL prefix;
 * - an empty list is filled by posting a body generated from the route's own
 *   OpenAPI (zod) schema, `*_id` fields taking a row of the matching list.
 * Company B sends writes with A's own row as the body, so validation passes and
 * the lookup answers 404. When a body is still refused first (422), the test
 * asserts "not 2xx and no data of A in the answer". A's owner "passes" when the
 * answer is not 401/403/404/5xx: 200, or 409/422 for bodies the walker cannot
 * make valid and for rules such as "a default role cannot be deleted".
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { ACTIONS, ALL_PERMISSIONS, PLATFORM_ONLY_PERMISSIONS } from '@app/shared'
import { seed, DEMO_LOGIN } from '../src/seeds/seed.js'
import { users } from '../src/db/schema/index.js'
import { createSession } from '../src/lib/sessions.js'
import type { Access } from '../src/plugins/auth.js'
import { buildTestApp } from './helpers/app.js'
import { createCompany, createPlatformMaster, createUserWithPermissions, type Actor } from './helpers/fixtures.js'
import { imageForm, makeImage } from './helpers/images.js'

/** Routes anyone may call: the account flows of spec §2 (sign in, register, reset…). */
const PUBLIC_PREFIXES = ['/api/v1/auth/', '/api/v1/images/']
/** Collections that are one platform-wide catalogue, not company data (DESIGN §5). */
const PLATFORM_WIDE = ['/api/v1/permissions']
/** For a `/:id` route whose row kind neither its permission nor its URL tells: url -> its list route. */
const ROW_SOURCE: Record<string, string> = { '/api/v1/galleries/:id': '/api/v1/galleries' }
/** Lists whose access is not their entity's `_list` (galleries: whoever edits a catalogue item with images). */
const EXTRA_LISTS = ['/api/v1/galleries']

const t = await buildTestApp()
afterAll(() => t.close())
const routes = [...t.app.apiRoutes].sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'))

const permissionsOf = (access: Access | undefined): string[] =>
  access === undefined || access === 'public' || access === 'session' ? [] : typeof access === 'string' ? [access] : [...access]
const entityOf = (permission: string) => {
  const action = ACTIONS.find((a) => permission.endsWith(`_${a}`))
  return action ? permission.slice(0, -(action.length + 1)) : undefined
}
const isParamRoute = (url: string) => url.includes('/:')

describe('the route table', () => {
  it('has a declared access on every API route: public, session or catalogue permissions', () => {
    expect(routes.length).toBeGreaterThan(20)
    const problems: string[] = []
    for (const r of routes) {
      const where = `${r.method} ${r.url}`
      if (r.access === undefined) problems.push(`${where}: declares no access`)
      else if (r.access === 'public') {
        if (!PUBLIC_PREFIXES.some((p) => r.url.startsWith(p)))
          problems.push(`${where}: public outside ${PUBLIC_PREFIXES.join(', ')}`)
      } else if (r.access !== 'session') {
        const perms = permissionsOf(r.access)
        if (perms.length === 0) problems.push(`${where}: an empty permission list`)
        for (const p of perms)
          if (!ALL_PERMISSIONS.includes(p as never)) problems.push(`${where}: '${p}' is not in the catalogue`)
      }
    }
    expect(problems).toEqual([])
  })

  it('serves no route that forgot its access (fail closed)', async () => {
    const { forbidden } = await import('../src/lib/errors.js')
    const probe = await buildTestApp({}, [
      async (app) => {
        app.get('/undeclared-probe', async () => {
          throw forbidden('should not run')
        })
        app.get('/undeclared-probe-ok', async () => ({ data: 'leak' }))
      },
    ])
    const res = await probe.app.inject({ method: 'GET', url: '/api/v1/undeclared-probe-ok' })
    expect(res.statusCode).toBe(403)
    expect(res.body).not.toContain('leak')
    await probe.close()
  })
})

// ---------------------------------------------------------------------------
// Actors and one row of company A per list.

await seed(t.app.db, { demo: true })
async function actorByEmail(email: string): Promise<Actor> {
  const [u] = await t.app.db.select().from(users).where(eq(users.email, email))
  const { token } = await createSession(t.app.db, u!.id)
  return {
    userId: u!.id,
    companyId: u!.company_id,
    roleId: u!.role_id,
    token,
    email,
    headers: { authorization: `Bearer ${token}` },
  }
}
const ownerA = await actorByEmail(DEMO_LOGIN.email)
const master = (await createPlatformMaster(t.app)).master
const ownerB = (await createCompany(t.app)).owner

type Json = Record<string, unknown>
const call = (method: string, url: string, who?: Actor, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(who?.headers ?? {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  })

/** Read with a list permission but not a list of rows (figures over the orders). */
const NOT_LISTS = ['/api/v1/dashboard/orders', '/api/v1/dashboard/departures']
/** List routes: `GET` without params, keyed by URL, with the entity of their `_list` permission. */
const lists = routes.filter(
  (r) =>
    r.method === 'GET' &&
    !isParamRoute(r.url) &&
    !NOT_LISTS.includes(r.url) &&
    (permissionsOf(r.access).some((p) => p.endsWith('_list')) || EXTRA_LISTS.includes(r.url)),
)
// The first list of an entity is its rows' list (GET /orders before GET /orders/counters, also `_list`).
const listOfEntity = new Map(
  lists
    .filter((l) => !EXTRA_LISTS.includes(l.url))
    .map((l) => [entityOf(permissionsOf(l.access).find((p) => p.endsWith('_list'))!)!, l.url] as const)
    .reverse(),
)

const openapi = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
  paths: Record<string, Record<string, Json>>
}
const bodySchema = (method: string, url: string): Json | undefined => {
  const path = url.replace(/:(\w+)/g, '{$1}')
  const op = openapi.paths[path]?.[method.toLowerCase()] as
    { requestBody?: { content?: Record<string, { schema?: Json }> } } | undefined
  return op?.requestBody?.content?.['application/json']?.schema
}

const rowOf = new Map<string, Json>()
let n = 0
/** A value for a JSON schema: the first enum, a long-enough string, a row id for `*_id`… */
function sample(schema: Json | undefined, key: string, tag: string): unknown {
  if (!schema) return undefined
  const alt = (schema.anyOf ?? schema.oneOf) as Json[] | undefined
  if (alt) return sample(alt.find((s) => s.type !== 'null') ?? alt[0], key, tag)
  if (Array.isArray(schema.enum)) return schema.enum[0]
  if (schema.const !== undefined) return schema.const
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((x) => x !== 'null') : schema.type
  switch (type) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Json>
      return Object.fromEntries(Object.entries(props).map(([k, s]) => [k, sample(s, k, tag)]))
    }
    case 'string': {
      if (schema.format === 'email' || /email/.test(key)) return `${tag}@example.test`
      if (schema.format === 'date' || /date$/.test(key)) return '2030-01-15'
      if (schema.format === 'date-time') return '2030-01-15T10:00:00.000Z'
      return tag.padEnd(Math.max(Number(schema.minLength ?? 0), tag.length), 'x')
    }
    case 'integer':
    case 'number': {
      if (key.endsWith('_id')) {
        const stem = key.slice(0, -3)
        const entity = [...listOfEntity.keys()].find((e) => e === stem || e.startsWith(`${stem}_`) || e.endsWith(`_${stem}`))
        const row = entity ? rowOf.get(listOfEntity.get(entity)!) : undefined
        if (row) return row.id
      }
      return Math.max(Number(schema.minimum ?? 1), 1)
    }
    case 'boolean':
      return true
    case 'array':
      return []
    default:
      return undefined
  }
}
const sampleBody = (method: string, url: string) =>
  sample(bodySchema(method, url), 'body', `zq${++n}sample${Date.now() % 100000}`)

/** Bodies the schema cannot tell how to make: a gallery record names an image the company uploaded first. */
const FIRST_ROW: Record<string, (who: Actor) => Promise<Json>> = {
  '/api/v1/galleries': async (who) => {
    const form = imageForm(await makeImage('png'))
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/actions_gallery/upload',
      headers: { ...who.headers, ...form.headers },
      payload: form.payload,
    })
    return { file_name: res.json().data.file_name, title: 'zq gallery sample', sort_order: 0 }
  },
}

async function firstRow(listUrl: string, who: Actor): Promise<Json | undefined> {
  const res = await call('GET', listUrl, who)
  return res.statusCode === 200 ? ((res.json().data as Json[])[0] ?? undefined) : undefined
}
// Fill the lists of company A; dependencies (attributes need a group) settle within a few passes.
for (let pass = 0; pass < 3; pass++) {
  for (const l of lists) {
    if (rowOf.has(l.url)) continue
    let row = await firstRow(l.url, ownerA)
    const create = routes.find((r) => r.method === 'POST' && r.url === l.url)
    if (!row && create) {
      await call('POST', l.url, ownerA, FIRST_ROW[l.url] ? await FIRST_ROW[l.url]!(ownerA) : sampleBody('POST', l.url))
      row = await firstRow(l.url, ownerA)
    }
    if (row) rowOf.set(l.url, row)
  }
}

/** The list route whose rows a `/:id` route takes. */
function rowSource(route: { url: string; access: Access | undefined }): string | undefined {
  if (ROW_SOURCE[route.url]) return ROW_SOURCE[route.url]
  for (const p of permissionsOf(route.access)) {
    const list = listOfEntity.get(entityOf(p) ?? '')
    if (list) return list
  }
  const prefix = route.url.slice(0, route.url.indexOf('/:'))
  return lists.some((l) => l.url === prefix) ? prefix : undefined
}
function urlFor(url: string, id: unknown) {
  return url.replace(/:(\w+)/g, () => String(id))
}
/** Values of A's row that would betray a leak if B saw them. */
function telltales(row: Json): string[] {
  return Object.entries(row)
    .filter(([k, v]) => typeof v === 'string' && v.length >= 4 && !/(_at|date|status|type)$/.test(k))
    .map(([, v]) => v as string)
}

// One actor per distinct access: a user of company A holding every company permission but those.
const denied = new Map<string, Actor>()
async function actorWithout(perms: string[]): Promise<Actor> {
  const key = [...perms].sort().join(',')
  if (!denied.has(key)) {
    const rest = ALL_PERMISSIONS.filter((p) => !perms.includes(p) && !PLATFORM_ONLY_PERMISSIONS.includes(p))
    denied.set(key, await createUserWithPermissions(t.app, ownerA.companyId, rest))
  }
  return denied.get(key)!
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows
const auditCount = async () =>
  Number(rowsOf<{ n: number }>(await t.app.db.execute(sql`SELECT count(*)::int AS n FROM audit_log`))[0]!.n)

const protectedRoutes = routes.filter((r) => r.access !== 'public' && r.access !== undefined)

describe('every protected route', () => {
  it('has rows of company A to try', () => {
    const missing = protectedRoutes
      .filter((r) => isParamRoute(r.url))
      .flatMap((r) => {
        const src = rowSource(r)
        if (!src) return [`${r.method} ${r.url}: no list route tells which rows it takes (add it to ROW_SOURCE)`]
        return rowOf.has(src) ? [] : [`${r.method} ${r.url}: company A has no row in ${src} (add sample rows to seeds/seed.ts)`]
      })
    expect(missing).toEqual([])
  })

  it.each(protectedRoutes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s: 401, 403, 404 across companies, and the owner passes',
    async (_name, route) => {
      const perms = permissionsOf(route.access)
      const src = isParamRoute(route.url) ? rowSource(route) : undefined
      const rowA = src ? rowOf.get(src) : undefined
      if (isParamRoute(route.url) && !rowA) return // reported by the test above
      const url = rowA ? urlFor(route.url, rowA.id) : route.url
      const audited = await auditCount()
      const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH'
      // A's own row as the body makes validation pass where it can; a generated one otherwise.
      const body = hasBody
        ? rowA && route.method !== 'POST'
          ? { ...rowA }
          : (sampleBody(route.method, route.url) ?? {})
        : undefined

      // (1) No session: 401, before anything else is looked at.
      const anonymous = await call(route.method, url, undefined, body)
      expect(anonymous.statusCode, `${route.method} ${url} without a session`).toBe(401)

      // (2) A session without the route's permissions: 403.
      if (perms.length) {
        const without = await actorWithout(perms)
        const res = await call(route.method, url, without, body)
        expect(res.statusCode, `${route.method} ${url} without ${perms.join('|')}: ${res.body}`).toBe(403)
      }

      // (3) Another company: 404 for A's row, never A's data.
      if (rowA && !PLATFORM_WIDE.includes(src!)) {
        const res = await call(route.method, url, ownerB, body)
        const leaks = telltales(rowA).filter((v) => res.body.includes(v))
        expect(leaks, `${route.method} ${url} as company B leaked ${leaks.join(', ')}`).toEqual([])
        // 422: the body was refused before the lookup (no 2xx, and no data of A, checked above).
        if (res.statusCode !== 422) expect(res.statusCode, `${route.method} ${url} as company B: ${res.body}`).toBe(404)
      }
      // …and lists of B hold none of A's rows.
      if (!isParamRoute(route.url) && rowOf.has(route.url) && !PLATFORM_WIDE.includes(route.url) && route.method === 'GET') {
        const res = await call('GET', `${route.url}?size=100`, ownerB)
        expect(res.statusCode).toBe(200)
        const ids = (res.json().data as Json[]).map((r) => r.id)
        expect(ids).not.toContain(rowOf.get(route.url)!.id)
      }

      // (4) A's owner (the platform master for platform-only permissions) passes the checks.
      const platformOnly = perms.length > 0 && perms.every((p) => PLATFORM_ONLY_PERMISSIONS.includes(p))
      const who = platformOnly ? master : ownerA
      const ownBody =
        hasBody && route.method === 'POST' && !isParamRoute(route.url) ? (sampleBody(route.method, route.url) ?? {}) : body
      // Refused calls (1)-(3) left no audit row.
      expect(await auditCount(), `${route.method} ${url}: refused calls wrote audit rows`).toBe(audited)
      const res = await call(route.method, url, who, ownBody)
      expect(res.statusCode, `${route.method} ${url} as ${platformOnly ? 'master' : "A's owner"}: ${res.body}`).toBeLessThan(500)
      expect([401, 403, 404]).not.toContain(res.statusCode)
      if (route.method === 'GET') expect([200, 422]).toContain(res.statusCode)

      // (5) Issue 30: a successful write leaves exactly one audit row, of the caller, naming what the route
      // changes (the entity of its permission, the row of its `:id`); a read or a refused write leaves none.
      const written = res.statusCode === 200 && !['GET', 'HEAD', 'OPTIONS'].includes(route.method)
      expect(await auditCount(), `${route.method} ${url}: audit rows`).toBe(audited + (written ? 1 : 0))
      if (written) {
        const [row] = rowsOf<Json>(await t.app.db.execute(sql`SELECT * FROM audit_log ORDER BY id DESC LIMIT 1`))
        expect(row).toMatchObject({ user_id: who.userId, company_id: who.companyId })
        if (perms.length) expect(perms.map(entityOf)).toContain(row!.entity)
        if (rowA && route.url.endsWith('/:id')) expect(row!.record_id).toBe(rowA.id)
      }
    },
  )
})

// ---------------------------------------------------------------------------
// Safe methods are read-only (issue 12): a GET, HEAD or OPTIONS skips the CSRF
// check, so none may change data. Every such route is called as A's owner (and
// the master) and the database must be byte-for-byte what it was. `sessions` is
// left out: signing in a request touches its session's last use, whatever the route.

/** One md5 per table over all its rows, in a stable order. */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = (await t.app.db.execute(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'sessions' ORDER BY 1`,
  )) as unknown as { rows: Array<{ name: string }> }
  const out: Record<string, string> = {}
  for (const { name } of tables.rows) {
    const r = (await t.app.db.execute(
      sql.raw(`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${name}" x`),
    )) as unknown as { rows: Array<{ h: string }> }
    out[name] = r.rows[0]!.h
  }
  return out
}

describe('safe methods', () => {
  const safe = routes.filter((r) => ['GET', 'HEAD', 'OPTIONS'].includes(r.method))
  it.each(safe.map((r) => [`${r.method} ${r.url}`, r] as const))('%s changes nothing in the database', async (_n, route) => {
    const src = isParamRoute(route.url) ? rowSource(route) : undefined
    const rowA = src ? rowOf.get(src) : undefined
    const url = rowA ? urlFor(route.url, rowA.id) : route.url
    const before = await fingerprint()
    for (const who of [undefined, ownerA, master]) {
      for (const method of [route.method, 'HEAD']) {
        const res = await call(method, url, who)
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500)
      }
    }
    expect(await fingerprint()).toEqual(before)
  })

  it('would see a write: the fingerprint changes when a row does', async () => {
    const before = await fingerprint()
    const res = await call('POST', '/api/v1/actions_user/role_duplicate/' + String(rowOf.get('/api/v1/roles')!.id), ownerA)
    expect(res.statusCode, res.body).toBe(200)
    const after = await fingerprint()
    expect(after.roles).not.toBe(before.roles)
    expect(after.role_permissions).not.toBe(before.role_permissions)
  })
})
