import { and, eq, ne, sql, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  createUserSchema,
  queryId,
  OWNER_ROLE,
  updateUserSchema,
  USER_SORTABLE,
  USER_STATUSES,
  usersExportQuerySchema,
  type CreateUserInput,
  type UpdateUserInput,
} from '@app/shared'
import { sendExport } from '../../crud/export.js'
import { iterateRows, primed } from '../../crud/list-query.js'
import { defineResource, type WriteContext } from '../../crud/resource.js'
import type { Db } from '../../db/client.js'
import { roles, users } from '../../db/schema/index.js'
import { conflict, forbidden, unprocessable } from '../../lib/errors.js'
import { hashPassword } from '../../lib/passwords.js'
import { endUserSessions, type SessionUser } from '../../lib/sessions.js'
import { requireAuth } from '../../plugins/auth.js'
import { holdsEverything, isPlatformMaster, listForMessage, rolePermissionNames } from '../roles/role-rules.js'
import './messages.js'
import { usersExportColumns } from './users-export.js'

type UserInput = CreateUserInput | UpdateUserInput

/**
 * Lists are narrowed to the caller's company, except for the platform master
 * without `is_company=true` (DESIGN §1). One-row calls are always narrowed.
 */
function listScope(auth: SessionUser, query: Record<string, unknown>): Array<SQL | undefined> {
  if (isPlatformMaster(auth) && query.is_company !== true) return []
  return [eq(users.company_id, auth.companyId)]
}

/** The active owners of a company, locked until the transaction ends so two demotions cannot both pass. */
async function otherActiveOwners(tx: Db, companyId: number, exceptUserId: number): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(
      and(eq(users.company_id, companyId), eq(roles.name, OWNER_ROLE), eq(users.status, 'active'), ne(users.id, exceptUserId)),
    )
    .for('update', { of: users })
  return rows.length
}

async function prepare(input: UserInput, { tx, auth, existing }: WriteContext) {
  const [role] = await tx
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.id, input.role_id), eq(roles.company_id, auth.companyId)))
  // Another company's role is reported exactly like a missing one.
  if (!role) throw unprocessable({ role_id: ['users.role_not_found'] })

  const roleChanges = !existing || input.role_id !== existing.role_id
  const existingRole = existing?.role as { name: string } | undefined
  if (existing) {
    const self = existing.id === auth.userId
    if (self && roleChanges) throw unprocessable({ role_id: ['users.own_role'] })
    if (self && input.status !== 'active') throw unprocessable({ status: ['users.block_self'] })
  }
  // Owners are changed, and the owner role given, only by an owner.
  if ((existingRole?.name === OWNER_ROLE || (roleChanges && role.name === OWNER_ROLE)) && !holdsEverything(auth)) {
    throw forbidden('users.owner_only')
  }
  // Nobody takes over a user stronger than themselves (issue 12): a new password, e-mail
  // (then "forgot password"), status or role of another user whose role holds a permission
  // the editor lacks is refused, not only a change of role.
  if (existing && existing.id !== auth.userId && !holdsEverything(auth)) {
    const changed = [
      input.password ? 'password' : undefined,
      input.email.toLowerCase() !== String(existing.email).toLowerCase() ? 'email' : undefined,
      input.status !== existing.status ? 'status' : undefined,
      roleChanges ? 'role_id' : undefined,
    ].filter((f): f is string => f !== undefined)
    if (changed.length) {
      const beyond = (await rolePermissionNames(tx, existing.role_id as number)).filter((p) => !auth.permissions.has(p))
      if (beyond.length) throw forbidden('users.target_stronger', { names: listForMessage(beyond), fields: changed.join(', ') })
    }
  }
  // Nobody hands out a role stronger than their own.
  if (roleChanges && !holdsEverything(auth)) {
    const beyond = (await rolePermissionNames(tx, role.id)).filter((p) => !auth.permissions.has(p))
    if (beyond.length)
      throw unprocessable({ role_id: [{ key: 'users.role_exceeds', params: { names: listForMessage(beyond) } }] })
  }
  if (
    existing &&
    existingRole?.name === OWNER_ROLE &&
    existing.status === 'active' &&
    (input.status !== 'active' || role.name !== OWNER_ROLE)
  ) {
    if ((await otherActiveOwners(tx, auth.companyId, existing.id as number)) === 0) throw conflict('users.last_owner')
  }

  // Checked first for a clear message; the unique indexes still decide a race (409 either way).
  const [emailUser] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`lower(${users.email}) = ${input.email.toLowerCase()}`, existing ? ne(users.id, existing.id as number) : undefined),
    )
    .limit(1)
  if (emailUser) throw conflict('users.email_in_used', { email: ['users.email_in_used'] })
  const [usernameUser] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.company_id, auth.companyId),
        eq(users.username, input.username),
        existing ? ne(users.id, existing.id as number) : undefined,
      ),
    )
    .limit(1)
  if (usernameUser) throw conflict('users.username_in_used', { username: ['users.username_in_used'] })

  return {
    name: input.name,
    username: input.username,
    email: input.email,
    phone: input.phone,
    status: input.status,
    role_id: role.id,
    ...(input.password ? { password_hash: await hashPassword(input.password) } : {}),
  }
}

async function afterWrite(id: number, input: UserInput, { tx, auth, existing }: WriteContext) {
  if (!existing) return
  // Blocking ends every session at once (each request also re-reads the status and role).
  if (input.status !== 'active') await endUserSessions(tx, id)
  // A new password ends the user's other sessions (DESIGN §4); the caller keeps the one in use.
  else if (input.password) await endUserSessions(tx, id, id === auth.userId ? auth.sessionId : undefined)
}

async function beforeDelete(row: Record<string, unknown>, { tx, auth }: WriteContext) {
  if (row.id === auth.userId) throw conflict('users.delete_self')
  // Deleting follows the rule editing follows (issue 31): nobody removes a user stronger than themselves.
  if (!holdsEverything(auth)) {
    const beyond = (await rolePermissionNames(tx, row.role_id as number)).filter((p) => !auth.permissions.has(p))
    if (beyond.length) throw forbidden('users.target_stronger_delete', { names: listForMessage(beyond) })
  }
  const role = row.role as { name: string }
  if (role.name === OWNER_ROLE) {
    if (!holdsEverything(auth)) throw forbidden('users.owner_only')
    if (row.status === 'active' && (await otherActiveOwners(tx, auth.companyId, row.id as number)) === 0)
      throw conflict('users.last_owner')
  }
}

export const usersResource = defineResource({
  name: 'users',
  entity: 'user',
  table: users,
  input: createUserSchema,
  update: updateUserSchema,
  join: (qb) => qb.innerJoin(roles, eq(roles.id, users.role_id)),
  fields: {
    id: users.id,
    name: users.name,
    username: users.username,
    email: users.email,
    phone: users.phone,
    status: users.status,
    role_id: users.role_id,
    role: { id: roles.id, name: roles.name, display_name: roles.display_name },
    company_id: users.company_id,
    created_at: users.created_at,
  },
  searchable: [users.name, users.username, users.email],
  sortable: USER_SORTABLE,
  sortExpressions: { role: roles.display_name },
  defaultSort: 'created_at',
  filters: {
    status: { schema: z.enum(USER_STATUSES), where: (v: string) => eq(users.status, v as (typeof USER_STATUSES)[number]) },
    role_id: { schema: queryId(), where: (v: number) => eq(users.role_id, v) },
  },
  listScope,
  counters: {
    by: { status: users.status, role_id: users.role_id },
    company: (auth, q) => (listScope(auth, q).length ? auth.companyId : 'all'),
  },
  // Users export an .xlsx (spec §9), served below instead of the engine's CSV.
  disable: ['export'],
  exportColumns: [],
  prepare,
  afterWrite,
  beforeDelete,
})

const usersModule: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  await app.register(usersResource.plugin)

  app.get(
    '/users/export',
    { schema: { tags: ['users'], querystring: usersExportQuerySchema }, config: { access: 'user_export' } },
    async (req, reply) => {
      const auth = requireAuth(req)
      const q = req.query
      const rows = await primed(iterateRows(app.db, usersResource.source, listScope(auth, q), q.search))
      // The caller's `tz` when given, else the company's time zone.
      return sendExport(req, reply, app.db, { name: 'users', format: 'xlsx', columns: usersExportColumns, rows, timeZone: q.tz })
    },
  )
}
export default usersModule
