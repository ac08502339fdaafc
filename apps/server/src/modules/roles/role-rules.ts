import { eq, inArray } from 'drizzle-orm'
import { MASTER_ROLE, OWNER_ROLE, PLATFORM_ONLY_PERMISSIONS, SUPER_ROLE_NAMES } from '@app/shared'
import type { Db } from '../../db/client.js'
import { permissions, rolePermissions } from '../../db/schema/index.js'
import { unprocessable } from '../../lib/errors.js'
import type { SessionUser } from '../../lib/sessions.js'

/** The platform operator (DESIGN §1): `master` in the platform company. */
export function isPlatformMaster(auth: SessionUser): boolean {
  return auth.isPlatform && auth.roleName === MASTER_ROLE
}

/**
 * A holder of everything their company may hold: a company's owner, or the
 * platform master. Only they may touch owners and the owner role, and they may
 * grant any grantable permission (others only what they hold themselves).
 */
export function holdsEverything(auth: SessionUser): boolean {
  return auth.roleName === OWNER_ROLE || isPlatformMaster(auth)
}

/** A seeded owner or master role: name locked, always every permission its company may hold. */
export function isSuperRole(role: { name?: unknown; is_default?: unknown }): boolean {
  return role.is_default === true && SUPER_ROLE_NAMES.includes(String(role.name))
}

/** Short list for a message: at most 10 entries. */
export function listForMessage(items: Array<string | number>): string {
  return items.length > 10 ? `${items.slice(0, 10).join(', ')}, …` : items.join(', ')
}

/**
 * Checks a `permission_list` a caller wants to give a role of their company:
 * every id exists in the catalogue; platform-only permissions only inside the
 * platform company; a caller who is not an owner adds only what they hold
 * (`alreadyHeld`: the role's current permissions, which may stay).
 * Answers the distinct permissions.
 */
export async function checkPermissionList(
  tx: Db,
  auth: SessionUser,
  ids: readonly number[],
  alreadyHeld: readonly number[] = [],
) {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return []
  const rows = await tx
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions)
    .where(inArray(permissions.id, unique))
  const known = new Set(rows.map((r) => r.id))
  const missing = unique.filter((id) => !known.has(id))
  if (missing.length)
    throw unprocessable({ permission_list: [{ key: 'roles.unknown_permission', params: { ids: listForMessage(missing) } }] })
  if (!auth.isPlatform) {
    const platformOnly = rows.filter((r) => PLATFORM_ONLY_PERMISSIONS.includes(r.name)).map((r) => r.name)
    if (platformOnly.length)
      throw unprocessable({ permission_list: [{ key: 'roles.platform_only', params: { names: listForMessage(platformOnly) } }] })
  }
  if (!holdsEverything(auth)) {
    // What the role already holds may stay (or go); only additions must be the caller's own.
    const kept = new Set(alreadyHeld)
    const notHeld = rows.filter((r) => !kept.has(r.id) && !auth.permissions.has(r.name)).map((r) => r.name)
    if (notHeld.length)
      throw unprocessable({ permission_list: [{ key: 'roles.not_held', params: { names: listForMessage(notHeld) } }] })
  }
  return rows
}

/** Every permission a role of this company may hold: the catalogue, less the platform-only part outside the platform. */
export async function grantablePermissionIds(tx: Db, platform: boolean, roleName: string): Promise<number[]> {
  const rows = await tx.select({ id: permissions.id, name: permissions.name }).from(permissions)
  const all = platform && roleName === MASTER_ROLE
  return rows.filter((r) => all || !PLATFORM_ONLY_PERMISSIONS.includes(r.name)).map((r) => r.id)
}

/** Replaces a role's permissions (in the caller's transaction). */
export async function setRolePermissions(tx: Db, roleId: number, permissionIds: readonly number[]) {
  await tx.delete(rolePermissions).where(eq(rolePermissions.role_id, roleId))
  const unique = [...new Set(permissionIds)]
  if (unique.length) await tx.insert(rolePermissions).values(unique.map((permission_id) => ({ role_id: roleId, permission_id })))
}

/** The names of the permissions a role holds. */
export async function rolePermissionNames(tx: Db, roleId: number): Promise<string[]> {
  const rows = await tx
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(eq(rolePermissions.role_id, roleId))
  return rows.map((r) => r.name)
}
