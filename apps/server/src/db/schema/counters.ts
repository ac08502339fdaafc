import { bigint, boolean, integer, pgTable, pgView, primaryKey, smallint, text } from 'drizzle-orm/pg-core'

/**
 * Row counts of the lists that declare `counters` (crud/counters.ts), kept exact
 * by statement triggers in the same transaction as every insert, delete and
 * update (or, for a table declared `atCommit`, by row triggers deferred to its commit): the total of an unsearched
 * list is one index lookup here instead of a count(*). `key`/`value` are '' for the whole list, else an enumerated
 * filter column and its value as text ('true', 'active'); `company_id` is 0 for a table that is not company-scoped.
 *
 * Each counter is the sum of a few rows, one per slot a writer used (its backend's, migration 0038), so writers on
 * different connections never queue on one counter row (a company's orders commit together, issue 33): the triggers
 * write `list_counter_slots`, and everything reads the view `list_counters`, one row per counter.
 */
export const listCounterSlots = pgTable(
  'list_counter_slots',
  {
    tbl: text('tbl').notNull(),
    company_id: integer('company_id').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    slot: smallint('slot').notNull().default(0),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tbl, t.key, t.value, t.company_id, t.slot] })],
)

/** The counters, each the sum of its slots (migration 0038's view; written through, it adds to slot 0). */
export const listCounters = pgView('list_counters', {
  tbl: text('tbl').notNull(),
  company_id: integer('company_id').notNull(),
  key: text('key').notNull(),
  value: text('value').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
}).existing()

/** Which tables have counter triggers, by which company column and keys (what the declarations last installed). */
export const listCounterTables = pgTable('list_counter_tables', {
  tbl: text('tbl').primaryKey(),
  company_col: text('company_col').notNull(),
  keys: text('keys').array().notNull(),
  /** Counted by deferred row triggers at commit (orders, issue 33): concurrent writers hold the rows only while committing. */
  at_commit: boolean('at_commit').notNull().default(false),
})
