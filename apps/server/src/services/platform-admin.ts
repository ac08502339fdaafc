import { and, eq, sql } from 'drizzle-orm'
import { MASTER_ROLE } from '@app/shared'
import type { Db } from '../db/client.js'
import { companies, roles, users } from '../db/schema/index.js'
import { hashPassword, verifyPassword } from '../lib/passwords.js'
import { endUserSessions } from '../lib/sessions.js'
import { createCompanyWithOwner, usernameFromEmail } from './companies.js'

/**
 * The platform operator that earlier versions seeded on every fresh database, with
 * a password published in the source. Kept only to refuse it (issue 12): a database
 * whose operator still has it does not start.
 */
export const LEGACY_MASTER = { email: 'master@platform.local', password: 'master-platform-2026' } as const

/** A start-up refusal, printed as one line (like a ConfigError). */
export class PlatformAdminError extends Error {}

export interface PlatformAdminInput {
  email?: string
  password?: string
}

/**
 * Creates the platform operator (DESIGN §1: role `master` in the platform company)
 * only when asked, from PLATFORM_ADMIN_EMAIL + PLATFORM_ADMIN_PASSWORD. An existing
 * operator keeps the password set in the app, except the published legacy one, which
 * is replaced (and its sessions ended). Answers what it did.
 */
export async function ensurePlatformAdmin(
  db: Db,
  input: PlatformAdminInput,
): Promise<'none' | 'created' | 'replaced-legacy-password' | 'exists'> {
  if (!input.email || !input.password) return 'none'
  if (input.password === LEGACY_MASTER.password)
    throw new PlatformAdminError('PLATFORM_ADMIN_PASSWORD is the password once published in the source; choose another')
  const email = input.email.trim().toLowerCase()
  const password = input.password
  return db.transaction(async (t) => {
    const tx = t as unknown as Db
    const [existing] = await tx
      .select({ id: users.id, hash: users.password_hash, platform: companies.is_platform, role: roles.name })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.company_id))
      .innerJoin(roles, eq(roles.id, users.role_id))
      .where(sql`lower(${users.email}) = ${email}`)
    if (existing) {
      if (!existing.platform || existing.role !== MASTER_ROLE)
        throw new PlatformAdminError(`PLATFORM_ADMIN_EMAIL ${email} belongs to a user who is not the platform operator`)
      if (!(await verifyPassword(existing.hash, LEGACY_MASTER.password))) return 'exists'
      await tx
        .update(users)
        .set({ password_hash: await hashPassword(password) })
        .where(eq(users.id, existing.id))
      await endUserSessions(tx, existing.id)
      return 'replaced-legacy-password'
    }
    const [master] = await tx
      .select({ companyId: roles.company_id, roleId: roles.id })
      .from(roles)
      .innerJoin(companies, eq(companies.id, roles.company_id))
      .where(and(eq(companies.is_platform, true), eq(roles.name, MASTER_ROLE)))
      .limit(1)
    if (master) {
      await tx.insert(users).values({
        company_id: master.companyId,
        role_id: master.roleId,
        name: 'Platform Operator',
        email,
        username: usernameFromEmail(email),
        password_hash: await hashPassword(password),
        status: 'active',
      })
    } else {
      await createCompanyWithOwner(tx, {
        company: 'Platform',
        isPlatform: true,
        trialEndsAt: null,
        owner: { name: 'Platform Operator', email, password, status: 'active' },
      })
    }
    return 'created'
  })
}

/** Refuses to start while the legacy operator still signs in with the published password. */
export async function refuseLegacyPassword(db: Db): Promise<void> {
  const rows = await db.select({ hash: users.password_hash }).from(users).where(eq(users.email, LEGACY_MASTER.email))
  for (const r of rows) {
    if (await verifyPassword(r.hash, LEGACY_MASTER.password)) {
      throw new PlatformAdminError(
        `Refusing to start: the platform operator ${LEGACY_MASTER.email} still has the password published in the source. ` +
          `Give it a new one by starting once with PLATFORM_ADMIN_EMAIL=${LEGACY_MASTER.email} PLATFORM_ADMIN_PASSWORD=<new password> ` +
          `(or run them with \`npm run db:seed -w @app/server\`).`,
      )
    }
  }
}
