import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_TIME_ZONE } from '@app/shared'
import { buildTestApp, type TestApp } from './app.js'
import { dateWriters } from '../../src/crud/export.js'
import { createCompany, createUserWithPermissions, type Actor } from './fixtures.js'

/**
 * The one table-driven suite for every resource declared with the engine
 * (STYLE "Tests"): the list contract (paging, search, sort, bad queries),
 * create/read/update/delete, unique clashes, bad bodies, the language of
 * messages, permissions, tenancy and export. A resource's own test file covers
 * only its own rules; here it only declares a case.
 */

const CODED = new Set(['status', 'gender'])

export type Row = Record<string, unknown> & { id: number }

/** What a case's hooks get: the app, two companies' owners, and what `setup` returned. */
export interface SuiteContext {
  t: TestApp
  owner: Actor
  other: Actor
  /** Values `setup` made (a group id, a role id), per company. */
  fixtures: { owner: Record<string, unknown>; other: Record<string, unknown> }
}

export interface CrudCase {
  /** URL name under /api/v1 (`facilities`). */
  name: string
  /** Permission entity (`facility`). */
  entity: string
  sortable: readonly string[]
  /** Rows every company needs before its bodies are valid (a group, a role); per company. */
  setup?: (who: Actor, ctx: SuiteContext) => Promise<Record<string, unknown>>
  /** A valid create body for the i-th row, for the owner's company or the other one. */
  body: (i: number, label: string, ctx: SuiteContext, who: 'owner' | 'other') => Record<string, unknown>
  /** What the answer echoes of a body (bodies carry passwords, ids as text…); defaults to the body. */
  echo?: (body: Record<string, unknown>) => Record<string, unknown>
  /** A change an update makes and its answer shows, besides the name. */
  edit: Record<string, unknown>
  /** Fields with a unique index: the clashing value for row 05, and whether another company may use it. */
  unique: Array<{
    field: string
    clash: (label: string) => unknown
    perCompany: boolean
    /** The answer to a clash: 409 (a conflict) by default; 422 for a name a user fixes (issue 32, `*_norm_name_uq`). */
    status?: 409 | 422
  }>
  /** Bodies that must be refused with 422 on the given field (besides the name rules every case has). */
  invalid: Array<[string, Change, string]>
  /** A sortable value as the list orders it; defaults to `row[key]`. */
  sortValue?: (row: Row, key: string) => unknown
  /** The resource filters `?is_active=`. */
  activeFilter?: boolean
  /** The export: CSV with this header (values read with `exportValue`), or an .xlsx. */
  export: { format: 'csv'; header: string; value?: (row: Row, header: string) => unknown } | { format: 'xlsx' }
  /** List rows show `company_id` (users: the platform operator lists every company's). */
  listsCompany?: boolean
  /**
   * The text field the suite varies, searches and renames (`name` unless said:
   * a gallery record has a `title`). Bodies must put `${label} ${pad(i)}` in it
   * and make the default order newest first.
   */
  nameField?: string
  /** The varied field may be left out or blank (a gallery's title): only its length and type are refused. */
  nameOptional?: boolean
  /** The refusal whose message is checked in Indonesian; defaults to the name left empty ("Nama Wajib Diisi"). */
  localized?: { change: Change; field: string; message: string }
  /**
   * Every route needs any one of these permissions instead of `${entity}_${action}`
   * (galleries: whoever may edit a catalogue item with images).
   */
  access?: readonly string[]
}

/** A change to a valid body; a function when it needs a fixture (another company's group). */
export type Change = Record<string, unknown> | ((ctx: SuiteContext) => Record<string, unknown>)

export const pad = (i: number) => String(i).padStart(2, '0')

/** Numbers in number order, everything else in code-point order (the test data stays ASCII). */
function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  const x = String(a)
  const y = String(b)
  return x < y ? -1 : x > y ? 1 : 0
}

/** Declares the suite for `cases` in the calling test file (one app for the file). */
export function crudSuite(cases: CrudCase[]) {
  const ctx = {} as SuiteContext

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Actor = ctx.owner, payload?: unknown) =>
    ctx.t.app.inject({
      method,
      url: `/api/v1${url}`.replace(/ /g, '%20'),
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    })

  beforeAll(async () => {
    ctx.t = await buildTestApp()
    ctx.owner = (await createCompany(ctx.t.app)).owner
    ctx.other = (await createCompany(ctx.t.app)).owner
    ctx.fixtures = { owner: {}, other: {} }
  })
  afterAll(() => ctx.t?.close())

  describe.each(cases)('$name', (c) => {
    const label = `Item${c.name.replace(/_/g, '').slice(0, 4)}`
    const nf = c.nameField ?? 'name'
    const nameOf = (r: Row) => r[nf]
    const body = (i: number, l: string, who: 'owner' | 'other' = 'owner') => c.body(i, l, ctx, who)
    const echo = (b: Record<string, unknown>) => (c.echo ? c.echo(b) : b)
    let rows: Row[] = []
    let foreignId: number

    beforeAll(async () => {
      if (c.setup) {
        Object.assign(ctx.fixtures.owner, await c.setup(ctx.owner, ctx))
        Object.assign(ctx.fixtures.other, await c.setup(ctx.other, ctx))
      }
      rows = []
      for (let i = 1; i <= 30; i++) {
        const res = await api('POST', `/${c.name}`, ctx.owner, body(i, label))
        expect(res.statusCode, res.body).toBe(200)
        rows.push(res.json().data)
      }
      const foreign = await api('POST', `/${c.name}`, ctx.other, body(1, label, 'other'))
      expect(foreign.statusCode, foreign.body).toBe(200)
      foreignId = foreign.json().data.id
    })

    const list = async (query: string, who: Actor = ctx.owner) => {
      const res = await api('GET', `/${c.name}?${query}`, who)
      expect(res.statusCode, res.body).toBe(200)
      return res.json() as { data: Row[]; pagination: Record<string, number> }
    }
    // Rows of this case only (a list may also hold seeded rows or fixtures).
    const mine = `search=${label}`

    it('answers a page with the pagination block, newest first by default', async () => {
      const page = await list(`${mine}&page=1&size=10`)
      expect(page.data).toHaveLength(10)
      expect(page.pagination).toEqual({ total: 30, currentPage: 1, currentPageFront: 2, totalPages: 2, totalPagesFront: 3 })
      expect(nameOf(page.data[0]!)).toBe(`${label} 20`)
      if (!c.listsCompany) expect(page.data[0]).not.toHaveProperty('company_id')
      expect(page.data[0]).not.toHaveProperty('password')
      expect(page.data[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT/)
    })

    it('searches names case-insensitively (contains)', async () => {
      const found = await list(`search=${label.toUpperCase()} 1&size=100`)
      expect(found.data.map(nameOf).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `${label} 1${i}`))
      // A page past the end still knows the total.
      const past = await list(`search=${label} 1&page=5&size=5`)
      expect(past.data).toEqual([])
      expect(past.pagination).toMatchObject({ total: 10, currentPage: 5, totalPagesFront: 2 })
      expect((await list('search=%25')).pagination.total).toBe(0)
      expect((await list(`search=${label} 0_`)).pagination.total).toBe(0)
    })

    it.each(c.sortable.map((key) => [key]))('sorts by %s both ways', async (key) => {
      const value = (r: Row) => (c.sortValue ? c.sortValue(r, key) : r[key])
      for (const dir of ['asc', 'desc'] as const) {
        const page = await list(`${mine}&sort_by=${key}&order_by=${dir}&size=100`)
        expect(page.data).toHaveLength(30)
        const values = page.data.map(value)
        const sorted = [...values].sort(compare)
        expect(values).toEqual(dir === 'asc' ? sorted : sorted.reverse())
      }
    })

    it.runIf(c.activeFilter)('filters by is_active and answers every active row for lookups', async () => {
      const active = await list(`${mine}&is_active=true&export_data=true`)
      expect(active.data).toHaveLength(20)
      expect(active.data.every((r) => r.is_active === true)).toBe(true)
      expect((await list(`${mine}&is_active=0`)).pagination.total).toBe(10)
    })

    it.each([
      ['page=-1', 'page'],
      ['page=abc', 'page'],
      ['size=0', 'size'],
      ['size=101', 'size'],
      ['sort_by=company_id', 'sort_by'],
      ['sort_by=description', 'sort_by'],
      ['order_by=sideways', 'order_by'],
      ['export_data=perhaps', 'export_data'],
      ...(c.activeFilter ? [['is_active=maybe', 'is_active']] : []),
    ])('refuses the list query %s with 422 on %s', async (query, field) => {
      const res = await api('GET', `/${c.name}?${query}`)
      expect(res.statusCode).toBe(422)
      expect(res.json().errors[field!]).toEqual([expect.any(String)])
    })

    it('creates, reads, updates and deletes a row', async () => {
      const fresh = body(99, 'Fresh')
      const created = await api('POST', `/${c.name}`, ctx.owner, fresh)
      expect(created.statusCode, created.body).toBe(200)
      const row = created.json().data as Row
      expect(row).toMatchObject({ ...echo(fresh), [nf]: 'Fresh 99' })
      const read = await api('GET', `/${c.name}/${row.id}`)
      expect(read.json().data).toMatchObject(row)
      const updated = await api('PUT', `/${c.name}/${row.id}`, ctx.owner, { ...fresh, id: row.id, [nf]: 'Fresher 99', ...c.edit })
      expect(updated.statusCode, updated.body).toBe(200)
      expect(updated.json().data).toMatchObject({ id: row.id, [nf]: 'Fresher 99', ...c.edit })
      // Saving a row unchanged is not a clash with itself.
      expect((await api('PUT', `/${c.name}/${row.id}`, ctx.owner, { ...fresh, [nf]: 'Fresher 99' })).statusCode).toBe(200)
      expect((await api('DELETE', `/${c.name}/${row.id}`)).statusCode).toBe(200)
      expect((await api('GET', `/${c.name}/${row.id}`)).statusCode).toBe(404)
      expect((await api('DELETE', `/${c.name}/${row.id}`)).statusCode).toBe(404)
    })

    it.each(c.unique.map((u) => [u.field, u]))('answers Name in Used for a %s already used', async (_f, u) => {
      const clash = { ...body(77, 'Unique'), [u.field]: u.clash(label) }
      const res = await api('POST', `/${c.name}`, ctx.owner, clash)
      expect(res.statusCode, res.body).toBe(u.status ?? 409)
      expect(res.json().errors).toHaveProperty(u.field)
      // ...also when another row is renamed onto it,
      const put = await api('PUT', `/${c.name}/${rows[10]!.id}`, ctx.owner, { ...body(11, label), [u.field]: u.clash(label) })
      expect(put.statusCode).toBe(u.status ?? 409)
      if (!u.perCompany) return
      // ...but another company may use the same value.
      const foreign = await api('POST', `/${c.name}`, ctx.other, { ...body(77, 'Unique', 'other'), [u.field]: u.clash(label) })
      expect(foreign.statusCode, foreign.body).toBe(200)
      await api('DELETE', `/${c.name}/${foreign.json().data.id}`, ctx.other)
    })

    it.each([
      ...(c.nameOptional
        ? []
        : [
            [`${nf} missing`, { [nf]: undefined }, nf],
            [`${nf} blank`, { [nf]: '   ' }, nf],
            [`${nf} of one character`, { [nf]: 'x' }, nf],
          ]),
      [`${nf} too long`, { [nf]: 'x'.repeat(192) }, nf],
      [`${nf} as a number`, { [nf]: 5 }, nf],
      ...c.invalid,
    ] as Array<[string, Change, string]>)(
      'refuses %s with 422 and a message for the field, writing nothing',
      async (_what, change, field) => {
        const bad = { ...body(50, 'Bad'), ...(typeof change === 'function' ? change(ctx) : change) }
        const total = async () => (await list('size=1')).pagination.total
        const target = rows[0]!.id
        const before = { total: await total(), row: (await api('GET', `/${c.name}/${target}`)).json().data }
        const created = await api('POST', `/${c.name}`, ctx.owner, bad)
        expect(created.statusCode, created.body).toBe(422)
        expect(created.json()).toEqual({ message: expect.any(String), errors: expect.any(Object) })
        expect(created.json().errors[field]).toEqual([expect.any(String)])
        const updated = await api('PUT', `/${c.name}/${target}`, ctx.owner, bad)
        expect(updated.statusCode).toBe(422)
        expect(updated.json().errors[field]).toEqual([expect.any(String)])
        // Nothing half-written: no new row, and the row the update aimed at (with its child lists) unchanged.
        expect(await total()).toBe(before.total)
        expect((await api('GET', `/${c.name}/${target}`)).json().data).toEqual(before.row)
      },
    )

    it('names the field in the chosen language', async () => {
      const { change, field, message } = c.localized ?? { change: { name: '' }, field: 'name', message: 'Nama Wajib Diisi' }
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: `/api/v1/${c.name}`,
        headers: { ...ctx.owner.headers, 'x-localization': 'id' },
        payload: { ...body(51, 'Bad'), ...(typeof change === 'function' ? change(ctx) : change) },
      })
      expect(res.json().errors[field]).toEqual([message])
    })

    it.runIf(c.access)('lets any one of its permissions in, and nobody without one', async () => {
      const id = rows[0]!.id
      const none = await createUserWithPermissions(ctx.t.app, ctx.owner.companyId, [`${c.entity}_list`, `${c.entity}_view`])
      const b = body(62, 'Perm')
      expect((await api('GET', `/${c.name}`, none)).statusCode).toBe(403)
      expect((await api('GET', `/${c.name}/${id}`, none)).statusCode).toBe(403)
      expect((await api('GET', `/${c.name}/export`, none)).statusCode).toBe(403)
      expect((await api('POST', `/${c.name}`, none, b)).statusCode).toBe(403)
      expect((await api('PUT', `/${c.name}/${id}`, none, b)).statusCode).toBe(403)
      expect((await api('DELETE', `/${c.name}/${id}`, none)).statusCode).toBe(403)
      for (const permission of c.access!) {
        const who = await createUserWithPermissions(ctx.t.app, ctx.owner.companyId, [permission])
        expect((await api('GET', `/${c.name}`, who)).statusCode, permission).toBe(200)
        expect((await api('GET', `/${c.name}/${id}`, who)).statusCode, permission).toBe(200)
      }
      expect((await ctx.t.app.inject({ method: 'GET', url: `/api/v1/${c.name}` })).statusCode).toBe(401)
      const routes = ctx.t.app.apiRoutes.filter((r) => r.url === `/api/v1/${c.name}` || r.url.startsWith(`/api/v1/${c.name}/`))
      expect(routes.length).toBeGreaterThanOrEqual(6)
      for (const r of routes) expect(r.access, `${r.method} ${r.url}`).toEqual(c.access)
    })

    it.skipIf(c.access)('checks the permission of every route', async () => {
      const id = rows[0]!.id
      const none = await createUserWithPermissions(ctx.t.app, ctx.owner.companyId, [])
      const reader = await createUserWithPermissions(ctx.t.app, ctx.owner.companyId, [`${c.entity}_list`])
      const viewer = await createUserWithPermissions(ctx.t.app, ctx.owner.companyId, [`${c.entity}_view`])
      const b = body(60, 'Perm')
      expect((await api('GET', `/${c.name}`, none)).statusCode).toBe(403)
      expect((await api('GET', `/${c.name}`, reader)).statusCode).toBe(200)
      expect((await api('GET', `/${c.name}/${id}`, reader)).statusCode).toBe(403)
      expect((await api('GET', `/${c.name}/${id}`, viewer)).statusCode).toBe(200)
      expect((await api('GET', `/${c.name}/export`, reader)).statusCode).toBe(403)
      expect((await api('POST', `/${c.name}`, reader, b)).statusCode).toBe(403)
      expect((await api('PUT', `/${c.name}/${id}`, viewer, b)).statusCode).toBe(403)
      expect((await api('DELETE', `/${c.name}/${id}`, viewer)).statusCode).toBe(403)
      expect((await ctx.t.app.inject({ method: 'GET', url: `/api/v1/${c.name}` })).statusCode).toBe(401)
      for (const action of ['create', 'update', 'delete', 'export'])
        expect(
          ctx.t.app.apiRoutes.some((r) => r.url.startsWith(`/api/v1/${c.name}`) && r.access === `${c.entity}_${action}`),
        ).toBe(true)
    })

    it("answers 404 for another company's row and never lists it", async () => {
      expect((await api('GET', `/${c.name}/${foreignId}`)).statusCode).toBe(404)
      expect((await api('PUT', `/${c.name}/${foreignId}`, ctx.owner, body(61, 'Steal'))).statusCode).toBe(404)
      expect((await api('DELETE', `/${c.name}/${foreignId}`)).statusCode).toBe(404)
      expect((await api('GET', `/${c.name}/${foreignId}`, ctx.other)).statusCode).toBe(200)
      const all = await list('export_data=true&size=100')
      expect(all.data.some((r) => r.id === foreignId)).toBe(false)
    })

    it('exports every matching row with a dated file name', async () => {
      const ext = c.export.format
      // Field names as headers (?headers=keys); the labels in the reader's language are crud/export.test.ts's.
      const res = await api('GET', `/${c.name}/export?search=${label} 2&headers=keys`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${c.name}_table_${new Date().toISOString().slice(0, 10)}.${ext}"`,
      )
      if (c.export.format === 'xlsx') {
        expect(res.headers['content-type']).toContain('spreadsheetml')
        expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK')
        return
      }
      expect(res.headers['content-type']).toContain('text/csv')
      const lines = res.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n')
      const { header, value = (r: Row, h: string) => r[h] } = c.export
      expect(lines[0]).toBe(header)
      expect(lines).toHaveLength(11)
      const row = rows[21]!
      // Days and moments as the export writes them (DD-MM-YYYY HH:mm in the company's zone); a status is
      // or a gender is written in the reader's language, checked by crud/export.test.ts, so it is left out here.
      const written = dateWriters(DEFAULT_TIME_ZONE)
      const want = header.split(',').map((h) => (CODED.has(h) ? null : String(written(value(row, h)) ?? '')))
      const match = lines.some((l) => {
        const cells = l.split(',')
        return cells.length === want.length && want.every((w, i) => w === null || w === cells[i])
      })
      expect(match, `${want.join(',')}\n${lines.join('\n')}`).toBe(true)
      expect((await api('GET', `/${c.name}/export?format=pdf`)).statusCode).toBe(422)
    })
  })

  return ctx
}
