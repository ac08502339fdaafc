import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createCompany, createPlatformMaster, createUserWithPermissions, type Actor } from '../../../test/helpers/fixtures.js'
import { sessions, users } from '../../db/schema/index.js'

let t: TestApp
let a: Awaited<ReturnType<typeof createCompany>>
let b: Awaited<ReturnType<typeof createCompany>>
let owner: Actor
let master: Actor
const roleId = (c: typeof a, name: string) => c.roles.find((r) => r.name === name)!.id

beforeAll(async () => {
  t = await buildTestApp()
  a = await createCompany(t.app)
  b = await createCompany(t.app)
  owner = a.owner
  master = (await createPlatformMaster(t.app)).master
})
afterAll(() => t.close())

type Payload = Record<string, unknown>
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who?: Actor,
  payload?: Payload,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url: `/api/v1${url}`, headers: { ...(who?.headers ?? {}), ...headers }, payload })

let seq = 0
function newUser(over: Payload = {}): Payload {
  seq++
  return {
    name: `Staff ${seq}`,
    username: `staff${seq}x`,
    email: `staff${seq}-${Date.now()}@example.test`,
    phone: '0812345',
    status: 'active',
    role_id: roleId(a, 'operator'),
    password: 'password123',
    password_confirmation: 'password123',
    ...over,
  }
}
async function create(over: Payload = {}, who = owner) {
  const res = await call('POST', '/users', who, newUser(over))
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { id: number; role_id: number; [k: string]: unknown }
}
/** A session for an existing user (as if they had signed in). */
async function signIn(userId: number): Promise<Actor> {
  const { createSession } = await import('../../lib/sessions.js')
  const { token } = await createSession(t.app.db, userId)
  return { userId, companyId: 0, roleId: 0, token, email: '', headers: { authorization: `Bearer ${token}` } }
}
const editBody = (row: Payload, over: Payload = {}) => ({
  name: row.name,
  username: row.username,
  email: row.email,
  phone: row.phone,
  status: row.status,
  role_id: row.role_id,
  ...over,
})

describe('users: create and the field rules', () => {
  it('creates a user with a hashed password and answers the row with its role', async () => {
    const res = await call('POST', '/users', owner, newUser({ username: '  JohnDoe42 ', email: '  John.Doe@Example.TEST ' }))
    expect(res.statusCode).toBe(200)
    const row = res.json().data
    expect(row).toMatchObject({
      username: 'johndoe42',
      email: 'john.doe@example.test',
      status: 'active',
      company_id: a.company.id,
    })
    expect(row.role).toEqual({ id: roleId(a, 'operator'), name: 'operator', display_name: 'Operator' })
    expect(row).not.toHaveProperty('password_hash')
    expect(row).not.toHaveProperty('password')
    const [stored] = await t.app.db.select().from(users).where(eq(users.id, row.id))
    expect(stored!.password_hash).toMatch(/^\$argon2id\$/)
  })

  it('makes a user active when no status is sent, and keeps a status that is', async () => {
    const { status: _omitted, ...body } = newUser()
    const res = await call('POST', '/users', owner, body)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.status).toBe('active')
    const [stored] = await t.app.db.select().from(users).where(eq(users.id, res.json().data.id))
    expect(stored!.status).toBe('active')
    expect((await create({ status: 'pending' })).status).toBe('pending')
    // An explicit empty status is a client error on its field, not a silent default.
    const empty = await call('POST', '/users', owner, newUser({ status: null }))
    expect(empty.statusCode).toBe(422)
    expect(empty.json().errors.status).toBeDefined()
  })

  it.each([
    ['john.doe', 'Username may hold letters and digits only'],
    ['john doe', 'Username may hold letters and digits only'],
    ['jöhn', 'Username may hold letters and digits only'],
    ['x'.repeat(300), 'Username must be at most 50 characters'],
    ['a', 'Username must be at least 2 characters'],
  ])('refuses the username %j with 422', async (username, message) => {
    const res = await call('POST', '/users', owner, newUser({ username }))
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.username).toContain(message)
  })

  it('speaks Indonesian when asked', async () => {
    const res = await call('POST', '/users', owner, newUser({ username: 'a.b', password_confirmation: 'x' }), {
      'x-localization': 'id',
    })
    expect(res.json().errors.username).toEqual(['Error Karakter tidak Valid'])
  })

  it('refuses an email already registered, whatever its case and company (409)', async () => {
    const first = await create()
    const again = await call('POST', '/users', owner, newUser({ email: String(first.email).toUpperCase() }))
    expect(again.statusCode).toBe(409)
    expect(again.json().errors.email).toEqual(['This email is already registered'])
    const elsewhere = await call('POST', '/users', b.owner, newUser({ email: first.email, role_id: roleId(b, 'operator') }))
    expect(elsewhere.statusCode).toBe(409)
    expect((await call('POST', '/users', owner, newUser({ email: b.owner.email }))).statusCode).toBe(409)
  })

  it('refuses a username used in the company (409) but not one used elsewhere', async () => {
    const first = await create()
    expect((await call('POST', '/users', owner, newUser({ username: first.username }))).statusCode).toBe(409)
    const other = await call('POST', '/users', b.owner, newUser({ username: first.username, role_id: roleId(b, 'operator') }))
    expect(other.statusCode).toBe(200)
  })

  it('refuses a role of another company, a missing role and ids that are not numbers (422)', async () => {
    const foreign = await call('POST', '/users', owner, newUser({ role_id: roleId(b, 'operator') }))
    expect(foreign.statusCode).toBe(422)
    expect(foreign.json().errors.role_id).toEqual(['This role does not exist in your company'])
    expect((await call('POST', '/users', owner, newUser({ role_id: 99999999 }))).statusCode).toBe(422)
    const nan = await call('POST', '/users', owner, newUser({ role_id: 'abc' }))
    expect(nan.statusCode).toBe(422)
    expect(nan.json().errors.role_id).toEqual(expect.any(Array))
    expect((await call('POST', '/users', owner, newUser({ role_id: 1.5 }))).statusCode).toBe(422)
  })

  it('refuses a bad status, a short password and a wrong confirmation (422)', async () => {
    const status = await call('POST', '/users', owner, newUser({ status: 'deleted' }))
    expect(status.statusCode).toBe(422)
    expect(status.json().errors.status[0]).toMatch(/pending, active, blocked/)
    const short = await call('POST', '/users', owner, newUser({ password: 'abc123', password_confirmation: 'abc123' }))
    expect(short.statusCode).toBe(422)
    expect(short.json().errors.password).toEqual(['Password must be at least 8 characters'])
    const mismatch = await call('POST', '/users', owner, newUser({ password_confirmation: 'password124' }))
    expect(mismatch.statusCode).toBe(422)
    expect(mismatch.json().errors.password_confirmation).toEqual(['Password confirmation does not match the password'])
    const missing = await call('POST', '/users', owner, {})
    expect(missing.statusCode).toBe(422)
    expect(Object.keys(missing.json().errors)).toEqual(
      expect.arrayContaining(['name', 'username', 'email', 'role_id', 'password']),
    )
    // A missing status is not an error on create: the user starts active.
    expect(missing.json().errors.status).toBeUndefined()
    expect(missing.json().errors.role_id).toEqual(['Role is Required'])
    const email = await call('POST', '/users', owner, newUser({ email: 'not-an-email' }))
    expect(email.json().errors.email).toEqual(['Email is Wrong Format'])
  })

  // Permissions of every route, paging, sorting and tenancy: test/crud-resources.test.ts.
})

describe('users: list', () => {
  it('lists the company users with their role, searchable and sortable', async () => {
    await create({ name: 'Zaid Searchable', username: 'zaidsearch' })
    const res = await call('GET', '/users?search=ZAIDSEARCH', owner)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toHaveLength(1)
    expect(res.json().data[0].role.display_name).toBe('Operator')
    expect((await call('GET', `/users?search=${encodeURIComponent(owner.email)}`, owner)).json().pagination.total).toBe(1)
    const byRole = (await call('GET', '/users?sort_by=role&order_by=asc&size=100', owner)).json().data as Array<{
      role: { display_name: string }
    }>
    const names = byRole.map((r) => r.role.display_name)
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)))
    for (const key of ['name', 'username', 'email', 'phone', 'status', 'created_at']) {
      expect((await call('GET', `/users?sort_by=${key}`, owner)).statusCode).toBe(200)
    }
    expect((await call('GET', '/users?sort_by=password_hash', owner)).statusCode).toBe(422)
    expect((await call('GET', '/users?status=blocked', owner)).statusCode).toBe(200)
  })

  it('never shows another company users to a company, even without is_company', async () => {
    const rows = (await call('GET', '/users?export_data=true', b.owner)).json().data as Array<{ company_id: number }>
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.company_id === b.company.id)).toBe(true)
  })

  it('lets the platform master list users of every company, narrowed by is_company=true', async () => {
    const all = (await call('GET', '/users?export_data=true', master)).json().data as Array<{ company_id: number }>
    const companies = new Set(all.map((r) => r.company_id))
    expect(companies.has(a.company.id) && companies.has(b.company.id)).toBe(true)
    const own = (await call('GET', '/users?export_data=true&is_company=true', master)).json().data as Array<{
      company_id: number
    }>
    expect(own.every((r) => r.company_id === master.companyId)).toBe(true)
    // Reading or changing one row stays within the master's company.
    expect((await call('GET', `/users/${owner.userId}`, master)).statusCode).toBe(404)
  })
})

describe('users: edit', () => {
  it('keeps the password when none is sent and changes it when one is', async () => {
    const row = await create()
    const [before] = await t.app.db.select().from(users).where(eq(users.id, row.id))
    const kept = await call(
      'PUT',
      `/users/${row.id}`,
      owner,
      editBody(row, { name: 'Renamed', password: '', password_confirmation: '' }),
    )
    expect(kept.statusCode).toBe(200)
    expect(kept.json().data.name).toBe('Renamed')
    const [after] = await t.app.db.select().from(users).where(eq(users.id, row.id))
    expect(after!.password_hash).toBe(before!.password_hash)

    // No password at all (an API client sending only the other fields) keeps it too.
    const absent = await call('PUT', `/users/${row.id}`, owner, editBody(row, { name: 'Renamed again' }))
    expect(absent.statusCode, absent.body).toBe(200)
    const [untouched] = await t.app.db.select().from(users).where(eq(users.id, row.id))
    expect(untouched!.password_hash).toBe(before!.password_hash)
    // An update without a status is refused: it would otherwise silently change the user's status.
    const { status: _status, ...noStatus } = editBody(row)
    expect((await call('PUT', `/users/${row.id}`, owner, noStatus)).statusCode).toBe(422)

    const session = await signIn(row.id)
    const short = await call(
      'PUT',
      `/users/${row.id}`,
      owner,
      editBody(row, { password: 'short', password_confirmation: 'short' }),
    )
    expect(short.statusCode).toBe(422)
    const mismatch = await call(
      'PUT',
      `/users/${row.id}`,
      owner,
      editBody(row, { password: 'newpassword1', password_confirmation: 'other' }),
    )
    expect(mismatch.json().errors.password_confirmation).toBeDefined()
    const changed = await call(
      'PUT',
      `/users/${row.id}`,
      owner,
      editBody(row, { password: 'newpassword1', password_confirmation: 'newpassword1' }),
    )
    expect(changed.statusCode).toBe(200)
    const [now] = await t.app.db.select().from(users).where(eq(users.id, row.id))
    expect(now!.password_hash).not.toBe(before!.password_hash)
    // A password set by someone else ends the user's sessions.
    expect((await call('GET', '/users', session)).statusCode).toBe(401)
  })

  it('blocks a user: their very next call is refused and their sessions are gone', async () => {
    const row = await create({ role_id: roleId(a, 'admin') })
    const session = await signIn(row.id)
    expect((await call('GET', '/users', session)).statusCode).toBe(200)
    const res = await call('PUT', `/users/${row.id}`, owner, editBody(row, { status: 'blocked' }))
    expect(res.statusCode).toBe(200)
    expect(res.json().data.status).toBe('blocked')
    expect((await call('GET', '/users', session)).statusCode).toBe(401)
    expect(await t.app.db.select().from(sessions).where(eq(sessions.user_id, row.id))).toHaveLength(0)
  })

  it('changes a role: the very next call uses the new permissions', async () => {
    const row = await create({ role_id: roleId(a, 'admin') })
    const session = await signIn(row.id)
    expect((await call('GET', '/users', session)).statusCode).toBe(200)
    const res = await call('PUT', `/users/${row.id}`, owner, editBody(row, { role_id: roleId(a, 'client') }))
    expect(res.statusCode).toBe(200)
    expect(res.json().data.role.name).toBe('client')
    expect((await call('GET', '/users', session)).statusCode).toBe(403)
  })

  it('does not let users block themselves, change their own role or delete themselves', async () => {
    const me = (await call('GET', `/users/${owner.userId}`, owner)).json().data
    const block = await call('PUT', `/users/${owner.userId}`, owner, editBody(me, { status: 'blocked' }))
    expect(block.statusCode).toBe(422)
    expect(block.json().errors.status).toEqual(['You cannot block yourself or make your own account inactive'])
    const pending = await call('PUT', `/users/${owner.userId}`, owner, editBody(me, { status: 'pending' }))
    expect(pending.statusCode).toBe(422)
    const role = await call('PUT', `/users/${owner.userId}`, owner, editBody(me, { role_id: roleId(a, 'admin') }))
    expect(role.statusCode).toBe(422)
    expect(role.json().errors.role_id).toEqual(['You cannot change your own role'])
    const del = await call('DELETE', `/users/${owner.userId}`, owner)
    expect(del.statusCode).toBe(409)
    expect(del.json().message).toBe('You cannot delete your own account')
    // Editing one's own name is fine.
    expect((await call('PUT', `/users/${owner.userId}`, owner, editBody(me, { name: 'Owner Renamed' }))).statusCode).toBe(200)
  })

  it('keeps non-owners away from owners and from roles stronger than their own', async () => {
    const admin = await create({ role_id: roleId(a, 'admin') })
    const adminSession = await signIn(admin.id)
    const ownerRow = (await call('GET', `/users/${owner.userId}`, owner)).json().data
    expect(
      (await call('PUT', `/users/${owner.userId}`, adminSession, editBody(ownerRow, { status: 'blocked' }))).statusCode,
    ).toBe(403)
    expect((await call('DELETE', `/users/${owner.userId}`, adminSession)).statusCode).toBe(403)
    const toOwner = await call('POST', '/users', adminSession, newUser({ role_id: roleId(a, 'owner') }))
    expect(toOwner.statusCode).toBe(403)
    expect(toOwner.json().message).toBe('Only an owner may change an owner or give the owner role')
    // finance holds order approvals that the default admin role does not.
    const stronger = await call('POST', '/users', adminSession, newUser({ role_id: roleId(a, 'finance') }))
    expect(stronger.statusCode).toBe(422)
    expect(stronger.json().errors.role_id[0]).toMatch(/permissions you do not have: .*approval/)
    expect((await call('POST', '/users', adminSession, newUser({ role_id: roleId(a, 'client') }))).statusCode).toBe(200)
  })

  it.each([
    ['password', { password: 'taken-over-1', password_confirmation: 'taken-over-1' }],
    ['email', { email: `taken-${Date.now()}@evil.test` }],
    ['status', { status: 'blocked' }],
    ['role_id', { role_id: 0 }],
  ] as const)(
    'refuses a change of %s on a user whose role holds permissions the editor lacks (no takeover)',
    async (field, change) => {
      const admin = await create({ role_id: roleId(a, 'admin') })
      const adminSession = await signIn(admin.id)
      // finance holds order approvals that the default admin role does not.
      const victim = await create({ role_id: roleId(a, 'finance') })
      const before = (await t.app.db.select().from(users).where(eq(users.id, victim.id)))[0]!
      const over = field === 'role_id' ? { role_id: roleId(a, 'operator') } : change
      const res = await call('PUT', `/users/${victim.id}`, adminSession, editBody(victim, over))
      expect(res.statusCode, res.body).toBe(403)
      expect(res.json().message).toMatch(/permissions you do not have \(.*approval.*\), so you may not change their/)
      const after = (await t.app.db.select().from(users).where(eq(users.id, victim.id)))[0]!
      expect(after).toEqual(before)
      if (field === 'password') {
        const login = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: victim.email, password: 'taken-over-1' },
        })
        expect(login.statusCode, login.body).toBe(422)
        expect(login.json().message).toMatch(/credentials do not match/)
      }
      // The same editor may still change what does not hand over the account, and edit weaker users.
      expect((await call('PUT', `/users/${victim.id}`, adminSession, editBody(victim, { phone: '0899' }))).statusCode).toBe(200)
      const weaker = await create({ role_id: roleId(a, 'client') })
      expect((await call('PUT', `/users/${weaker.id}`, adminSession, editBody(weaker, over))).statusCode).toBe(200)
    },
  )

  it('refuses to delete a user whose role holds permissions the deleter lacks, as editing does (issue 31)', async () => {
    const admin = await create({ role_id: roleId(a, 'admin') })
    const adminSession = await signIn(admin.id)
    const victim = await create({ role_id: roleId(a, 'finance') })
    const res = await call('DELETE', `/users/${victim.id}`, adminSession)
    expect(res.statusCode, res.body).toBe(403)
    expect(res.json().message).toMatch(/permissions you do not have \(.*approval.*\), so you may not delete them/)
    expect(await t.app.db.select({ id: users.id }).from(users).where(eq(users.id, victim.id))).toHaveLength(1)
    // A weaker user is still deleted by the same admin.
    const weaker = await create({ role_id: roleId(a, 'client') })
    expect((await call('DELETE', `/users/${weaker.id}`, adminSession)).statusCode).toBe(200)
  })

  it("keeps the company's last active owner", async () => {
    // Only someone who is not that owner can try: here the platform master on the platform's owner.
    const platform = await createPlatformMaster(t.app)
    const ownerRole = platform.roles.find((r) => r.name === 'owner')!
    const body = newUser({ role_id: ownerRole.id })
    const created = await call('POST', '/users', platform.master, body)
    expect(created.statusCode).toBe(200)
    const row = created.json().data
    const blocked = await call('PUT', `/users/${row.id}`, platform.master, editBody(row, { status: 'blocked' }))
    expect(blocked.statusCode).toBe(409)
    expect(blocked.json().message).toBe("The company's last active owner cannot be removed, blocked or given another role")
    const demoted = await call(
      'PUT',
      `/users/${row.id}`,
      platform.master,
      editBody(row, { role_id: platform.roles.find((r) => r.name === 'admin')!.id }),
    )
    expect(demoted.statusCode).toBe(409)
    expect((await call('DELETE', `/users/${row.id}`, platform.master)).statusCode).toBe(409)
    // With a second active owner, the first may go.
    const second = await call('POST', '/users', platform.master, newUser({ role_id: ownerRole.id }))
    expect(second.statusCode).toBe(200)
    expect((await call('PUT', `/users/${row.id}`, platform.master, editBody(row, { status: 'blocked' }))).statusCode).toBe(200)
    expect((await call('DELETE', `/users/${row.id}`, platform.master)).statusCode).toBe(200)
  })

  it('answers 404 for another company user and 422 for ids that are not numbers', async () => {
    const row = await create()
    expect((await call('GET', `/users/${row.id}`, b.owner)).statusCode).toBe(404)
    expect((await call('PUT', `/users/${row.id}`, b.owner, editBody(row, { role_id: roleId(b, 'admin') }))).statusCode).toBe(404)
    expect((await call('DELETE', `/users/${row.id}`, b.owner)).statusCode).toBe(404)
    expect((await call('GET', `/users/${row.id}`, owner)).statusCode).toBe(200)
    expect((await call('GET', '/users/abc', owner)).statusCode).toBe(422)
    expect((await call('DELETE', '/users/12abc', owner)).statusCode).toBe(422)
  })

  it('deletes a user and their sessions', async () => {
    const row = await create()
    const session = await signIn(row.id)
    expect((await call('DELETE', `/users/${row.id}`, owner)).statusCode).toBe(200)
    expect((await call('GET', `/users/${row.id}`, owner)).statusCode).toBe(404)
    expect((await call('GET', '/users', session)).statusCode).toBe(401)
  })
})

describe('users: export', () => {
  async function readXlsx(body: Buffer) {
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(body as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]!
    const rows: unknown[][] = []
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)))
    return rows
  }

  it('streams an .xlsx of the matching users with a dated name', async () => {
    await create({ name: 'Export Person', username: 'exportperson', phone: '+62 811' })
    const res = await call('GET', '/users/export?format=xlsx&search=exportperson&headers=keys', owner)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="users_table_\d{4}-\d\d-\d\d\.xlsx"/)
    const rows = await readXlsx(res.rawPayload)
    expect(rows[0]).toEqual(['id', 'name', 'email', 'phone', 'role', 'status', 'created'])
    expect(rows).toHaveLength(2)
    expect(rows[1]!.slice(1, 7)).toEqual([
      'Export Person',
      expect.stringContaining('@example.test'),
      '+62 811',
      'Operator',
      'Active',
      expect.stringMatching(/^\d\d-\d\d-\d{4}$/),
    ])
  })

  it('exports every company user, in the request language and time zone', async () => {
    const res = await call('GET', '/users/export?tz=Asia/Jakarta', owner, undefined, { 'x-localization': 'id' })
    const rows = await readXlsx(res.rawPayload)
    const total = (await call('GET', '/users?size=1', owner)).json().pagination.total
    expect(rows).toHaveLength(total + 1)
    expect(rows.slice(1).map((r) => r[5])).toContain('Aktif')
    expect((await call('GET', '/users/export?tz=Mars/Olympus', owner)).statusCode).toBe(422)
    expect((await call('GET', '/users/export?format=csv', owner)).statusCode).toBe(422)
  })

  it('needs user_export and keeps to the company', async () => {
    const lister = await createUserWithPermissions(t.app, a.company.id, ['user_list'])
    expect((await call('GET', '/users/export', lister)).statusCode).toBe(403)
    const rows = await readXlsx((await call('GET', '/users/export', b.owner)).rawPayload)
    const bTotal = (await call('GET', '/users?size=1', b.owner)).json().pagination.total
    expect(rows).toHaveLength(bTotal + 1)
  })
})
