import { and, eq, ne, sql } from 'drizzle-orm'
import { SESSION_DAYS } from '@app/shared'
import type { Db } from '../db/client.js'
import { sessions } from '../db/schema/index.js'
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

/**
 * One round trip per request: session, user, role, company and the role's
 * permissions. A blocked or deleted user (or a changed role) is seen at once.
 */
export async function loadSession(db: Db, token: string): Promise<SessionUser | undefined> {
  const result = (await db.execute(sql`
    SELECT s.id AS session_id, u.id AS user_id, u.company_id, u.role_id, r.name AS role_name, u.status,
           c.is_platform, s.last_used_at,
           ARRAY(SELECT p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
                 WHERE rp.role_id = u.role_id) AS permissions
      FROM sessions s
      JOIN users u ON u.id = s.user_id
      JOIN roles r ON r.id = u.role_id
      JOIN companies c ON c.id = u.company_id
     WHERE s.token_hash = ${hashToken(token)} AND s.expires_at > now()`)) as unknown as { rows: Array<{
    session_id: number
    user_id: number
    company_id: number
    role_id: number
    role_name: string
    status: string
    is_platform: boolean
    last_used_at: string | Date
    permissions: string[] | null
  }> }
  const row = result.rows[0]
  if (!row) return undefined
  return {
    sessionId: Number(row.session_id),
    userId: Number(row.user_id),
    companyId: Number(row.company_id),
    roleId: Number(row.role_id),
    roleName: row.role_name,
    status: row.status,
    isPlatform: Boolean(row.is_platform),
    permissions: new Set(row.permissions ?? []),
    lastUsedAt: new Date(row.last_used_at),
  }
}

/** Records use at most once a minute, so reads do not turn into writes. */
export async function touchSession(db: Db, s: SessionUser) {
  if (Date.now() - s.lastUsedAt.getTime() < 60_000) return
  await db.update(sessions).set({ last_used_at: new Date() }).where(eq(sessions.id, s.sessionId))
}
