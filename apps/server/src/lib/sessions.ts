/* eslint-disable @typescript-eslint/no-explicit-any -- a row read's fields are any table's */
import { and, Column, eq, gt, is, lt, ne, SQL, sql, Subquery } from 'drizzle-orm'
import { alias, type PgColumn, type PgSelect, type PgTable } from 'drizzle-orm/pg-core'
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
  /** Shared between the requests of one role while its permissions stay the same: never change it. */
  permissions: ReadonlySet<string>
  lastUsedAt: Date
}

// The session's tables under names of their own, so a statement can read the
// session beside a row of the same tables (a user, a role, a company).
const s = alias(sessions, 'auth_session')
const u = alias(users, 'auth_user')
const r = alias(roles, 'auth_role')
const c = alias(companies, 'auth_company')

const sessionFields = {
  session_id: s.id,
  user_id: u.id,
  company_id: u.company_id,
  role_id: u.role_id,
  role_name: r.name,
  status: u.status,
  is_platform: c.is_platform,
  last_used_at: s.last_used_at,
  // Kept on the role row by triggers (one comma-separated text: splitting it costs far less than a text[]).
  permissions: r.permission_names,
}
type SessionRow = { [K in keyof typeof sessionFields]: (typeof sessionFields)[K]['_']['data'] }

/** The session (FROM it) joined to its user, role and company. */
const withUser = (qb: PgSelect): PgSelect =>
  qb.innerJoin(u, eq(u.id, s.user_id)).innerJoin(r, eq(r.id, u.role_id)).innerJoin(c, eq(c.id, u.company_id))
/** Only the unexpired session of the token whose hash is `$hash`. */
const ofToken = () => and(eq(s.token_hash, sql.placeholder('hash')), gt(s.expires_at, sql`now()`))

/**
 * The permission set of each role as last read, kept while the role row's names
 * are the same text: every request compares the text it just read (a memcmp)
 * instead of splitting ~100 names into a new Set, a tenth of a one-row read's
 * CPU in a profile. It is a parse cache, not a session cache: the names are
 * still read from the database on every request, so a changed role holds at once.
 */
const permissionSets = new Map<number, { names: string; set: ReadonlySet<string> }>()

export function permissionSet(roleId: number, names: string | null): ReadonlySet<string> {
  const text = names ?? ''
  const known = permissionSets.get(roleId)
  if (known && known.names === text) return known.set
  const set: ReadonlySet<string> = new Set(text ? text.split(',') : [])
  if (permissionSets.size >= 10_000) permissionSets.clear()
  permissionSets.set(roleId, { names: text, set })
  return set
}

function toSessionUser(row: SessionRow): SessionUser {
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    companyId: row.company_id,
    roleId: row.role_id,
    roleName: row.role_name,
    status: row.status,
    isPlatform: Boolean(row.is_platform),
    permissions: permissionSet(row.role_id, row.permissions),
    lastUsedAt: new Date(row.last_used_at),
  }
}

const sessionQuery = (db: Db) => withUser(db.select(sessionFields).from(s).$dynamic()).where(ofToken()).prepare('load_session')
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
  const [row] = (await query.execute({ hash: hashToken(token) })) as SessionRow[]
  return row ? toSessionUser(row) : undefined
}

/**
 * What a one-row read declares so that the session and its row come in one
 * statement (`loadSessionWithRow`): the row's table, fields and joins, the
 * column that keeps it inside the caller's company (none: a platform-wide row),
 * and where the request names the row (the path's `:id`, or a query key).
 */
export interface RowRead {
  table: PgTable
  id: PgColumn
  fields: Record<string, unknown>
  join?: (qb: PgSelect) => PgSelect
  companyColumn?: PgColumn
  /** The query key holding the row's id (`room_id`); without it, the path's `:id`. */
  param?: string
  /**
   * More of the answer, read in the same statement beside the row: named SQL expressions over it
   * (correlated subqueries whose `sql.placeholder`s take the request's values), and those values
   * from the request's query once it is valid (`undefined` otherwise: the statement is then not
   * sent and the route's own validation answers). A calendar's month read gets its days this way.
   */
  also?: { fields: Record<string, unknown>; params: (query: unknown) => Record<string, unknown> | undefined }
}
type SessionAndRow = { session: SessionUser; row: Record<string, unknown> }
type RowStatement = {
  execute(params: Record<string, unknown>): Promise<Array<Record<string, unknown>> | SessionAndRow[]>
  /** Set when its rows are read by `sessionRowMapper` (they then come as `SessionAndRow`). */
  mapped?: boolean
}
const rowStatements = new WeakMap<RowRead, { name: string; byDb: WeakMap<Db, RowStatement> }>()
let rowReads = 0

type Decoder = { mapFromDriverValue(value: unknown): unknown }
/** How drizzle decodes a selected field (its `mapResultRow`): a column by itself, an SQL expression by its `mapWith`. */
function decoderOf(field: unknown): Decoder {
  const of = (expr: unknown) => (expr as { decoder: Decoder }).decoder
  if (is(field, Column)) return field
  if (is(field, SQL)) return of(field)
  if (is(field, Subquery)) return of((field as unknown as { _: { sql: SQL } })._.sql)
  return of((field as SQL.Aliased).sql)
}

/**
 * The rows of a session-and-row statement (arrays, in its select's order) as `{ session, row }`, each value
 * decoded as drizzle's generic `mapResultRow` would, without its walk over every field's path and kind on
 * every row (3 % of a one-row read's CPU): the decoders are picked once. Only for the flat shape (the
 * session's fields under `__session`, every other field at the top); anything else keeps drizzle's mapping.
 */
function sessionRowMapper(fields: Array<{ path: string[]; field: unknown }>) {
  const columns = fields.map(({ path, field }) => ({
    session: path[0] === '__session',
    key: path[path.length - 1]!,
    decoder: decoderOf(field),
  }))
  if (fields.some(({ path }) => path.length !== (path[0] === '__session' ? 2 : 1))) return undefined
  return (rows: unknown[][]): SessionAndRow[] =>
    rows.map((values) => {
      const session: Record<string, unknown> = {}
      const row: Record<string, unknown> = {}
      for (let i = 0; i < columns.length; i++) {
        const { session: ofSession, key, decoder } = columns[i]!
        const raw = values[i]
        const value = raw === null ? null : decoder.mapFromDriverValue(raw)
        if (ofSession) session[key] = value
        else row[key] = value
      }
      return { session: toSessionUser(session as SessionRow), row }
    })
}

/**
 * The session of `token` and the row `id` of `read` in its user's company, in
 * one statement (one round trip instead of two for the hot one-row read,
 * docs/performance/calls.md). The row is read whatever the role may do: the
 * caller applies the same checks as for `loadSession` before using it, and
 * drops it with the request otherwise. `undefined` when the session or the row
 * is missing: the caller then asks `loadSession` which of the two it was.
 */
export async function loadSessionWithRow(
  db: Db,
  token: string,
  read: RowRead,
  id: number,
  also: Record<string, unknown> = {},
): Promise<{ session: SessionUser; row: Record<string, unknown> } | undefined> {
  let cache = rowStatements.get(read)
  if (!cache) rowStatements.set(read, (cache = { name: `session_row_${++rowReads}`, byDb: new WeakMap() }))
  let query = cache.byDb.get(db)
  if (!query) {
    const on = and(eq(read.id, sql.placeholder('id')), read.companyColumn ? eq(read.companyColumn, u.company_id) : undefined)
    const fields = { __session: sessionFields, ...read.fields, ...read.also?.fields }
    let qb = withUser((db.select(fields as any).from(s) as any).$dynamic())
    qb = qb.innerJoin(read.table, on)
    if (read.join) qb = read.join(qb)
    query = qb.where(ofToken()).limit(1).prepare(cache.name) as unknown as RowStatement
    // Both drivers' prepared queries keep their ordered fields and take a mapper of the rows in place of
    // drizzle's own (`customResultMapper`, what its relational queries use).
    const prepared = query as unknown as { fields?: Array<{ path: string[]; field: unknown }>; customResultMapper?: unknown }
    const mapper = prepared.fields && sessionRowMapper(prepared.fields)
    if (mapper) {
      prepared.customResultMapper = mapper
      query.mapped = true
    }
    cache.byDb.set(db, query)
  }
  const [found] = await query.execute({ ...also, hash: hashToken(token), id })
  if (!found) return undefined
  if (query.mapped) return found as SessionAndRow
  const { __session, ...row } = found as Record<string, unknown>
  return { session: toSessionUser(__session as SessionRow), row }
}

const TOUCH_MS = 60_000
/**
 * When this process last recorded each session's use: its requests in flight all read the older time.
 * Per database handle, since a session id names a row of one database: two databases in one process
 * (the API tests' files sharing a worker) each have their session 1.
 */
const touchedByDb = new WeakMap<Db, Map<number, number>>()
function touchedOf(db: Db): Map<number, number> {
  let touched = touchedByDb.get(db)
  if (!touched) touchedByDb.set(db, (touched = new Map()))
  return touched
}

/**
 * Whether `touchSession` has anything to record (checked first, without a promise, on every request): the
 * session's last use is a minute old, and no request of this process recorded it since.
 */
export function needsTouch(db: Db, s: SessionUser): boolean {
  const now = Date.now()
  if (now - s.lastUsedAt.getTime() < TOUCH_MS) return false
  const last = touchedByDb.get(db)?.get(s.sessionId)
  return last === undefined || now - last >= TOUCH_MS
}

/**
 * Records a session's use at most once a minute, so reads do not turn into
 * writes. Once per session and process: when the minute passed, every request
 * in flight had read the old time, and each sent its own update of the same
 * row (48 at 50 connections; docs/performance/calls.md's git history, the
 * session's "touch"), queued on its lock and each leaving a dead row version. The update
 * also leaves alone a row another copy of the server touched since this
 * request read it.
 */
export async function touchSession(db: Db, s: SessionUser) {
  if (!needsTouch(db, s)) return
  const now = Date.now()
  const touched = touchedOf(db)
  touched.set(s.sessionId, now)
  if (touched.size > 10_000) for (const [id, at] of touched) if (now - at >= TOUCH_MS) touched.delete(id)
  await db
    .update(sessions)
    .set({ last_used_at: new Date(now) })
    // Only while the row still holds the time this request read (the column keeps microseconds, the read ms).
    .where(and(eq(sessions.id, s.sessionId), lt(sessions.last_used_at, new Date(s.lastUsedAt.getTime() + 1))))
}
