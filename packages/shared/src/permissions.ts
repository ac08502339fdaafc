import { ORDER_ENTITIES } from './kinds/names.js'

/**
 * The permission catalogue (DESIGN §5): every entity and the actions it offers.
 * One source for the server (route guards, seed), the web app (menu, buttons,
 * role matrix) and the tests. A permission's name is `${entity}_${action}`.
 */
export const ACTIONS = ['list', 'create', 'view', 'update', 'delete', 'export', 'import', 'approval'] as const
export type Action = (typeof ACTIONS)[number]

export const PERMISSION_SECTIONS = [
  { section: 'user_management', entities: ['user', 'role', 'permission'] },
  {
    section: 'reference',
    entities: ['category', 'type', 'area', 'facility', 'service', 'group_attribute', 'attribute', 'location'],
  },
  { section: 'products', entities: ['hotel', 'room', 'transportation', 'train_route', 'ziyarah_tour'] },
  { section: 'orders', entities: ORDER_ENTITIES },
  // Issue 30: the audit trail (audit_list reads it, audit_export exports it).
  { section: 'audit', entities: ['audit'] },
  { section: 'pilgrims', entities: ['pilgrim'] },
  // Issue 29: departures (group packages with seat quotas and allotments).
  { section: 'departures', entities: ['departure'] },
] as const

export type Section = (typeof PERMISSION_SECTIONS)[number]['section']
export type Entity = (typeof PERMISSION_SECTIONS)[number]['entities'][number]
/**
 * Permissions that are one right, not an entity's actions (issue 28): opening a
 * pilgrim's document files, and editing the company's settings. The role
 * matrix shows them beside the grid.
 */
export const STANDALONE_PERMISSIONS = ['pilgrim_documents', 'company_setting'] as const
export type StandalonePermission = (typeof STANDALONE_PERMISSIONS)[number]
export type PermissionName = `${Entity}_${Action}` | StandalonePermission

export const ENTITIES: readonly Entity[] = PERMISSION_SECTIONS.flatMap((s) => [...s.entities])

export function permissionName(entity: Entity, action: Action): PermissionName {
  return `${entity}_${action}`
}

/** Every permission of the platform catalogue, in matrix order. */
export const ALL_PERMISSIONS: readonly PermissionName[] = [
  ...ENTITIES.flatMap((e) => ACTIONS.map((a) => permissionName(e, a))),
  ...STANDALONE_PERMISSIONS,
]

/** Human label for a catalogue permission, e.g. `train_route_update` -> `Train Route Update`. */
export function permissionDisplayName(name: string): string {
  return name
    .split('_')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ')
}

/** Platform-only permissions: never granted to company roles, only to `master`. */
export const PLATFORM_ONLY_PERMISSIONS: readonly string[] = [
  'permission_create',
  'permission_update',
  'permission_delete',
  'permission_import',
  'permission_approval',
]

const all = (entity: Entity) => ACTIONS.map((a) => permissionName(entity, a))
const read = (entity: Entity) => [
  permissionName(entity, 'list'),
  permissionName(entity, 'view'),
  permissionName(entity, 'export'),
]
const write = (entity: Entity) => [
  ...read(entity),
  permissionName(entity, 'create'),
  permissionName(entity, 'update'),
  permissionName(entity, 'delete'),
]
const reference: Entity[] = ['category', 'type', 'area', 'facility', 'service', 'group_attribute', 'attribute', 'location']
const products: Entity[] = ['hotel', 'room', 'transportation', 'train_route', 'ziyarah_tour']
const orders: Entity[] = [...ORDER_ENTITIES]
// Pilgrims (issue 28, docs/decisions/pilgrims.md): who keeps the register also imports it and opens its files.
const pilgrimKeeper = [...write('pilgrim'), permissionName('pilgrim', 'import'), 'pilgrim_documents' as const]

/**
 * Default roles seeded for each company (DESIGN §5) and their grants.
 * `owner` gets every company permission; the rest are our documented choice
 * (docs/decisions/users-roles.md).
 */
export const DEFAULT_ROLES: ReadonlyArray<{ name: string; display_name: string; permissions: readonly string[] }> = [
  { name: 'owner', display_name: 'Owner', permissions: ALL_PERMISSIONS.filter((p) => !PLATFORM_ONLY_PERMISSIONS.includes(p)) },
  {
    name: 'admin',
    display_name: 'Admin',
    permissions: [
      ...write('user'),
      ...read('role'),
      permissionName('permission', 'list'),
      ...reference.flatMap(write),
      ...products.flatMap(write),
      ...orders.flatMap(write),
      ...pilgrimKeeper,
      ...write('departure'),
    ],
  },
  {
    name: 'finance',
    display_name: 'Finance',
    permissions: [...products.flatMap(read), ...orders.flatMap(all), ...read('pilgrim')],
  },
  {
    name: 'marketing',
    display_name: 'Marketing',
    permissions: [...reference.flatMap(read), ...products.flatMap(read), ...orders.flatMap(read), ...read('pilgrim')],
  },
  {
    name: 'operator',
    display_name: 'Operator',
    permissions: [...reference.flatMap(write), ...products.flatMap(write), ...orders.flatMap(read), ...pilgrimKeeper],
  },
  { name: 'produksi', display_name: 'Produksi', permissions: [...reference.flatMap(read), ...products.flatMap(write)] },
  {
    name: 'client',
    display_name: 'Client',
    permissions: [...products.flatMap((e) => [permissionName(e, 'list'), permissionName(e, 'view')])],
  },
  { name: 'supplier', display_name: 'Supplier', permissions: [...products.flatMap(read)] },
]

/** Names a company may not give a role it creates (DESIGN §5). */
export const RESERVED_ROLE_NAMES = ['owner', 'admin', 'finance', 'operator', 'produksi', 'marketing'] as const
export const OWNER_ROLE = 'owner'
export const MASTER_ROLE = 'master'

/**
 * Who may upload images and keep gallery records: whoever may create or edit a
 * catalogue item that shows images (any one suffices; docs/decisions/files.md).
 */
export const IMAGE_UPLOAD_PERMISSIONS: readonly PermissionName[] = (
  ['location', 'hotel', 'room', 'transportation', 'train_route', 'ziyarah_tour'] as const
).flatMap((e) => [permissionName(e, 'create'), permissionName(e, 'update')])
