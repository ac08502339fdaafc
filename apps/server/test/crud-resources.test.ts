import { LOCATION_SORTABLE, ROLE_SORTABLE, USER_SORTABLE } from '@app/shared'
import { crudSuite, pad, type CrudCase, type Row, type SuiteContext } from './helpers/crud-suite.js'
import type { Actor } from './helpers/fixtures.js'

/**
 * Users, roles and locations in the shared table-driven suite
 * (test/helpers/crud-suite.ts); reference resources run it in their own file.
 * Each resource's own rules stay in its module's test file.
 */

const roleIdOf = (ctx: SuiteContext, who: 'owner' | 'other') => ctx.fixtures[who].operatorRoleId as number

const users: CrudCase = {
  name: 'users',
  entity: 'user',
  sortable: USER_SORTABLE,
  setup: async (who: Actor, ctx) => {
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/v1/roles?export_data=true', headers: who.headers })
    return { operatorRoleId: (res.json().data as Row[]).find((r) => r.name === 'operator')!.id }
  },
  body: (i, label, ctx, who) => ({
    name: `${label} ${pad(i)}`,
    username: `${label.toLowerCase()}${pad(i)}`,
    // Emails are unique across companies (they sign in).
    email: `${label.toLowerCase()}${pad(i)}-${who}@example.test`,
    phone: `0812${pad(i)}`,
    status: i % 2 ? 'active' : 'blocked',
    role_id: roleIdOf(ctx, who),
    password: 'password123',
    password_confirmation: 'password123',
  }),
  echo: ({ password: _p, password_confirmation: _c, ...rest }) => rest,
  edit: { status: 'blocked' },
  sortValue: (r, key) => (key === 'role' ? (r.role as Row).display_name : r[key]),
  listsCompany: true,
  unique: [
    { field: 'email', clash: (label) => `${label.toLowerCase()}05-owner@example.test`, perCompany: false },
    { field: 'username', clash: (label) => `${label.toLowerCase()}05`, perCompany: true },
  ],
  export: { format: 'xlsx' },
  invalid: [
    ['an unknown status', { status: 'gone' }, 'status'],
    ['a malformed email', { email: 'nope' }, 'email'],
    ['role_id of another company', (ctx) => ({ role_id: roleIdOf(ctx, 'other') }), 'role_id'],
  ],
}

const roles: CrudCase = {
  name: 'roles',
  entity: 'role',
  sortable: ROLE_SORTABLE,
  body: (i, label) => ({
    name: `${label} ${pad(i)}`,
    display_name: `Role ${label} ${pad(i)}`,
    is_default: false,
    permission_list: [],
  }),
  edit: { display_name: 'Edited role' },
  unique: [{ field: 'name', clash: (label) => `${label} 05`.toUpperCase(), perCompany: true }],
  export: { format: 'csv', header: 'id,name,display_name,is_default,created_at' },
  invalid: [
    ['display_name missing', { display_name: undefined }, 'display_name'],
    ['permission_list that is not a list', { permission_list: 'all' }, 'permission_list'],
  ],
}

const locations: CrudCase = {
  name: 'locations',
  entity: 'location',
  sortable: LOCATION_SORTABLE,
  body: (i, label) => ({
    name: `${label} ${pad(i)}`,
    slug: `${label.toLowerCase()}-${pad(i)}`,
    parent_id: null,
    description: `<p>About ${label} ${pad(i)}</p>`,
    status: i % 3 ? 'publish' : 'draft',
    lat: i % 90,
    long: -((i * 2) % 180),
    zoom: i % 19,
    general_info: [{ title: `Info ${pad(i)}`, description: null, content: null }],
    trip_ideas: [],
  }),
  edit: { zoom: 3, status: 'draft' },
  unique: [{ field: 'slug', clash: (label) => `${label.toLowerCase()}-05`, perCompany: true }],
  export: {
    format: 'csv',
    header: 'id,name,slug,parent,lat,long,zoom,status,created_at',
    value: (r, h) => (h === 'parent' ? ((r.parent as Row | null)?.name ?? '') : r[h]),
  },
  invalid: [
    ['an unknown status', { status: 'live' }, 'status'],
    ['latitude out of range', { lat: 200 }, 'lat'],
    ['general_info that is not JSON', { general_info: '[' }, 'general_info'],
  ],
}

crudSuite([users, roles, locations])
