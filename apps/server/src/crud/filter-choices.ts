import { asc, eq, getTableColumns } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.js'
import { requireAuth, type Access } from '../plugins/auth.js'

/**
 * The choices of a list's filter (issue 32): `GET /{list}/choices/{filter}` answers the id and name of the
 * company's rows a filter picks from (a hotel list's locations and categories), under the list's own
 * permission. Whoever may read the list may narrow it, without the right to open the chosen table's own
 * list (a reservations clerk reads hotels, not the location catalogue).
 */
export interface FilterChoices {
  /** The table the filter's value points at: it has `id`, `name` and `company_id`. */
  table: PgTable
}

/** A company's reference lists hold tens to hundreds of rows; the cap keeps a runaway one from one huge answer. */
export const MAX_FILTER_CHOICES = 2000

export async function filterChoices(db: Db, companyId: number, choices: FilterChoices) {
  const cols = getTableColumns(choices.table) as Record<string, PgColumn>
  const { id, name, company_id } = cols
  if (!id || !name || !company_id) throw new Error('filter choices need id, name and company_id')
  // Served by the table's (company_id, name) order when it has one; a company's rows are few either way.
  return db
    .select({ id, name })
    .from(choices.table)
    .where(eq(company_id, companyId))
    .orderBy(asc(name), asc(id))
    .limit(MAX_FILTER_CHOICES)
}

export function registerFilterChoices(
  app: FastifyInstance,
  base: string,
  filters: Record<string, { choices?: FilterChoices }> | undefined,
  access: Access,
  tags: string[],
) {
  for (const [filter, f] of Object.entries(filters ?? {})) {
    const choices = f.choices
    if (!choices) continue
    app.get(`${base}/choices/${filter}`, { schema: { tags }, config: { access } }, async (req) => ({
      data: await filterChoices(app.db, requireAuth(req).companyId, choices),
    }))
  }
}
