import { sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client.js'
import { HttpError, unprocessable } from '../lib/errors.js'
import { registerMessages } from '../lib/i18n.js'

/**
 * Edits that cannot overwrite each other (issue 30, docs/decisions/audit.md):
 * an update names the version it read, as `If-Match: "3"` or a body `version`;
 * the engine's UPDATE compares and bumps it in the same statement, so of two
 * updates sent with one version only the first matches a row. Without a
 * version the update is accepted (API clients that never read one).
 */

registerMessages({
  en: { version_conflict: 'Someone else changed this record after you opened it' },
  id: { version_conflict: 'Orang lain telah mengubah data ini setelah Anda membukanya' },
})

const expected = new WeakMap<FastifyRequest, number>()

/** preValidation: the version the client read, from If-Match or the body (the contract strips unknown keys). */
export async function takeVersion(req: FastifyRequest) {
  const header = req.headers['if-match']
  const body = req.body as Record<string, unknown> | null | undefined
  const raw =
    typeof header === 'string' && header.trim()
      ? header.trim().replace(/^W\//, '').replace(/"/g, '')
      : body && typeof body === 'object' && !Array.isArray(body)
        ? body.version
        : undefined
  if (raw === undefined || raw === null || raw === '') return
  const n = Number(raw)
  if (!Number.isSafeInteger(n) || n < 0) throw unprocessable({ version: ['field.invalid'] })
  expected.set(req, n)
}

export const expectedVersion = (req: FastifyRequest) => expected.get(req)

/** Thrown inside the write's transaction when no row had the version (rolls it back). */
export class StaleVersion extends Error {}

/** Who changed the record last and when, from the audit trail (its record index). */
export async function lastChange(
  db: Db,
  companyId: number,
  entity: string | readonly string[],
  recordId: number,
  action?: string,
) {
  const entities = typeof entity === 'string' ? [entity] : entity
  const res = (await db.execute(sql`
    SELECT a.user_id, u.name AS user_name, a.role_name, a.action, a.at
    FROM audit_log a LEFT JOIN users u ON u.id = a.user_id
    WHERE a.company_id = ${companyId} AND a.entity IN (${sql.join(
      entities.map((e) => sql`${e}`),
      sql`, `,
    )}) AND a.record_id = ${recordId} ${action ? sql`AND a.action = ${action}` : sql``}
    ORDER BY a.id DESC LIMIT 1`)) as unknown as { rows: Array<Record<string, unknown>> }
  const row = res.rows[0]
  return row ? { ...row, at: new Date(row.at as string).toISOString() } : null
}

/** The 409 of a stale version: the current record and who changed it, when. */
export const staleVersion = (current: Record<string, unknown>, changedBy: Record<string, unknown> | null) =>
  new HttpError(409, 'version_conflict', {}, { version: ['version_conflict'] }, undefined, {
    data: current,
    changed_by: changedBy,
  })
