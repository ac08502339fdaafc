import { AsyncLocalStorage } from 'node:async_hooks'
import { sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { ACTIONS } from '@app/shared'
import type { Db } from '../db/client.js'

/**
 * The audit trail's writer (issue 30, docs/decisions/audit.md). Engines call
 * `recordAudit` in their own transaction with the precise change; every other
 * write is caught by plugins/audit.ts (its transaction, else after the answer),
 * so each successful write request leaves exactly one row.
 */
export interface AuditEntry {
  entity: string
  action: string
  recordId?: number | null
  change?: unknown
}

/** Who acted, when the request's session does not tell (a sign-in names the user it signs in). */
export interface AuditActor {
  companyId: number | null
  userId: number | null
  roleId: number | null
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the request's audit row is written; null for requests that write none (reads). */
    auditState: { recorded: boolean; recordId?: number } | null
  }
}

/** The request whose handler is running, for writes made through `db.transaction` (plugins/audit.ts). */
export const auditRequest = new AsyncLocalStorage<FastifyRequest>()

/**
 * The record a write route made when its URL has no `:id` (`POST /orders`): the generic row names it. Called
 * inside the request (its handler or a transaction it runs); a no-op elsewhere.
 */
export function auditRecordId(id: number): void {
  const req = auditRequest.getStore()
  if (req?.auditState) req.auditState.recordId = id
}

// Field names whose values never reach the audit: passwords, their hashes, tokens, secrets.
const SECRET = /pass(word)?|token|secret|hash|credential|api_?key|otp/i
const MAX_CHANGE_CHARS = 32_000

/** A copy safe to keep: secrets replaced, files named only, depth bounded. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null
  if (value instanceof Date) return value.toISOString()
  if (Buffer.isBuffer(value)) return '[file]'
  if (typeof value !== 'object') return value
  if (depth > 6) return '[…]'
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'function') continue
    out[k] = SECRET.test(k) ? '[redacted]' : redact(v, depth + 1)
  }
  return out
}

const same = (a: unknown, b: unknown) => JSON.stringify(redact(a)) === JSON.stringify(redact(b))

/** The fields an update changed, before and after (secrets redacted: only that they changed shows). */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changed = Object.keys(after).filter((k) => k !== 'updated_at' && k !== 'version' && !same(before[k], after[k]))
  return {
    before: redact(Object.fromEntries(changed.map((k) => [k, before[k] ?? null]))),
    after: redact(Object.fromEntries(changed.map((k) => [k, after[k] ?? null]))),
  }
}

/** The action of an update: a status change (blocking a user) is named as such, for the audit list's filter. */
export function updateAction(change: { after: unknown }): string {
  const status = (change.after as Record<string, unknown>).status
  if (status === undefined) return 'update'
  return status === 'blocked' ? 'block' : 'status'
}

function changeJson(change: unknown): string | null {
  if (change === undefined || change === null) return null
  const text = JSON.stringify(redact(change))
  return text.length > MAX_CHANGE_CHARS ? JSON.stringify({ truncated: true, size: text.length }) : text
}

/** An audit row's values as written (the role's name is read by the statement that writes it). */
export interface AuditRow {
  companyId: number | null
  userId: number | null
  roleId: number | null
  ip: string
  userAgent: string | null
  requestId: string
  entity: string
  recordId: number | null
  action: string
  /** jsonb text, secrets redacted. */
  change: string | null
}

function auditRow(req: FastifyRequest, entry: AuditEntry, actor?: AuditActor): AuditRow {
  const who: AuditActor = actor ?? {
    companyId: req.auth?.companyId ?? null,
    userId: req.auth?.userId ?? null,
    roleId: req.auth?.roleId ?? null,
  }
  const agent = req.headers['user-agent']
  return {
    ...who,
    ip: req.ip.slice(0, 64),
    userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null,
    requestId: String(req.id).slice(0, 64),
    entity: entry.entity.slice(0, 64),
    recordId: entry.recordId ?? null,
    action: entry.action.slice(0, 32),
    change: changeJson(entry.change),
  }
}

/**
 * Writes the request's audit row in `db` (the write's transaction) and marks
 * the request recorded, so the fallbacks of plugins/audit.ts add none. The
 * role's name is read in the same statement: it is kept as it was at the time.
 */
export async function recordAudit(db: Db, req: FastifyRequest, entry: AuditEntry, actor?: AuditActor) {
  const row = auditRow(req, entry, actor)
  await db.execute(sql`
    INSERT INTO audit_log (company_id, user_id, role_id, role_name, ip, user_agent, request_id, entity, record_id, action, change)
    VALUES (${row.companyId}, ${row.userId}, ${row.roleId},
      (SELECT name FROM roles WHERE id = ${row.roleId}), ${row.ip}, ${row.userAgent}, ${row.requestId},
      ${row.entity}, ${row.recordId}, ${row.action}, ${row.change}::jsonb)`)
  if (req.auditState) req.auditState.recorded = true
}

/**
 * The route's generic row the running request still owes (plugins/audit.ts writes it in the first transaction
 * the request commits), for a write that puts it into a statement of its own beside the record it makes (issue
 * 33: `POST /orders` writes it in the order's statement, a round trip fewer). `row.recordId` is left to that
 * statement. Call `written(true)` inside the transaction once that statement ran (the plugin then adds none),
 * `written(false)` when the transaction failed (a later success still gets its row from the plugin). Undefined
 * when the request owes none: outside a request, a read, already written, a route that writes its own.
 */
export function owedRouteAudit(): { row: AuditRow; written(done: boolean): void } | undefined {
  const req = auditRequest.getStore()
  const state = req?.auditState
  if (!req || !state || state.recorded || req.routeOptions.config?.audit === 'explicit') return undefined
  return {
    row: auditRow(req, routeEntry(req)),
    written: (done) => {
      state.recorded = done
    },
  }
}

const METHOD_ACTIONS: Record<string, string> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' }

/**
 * What a write route without its own audit call did, from its declaration:
 * the entity and action of the permission it needs (`order_hotel_approval`),
 * else its URL (`/auth/change_password`); the record from its `:id`; the
 * body it was sent (secrets redacted) as the change.
 */
export function routeEntry(req: FastifyRequest): AuditEntry {
  const access = req.routeOptions.config?.access
  const permission = typeof access === 'string' ? access : Array.isArray(access) ? (access[0] as string) : undefined
  const action = permission ? ACTIONS.find((a) => permission.endsWith(`_${a}`)) : undefined
  const segments = (req.routeOptions.url ?? '')
    .replace(/^\/api\/v1\//, '')
    .split('/')
    .filter((s) => s && !s.startsWith(':'))
  const entity = action ? permission!.slice(0, -(action.length + 1)) : (segments[0] ?? 'api')
  const named = action && action !== 'list' && action !== 'view' ? action : undefined
  const urlAction = segments.length > 1 ? segments[segments.length - 1] : undefined
  const id = Number((req.params as Record<string, unknown> | undefined)?.id ?? req.auditState?.recordId)
  const body = req.body
  return {
    entity,
    action: (access === 'public' || access === 'session' ? urlAction : named) ?? METHOD_ACTIONS[req.method] ?? 'write',
    recordId: Number.isSafeInteger(id) && id > 0 ? id : null,
    change: body && typeof body === 'object' ? { input: body } : null,
  }
}

/**
 * The retention job (issue 30): each company that keeps audit rows for N days
 * loses older ones through `audit_log_purge`, the only path the append-only
 * trigger lets delete. `companyId` narrows it to one company. Answers the rows purged.
 */
export async function purgeAudit(db: Db, companyId?: number): Promise<number> {
  const res = (await db.execute(sql`
    SELECT coalesce(sum(audit_log_purge(c.id, now() - c.audit_retention_days * interval '1 day')), 0)::int AS n
    FROM companies c
    WHERE c.audit_retention_days IS NOT NULL ${companyId === undefined ? sql`` : sql`AND c.id = ${companyId}`}`)) as unknown as {
    rows: Array<{ n: number }>
  }
  return Number(res.rows[0]?.n ?? 0)
}
