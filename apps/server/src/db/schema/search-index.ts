import { sql } from 'drizzle-orm'
import { index, type PgColumn } from 'drizzle-orm/pg-core'

/**
 * The index behind a company's "contains" search on `column` (DESIGN §2:
 * `lower(col) LIKE '%term%'`): one GIN over the company id (btree_gin) and the
 * trigrams of `lower(column)` (pg_trgm). A search then reads only its own
 * company's matches, however many other companies share the table, instead of
 * every company's matches and a filter (docs/performance/calls.md's git history,
 * "search by company"). A short term with no trigram still narrows to the company.
 *
 * `fastupdate = off`: a write puts its entries in the index itself, not in a
 * pending list that every search then reads whole until a vacuum merges it —
 * PGlite runs no autovacuum, and on PostgreSQL a pending list after a bulk
 * insert made the planner prefer reading the whole company. A write pays
 * ~0.06 ms more per index; a search is planned on the index as it is.
 */
export function companySearchIndex(name: string, company: PgColumn, column: PgColumn) {
  return index(name)
    .using('gin', company, sql`lower(${column}) gin_trgm_ops`)
    .with({ fastupdate: false })
}

/**
 * A name as its company's uniqueness sees it (issue 32): trimmed, runs of spaces made one, lower-cased,
 * so "Makkah", " makkah " and "MAKKAH" are the same name. The unique index on it is named
 * `<table>_company_norm_name_uq`; the error handler answers its violation with a 422 on `name`.
 */
export const normalisedName = (column: PgColumn) => sql`lower(regexp_replace(trim(${column}), '\\s+', ' ', 'g'))`
