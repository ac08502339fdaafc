import { bigint, boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'

/**
 * Row counts of the lists that declare `counters` (crud/counters.ts), kept exact
 * by statement triggers in the same transaction as every insert, delete and
 * update (or, for a table declared `atCommit`, by row triggers deferred to its commit): the total of an unsearched list is one index lookup here instead of a
 * count(*). `key`/`value` are '' for the whole list, else an enumerated filter
 * column and its value as text ('true', 'active'); `company_id` is 0 for a
 * table that is not company-scoped.
 */
export const listCounters = pgTable(
  'list_counters',
  {
    tbl: text('tbl').notNull(),
    company_id: integer('company_id').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tbl, t.key, t.value, t.company_id] })],
)

/** Which tables have counter triggers, by which company column and keys (what the declarations last installed). */
export const listCounterTables = pgTable('list_counter_tables', {
  tbl: text('tbl').primaryKey(),
  company_col: text('company_col').notNull(),
  keys: text('keys').array().notNull(),
  /** Counted by deferred row triggers at commit (orders, issue 33): concurrent writers hold the rows only while committing. */
  at_commit: boolean('at_commit').notNull().default(false),
})
