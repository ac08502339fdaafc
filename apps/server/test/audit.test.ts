import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './helpers/app.js'
import { createHotelRoom } from './helpers/bookables.js'
import { createCompany, type Actor } from './helpers/fixtures.js'

/**
 * The audit trail (issue 30): what the engines record, the account events,
 * redaction of secrets, and the table's own refusal of UPDATE and DELETE.
 * That every write route leaves exactly one row is test/route-table.test.ts's walk.
 */

let t: TestApp
let owner: Actor
let ownerEmail: string

type Row = {
  id: number
  company_id: number | null
  user_id: number | null
  role_name: string | null
  entity: string
  record_id: number | null
  action: string
  ip: string | null
  user_agent: string | null
  change: Record<string, unknown> | null
}
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows
const lastRows = async (n = 1) =>
  rowsOf<Row>(await t.app.db.execute(sql`SELECT * FROM audit_log ORDER BY id DESC LIMIT ${n}`)).reverse()
/** The database's own refusal (drizzle wraps it as the cause of a "Failed query"). */
async function refused(query: Promise<unknown>) {
  const err = (await query.then(
    () => undefined,
    (e: unknown) => e,
  )) as { message: string; cause?: { message: string } } | undefined
  expect(err, 'the statement was accepted').toBeDefined()
  expect(err!.cause?.message ?? err!.message).toMatch(/append-only/)
}
const countRows = async () =>
  Number(rowsOf<{ n: number }>(await t.app.db.execute(sql`SELECT count(*)::int AS n FROM audit_log`))[0]!.n)

const api = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: unknown, who: Actor | null = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(who?.headers ?? {}), 'user-agent': 'audit-test/1.0' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

beforeAll(async () => {
  t = await buildTestApp()
  const c = await createCompany(t.app, { password: 'password123' })
  owner = c.owner
  ownerEmail = c.owner.email
})
afterAll(() => t?.close())

describe('the audit rows of the engines', () => {
  it('records a create with its values, an update with the changed fields before and after, and a delete', async () => {
    const created = await api('POST', '/facilities', { name: 'Pool', slug: 'pool', description: 'A pool', is_active: true })
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json().data.id as number
    const [c] = await lastRows()
    expect(c).toMatchObject({ company_id: owner.companyId, user_id: owner.userId, role_name: 'owner' })
    expect(c).toMatchObject({ entity: 'facility', record_id: id, action: 'create', user_agent: 'audit-test/1.0' })
    expect(c!.ip).toBeTruthy()
    expect((c!.change!.after as Record<string, unknown>).name).toBe('Pool')

    const updated = await api('PUT', `/facilities/${id}`, {
      name: 'Big pool',
      slug: 'pool',
      description: 'A pool',
      is_active: true,
    })
    expect(updated.statusCode, updated.body).toBe(200)
    const [u] = await lastRows()
    expect(u).toMatchObject({ entity: 'facility', record_id: id, action: 'update' })
    expect(u!.change).toEqual({ before: { name: 'Pool' }, after: { name: 'Big pool' } })

    const deleted = await api('DELETE', `/facilities/${id}`)
    expect(deleted.statusCode, deleted.body).toBe(200)
    const [d] = await lastRows()
    expect(d).toMatchObject({ entity: 'facility', record_id: id, action: 'delete' })
    expect((d!.change!.before as Record<string, unknown>).name).toBe('Big pool')
  })

  it('writes no row for a write that fails', async () => {
    const before = await countRows()
    const res = await api('POST', '/facilities', { name: '' })
    expect(res.statusCode).toBe(422)
    expect(await countRows()).toBe(before)
  })

  it('records a calendar range write with its range and values', async () => {
    const { roomId, hotelId } = await createHotelRoom(t.app.db, owner.companyId)
    const body = {
      room_id: roomId,
      hotel_id: hotelId,
      start_date: '2027-02-18',
      end_date: '2027-02-22',
      price: 750,
      capacity: 3,
      blocked: false,
    }
    const res = await api('POST', '/rooms_availibility', body)
    expect(res.statusCode, res.body).toBe(200)
    const [r] = await lastRows()
    expect(r).toMatchObject({ entity: 'room', record_id: roomId, action: 'range' })
    expect(r!.change).toMatchObject({
      range: { start_date: '2027-02-18', end_date: '2027-02-22' },
      values: { price: 750, capacity: 3 },
    })
  })

  it('never keeps a password: a new one shows only as changed; blocking is named', async () => {
    const roles = (await api('GET', '/roles?size=100')).json().data as Array<{ id: number; name: string }>
    const role = roles.find((r) => r.name === 'operator')!
    const user = {
      name: 'Clerk',
      username: 'clerk1',
      email: 'clerk1@example.test',
      phone: null,
      status: 'active',
      role_id: role.id,
    }
    const created = await api('POST', '/users', { ...user, password: 'secret-pass-1', password_confirmation: 'secret-pass-1' })
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json().data.id as number
    const blocked = await api('PUT', `/users/${id}`, {
      ...user,
      status: 'blocked',
      password: 'secret-pass-2',
      password_confirmation: 'secret-pass-2',
    })
    expect(blocked.statusCode, blocked.body).toBe(200)
    const [c, b] = await lastRows(2)
    for (const row of [c, b]) expect(JSON.stringify(row!.change)).not.toMatch(/secret-pass|argon2/)
    expect(b).toMatchObject({ entity: 'user', record_id: id, action: 'block' })
    expect(b!.change).toEqual({
      before: { status: 'active', password_hash: '[redacted]' },
      after: { status: 'blocked', password_hash: '[redacted]' },
    })
  })
})

describe('the account events', () => {
  it('records a sign-in, a failed sign-in (without the password) and a sign-out', async () => {
    const bad = await api('POST', '/auth/login', { email: ownerEmail, password: 'wrong-password-9' }, null)
    expect(bad.statusCode).toBe(422)
    const [failed] = await lastRows()
    expect(failed).toMatchObject({
      entity: 'session',
      action: 'sign_in_failed',
      user_id: owner.userId,
      company_id: owner.companyId,
    })
    expect(JSON.stringify(failed!.change)).not.toContain('wrong-password-9')

    const unknown = await api('POST', '/auth/login', { email: 'nobody@example.test', password: 'whatever123' }, null)
    expect(unknown.statusCode).toBe(422)
    const [anon] = await lastRows()
    expect(anon).toMatchObject({ action: 'sign_in_failed', user_id: null, company_id: null })

    const before = await countRows()
    const ok = await api('POST', '/auth/login', { email: ownerEmail, password: 'password123' }, null)
    expect(ok.statusCode, ok.body).toBe(200)
    expect(await countRows()).toBe(before + 1)
    const [signIn] = await lastRows()
    expect(signIn).toMatchObject({ entity: 'session', action: 'sign_in', user_id: owner.userId, role_name: 'owner' })
    expect(JSON.stringify(signIn)).not.toContain(ok.json().data.token)

    const who = { ...owner, headers: { authorization: `Bearer ${ok.json().data.token}` } }
    const out = await api('POST', '/auth/logout', undefined, who)
    expect(out.statusCode).toBe(200)
    expect(await countRows()).toBe(before + 2)
    const [signOut] = await lastRows()
    expect(signOut).toMatchObject({ entity: 'session', action: 'sign_out', user_id: owner.userId })
  })
})

describe('the audit list', () => {
  const list = async (query: string, who: Actor = owner) => {
    const res = await api('GET', `/audit?${query}`, undefined, who)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { data: Row[]; pagination: { size: number; next: number | null } }
  }

  it('pages by keyset through every row of the company once, newest first', async () => {
    const everything = (await list('size=200')).data
    expect(everything.length).toBeGreaterThan(5)
    const seen: number[] = []
    let before = ''
    for (;;) {
      const p = await list(`size=2${before}`)
      seen.push(...p.data.map((r) => r.id))
      if (p.pagination.next === null) break
      before = `&before=${p.pagination.next}`
    }
    expect(seen).toEqual(everything.map((r) => r.id))
    expect([...seen].sort((a, b) => b - a)).toEqual(seen)
  })

  it('filters by user, entity and record, action, date range and calendar day', async () => {
    const { roomId, hotelId } = await createHotelRoom(t.app.db, owner.companyId)
    const write = (start_date: string, end_date: string, price: number, weekdays?: number[]) =>
      api('POST', '/rooms_availibility', {
        room_id: roomId,
        hotel_id: hotelId,
        start_date,
        end_date,
        price,
        capacity: 2,
        blocked: false,
        ...(weekdays ? { weekdays } : {}),
      })
    expect((await write('2027-02-01', '2027-02-28', 800)).statusCode).toBe(200)
    expect((await write('2027-02-19', '2027-02-21', 900)).statusCode).toBe(200)
    expect((await write('2027-03-01', '2027-03-05', 950)).statusCode).toBe(200)
    // 20-02-2027 is a Saturday (6): a Monday-only write does not touch it.
    expect((await write('2027-02-01', '2027-02-28', 999, [1])).statusCode).toBe(200)

    const ofRoom = (await list(`entity=room&record_id=${roomId}`)).data
    expect(ofRoom.map((r) => r.action)).toEqual(['range', 'range', 'range', 'range'])
    const day = (await list(`entity=room&record_id=${roomId}&day=2027-02-20`)).data
    expect(day.map((r) => (r.change as { values: { price: number } }).values.price)).toEqual([900, 800])
    expect(day[0]).toMatchObject({ user_id: owner.userId, user_name: 'Owner' })

    expect((await list(`user_id=${owner.userId}&action=sign_in`)).data.length).toBeGreaterThan(0)
    const today = new Date().toISOString().slice(0, 10)
    expect((await list(`from=${today}&to=${today}&entity=room&record_id=${roomId}`)).data).toHaveLength(4)
    expect((await list(`from=2020-01-01&to=2020-12-31`)).data).toHaveLength(0)
    expect((await api('GET', '/audit?from=2027-02-30')).statusCode).toBe(422)
  })

  it("shows no other company's rows", async () => {
    const other = (await createCompany(t.app)).owner
    const mine = (await list('size=200')).data.map((r) => r.id)
    const theirs = (await list('size=200', other)).data
    expect(theirs.filter((r) => mine.includes(r.id))).toEqual([])
    expect(theirs.every((r) => r.company_id === undefined || r.company_id === other.companyId)).toBe(true)
  })

  it('exports the filtered rows as CSV', async () => {
    const res = await api('GET', '/audit/export?entity=facility')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    const lines = res.body.trim().split('\r\n')
    // Headers as the audit screen labels its columns (issue 32, item 12).
    expect(lines[0]).toContain(',Data,Record,Action,')
    expect(lines.length).toBe(1 + (await list('entity=facility&size=200')).data.length)
    expect(lines.slice(1).every((l) => l.includes(',facility,'))).toBe(true)
  })
})

describe('the audit table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const before = await lastRows(3)
    expect(before.length).toBeGreaterThan(0)
    await refused(t.app.db.execute(sql`UPDATE audit_log SET action = 'x'`))
    await refused(t.app.db.execute(sql`DELETE FROM audit_log`))
    await refused(t.app.db.execute(sql`TRUNCATE audit_log`))
    expect(await lastRows(3)).toEqual(before)
  })

  it('lets only the retention purge delete, and only rows older than its bound', async () => {
    const total = await countRows()
    const purged = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`SELECT audit_log_purge(${owner.companyId}, now() - interval '1 day')::int AS n`),
    )[0]!.n
    expect(purged).toBe(0)
    const all = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`SELECT audit_log_purge(${owner.companyId}, now() + interval '1 day')::int AS n`),
    )[0]!.n
    expect(all).toBeGreaterThan(0)
    expect(await countRows()).toBe(total - all)
    // The purge's permission ended with it.
    await refused(t.app.db.execute(sql`DELETE FROM audit_log`))
  })
})

describe('retention', () => {
  it('keeps rows for the days the company set (for ever by default), purging older ones of that company only', async () => {
    const other = (await createCompany(t.app)).owner
    const old = (companyId: number) =>
      t.app.db.execute(
        sql`INSERT INTO audit_log (company_id, entity, action, at) VALUES (${companyId}, 'facility', 'update', now() - interval '40 days')`,
      )
    await old(owner.companyId)
    await old(other.companyId)
    const oldRows = async (companyId: number) =>
      rowsOf<{ n: number }>(
        await t.app.db.execute(
          sql`SELECT count(*)::int AS n FROM audit_log WHERE company_id = ${companyId} AND at < now() - interval '30 days'`,
        ),
      )[0]!.n
    expect((await api('GET', '/audit/retention')).json().data).toEqual({ days: null })
    const { purgeAudit } = await import('../src/lib/audit.js')
    expect(await purgeAudit(t.app.db)).toBe(0)

    expect((await api('PUT', '/audit/retention', { days: 0 })).statusCode).toBe(422)
    const set = await api('PUT', '/audit/retention', { days: 30 })
    expect(set.statusCode, set.body).toBe(200)
    expect((await api('GET', '/audit/retention')).json().data).toEqual({ days: 30 })
    expect(await oldRows(owner.companyId)).toBe(0)
    expect(await oldRows(other.companyId)).toBe(1)
    const [setting] = await lastRows()
    expect(setting).toMatchObject({ entity: 'audit', action: 'update', record_id: owner.companyId })
    expect(setting!.change).toEqual({ before: { retention_days: null }, after: { retention_days: 30 } })

    // The daily job purges every company that set a retention.
    await old(owner.companyId)
    expect((await api('PUT', '/audit/retention', { days: 60 }, other)).statusCode).toBe(200)
    expect(await oldRows(other.companyId)).toBe(1)
    expect(await purgeAudit(t.app.db)).toBe(1)
    expect(await oldRows(owner.companyId)).toBe(0)
    expect((await api('PUT', '/audit/retention', { days: null })).statusCode).toBe(200)
    expect((await api('GET', '/audit/retention')).json().data).toEqual({ days: null })
  })
})
