import { sql } from 'drizzle-orm'
import { foreignKey, index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { ORDER_STATUSES, ROOM_TYPES } from '@app/shared'
import { departures } from './departures.js'
import { orderItems, orders } from './orders.js'
import { pilgrims } from './pilgrims.js'

/**
 * The pilgrims booked onto a departure (issue 29): one row per pilgrim of an order item of kind
 * `departure`, written with the item. What must never break is the database's:
 * - a pilgrim is on a departure at most once among its live orders: the partial unique index over
 *   (departure, pilgrim) of rows whose order is not cancelled;
 * - `status` is the order's, kept by the foreign key on (order, company, status), which cascades every
 *   status move (a cancelled order's pilgrims no longer count);
 * - the departure's `seats_sold` counts the live rows (trigger `departure_pilgrims_sold`, migration), and
 *   its CHECK keeps it within the quota: the booking past the last seat fails.
 * Editing an order deletes and rewrites its items, and these rows with them (cascade from the item).
 */
export const departurePilgrims = pgTable(
  'departure_pilgrims',
  {
    order_item_id: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    pilgrim_id: integer('pilgrim_id')
      .notNull()
      .references(() => pilgrims.id, { onDelete: 'restrict' }),
    departure_id: integer('departure_id')
      .notNull()
      .references(() => departures.id, { onDelete: 'restrict' }),
    order_id: integer('order_id').notNull(),
    company_id: integer('company_id').notNull(),
    status: varchar('status', { length: 16, enum: ORDER_STATUSES }).notNull(),
    room_type: varchar('room_type', { length: 8, enum: ROOM_TYPES }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'departure_pilgrims_pk', columns: [t.order_item_id, t.pilgrim_id] }),
    foreignKey({
      name: 'departure_pilgrims_order_fk',
      columns: [t.order_id, t.company_id, t.status],
      foreignColumns: [orders.id, orders.company_id, orders.status],
    })
      .onUpdate('cascade')
      .onDelete('cascade'),
    uniqueIndex('departure_pilgrims_once_uq')
      .on(t.departure_id, t.pilgrim_id)
      .where(sql`${t.status} <> 'cancelled'`),
    index('departure_pilgrims_departure_idx').on(t.departure_id, t.room_type),
    index('departure_pilgrims_pilgrim_idx').on(t.pilgrim_id),
    index('departure_pilgrims_order_idx').on(t.order_id),
  ],
)
