import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, numeric, pgTable, serial, text, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { EXTRA_PRICE_TYPES, SERVICE_PRICE_TYPES } from '@app/shared'

/**
 * Money as DESIGN §2 stores it, read as a JS number (the API sends numbers).
 * numeric(14,2) holds every amount the contracts accept exactly.
 */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' })

const ownedBy = (column: string, parent: () => AnyPgColumn) =>
  integer(column).notNull().references(parent, { onDelete: 'cascade' })

/** The parent's id column under its own name (`transportation_id`), so entries are written by that key. */
function parentKey<P extends string>(column: P, parent: () => AnyPgColumn) {
  return { [column]: ownedBy(column, parent) } as { [K in P]: ReturnType<typeof ownedBy> }
}

/**
 * The two price lists hotels and transportation share (checklist C-18, C-19),
 * one table factory each so both products keep the same columns and the same
 * database rules: an owned list (goes with its parent), kept in the user's
 * order, no negative amounts, known types, a percentage fee at most 100.
 */
export function extraPriceTable<N extends string, P extends string>(name: N, parentColumn: P, parent: () => AnyPgColumn) {
  return pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      ...parentKey(parentColumn, parent),
      position: integer('position').notNull(),
      name: varchar('name', { length: 191 }).notNull(),
      value: money('value').notNull(),
      type: varchar('type', { length: 16, enum: EXTRA_PRICE_TYPES }).notNull(),
      person_price: boolean('person_price').notNull().default(false),
    },
    (t) => [
      index(`${name}_parent_idx`).on(t[parentColumn] as AnyPgColumn, t.position),
      check(`${name}_value_ck`, sql`${t.value} >= 0`),
      check(`${name}_type_ck`, sql`${t.type} IN ('one_time', 'per_day')`),
    ],
  )
}

export function servicePriceTable<N extends string, P extends string>(name: N, parentColumn: P, parent: () => AnyPgColumn) {
  return pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      ...parentKey(parentColumn, parent),
      position: integer('position').notNull(),
      name: varchar('name', { length: 191 }).notNull(),
      name_en: varchar('name_en', { length: 191 }),
      description: text('description'),
      description_en: text('description_en'),
      value: money('value').notNull(),
      type: varchar('type', { length: 16, enum: SERVICE_PRICE_TYPES }).notNull(),
      person_price: boolean('person_price').notNull().default(false),
    },
    (t) => [
      index(`${name}_parent_idx`).on(t[parentColumn] as AnyPgColumn, t.position),
      check(`${name}_value_ck`, sql`${t.value} >= 0 AND (${t.type} <> 'percent' OR ${t.value} <= 100)`),
      check(`${name}_type_ck`, sql`${t.type} IN ('fixed', 'percent')`),
    ],
  )
}
