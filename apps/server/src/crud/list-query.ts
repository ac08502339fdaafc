import { and, asc, desc, eq, gt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core'
import { pagination, type Pagination } from '@app/shared'
import type { Db } from '../db/client.js'
import { readCounter, type CounterRef } from './counters.js'

/** Most rows `export_data=true` answers in one JSON body; the streamed export has no limit. */
export const EXPORT_DATA_LIMIT = 10_000

// Drizzle's select builders are precisely typed per query; this engine composes
// them generically, so it works with the loose shapes below.
/* eslint-disable @typescript-eslint/no-explicit-any */
export type Fields = Record<string, any>
export type Join = (qb: PgSelect) => PgSelect

export interface ListSource {
  table: PgTable
  id: PgColumn
  fields: Fields
  join?: Join
  searchable: Array<AnyColumn | SQL>
  /** Searchable columns that also match the search rewritten their way (a phone typed `08…` stored `+628…`). */
  searchAs?: SearchRewrite[]
  sortable: Record<string, AnyColumn | SQL>
}

export interface ListParams {
  search?: string
  sort_by: string
  order_by: 'asc' | 'desc'
  page: number
  size: number
  export_data?: boolean
}

/** `%`, `_` and `\` typed by a user match themselves, not everything. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** A column that is also searched for the term as its stored form writes it; null: no other form. */
export interface SearchRewrite {
  column: AnyColumn
  term: (search: string) => string | null
}

const containsPattern = (term: string) => `%${escapeLike(term.toLowerCase())}%`

/**
 * Case-insensitive "contains" over the declared columns (DESIGN §2), served by trigram indexes on lower(col);
 * a rewritten column is matched by both the term and its rewriting (same index).
 */
export function searchCondition(
  columns: Array<AnyColumn | SQL>,
  search: string | undefined,
  rewrites: SearchRewrite[] = [],
): SQL | undefined {
  const term = search?.trim()
  if (!term || columns.length === 0) return undefined
  const pattern = containsPattern(term)
  const extra = rewrites.flatMap(({ column, term: rewrite }) => {
    const other = rewrite(term)
    return other && other !== term ? [sql`lower(${column}) LIKE ${containsPattern(other)}`] : []
  })
  return or(...columns.map((c) => sql`lower(${c}) LIKE ${pattern}`), ...extra)
}

function selectFrom(db: Db, src: ListSource, fields: Fields): PgSelect {
  let qb = (db.select(fields).from(src.table as any) as any).$dynamic() as PgSelect
  if (src.join) qb = src.join(qb)
  return qb
}

export async function listRows(
  db: Db,
  src: ListSource,
  params: ListParams,
  conditions: Array<SQL | undefined>,
  /** Where the total of this call is kept (crud/counters.ts), if it is; searches always count. */
  counter?: CounterRef,
): Promise<{ data: unknown[]; pagination: Pagination }> {
  const where = and(...conditions, searchCondition(src.searchable, params.search, src.searchAs))
  const sortCol = src.sortable[params.sort_by] ?? src.id
  const dir = params.order_by === 'asc' ? asc : desc
  const order = [dir(sortCol), dir(src.id)]

  if (params.export_data) {
    const data = await selectFrom(db, src, src.fields)
      .where(where)
      .orderBy(...order)
      .limit(EXPORT_DATA_LIMIT)
    return { data, pagination: pagination(data.length, 0, Math.max(data.length, 1)) }
  }
  const page = (fields: Fields, orderBy: SQL[]) =>
    selectFrom(db, src, fields)
      .where(where)
      .orderBy(...orderBy)
      .limit(params.size)
      .offset(params.page * params.size)
  const count = async () => {
    const [row] = (await selectFrom(db, src, { n: sql<number>`count(*)::int` }).where(where)) as Array<{ n: number }>
    return Number(row?.n ?? 0)
  }

  if (params.search?.trim()) {
    // A search reads its matches once for both the page and the total
    // (docs/performance/reference-list.md's git history). Sorting by coalesce(col, col) keeps
    // the planner from walking the sort column's index and filtering every row
    // (it assumes matches are spread evenly, and they cluster): the trigram
    // index finds the matches, then a top-N sort picks the page.
    const keyed = (c: AnyColumn | SQL) => sql`coalesce(${c}, ${c})`
    const rows = (await page({ ...src.fields, __total: sql<number>`(count(*) over ())::int`.as('__total') }, [
      dir(keyed(sortCol)),
      dir(src.id),
    ])) as Array<Record<string, unknown> & { __total: number }>
    // A page past the end has no row to carry the total.
    const total = rows.length ? Number(rows[0]!.__total) : params.page === 0 ? 0 : await count()
    const data = rows.map(({ __total, ...row }) => row)
    return { data, pagination: pagination(total, params.page, params.size) }
  }
  // Without a search the page walks the sort index and stops after `size` rows;
  // the total is its own query, run beside it on a pool: one counter row when
  // the resource keeps one for this call, else a count(*).
  const [data, total] = await Promise.all([page(src.fields, order), counter ? readCounter(db, counter) : count()])
  return { data, pagination: pagination(total, params.page, params.size) }
}

/** Rows in id order, a batch at a time, so an export of any size keeps memory flat. */
export async function* iterateRows(
  db: Db,
  src: ListSource,
  conditions: Array<SQL | undefined>,
  search: string | undefined,
  batch = 1000,
): AsyncGenerator<Record<string, unknown>> {
  let last = 0
  for (;;) {
    const rows = (await selectFrom(db, src, { ...src.fields, __id: src.id })
      .where(and(...conditions, searchCondition(src.searchable, search, src.searchAs), gt(src.id, last)))
      .orderBy(asc(src.id))
      .limit(batch)) as Array<Record<string, unknown> & { __id: number }>
    for (const { __id, ...row } of rows) yield row
    if (rows.length < batch) return
    last = rows[rows.length - 1]!.__id
  }
}

/**
 * Runs an export's query up to its first row before a byte is sent: a query the
 * database refuses then answers the one error shape, instead of a 200 whose
 * stream is cut after the header row.
 */
export async function primed<T>(rows: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const it = rows[Symbol.asyncIterator]()
  const first = await it.next()
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return
      yield first.value
      for (let r = await it.next(); !r.done; r = await it.next()) yield r.value
    },
  }
}

/** The row `id` within ready-made conditions: SQL built per call (writes inside a transaction use it). */
export async function findOne(db: Db, src: ListSource, id: number, conditions: Array<SQL | undefined>) {
  const rows = await selectFrom(db, src, src.fields)
    .where(and(eq(src.id, id), ...conditions))
    .limit(1)
  return rows[0] as Record<string, unknown> | undefined
}

export type PreparedRead = { execute(params: Record<string, unknown>): Promise<unknown[]> }
const preparedReads = new WeakMap<object, { name: string; byDb: WeakMap<Db, PreparedRead> }>()
let statements = 0

/**
 * One named prepared statement per `owner` (a source, a calendar's read…) and
 * database handle: drizzle builds the SQL text once per handle, and PostgreSQL
 * parses and plans it once per connection, instead of both on every call of a
 * hot read (docs/performance/calls.md). The name is the owner's, so a
 * transaction on a pooled connection reuses it too. `build` makes the query
 * with `sql.placeholder(…)` for what changes between calls.
 */
export function prepared(owner: object, label: string, db: Db, build: (db: Db) => unknown): PreparedRead {
  let cache = preparedReads.get(owner)
  if (!cache) preparedReads.set(owner, (cache = { name: `${label}_${++statements}`, byDb: new WeakMap() }))
  let query = cache.byDb.get(db)
  if (!query) {
    query = (build(db) as { prepare(name: string): PreparedRead }).prepare(cache.name)
    cache.byDb.set(db, query)
  }
  return query
}

/**
 * The row `id` of a source, scoped to a company through `companyColumn` (or
 * unscoped without it), as a prepared statement with the id and company id as
 * parameters. For the hot one-row read (`GET /{resource}/{id}`); a source is
 * always read with the same scope shape.
 */
export async function findById(
  db: Db,
  src: ListSource,
  id: number,
  scope: { column: PgColumn; companyId: number } | undefined,
): Promise<Record<string, unknown> | undefined> {
  const query = prepared(src, 'find_by_id', db, (db) => {
    const where = scope
      ? and(eq(src.id, sql.placeholder('id')), eq(scope.column, sql.placeholder('company')))
      : eq(src.id, sql.placeholder('id'))
    return selectFrom(db, src, src.fields).where(where).limit(1)
  })
  const rows = await query.execute(scope ? { id, company: scope.companyId } : { id })
  return rows[0] as Record<string, unknown> | undefined
}
