import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core'
import { ORDER_ITEM_KINDS } from '@app/shared'
import { companies } from './accounts.js'

/**
 * Stock per (kind, item, variant, day): what the day holds and what orders
 * took. The CHECK is the rule that can never break, whatever writes the row and
 * however many server copies do it at once: no day is booked beyond its
 * capacity or below zero. Orders add to `booked` with one upsert per order;
 * calendar writes set `capacity` (blocked = 0) through the same key, so a
 * capacity below what is booked fails the same CHECK (stock/calendar.ts).
 */
export const inventoryStock = pgTable(
  'inventory_stock',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16, enum: ORDER_ITEM_KINDS }).notNull(),
    item_id: integer('item_id').notNull(),
    variant: varchar('variant', { length: 16 }).notNull().default(''),
    day: date('day', { mode: 'string' }).notNull(),
    capacity: integer('capacity').notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'inventory_stock_pk', columns: [t.kind, t.item_id, t.variant, t.day] }),
    index('inventory_stock_company_day_idx').on(t.company_id, t.day),
    check('inventory_stock_booked_ck', sql`${t.booked} >= 0 AND ${t.booked} <= ${t.capacity}`),
    check('inventory_stock_capacity_ck', sql`${t.capacity} >= 0`),
  ],
)
