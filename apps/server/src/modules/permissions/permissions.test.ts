import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_PERMISSIONS } from '@app/shared'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createCompany, createPlatformMaster, createUserWithPermissions, type Actor } from '../../../test/helpers/fixtures.js'

let t: TestApp
let owner: Actor
let master: Actor
let other: Actor

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
  master = (await createPlatformMaster(t.app)).master
})
afterAll(() => t.close())

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Actor, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: who?.headers ?? {}, payload })

describe('permissions: the platform catalogue', () => {
  it('lists the whole catalogue to every company, the same for each', async () => {
    const res = await call('GET', '/permissions?export_data=true', owner)
    expect(res.statusCode).toBe(200)
    const names = res.json().data.map((p: { name: string }) => p.name)
    expect(names).toEqual(expect.arrayContaining([...ALL_PERMISSIONS]))
    const theirs = (await call('GET', '/permissions?export_data=true', other)).json().data
    expect(theirs).toEqual(res.json().data)
    const page = (await call('GET', '/permissions?search=train_route&sort_by=name&order_by=asc', owner)).json()
    expect(page.pagination.total).toBe(8)
    expect(page.data[0].name).toBe('train_route_approval')
    const one = (await call('GET', `/permissions/${page.data[0].id}`, owner)).json().data
    expect(one).toMatchObject({ name: 'train_route_approval', display_name: 'Train Route Approval' })
  })

  it('lets only permission_create holders (the master) add to it', async () => {
    const denied = await call('POST', '/permissions', owner, { name: 'report_list', display_name: 'Report List' })
    expect(denied.statusCode).toBe(403)
    const created = await call('POST', '/permissions', master, { name: ' Report_List ', display_name: 'Report List' })
    expect(created.statusCode).toBe(200)
    expect(created.json().data).toMatchObject({ name: 'report_list', display_name: 'Report List' })
    const again = await call('POST', '/permissions', master, { name: 'report_list', display_name: 'Again' })
    expect(again.statusCode).toBe(409)
    expect(again.json().errors.name).toEqual(['Name in Used'])
    const bad = await call('POST', '/permissions', master, { name: 'report list!', display_name: 'R' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.name).toEqual([
      'Name may hold lower-case letters, digits and underscores only, starting with a letter',
    ])
    expect(bad.json().errors.display_name).toEqual(['Display Name must be at least 2 characters'])
    // Companies see it and may grant it.
    const listed = (await call('GET', '/permissions?search=report_list', owner)).json().data
    expect(listed).toHaveLength(1)
    const role = await call('POST', '/roles', owner, {
      name: 'reporter',
      display_name: 'Reporter',
      permission_list: [listed[0].id],
    })
    expect(role.statusCode).toBe(200)
  })

  it('refuses edits and deletes: 403 to companies, 405 with a message to the master', async () => {
    const [first] = (await call('GET', '/permissions?size=1', owner)).json().data
    for (const method of ['PUT', 'DELETE'] as const) {
      const asOwner = await call(method, `/permissions/${first.id}`, owner, { name: 'renamed', display_name: 'Renamed' })
      expect(asOwner.statusCode).toBe(403)
      const asMaster = await call(method, `/permissions/${first.id}`, master, { name: 'renamed', display_name: 'Renamed' })
      expect(asMaster.statusCode).toBe(405)
      expect(asMaster.headers.allow).toBe('GET')
      expect(asMaster.json().message).toBe('Permissions cannot be edited or deleted; create a new one instead')
      expect((await call(method, `/permissions/${first.id}`)).statusCode).toBe(401)
    }
    expect((await call('GET', `/permissions/${first.id}`, owner)).json().data.name).toBe(first.name)
  })

  it('needs permission_list to list and exports a CSV with permission_export', async () => {
    const nobody = await createUserWithPermissions(t.app, owner.companyId, ['category_list'])
    expect((await call('GET', '/permissions', nobody)).statusCode).toBe(403)
    const csv = await call('GET', '/permissions/export?headers=keys', owner)
    expect(csv.statusCode).toBe(200)
    expect(csv.body.replace(/^\ufeff/, '').split('\r\n')[0]).toBe('id,name,display_name,created_at')
  })
})
