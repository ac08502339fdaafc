import { inArray, sql } from 'drizzle-orm'
import { ALL_PERMISSIONS, DEFAULT_ROLES, MASTER_ROLE, permissionDisplayName } from '@app/shared'
import type { Db } from '../db/client.js'
import { companies, permissions, rolePermissions, roles, users } from '../db/schema/index.js'
import { hashPassword } from '../lib/passwords.js'

/** Adds catalogue permissions that the database lacks; never removes any. */
export async function syncPermissions(db: Db) {
  await db
    .insert(permissions)
    .values(ALL_PERMISSIONS.map((name) => ({ name, display_name: permissionDisplayName(name) })))
    .onConflictDoNothing()
}

export async function permissionIds(db: Db, names: readonly string[]): Promise<number[]> {
  if (names.length === 0) return []
  const rows = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.name, [...names]))
  return rows.map((r) => r.id)
}

export interface NewCompany {
  company: string
  owner: {
    name: string
    email: string
    username?: string
    password: string | null
    status?: 'pending' | 'active'
    locale?: string
  }
  isPlatform?: boolean
  trialEndsAt?: Date | null
}

/** A username from an email's local part: lower-case letters and digits only. */
export function usernameFromEmail(email: string): string {
  const base = email
    .split('@')[0]!
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
  return (base.length >= 2 ? base : `user${base}`).slice(0, 40)
}

/**
 * A company with its default roles (DESIGN §5) and its owner, in the caller's
 * transaction: registering either creates all of it or none of it.
 */
export async function createCompanyWithOwner(tx: Db, input: NewCompany) {
  const trial = input.trialEndsAt === undefined ? oneMonthFromNow() : input.trialEndsAt
  const [company] = await tx
    .insert(companies)
    .values({ name: input.company, trial_ends_at: trial, is_platform: input.isPlatform ?? false })
    .returning()
  const roleDefs = input.isPlatform
    ? [{ name: MASTER_ROLE, display_name: 'Master', permissions: ALL_PERMISSIONS }, ...DEFAULT_ROLES]
    : DEFAULT_ROLES
  const created = await tx
    .insert(roles)
    .values(roleDefs.map((r) => ({ company_id: company!.id, name: r.name, display_name: r.display_name, is_default: true })))
    .returning()
  const all = await tx.select({ id: permissions.id, name: permissions.name }).from(permissions)
  const idOf = new Map(all.map((p) => [p.name, p.id]))
  const links = created.flatMap((role) => {
    const def = roleDefs.find((d) => d.name === role.name)!
    return def.permissions.flatMap((p) => (idOf.has(p) ? [{ role_id: role.id, permission_id: idOf.get(p)! }] : []))
  })
  if (links.length) await tx.insert(rolePermissions).values(links)
  const ownerRole = created.find((r) => r.name === (input.isPlatform ? MASTER_ROLE : 'owner'))!
  const [owner] = await tx
    .insert(users)
    .values({
      company_id: company!.id,
      role_id: ownerRole.id,
      name: input.owner.name,
      email: input.owner.email.toLowerCase(),
      username: input.owner.username ?? usernameFromEmail(input.owner.email),
      password_hash: input.owner.password ? await hashPassword(input.owner.password) : null,
      status: input.owner.status ?? 'pending',
      locale: input.owner.locale ?? 'en',
    })
    .returning()
  return { company: company!, owner: owner!, roles: created }
}

export function oneMonthFromNow(from = new Date()): Date {
  const d = new Date(from)
  d.setMonth(d.getMonth() + 1)
  return d
}

export async function isEmpty(db: Db): Promise<boolean> {
  const r = (await db.execute(sql`select exists(select 1 from companies) as e`)) as unknown as { rows: Array<{ e: boolean }> }
  return !r.rows[0]?.e
}
