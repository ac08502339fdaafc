import { and, eq, gt, ne, sql } from 'drizzle-orm'
import { SESSION_DAYS } from '@app/shared'
import type { Db } from '../db/client.js'
import { companies, roles, sessions, users } from '../db/schema/index.js'
import { hashToken, newToken } from './tokens.js'

export const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000

export async function createSession(
  db: Db,
  userId: number,
  meta: { userAgent?: string; ip?: string } = {},
): Promise<{ token: string; id: number; expiresAt: Date }> {
  const token = newToken()
  const expiresAt = new Date(Date.now() + SESSION_MS)
  const [row] = await db
    .insert(sessions)
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: expiresAt,
      user_agent: meta.userAgent?.slice(0, 300),
      ip: meta.ip?.slice(0, 64),
    })
    .returning({ id: sessions.id })
  return { token, id: row!.id, expiresAt }
}

export async function deleteSession(db: Db, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId))
}

/** Ends every session of a user, or every one but `keepSessionId`. */
export async function endUserSessions(db: Db, userId: number, keepSessionId?: number) {
  await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.user_id, userId), ne(sessions.id, keepSessionId)) : eq(sessions.user_id, userId))
}

export interface SessionUser {
  sessionId: number
  userId: number
  companyId: number
  roleId: number
  roleName: string
  status: string
  isPlatform: boolean
  permissions: Set<string>
  lastUsedAt: Date
}

function sessionQuery(db: Db) {
  return db
    .select({
      session_id: sessions.id,
      user_id: users.id,
      company_id: users.company_id,
      role_id: users.role_id,
      role_name: roles.name,
      status: users.status,
      is_platform: companies.is_platform,
      last_used_at: sessions.last_used_at,
      // Kept on the role row by triggers (one comma-separated text: splitting it costs far less than a text[]).
      permissions: roles.permission_names,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .innerJoin(roles, eq(roles.id, users.role_id))
    .innerJoin(companies, eq(companies.id, users.company_id))
    .where(and(eq(sessions.token_hash, sql.placeholder('hash')), gt(sessions.expires_at, sql`now()`)))
    .prepare('load_session')
}
// One prepared statement per database handle: PostgreSQL plans it once per
// connection instead of on every request (planning cost more than running it).
const prepared = new WeakMap<Db, ReturnType<typeof sessionQuery>>()

/**
 * One round trip per request, four primary-key rows and no aggregate: session,
 * user, role (with its permission names) and company. Nothing is cached, so a
 * sign-out, a blocked or deleted user or a changed role holds for the next
 * request on every copy of the server (test/process/session-revocation.test.ts).
 */
export async function loadSession(db: Db, token: string): Promise<SessionUser | undefined> {
  let query = prepared.get(db)
  if (!query) prepared.set(db, (query = sessionQuery(db)))
  const [row] = await query.execute({ hash: hashToken(token) })
  if (!row) return undefined
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    companyId: row.company_id,
    roleId: row.role_id,
    roleName: row.role_name,
    status: row.status,
    isPlatform: Boolean(row.is_platform),
    permissions: new Set(row.permissions ? row.permissions.split(',') : []),
    lastUsedAt: new Date(row.last_used_at),
  }
}

/** Records use at most once a minute, so reads do not turn into writes. */
export async function touchSession(db: Db, s: SessionUser) {
  if (Date.now() - s.lastUsedAt.getTime() < 60_000) return
  await db.update(sessions).set({ last_used_at: new Date() }).where(eq(sessions.id, s.sessionId))
}
