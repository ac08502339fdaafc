import { getTableName } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { SessionUser } from '../lib/sessions.js'
import { declareCounters, type CounterRef } from './counters.js'
import type { ResourceOptions } from './resource-options.js'

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Declares a resource's counters and answers, per list call, the counter that
 * holds its total, or undefined when the total must be counted (a search, a
 * filter that is not counted, or two filters at once).
 */
export function countersOf(
  opts: ResourceOptions<any>,
): ((auth: SessionUser, q: Record<string, unknown>) => CounterRef | undefined) | undefined {
  if (!opts.counters) return undefined
  const { table } = opts
  const by = opts.counters.by ?? {}
  const scoped = opts.companyScoped !== false
  for (const key of Object.keys(by))
    if (!opts.filters?.[key]) throw new Error(`${opts.name}: counted filter '${key}' is not a filter`)
  if (opts.listScope && !opts.counters.company) throw new Error(`${opts.name}: counters with a listScope need counters.company`)
  const name = getTableName(table)
  declareCounters({
    table: name,
    companyColumn: scoped ? (table.company_id as PgColumn).name : '',
    keys: Object.values(by).map((c) => c.name),
  })
  const company = opts.counters.company ?? ((auth: SessionUser) => (scoped ? auth.companyId : 0))
  const filterKeys = Object.keys(opts.filters ?? {})
  return (auth, q) => {
    if (typeof q.search === 'string' && q.search.trim()) return undefined
    const active = filterKeys.filter((k) => q[k] !== undefined)
    if (active.length > 1) return undefined
    const key = active[0]
    if (key === undefined) return { table: name, company: company(auth, q), key: '', value: '' }
    const column = by[key]
    if (!column) return undefined
    return { table: name, company: company(auth, q), key: column.name, value: String(q[key]) }
  }
}
