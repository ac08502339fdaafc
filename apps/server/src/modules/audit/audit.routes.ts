import { eq, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { auditFiltersSchema, auditQuerySchema, auditRetentionSchema, type AuditRow } from '@app/shared'
import type { ExportColumn } from '../../crud/csv.js'
import { exportHeadersField, sendExport } from '../../crud/export.js'
import type { Db } from '../../db/client.js'
import { companies } from '../../db/schema/index.js'
import { purgeAudit, recordAudit } from '../../lib/audit.js'
import { requireAuth } from '../../plugins/auth.js'

type Filters = Partial<Record<'user_id' | 'record_id', number> & Record<'entity' | 'action' | 'from' | 'to' | 'day', string>>

/** The audit list's conditions, all within the caller's company; each filter leads one of audit_log's indexes. */
function conditions(companyId: number, f: Filters): SQL {
  const parts: SQL[] = [sql`a.company_id = ${companyId}`]
  if (f.user_id !== undefined) parts.push(sql`a.user_id = ${f.user_id}`)
  if (f.entity !== undefined)
    parts.push(
      sql`a.entity IN (${sql.join(
        f.entity.split(',').map((e) => sql`${e}`),
        sql`, `,
      )})`,
    )
  if (f.record_id !== undefined) parts.push(sql`a.record_id = ${f.record_id}`)
  if (f.action !== undefined) parts.push(sql`a.action = ${f.action}`)
  // Days, keyset-friendly: ids are handed out in the order rows are written and a row's `at` is its
  // transaction's start, so every row of the range lies after the last row stamped an hour before the range
  // and before the first stamped an hour after it (no write transaction lasts an hour). Those two ids, each
  // one probe of (company_id, at), bound the id scan every page walks; the exact test on `at` stays.
  if (f.from !== undefined)
    parts.push(sql`a.at >= ${f.from}::date AND a.id > coalesce((SELECT b.id FROM audit_log b
      WHERE b.company_id = ${companyId} AND b.at < ${f.from}::date - interval '1 hour' ORDER BY b.at DESC LIMIT 1), 0)`)
  if (f.to !== undefined)
    parts.push(sql`a.at < ${f.to}::date + 1 AND a.id < coalesce((SELECT b.id FROM audit_log b
      WHERE b.company_id = ${companyId} AND b.at >= ${f.to}::date + 1 + interval '1 hour' ORDER BY b.at LIMIT 1), 9223372036854775807)`)
  // A day's history on a calendar: the range writes whose range (and weekday mask) covers it.
  if (f.day !== undefined)
    parts.push(sql`a.action = 'range'
      AND a.change->'range'->>'start_date' <= ${f.day} AND a.change->'range'->>'end_date' >= ${f.day}
      AND (jsonb_typeof(a.change->'range'->'weekdays') IS DISTINCT FROM 'array'
        OR a.change->'range'->'weekdays' @> to_jsonb(extract(isodow FROM ${f.day}::date)::int))`)
  return sql.join(parts, sql` AND `)
}

/** One page, newest first, after the id `before` (keyset: no OFFSET, no count over a million rows). */
async function page(db: Db, companyId: number, f: Filters, before: number | undefined, size: number): Promise<AuditRow[]> {
  const res = (await db.execute(sql`
    SELECT a.id, a.at, a.user_id, u.name AS user_name, a.role_name, a.ip, a.user_agent, a.entity, a.record_id, a.action, a.change
    FROM audit_log a LEFT JOIN users u ON u.id = a.user_id
    WHERE ${conditions(companyId, f)} ${before === undefined ? sql`` : sql`AND a.id < ${before}`}
    ORDER BY a.id DESC LIMIT ${size}`)) as unknown as { rows: Array<Record<string, unknown>> }
  return res.rows.map((r) => ({ ...r, id: Number(r.id), at: new Date(r.at as string).toISOString() }) as AuditRow)
}

const EXPORT_COLUMNS: ExportColumn[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'at', labelKey: 'audit.columns.at', value: (r) => r.at },
  { header: 'user', labelKey: 'audit.columns.user', value: (r) => r.user_name },
  { header: 'role', labelKey: 'audit.columns.role', value: (r) => r.role_name },
  { header: 'ip', labelKey: 'audit.fields.ip', value: (r) => r.ip },
  { header: 'user_agent', labelKey: 'audit.fields.user_agent', value: (r) => r.user_agent },
  { header: 'entity', labelKey: 'audit.columns.entity', value: (r) => r.entity },
  { header: 'record', labelKey: 'audit.columns.record', value: (r) => r.record_id },
  { header: 'action', labelKey: 'audit.columns.action', labels: 'audit.actions.', value: (r) => r.action },
  { header: 'change', labelKey: 'audit.change', value: (r) => r.change },
]
const EXPORT_BATCH = 1000

/**
 * The audit trail's screens' calls (issue 30): `GET /audit` (filters, keyset
 * pages) and its streamed CSV export. Read-only: no route changes an audit row.
 */
export default async function auditRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const tags = ['audit']

  app.get('/audit', { schema: { tags, querystring: auditQuerySchema }, config: { access: 'audit_list' } }, async (req) => {
    const { before, size, ...filters } = req.query
    const rows = await page(app.db, requireAuth(req).companyId, filters, before, size + 1)
    const more = rows.length > size
    const data = more ? rows.slice(0, size) : rows
    return { data, pagination: { size, next: more ? data[data.length - 1]!.id : null } }
  })

  // Retention (the audit screen's "Keep audit rows"): days rows are kept, null for ever.
  const retention = async (db: Db, companyId: number) => {
    const [row] = await db.select({ days: companies.audit_retention_days }).from(companies).where(eq(companies.id, companyId))
    return { days: row?.days ?? null }
  }
  app.get('/audit/retention', { schema: { tags }, config: { access: 'audit_view' } }, async (req) => ({
    data: await retention(app.db, requireAuth(req).companyId),
  }))
  app.put(
    '/audit/retention',
    { schema: { tags, body: auditRetentionSchema }, config: { access: 'audit_update' } },
    async (req) => {
      const auth = requireAuth(req)
      const before = await retention(app.db, auth.companyId)
      // The setting, its audit row and the purge it allows: one transaction.
      await app.db.transaction(async (t) => {
        const tx = t as unknown as Db
        await tx.update(companies).set({ audit_retention_days: req.body.days }).where(eq(companies.id, auth.companyId))
        await recordAudit(tx, req, {
          entity: 'audit',
          action: 'update',
          recordId: auth.companyId,
          change: { before: { retention_days: before.days }, after: { retention_days: req.body.days } },
        })
        await purgeAudit(tx, auth.companyId)
      })
      return { data: { days: req.body.days } }
    },
  )

  app.get(
    '/audit/export',
    {
      schema: { tags, querystring: auditFiltersSchema.extend({ headers: exportHeadersField }) },
      config: { access: 'audit_export' },
    },
    async (req, reply) => {
      const companyId = requireAuth(req).companyId
      const filters = req.query
      async function* rows() {
        let before: number | undefined
        for (;;) {
          const batch = await page(app.db, companyId, filters, before, EXPORT_BATCH)
          yield* batch as unknown as Array<Record<string, unknown>>
          if (batch.length < EXPORT_BATCH) return
          before = batch[batch.length - 1]!.id
        }
      }
      return sendExport(req, reply, app.db, { name: 'audit', format: 'csv', columns: EXPORT_COLUMNS, rows: rows() })
    },
  )
}
