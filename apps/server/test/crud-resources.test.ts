import {
  GALLERY_SORTABLE,
  HOTEL_SORTABLE,
  IMAGE_UPLOAD_PERMISSIONS,
  LOCATION_SORTABLE,
  ROLE_SORTABLE,
  USER_SORTABLE,
} from '@app/shared'
import { crudSuite, pad, type CrudCase, type Row, type SuiteContext } from './helpers/crud-suite.js'
import type { Actor } from './helpers/fixtures.js'
import { imageForm, makeImage } from './helpers/images.js'

/**
 * Users, roles, locations, hotels and galleries in the shared table-driven suite
 * (test/helpers/crud-suite.ts); reference resources run it in their own file, the
 * bookable items (rooms, vehicles, train routes, tours) in test/bookable-kinds.test.ts.
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

/** A published location of `who`'s company, through the API. */
async function locationOf(who: Actor, ctx: SuiteContext, name: string) {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/v1/locations',
    headers: who.headers,
    payload: { name, description: '<p>City</p>', status: 'publish', lat: 21.42, long: 39.82, zoom: 12 },
  })
  return res.json().data.id as number
}

const hotelBody = (i: number, label: string, locationId: number) => ({
  name: `${label} ${pad(i)}`,
  rating: (i % 5) + 1,
  check_in: `${pad(10 + (i % 10))}:00`,
  check_out: `${pad(i % 12)}:30`,
  min_reservation: i % 7,
  max_stay: (i % 4) + 1,
  price: 1000 + ((i * 37) % 500) + 0.5,
  is_featured: i % 2 === 0,
  status: i % 3 ? 'publish' : 'draft',
  location_id: locationId,
  real_address: `Jl. Ajyad ${i}`,
  lat: (i % 80) + 0.25,
  long: -((i * 3) % 170) - 0.5,
  zoom: i % 19,
  hotel_policy: [{ title: 'Check-in', description: `Policy ${pad(i)}` }],
})

const hotels: CrudCase = {
  name: 'hotels',
  entity: 'hotel',
  sortable: HOTEL_SORTABLE,
  setup: async (who, ctx) => ({ locationId: await locationOf(who, ctx, `Makkah ${who.companyId}`) }),
  body: (i, label, ctx, who) => hotelBody(i, label, ctx.fixtures[who].locationId as number),
  echo: ({ hotel_policy: _p, ...rest }) => rest,
  edit: { rating: 2, status: 'draft', check_in: '15:45' },
  sortValue: (r, key) => (key === 'location' ? (r.location as Row).name : r[key]),
  unique: [{ field: 'slug', clash: (label) => `${label.toLowerCase()}-05`, perCompany: true }],
  export: {
    format: 'csv',
    header:
      'id,name,slug,location,long,lat,zoom,rating,check_in,check_out,min_reservation,max_stay,is_featured,price,status,created_at',
    value: (r, h) => (h === 'location' ? (r.location as Row).name : r[h]),
  },
  invalid: [
    ['a rating of 6', { rating: 6 }, 'rating'],
    ['a check-out of 25:00', { check_out: '25:00' }, 'check_out'],
    ['a negative price', { price: -1 }, 'price'],
    ['location_id of another company', (ctx) => ({ location_id: ctx.fixtures.other.locationId }), 'location_id'],
    ['hotel_policy that is not JSON', { hotel_policy: '[{' }, 'hotel_policy'],
  ],
}

/** An uploaded image of `who`'s company, through the API. */
async function uploadOf(who: Actor, ctx: SuiteContext) {
  const form = imageForm(await makeImage('png'), 'suite.png', 'image/png')
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/v1/actions_gallery/upload',
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  })
  return res.json().data.file_name as string
}

// A gallery record varies its title; its default order is sort_order, highest first, which the bodies make newest first.
const galleries: CrudCase = {
  name: 'galleries',
  entity: 'location',
  nameField: 'title',
  nameOptional: true,
  access: IMAGE_UPLOAD_PERMISSIONS,
  sortable: GALLERY_SORTABLE,
  setup: async (who, ctx) => ({ fileName: await uploadOf(who, ctx) }),
  body: (i, label, ctx, who) => ({ file_name: ctx.fixtures[who].fileName, title: `${label} ${pad(i)}`, sort_order: i }),
  edit: { sort_order: 7 },
  unique: [],
  export: { format: 'csv', header: 'id,file_name,title,sort_order,mime_type,size,created_at' },
  localized: { change: { file_name: '' }, field: 'file_name', message: 'Berkas Wajib Diisi' },
  invalid: [
    ['file_name of another company', (ctx) => ({ file_name: ctx.fixtures.other.fileName }), 'file_name'],
    ['file_name with a path', { file_name: '../../etc/passwd' }, 'file_name'],
    ['file_name missing', { file_name: undefined }, 'file_name'],
    ['sort_order below 0', { sort_order: -1 }, 'sort_order'],
    ['sort_order as text', { sort_order: 'first' }, 'sort_order'],
  ],
}

crudSuite([users, roles, locations, hotels, galleries])
