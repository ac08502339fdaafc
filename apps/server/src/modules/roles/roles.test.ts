import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_PERMISSIONS, PLATFORM_ONLY_PERMISSIONS } from '@app/shared'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createCompany, createPlatformMaster, createUserWithPermissions, type Actor } from '../../../test/helpers/fixtures.js'
import { permissions, rolePermissions, roles } from '../../db/schema/index.js'

let t: TestApp
let a: Awaited<ReturnType<typeof createCompany>>
let b: Awaited<ReturnType<typeof createCompany>>
let owner: Actor
let permId: Map<string, number>
const roleId = (c: typeof a, name: string) => c.roles.find((r) => r.name === name)!.id
const ids = (...names: string[]) => names.map((n) => permId.get(n)!)

beforeAll(async () => {
  t = await buildTestApp()
  a = await createCompany(t.app)
  b = await createCompany(t.app)
  owner = a.owner
  const all = await t.app.db.select({ id: permissions.id, name: permissions.name }).from(permissions)
  permId = new Map(all.map((p) => [p.name, p.id]))
})
afterAll(() => t.close())

type Payload = Record<string, unknown>
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Actor, payload?: Payload | unknown[]) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: who?.headers ?? {}, payload: payload as Payload })

let seq = 0
async function createRole(over: Payload = {}, who = owner) {
  seq++
  const res = await call('POST', '/roles', who, {
    name: `custom${seq}`,
    display_name: `Custom ${seq}`,
    permission_list: ids('category_list'),
    ...over,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { id: number; name: string; display_name: string; is_default: boolean; permission_list: number[] }
}
const linkCount = async (id: number) =>
  (await t.app.db.select().from(rolePermissions).where(eq(rolePermissions.role_id, id))).length

describe('roles: create and list', () => {
  it('creates a role with its permissions in one go', async () => {
    const res = await call('POST', '/roles', owner, {
      name: 'Sales Agent',
      display_name: 'Sales Agent',
      is_default: false,
      permission_list: ids('category_list', 'category_view', 'category_list'),
    })
    expect(res.statusCode).toBe(200)
    const row = res.json().data
    expect(row).toMatchObject({ name: 'Sales Agent', display_name: 'Sales Agent', is_default: false, users_count: 0 })
    expect(row.permission_list).toEqual(ids('category_list', 'category_view').sort((x, y) => x - y))
    const list = (await call('GET', '/roles?search=sales agent', owner)).json()
    expect(list.data.map((r: { id: number }) => r.id)).toEqual([row.id])
    expect((await call('GET', `/roles/${row.id}`, owner)).json().data.permission_list).toEqual(row.permission_list)
  })

  it('lists the default roles of the company only, with how many users hold each', async () => {
    const rows = (await call('GET', '/roles?export_data=true&sort_by=name&order_by=asc', owner)).json().data as Array<{
      name: string
      is_default: boolean
      users_count: number
    }>
    const names = rows.map((r) => r.name)
    expect(names).toEqual(
      expect.arrayContaining(['owner', 'admin', 'finance', 'marketing', 'operator', 'produksi', 'client', 'supplier']),
    )
    expect(rows.find((r) => r.name === 'owner')).toMatchObject({ is_default: true, users_count: 1 })
    const bIds = new Set(b.roles.map((r) => r.id))
    expect((rows as unknown as Array<{ id: number }>).some((r) => bIds.has(r.id))).toBe(false)
    for (const key of ['name', 'display_name', 'is_default', 'created_at']) {
      expect((await call('GET', `/roles?sort_by=${key}`, owner)).statusCode).toBe(200)
    }
  })

  it.each(['owner', 'Admin', ' finance ', 'OPERATOR', 'produksi', 'marketing', 'master'])(
    'refuses the reserved name %j (name_unique)',
    async (name) => {
      const res = await call('POST', '/roles', owner, { name, display_name: 'Whatever' })
      expect(res.statusCode).toBe(422)
      expect(res.json().errors.name).toEqual(['This role name is reserved; choose another name'])
    },
  )

  it('refuses a name used by another role of the company, whatever its case (409)', async () => {
    const first = await createRole()
    const res = await call('POST', '/roles', owner, { name: first.name.toUpperCase(), display_name: 'Again' })
    expect(res.statusCode).toBe(409)
    expect(res.json().errors.name).toEqual(['Name in Used'])
    // Another company may use it.
    expect((await call('POST', '/roles', b.owner, { name: first.name, display_name: 'Theirs' })).statusCode).toBe(200)
  })

  it('refuses unknown permission ids, 10,000 ids, ids that are not numbers, and leaves nothing behind', async () => {
    const before = (await call('GET', '/roles?size=1', owner)).json().pagination.total
    const unknown = await call('POST', '/roles', owner, {
      name: 'ghosts',
      display_name: 'Ghosts',
      permission_list: [...ids('user_list'), 999999],
    })
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().errors.permission_list).toEqual(['These permissions do not exist: 999999'])
    const many = await call('POST', '/roles', owner, {
      name: 'many',
      display_name: 'Many',
      permission_list: Array.from({ length: 10_000 }, (_, i) => i + 1),
    })
    expect(many.statusCode).toBe(422)
    expect(many.json().errors.permission_list).toEqual(['Permissions must have at most 1000 items'])
    const words = await call('POST', '/roles', owner, { name: 'words', display_name: 'Words', permission_list: ['abc'] })
    expect(words.statusCode).toBe(422)
    expect(Object.keys(words.json().errors)).toEqual(['permission_list.0'])
    const notArray = await call('POST', '/roles', owner, { name: 'words', display_name: 'Words', permission_list: 'user_list' })
    expect(notArray.statusCode).toBe(422)
    expect((await call('GET', '/roles?size=1', owner)).json().pagination.total).toBe(before)
  })

  it('refuses platform-only permissions to a company, even to its owner', async () => {
    const res = await call('POST', '/roles', owner, {
      name: 'catalogue',
      display_name: 'Catalogue',
      permission_list: ids('permission_create'),
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.permission_list).toEqual(['Only the platform may grant: permission_create'])
    // Nor on the owner's own role.
    const own = (await call('GET', `/roles/${roleId(a, 'owner')}`, owner)).json().data
    const self = await call('PUT', `/roles/${own.id}`, owner, {
      ...own,
      permission_list: [...own.permission_list, ...ids('permission_create')],
    })
    expect(self.statusCode).toBe(422)
    const [p] = await t.app.db.select().from(rolePermissions).where(eq(rolePermissions.role_id, own.id))
    expect(p).toBeDefined()
    const after = (await call('GET', `/roles/${own.id}`, owner)).json().data.permission_list
    expect(after).not.toContain(permId.get('permission_create'))
    expect((await call('POST', '/permissions', owner, { name: 'sneaky_list', display_name: 'Sneaky' })).statusCode).toBe(403)
  })

  it('lets the platform grant platform-only permissions to its own roles', async () => {
    const { master } = await createPlatformMaster(t.app)
    const res = await call('POST', '/roles', master, {
      name: 'curator',
      display_name: 'Curator',
      permission_list: ids('permission_create'),
    })
    expect(res.statusCode).toBe(200)
  })
})

describe('roles: edit', () => {
  it('edits name, display name and permissions, replacing the links', async () => {
    const role = await createRole()
    const res = await call('PUT', `/roles/${role.id}`, owner, {
      name: `${role.name}b`,
      display_name: 'Edited',
      permission_list: ids('type_list', 'type_create'),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ name: `${role.name}b`, display_name: 'Edited' })
    expect(res.json().data.permission_list).toEqual(ids('type_list', 'type_create').sort((x, y) => x - y))
    // Without permission_list the permissions stay.
    const kept = await call('PUT', `/roles/${role.id}`, owner, { name: `${role.name}b`, display_name: 'Edited again' })
    expect(kept.json().data.permission_list).toHaveLength(2)
    expect(await linkCount(role.id)).toBe(2)
  })

  it('refuses renaming a role to a reserved name', async () => {
    const role = await createRole()
    const res = await call('PUT', `/roles/${role.id}`, owner, { name: 'Admin', display_name: 'x1' })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.name).toEqual(['This role name is reserved; choose another name'])
  })

  it("locks the owner role's name, keeps it default and gives it every company permission", async () => {
    const id = roleId(a, 'owner')
    const renamed = await call('PUT', `/roles/${id}`, owner, { name: 'boss', display_name: 'Boss' })
    expect(renamed.statusCode).toBe(422)
    expect(renamed.json().errors.name).toEqual(['The name of the owner role cannot be changed'])
    const notDefault = await call('PUT', `/roles/${id}`, owner, { name: 'owner', display_name: 'Owner', is_default: false })
    expect(notDefault.statusCode).toBe(422)
    const shrunk = await call('PUT', `/roles/${id}`, owner, {
      name: 'owner',
      display_name: 'Company Owner',
      permission_list: ids('user_list'),
    })
    expect(shrunk.statusCode).toBe(200)
    expect(shrunk.json().data.display_name).toBe('Company Owner')
    expect(shrunk.json().data.permission_list).toHaveLength(ALL_PERMISSIONS.length - PLATFORM_ONLY_PERMISSIONS.length)
  })

  it('keeps seeded roles default', async () => {
    const id = roleId(a, 'client')
    const res = await call('PUT', `/roles/${id}`, owner, { name: 'client', display_name: 'Client', is_default: false })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.is_default).toEqual(['A default role stays default'])
    expect((await call('PUT', `/roles/${id}`, owner, { name: 'client', display_name: 'Customer' })).statusCode).toBe(200)
  })

  it('lets no one but an owner widen a role: not their own, not beyond what they hold', async () => {
    const manager = await createUserWithPermissions(t.app, a.company.id, [
      'role_list',
      'role_view',
      'role_update',
      'role_create',
      'category_list',
    ])
    const own = (await call('GET', `/roles/${manager.roleId}`, owner)).json().data
    const self = await call('PUT', `/roles/${manager.roleId}`, manager, {
      ...own,
      permission_list: [...own.permission_list, ...ids('user_delete')],
    })
    expect(self.statusCode).toBe(403)
    expect(self.json().message).toBe('You cannot change the role you hold')
    const beyond = await call('POST', '/roles', manager, {
      name: 'wider',
      display_name: 'Wider',
      permission_list: ids('category_list', 'user_delete'),
    })
    expect(beyond.statusCode).toBe(422)
    expect(beyond.json().errors.permission_list).toEqual(['You cannot grant permissions you do not have: user_delete'])
    expect(
      (await call('POST', '/roles', manager, { name: 'narrow', display_name: 'Narrow', permission_list: ids('category_list') }))
        .statusCode,
    ).toBe(200)
    // A role holding more than the manager may keep it while the manager edits it; additions stay refused.
    const wide = await createRole({ permission_list: ids('category_list', 'user_delete') })
    const kept = await call('PUT', `/roles/${wide.id}`, manager, {
      name: wide.name,
      display_name: 'Renamed',
      permission_list: ids('category_list', 'user_delete'),
    })
    expect(kept.statusCode).toBe(200)
    const added = await call('PUT', `/roles/${wide.id}`, manager, {
      name: wide.name,
      display_name: 'Renamed',
      permission_list: ids('user_delete', 'user_create'),
    })
    expect(added.statusCode).toBe(422)
    expect(added.json().errors.permission_list).toEqual(['You cannot grant permissions you do not have: user_create'])
    const ownerRole = (await call('GET', `/roles/${roleId(a, 'owner')}`, owner)).json().data
    expect((await call('PUT', `/roles/${ownerRole.id}`, manager, ownerRole)).statusCode).toBe(403)
    // Duplicating a role stronger than one's own would widen too.
    expect((await call('POST', `/actions_user/role_duplicate/${roleId(a, 'admin')}`, manager)).statusCode).toBe(422)
  })

  it('answers 404 for another company role, 422 for ids that are not numbers', async () => {
    const role = await createRole()
    expect((await call('GET', `/roles/${role.id}`, b.owner)).statusCode).toBe(404)
    expect((await call('PUT', `/roles/${role.id}`, b.owner, { name: 'mine', display_name: 'Mine' })).statusCode).toBe(404)
    expect((await call('DELETE', `/roles/${role.id}`, b.owner)).statusCode).toBe(404)
    expect((await call('POST', `/actions_user/role_duplicate/${role.id}`, b.owner)).statusCode).toBe(404)
    expect((await call('GET', `/actions_user/role_edit_permission/${role.id}`, b.owner)).statusCode).toBe(404)
    expect((await call('GET', '/roles/abc', owner)).statusCode).toBe(422)
    expect((await call('POST', '/actions_user/role_duplicate/abc', owner)).statusCode).toBe(422)
  })
})

describe('roles: delete', () => {
  it('refuses default roles', async () => {
    for (const name of ['owner', 'admin', 'client']) {
      const res = await call('DELETE', `/roles/${roleId(a, name)}`, owner)
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe('A default role cannot be deleted')
    }
  })

  it('refuses a role still held by users, with the count', async () => {
    const role = await createRole()
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', '/users', owner, {
        name: 'Holder',
        username: `holder${role.id}x${i}`,
        email: `holder-${role.id}-${i}@example.test`,
        status: 'active',
        role_id: role.id,
        password: 'password123',
        password_confirmation: 'password123',
      })
      expect(res.statusCode).toBe(200)
    }
    const res = await call('DELETE', `/roles/${role.id}`, owner)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('This role is still held by 2 user(s); give them another role first')
  })

  it('deletes a custom role and its links', async () => {
    const role = await createRole({ permission_list: ids('area_list', 'area_view') })
    expect(await linkCount(role.id)).toBe(2)
    expect((await call('DELETE', `/roles/${role.id}`, owner)).statusCode).toBe(200)
    expect(await linkCount(role.id)).toBe(0)
    expect(await t.app.db.select().from(roles).where(eq(roles.id, role.id))).toHaveLength(0)
  })

  // Permissions of every route, paging, sorting and tenancy: test/crud-resources.test.ts.
})

describe('role actions', () => {
  it('duplicates a role as a non-default copy with the same permissions and a free name', async () => {
    const source = await createRole({
      name: 'Tour Desk',
      display_name: 'Tour Desk',
      permission_list: ids('hotel_list', 'hotel_view'),
    })
    const first = await call('POST', `/actions_user/role_duplicate/${source.id}`, owner)
    expect(first.statusCode).toBe(200)
    expect(first.json().data).toMatchObject({ name: 'Tour Desk_copy', display_name: 'Tour Desk (Copy)', is_default: false })
    expect(first.json().data.permission_list).toEqual(source.permission_list)
    const second = await call('POST', `/actions_user/role_duplicate/${source.id}`, owner)
    expect(second.json().data.name).toBe('Tour Desk_copy_2')
    const ofDefault = await call('POST', `/actions_user/role_duplicate/${roleId(a, 'owner')}`, owner)
    expect(ofDefault.json().data).toMatchObject({ name: 'owner_copy', is_default: false })
    expect((await call('DELETE', `/roles/${ofDefault.json().data.id}`, owner)).statusCode).toBe(200)
    const lister = await createUserWithPermissions(t.app, a.company.id, ['role_list', 'role_view'])
    expect((await call('POST', `/actions_user/role_duplicate/${source.id}`, lister)).statusCode).toBe(403)
  })

  it('duplicates only on POST: a GET (which would skip the CSRF check) answers 405 and creates nothing', async () => {
    const source = await createRole()
    const before = (await call('GET', '/roles?size=100', owner)).json().pagination.total
    const res = await call('GET', `/actions_user/role_duplicate/${source.id}`, owner)
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toBe('POST')
    expect(Object.keys(res.json())).toEqual(['message'])
    expect((await call('GET', '/roles?size=100', owner)).json().pagination.total).toBe(before)
  })

  it("answers a role's permissions as id, name, display name", async () => {
    const role = await createRole({ permission_list: ids('service_list', 'service_update') })
    const res = await call('GET', `/actions_user/role_edit_permission/${role.id}`, owner)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual([
      { id: permId.get('service_list'), name: 'service_list', display_name: 'Service List' },
      { id: permId.get('service_update'), name: 'service_update', display_name: 'Service Update' },
    ])
    const nobody = await createUserWithPermissions(t.app, a.company.id, ['role_list'])
    expect((await call('GET', `/actions_user/role_edit_permission/${role.id}`, nobody)).statusCode).toBe(403)
  })
})
