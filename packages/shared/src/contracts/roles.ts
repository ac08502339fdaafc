import { z } from 'zod'
import { MAX_NAME, NAME_MIN } from '../constants.js'
import { DEFAULT_ROLES, MASTER_ROLE, OWNER_ROLE, RESERVED_ROLE_NAMES } from '../permissions.js'
import { requiredText } from './reference.js'
import { idField } from './users.js'

export const ROLE_SORTABLE = ['name', 'display_name', 'is_default', 'created_at'] as const
export const PERMISSION_SORTABLE = ['name', 'display_name', 'created_at'] as const

/**
 * Most ids one `permission_list` may carry. The catalogue is far smaller; this
 * only stops a 10,000-id body before it reaches the database. Unknown ids are
 * refused one by one on the server.
 */
export const MAX_PERMISSION_LIST = 1000

/** Message key of the reserved-name rule (spec §5: shown as name_unique). */
export const ROLE_NAME_RESERVED_KEY = 'name_unique'

/** Names no company may give a role it creates or renames: the spec's six and the platform's `master`. */
export const ROLE_NAMES_RESERVED: readonly string[] = [...RESERVED_ROLE_NAMES, MASTER_ROLE]

export function isReservedRoleName(name: string): boolean {
  return ROLE_NAMES_RESERVED.includes(name.trim().toLowerCase())
}

/** Roles seeded for every company (and `master` on the platform): they stay default, so never deletable. */
export const SEEDED_ROLE_NAMES: readonly string[] = [MASTER_ROLE, ...DEFAULT_ROLES.map((r) => r.name)]

/** Roles that always hold everything their company may hold; their name is locked. */
export const SUPER_ROLE_NAMES: readonly string[] = [OWNER_ROLE, MASTER_ROLE]

const permissionList = z.array(idField).max(MAX_PERMISSION_LIST)

/** `POST /roles`: a reserved name is refused here and again on the server. */
export const createRoleSchema = z.object({
  name: requiredText(NAME_MIN, MAX_NAME).refine((v) => !isReservedRoleName(v), { message: ROLE_NAME_RESERVED_KEY }),
  display_name: requiredText(NAME_MIN, MAX_NAME),
  is_default: z.boolean().default(false),
  permission_list: permissionList.default([]),
})
export type CreateRoleInput = z.infer<typeof createRoleSchema>

/**
 * `PUT /roles/{id}`: the owner role keeps its (reserved) name, so the server
 * checks renames only. A missing `is_default` or `permission_list` keeps the current one.
 */
export const updateRoleSchema = z.object({
  name: requiredText(NAME_MIN, MAX_NAME),
  display_name: requiredText(NAME_MIN, MAX_NAME),
  is_default: z.boolean().optional(),
  permission_list: permissionList.optional(),
})
export type UpdateRoleInput = z.infer<typeof updateRoleSchema>

/** A row of `GET /roles`. */
export interface RoleRow {
  id: number
  name: string
  display_name: string
  is_default: boolean
  permission_list: number[]
  users_count: number
  created_at: string
}

/** One entry of `GET /actions_user/role_edit_permission/{id}` and of `GET /permissions`. */
export interface PermissionRow {
  id: number
  name: string
  display_name: string
  created_at?: string
}

/** Message key of the permission-name rule. */
export const PERMISSION_NAME_INVALID_KEY = 'permission_name_invalid'

/** `POST /permissions`: `{entity}_{action}`-shaped names, lower-case letters, digits and underscores. */
export const createPermissionSchema = z.object({
  name: z
    .string()
    .trim()
    .toLowerCase()
    .min(NAME_MIN)
    .max(MAX_NAME)
    .refine((v) => /^[a-z][a-z0-9_]*$/.test(v), { message: PERMISSION_NAME_INVALID_KEY }),
  display_name: requiredText(NAME_MIN, MAX_NAME),
})
export type CreatePermissionInput = z.infer<typeof createPermissionSchema>
