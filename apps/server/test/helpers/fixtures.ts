import { randomBytes } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../src/db/client.js'
import { permissions, rolePermissions, roles, users } from '../../src/db/schema/index.js'
import { createSession } from '../../src/lib/sessions.js'
import { createCompanyWithOwner } from '../../src/services/companies.js'

export interface Actor {
  userId: number
  companyId: number
  roleId: number
  token: string
  email: string
  /** Bearer headers for `app.inject`. */
  headers: Record<string, string>
}

const uniq = () => randomBytes(4).toString('hex')

async function actorFor(db: Db, user: { id: number; company_id: number; role_id: number; email: string }): Promise<Actor> {
  const { token } = await createSession(db, user.id)
  return {
    userId: user.id,
    companyId: user.company_id,
    roleId: user.role_id,
    token,
    email: user.email,
    headers: { authorization: `Bearer ${token}` },
  }
}

/** A company with its default roles and an active owner who is signed in. */
export async function createCompany(app: FastifyInstance, opts: { name?: string; password?: string } = {}) {
  const email = `owner-${uniq()}@example.test`
  const {
    company,
    owner,
    roles: companyRoles,
  } = await app.db.transaction((tx) =>
    createCompanyWithOwner(tx as unknown as Db, {
      company: opts.name ?? `Company ${uniq()}`,
      owner: { name: 'Owner', email, password: opts.password ?? 'password123', status: 'active' },
    }),
  )
  return { company, owner: await actorFor(app.db, owner), roles: companyRoles }
}

/** An active, signed-in user of `companyId` whose own role holds exactly `perms`. */
export async function createUserWithPermissions(app: FastifyInstance, companyId: number, perms: string[]): Promise<Actor> {
  const db = app.db
  const [role] = await db
    .insert(roles)
    .values({ company_id: companyId, name: `role${uniq()}`, display_name: 'Test role' })
    .returning()
  if (perms.length) {
    const ids = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, perms))
    if (ids.length !== perms.length) throw new Error(`unknown permission in ${perms.join(',')}`)
    await db.insert(rolePermissions).values(ids.map((p) => ({ role_id: role!.id, permission_id: p.id })))
  }
  const email = `user-${uniq()}@example.test`
  const [user] = await db
    .insert(users)
    .values({ company_id: companyId, role_id: role!.id, name: 'User', username: `u${uniq()}`, email, status: 'active' })
    .returning()
  return actorFor(db, user!)
}

/** The platform company (DESIGN §1) and its signed-in `master` operator. */
export async function createPlatformMaster(app: FastifyInstance) {
  const email = `master-${uniq()}@example.test`
  const {
    company,
    owner,
    roles: platformRoles,
  } = await app.db.transaction((tx) =>
    createCompanyWithOwner(tx as unknown as Db, {
      company: `Platform ${uniq()}`,
      isPlatform: true,
      trialEndsAt: null,
      owner: { name: 'Master', email, password: 'password123', status: 'active' },
    }),
  )
  return { company, master: await actorFor(app.db, owner), roles: platformRoles }
}
