import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { listCounters, listCounterTables } from '../db/schema/index.js'

/**
 * List counters (docs/decisions/list-counters.md): the total of an unsearched
 * list, as it opens or narrowed by one enumerated filter, read from a row that
 * triggers keep exact (migration 0005) instead of a count(*) of every row.
 *
 * A resource declares what is counted (`counters` in defineResource); the
 * declarations land here, and `syncCounters` installs the triggers of every
 * declared table at start, rebuilding its counters, when the declaration is
 * new or changed. The repair command (`npm run db:counters`) rebuilds them all.
 */
export interface CounterSpec {
  /** SQL table name. */
  table: string
  /** Company column, '' for a platform-wide table. */
  companyColumn: string
  /** Enumerated filter columns counted per value (SQL column names), sorted. */
  keys: string[]
  /**
   * Count at commit (deferred row triggers) instead of at each statement: a transaction holds the table's
   * counter rows only while it commits, so writers of one company do not queue behind each other's open
   * transactions (orders, issue 33). Exact all the same: each row event adds its own delta.
   */
  atCommit?: boolean
}

const declared = new Map<string, CounterSpec>()

/** Called by defineResource; two resources over one table must declare the same counters. */
export function declareCounters(spec: CounterSpec): void {
  const keys = [...new Set(spec.keys)].sort()
  const prev = declared.get(spec.table)
  const next = { ...spec, keys }
  if (prev && JSON.stringify(prev) !== JSON.stringify(next))
    throw new Error(`${spec.table}: two resources declare different counters`)
  declared.set(spec.table, next)
}

export function declaredCounters(): CounterSpec[] {
  return [...declared.values()].sort((a, b) => a.table.localeCompare(b.table))
}

const textArray = (items: string[]) =>
  sql`ARRAY[${sql.join(
    items.map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`

const sameSpec = (a: { company_col: string; keys: string[]; at_commit: boolean }, b: CounterSpec) =>
  a.company_col === b.companyColumn && a.keys.join(',') === b.keys.join(',') && a.at_commit === !!b.atCommit

const install = (s: CounterSpec) =>
  sql`SELECT list_counters_install(${s.table}, ${s.companyColumn}, ${textArray(s.keys)}, ${!!s.atCommit})`

/**
 * Brings the installed triggers in line with the declarations: one read when
 * nothing changed. Two servers starting at once take turns (advisory lock).
 * Tables no longer declared keep their triggers: a resource removed from one
 * build may still be served by another copy; `repairCounters({ prune: true })`
 * drops them.
 */
export async function syncCounters(db: Db, specs = declaredCounters()): Promise<string[]> {
  const installed = await db.select().from(listCounterTables)
  const stale = specs.filter((s) => {
    const row = installed.find((r) => r.tbl === s.table)
    return !row || !sameSpec(row, s)
  })
  if (!stale.length) return []
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('list_counters'))`)
    const now = await tx.select().from(listCounterTables)
    for (const s of stale) {
      const row = now.find((r) => r.tbl === s.table)
      if (row && sameSpec(row, s)) continue
      await tx.execute(install(s))
    }
  })
  return stale.map((s) => s.table)
}

export interface Drift {
  table: string
  company_id: number
  key: string
  value: string
  counted: number
  actual: number
}

/** Counters that differ from a real count(*) of their table. */
export async function counterDrift(db: Db, tables?: string[]): Promise<Drift[]> {
  const names = tables ?? (await db.select({ tbl: listCounterTables.tbl }).from(listCounterTables)).map((r) => r.tbl)
  const out: Drift[] = []
  for (const table of names) {
    const res = (await db.execute(sql`SELECT * FROM list_counters_drift(${table})`)) as unknown as {
      rows: Array<{ out_company_id: number; out_key: string; out_value: string; out_counted: string; out_actual: string }>
    }
    for (const r of res.rows)
      out.push({
        table,
        company_id: Number(r.out_company_id),
        key: r.out_key,
        value: r.out_value,
        counted: Number(r.out_counted),
        actual: Number(r.out_actual),
      })
  }
  return out
}

/**
 * Rebuilds the counters of every declared table from its rows (and installs
 * their triggers again); with `prune`, drops those of tables no longer declared.
 */
export async function repairCounters(db: Db, opts: { prune?: boolean } = {}) {
  const specs = declaredCounters()
  const drift = await counterDrift(db)
  const pruned: string[] = []
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('list_counters'))`)
    for (const s of specs) await tx.execute(install(s))
    if (opts.prune) {
      for (const { tbl } of await tx.select({ tbl: listCounterTables.tbl }).from(listCounterTables)) {
        if (specs.some((s) => s.table === tbl)) continue
        await tx.execute(sql`SELECT list_counters_uninstall(${tbl})`)
        pruned.push(tbl)
      }
    }
  })
  return { rebuilt: specs.map((s) => s.table), drift, pruned }
}

/** Which counter a list call may read instead of counting. */
export interface CounterRef {
  table: string
  /** One company, or every company (the platform operator's list of all users). */
  company: number | 'all'
  key: string
  value: string
}

export async function readCounter(db: Db, ref: CounterRef): Promise<number> {
  const [row] = await db
    .select({ n: sql<string | null>`sum(${listCounters.n})` })
    .from(listCounters)
    .where(
      and(
        eq(listCounters.tbl, ref.table),
        eq(listCounters.key, ref.key),
        eq(listCounters.value, ref.value),
        ref.company === 'all' ? undefined : eq(listCounters.company_id, ref.company),
      ),
    )
  return Number(row?.n ?? 0)
}
