import { getTableColumns, getTableName, is, sql, type SQL } from 'drizzle-orm'
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { DashboardData } from '@app/shared'
import type { Db } from '../../db/client.js'
import * as schema from '../../db/schema/index.js'
import { requireAuth } from '../../plugins/auth.js'

export const DASHBOARD_MONTHS = 12
/** Company tables that are bookkeeping, not business figures. */
const NOT_COUNTED = new Set(['roles', 'uploads', 'galleries', 'order_idempotency', 'order_payments'])

/**
 * Every company-scoped table with a `created_at` (users, reference lists, and
 * hotels, rooms… as their modules add them), found in the schema itself, so
 * a new table shows on the dashboard without touching this file.
 */
export function countedTables(): Array<{ key: string; companyId: PgColumn; createdAt: PgColumn }> {
  const found: Array<{ key: string; companyId: PgColumn; createdAt: PgColumn }> = []
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue
    const key = getTableName(value)
    const cols = getTableColumns(value) as Record<string, PgColumn>
    if (NOT_COUNTED.has(key) || !cols.company_id || !cols.created_at) continue
    found.push({ key, companyId: cols.company_id, createdAt: cols.created_at })
  }
  return found.sort((a, b) => (a.key === 'users' ? -1 : b.key === 'users' ? 1 : a.key.localeCompare(b.key)))
}

/** `YYYY-MM` of the last `n` months (UTC), oldest first, ending with the current month. */
export function lastMonths(n: number, now = new Date()): string[] {
  const out: string[] = []
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`)
  }
  return out
}

/** One statement: per table, the rows created in each of the last 12 months and the total. */
export async function dashboardFigures(db: Db, companyId: number, now = new Date()): Promise<DashboardData> {
  const months = lastMonths(DASHBOARD_MONTHS, now)
  const since = `${months[0]}-01T00:00:00Z`
  const tables = countedTables()
  const parts: SQL[] = tables.map(
    (tb) => sql`SELECT ${tb.key}::text AS key, to_char(${tb.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*)::int AS n
                  FROM ${tb.companyId.table} WHERE ${tb.companyId} = ${companyId} AND ${tb.createdAt} >= ${since}::timestamptz GROUP BY 2
                UNION ALL
                SELECT ${tb.key}::text, 'total', count(*)::int FROM ${tb.companyId.table} WHERE ${tb.companyId} = ${companyId}`,
  )
  const result = (await db.execute(sql.join(parts, sql` UNION ALL `))) as unknown as {
    rows: Array<{ key: string; month: string; n: number | string }>
  }
  const series = tables.map((tb) => ({ key: tb.key, counts: months.map(() => 0), total: 0 }))
  const byKey = new Map(series.map((s) => [s.key, s]))
  for (const row of result.rows) {
    const s = byKey.get(row.key)!
    if (row.month === 'total') s.total = Number(row.n)
    else {
      const i = months.indexOf(row.month)
      if (i >= 0) s.counts[i] = Number(row.n)
    }
  }
  return { months, series }
}

export default async function dashboardRoutes(app: FastifyInstance) {
  app.get('/dashboard', { schema: { tags: ['dashboard'] }, config: { access: 'session' } }, async (req) => ({
    data: await dashboardFigures(app.db, requireAuth(req).companyId),
  }))
}
