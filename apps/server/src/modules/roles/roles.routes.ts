import { and, count, eq, sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  createRoleSchema,
  isReservedRoleName,
  MAX_NAME,
  ROLE_NAME_RESERVED_KEY,
  ROLE_SORTABLE,
  SEEDED_ROLE_NAMES,
  updateRoleSchema,
  type CreateRoleInput,
  type UpdateRoleInput,
} from '@app/shared'
import { escapeLike } from '../../crud/list-query.js'
import { defineResource, idParams, type WriteContext } from '../../crud/resource.js'
import type { Db } from '../../db/client.js'
import { permissions, rolePermissions, roles, users } from '../../db/schema/index.js'
import { conflict, forbidden, HttpError, unprocessable } from '../../lib/errors.js'
import { requireAuth } from '../../plugins/auth.js'
import '../users/messages.js'
import { checkPermissionList, grantablePermissionIds, holdsEverything, isSuperRole, setRolePermissions } from './role-rules.js'

type RoleInput = CreateRoleInput | UpdateRoleInput

async function prepare(input: RoleInput, { tx, auth, existing }: WriteContext) {
  if (existing) {
    const name = String(existing.name)
    if (isSuperRole(existing)) {
      if (!holdsEverything(auth)) throw forbidden('roles.owner_only', { name })
      if (input.name !== name) throw unprocessable({ name: [{ key: 'roles.name_locked', params: { name } }] })
      if (input.is_default === false) throw unprocessable({ is_default: ['roles.default_stays'] })
    } else {
      // Holding role_update does not let a user widen the role they hold themselves.
      if (existing.id === auth.roleId && !holdsEverything(auth)) throw forbidden('roles.edit_own_role')
      if (input.name.toLowerCase() !== name.toLowerCase() && isReservedRoleName(input.name)) {
        throw unprocessable({ name: [ROLE_NAME_RESERVED_KEY] })
      }
      if (existing.is_default === true && SEEDED_ROLE_NAMES.includes(name) && input.is_default === false) {
        throw unprocessable({ is_default: ['roles.default_stays'] })
      }
    }
  } else if (isReservedRoleName(input.name)) {
    throw unprocessable({ name: [ROLE_NAME_RESERVED_KEY] })
  }
  if (input.permission_list)
    await checkPermissionList(tx, auth, input.permission_list, (existing?.permission_list as number[] | undefined) ?? [])
  return {
    name: input.name,
    display_name: input.display_name,
    is_default: input.is_default ?? (existing?.is_default as boolean | undefined) ?? false,
  }
}

async function afterWrite(id: number, input: RoleInput, { tx, auth, existing }: WriteContext) {
  if (existing && isSuperRole(existing)) {
    // The owner (and the platform's master) always hold everything their company may hold.
    await setRolePermissions(tx, id, await grantablePermissionIds(tx, auth.isPlatform, String(existing.name)))
  } else if (input.permission_list) {
    await setRolePermissions(tx, id, input.permission_list)
  }
}

async function beforeDelete(row: Record<string, unknown>, { tx }: WriteContext) {
  if (row.is_default === true) throw conflict('roles.default_not_deletable')
  const [held] = await tx
    .select({ n: count() })
    .from(users)
    .where(eq(users.role_id, row.id as number))
  if (held && held.n > 0) throw new HttpError(409, 'roles.in_use', { count: held.n })
}

/** Roles of the caller's company with their permission ids (spec §3: permission_list). */
export const rolesResource = defineResource({
  name: 'roles',
  entity: 'role',
  table: roles,
  input: createRoleSchema,
  update: updateRoleSchema,
  fields: {
    id: roles.id,
    name: roles.name,
    display_name: roles.display_name,
    is_default: roles.is_default,
    // Spelled out: inside a subquery drizzle would leave the outer "id" unqualified.
    permission_list: sql<
      number[]
    >`ARRAY(SELECT rp.permission_id FROM role_permissions rp WHERE rp.role_id = "roles"."id" ORDER BY 1)`,
    users_count: sql<number>`(SELECT count(*)::int FROM users u WHERE u.role_id = "roles"."id")`,
    created_at: roles.created_at,
  },
  searchable: [roles.name, roles.display_name],
  sortable: ROLE_SORTABLE,
  defaultSort: 'created_at',
  counters: {},
  exportColumns: [
    { header: 'id', value: (r) => r.id },
    { header: 'name', value: (r) => r.name },
    { header: 'display_name', value: (r) => r.display_name },
    { header: 'is_default', value: (r) => r.is_default },
    { header: 'created_at', value: (r) => r.created_at },
  ],
  prepare,
  afterWrite,
  beforeDelete,
})

/** `owner` -> `owner_copy`, then `owner_copy_2`… free in the company, case-insensitively. */
async function freeCopyName(tx: Db, companyId: number, name: string): Promise<string> {
  const base = `${name.slice(0, MAX_NAME - 10)}_copy`
  const taken = await tx
    .select({ name: roles.name })
    .from(roles)
    .where(and(eq(roles.company_id, companyId), sql`lower(${roles.name}) LIKE ${`${escapeLike(base.toLowerCase())}%`}`))
  const used = new Set(taken.map((r) => r.name.toLowerCase()))
  if (!used.has(base.toLowerCase())) return base
  for (let n = 2; ; n++) if (!used.has(`${base}_${n}`.toLowerCase())) return `${base}_${n}`
}

/**
 * Roles CRUD plus the two role actions of spec §7 under `/actions_user`:
 * duplicate (a non-default copy with the same permissions) and the role's permissions.
 */
const rolesModule: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  await app.register(rolesResource.plugin)

  // A POST: it creates a role, so it must pass the CSRF check (a GET answers 405).
  app.post(
    '/actions_user/role_duplicate/:id',
    { schema: { tags: ['roles'], params: idParams }, config: { access: 'role_create' } },
    async (req) => {
      const auth = requireAuth(req)
      const id = await app.db.transaction(async (t) => {
        const tx = t as unknown as Db
        const source = await rolesResource.get(tx, auth, req.params.id)
        const ids = source.permission_list as number[]
        await checkPermissionList(tx, auth, ids)
        const [copy] = await tx
          .insert(roles)
          .values({
            company_id: auth.companyId,
            name: await freeCopyName(tx, auth.companyId, String(source.name)),
            display_name: `${String(source.display_name).slice(0, MAX_NAME - 7)} (Copy)`,
            is_default: false,
          })
          .returning({ id: roles.id })
        await setRolePermissions(tx, copy!.id, ids)
        return copy!.id
      })
      return { data: await rolesResource.get(app.db, auth, id) }
    },
  )

  app.get(
    '/actions_user/role_edit_permission/:id',
    { schema: { tags: ['roles'], params: idParams }, config: { access: ['role_view', 'role_update'] } },
    async (req) => {
      const role = await rolesResource.get(app.db, requireAuth(req), req.params.id)
      const data = await app.db
        .select({ id: permissions.id, name: permissions.name, display_name: permissions.display_name })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
        .where(eq(rolePermissions.role_id, role.id as number))
        .orderBy(permissions.id)
      return { data }
    },
  )
}
export default rolesModule
