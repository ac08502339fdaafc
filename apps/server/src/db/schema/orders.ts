import { sql } from 'drizzle-orm'
import {
  char,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { ORDER_DESKS, ORDER_ITEM_KINDS, ORDER_STATUSES, PAYMENT_METHODS } from '@app/shared'
import { companies, users } from './accounts.js'
import { pilgrims } from './pilgrims.js'
import { companySearchIndex } from './search-index.js'

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' })
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' })
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * An order (issue 11). The desks it appears on are rows of `order_desks` (a package has
 * several); `start_date`/`end_date` span its items (`end_date` is the day it ends: a stay's check-out,
 * migration 0016); `total` is the server's sum
 * of the item lines; `paid` is the sum of payments, kept in the payment's transaction.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    company_id: companyId(),
    /**
     * `ORD-2026-000123`, the company's next number of the year, written with the row by the BEFORE INSERT
     * trigger `orders_code` (migration 0036) from the company's sequence of the year: no lock, nothing held
     * until commit, the row never rewritten (issue 33). An insert leaves it out (or null).
     */
    code: varchar('code', { length: 32 }).notNull(),
    status: varchar('status', { length: 16, enum: ORDER_STATUSES }).notNull().default('pending'),
    customer_name: varchar('customer_name', { length: 191 }).notNull(),
    customer_email: varchar('customer_email', { length: 191 }),
    customer_phone: varchar('customer_phone', { length: 40 }),
    customer_nationality: varchar('customer_nationality', { length: 80 }),
    customer_passport_number: varchar('customer_passport_number', { length: 40 }),
    /** The customer as a pilgrim of the company (issue 28); the customer_* columns stay the order's snapshot. */
    customer_pilgrim_id: integer('customer_pilgrim_id').references(() => pilgrims.id, { onDelete: 'set null' }),
    notes: text('notes'),
    items_summary: varchar('items_summary', { length: 500 }).notNull().default(''),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    total: money('total').notNull(),
    paid: money('paid').notNull().default(0),
    /** Why the order was cancelled and the fee the agency keeps, both asked when cancelling (issue 32). */
    cancel_reason: text('cancel_reason'),
    cancel_fee: money('cancel_fee'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every edit and status move (issue 30): a form sends the one it read, a stale one is a 409. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('orders_company_code_uq').on(t.company_id, t.code),
    index('orders_company_created_idx').on(t.company_id, t.created_at, t.id),
    index('orders_company_start_idx').on(t.company_id, t.start_date, t.id),
    // The dashboard's departures of the week (an order ends on its check-out).
    index('orders_company_end_idx').on(t.company_id, t.end_date, t.id),
    index('orders_company_status_idx').on(t.company_id, t.status, t.id),
    index('orders_company_name_idx').on(t.company_id, t.customer_name, t.id),
    index('orders_company_total_idx').on(t.company_id, t.total, t.id),
    // Only orders whose customer is a pilgrim: what deleting a pilgrim looks up (its ON DELETE SET NULL).
    index('orders_customer_pilgrim_idx')
      .on(t.customer_pilgrim_id)
      .where(sql`${t.customer_pilgrim_id} IS NOT NULL`),
    companySearchIndex('orders_company_code_trgm_idx', t.company_id, t.code),
    companySearchIndex('orders_company_customer_name_trgm_idx', t.company_id, t.customer_name),
    companySearchIndex('orders_company_customer_email_trgm_idx', t.company_id, t.customer_email),
    companySearchIndex('orders_company_passport_trgm_idx', t.company_id, t.customer_passport_number),
    check('orders_status_ck', sql`${t.status} IN (${inList(ORDER_STATUSES)})`),
    // Never more paid than owed, never a negative sum of payments.
    check('orders_money_ck', sql`${t.total} >= 0 AND ${t.paid} >= 0 AND ${t.paid} <= ${t.total}`),
    check('orders_cancel_fee_ck', sql`${t.cancel_fee} IS NULL OR (${t.cancel_fee} >= 0 AND ${t.cancel_fee} <= ${t.total})`),
    check('orders_dates_ck', sql`${t.end_date} >= ${t.start_date}`),
    // The key `order_desks` refers to, so a desk row carries its order's status (ON UPDATE CASCADE).
    unique('orders_id_company_status_uq').on(t.id, t.company_id, t.status),
  ],
)

/**
 * The desks an order appears on (issue 27): one row per desk its items touch (a package has several),
 * written with the order's items. `status` is the order's, kept by the database: the foreign key on
 * (order, company, status) cascades every status move into these rows, so the list counters count them
 * per desk (`desk`) and per desk and status (`desk_status`, `hotel:pending`) without a column per kind.
 * An order on no desk is refused at commit by the constraint triggers `orders_desks_ck` (migration).
 */
export const orderDesks = pgTable(
  'order_desks',
  {
    order_id: integer('order_id').notNull(),
    company_id: integer('company_id').notNull(),
    desk: varchar('desk', { length: 32, enum: ORDER_DESKS }).notNull(),
    status: varchar('status', { length: 16, enum: ORDER_STATUSES }).notNull(),
    desk_status: varchar('desk_status', { length: 49 }).generatedAlwaysAs(sql.raw(`"desk" || ':' || "status"`)),
  },
  (t) => [
    primaryKey({ name: 'order_desks_pk', columns: [t.order_id, t.desk] }),
    foreignKey({
      name: 'order_desks_order_fk',
      columns: [t.order_id, t.company_id, t.status],
      foreignColumns: [orders.id, orders.company_id, orders.status],
    })
      .onUpdate('cascade')
      .onDelete('cascade'),
    // A desk's list: its orders of a company, joined back to the orders by id.
    index('order_desks_company_desk_idx').on(t.company_id, t.desk, t.order_id),
    check('order_desks_desk_ck', sql`${t.desk} IN (${inList(ORDER_DESKS)})`),
  ],
)

/**
 * One booked thing of an order. `item_id` is the room, train route or vehicle
 * (by `kind`); `variant` the train type ('' otherwise); `quantity` what each
 * day takes from stock (rooms, seats, 1 vehicle); days run `start_date` ..
 * `end_date` inclusive (a stay's end_date is the last night). The item's name
 * is kept so an order stays readable whatever happens to the catalogue.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    company_id: companyId(),
    position: integer('position').notNull(),
    kind: varchar('kind', { length: 16, enum: ORDER_ITEM_KINDS }).notNull(),
    item_id: integer('item_id').notNull(),
    variant: varchar('variant', { length: 16 }).notNull().default(''),
    item_name: varchar('item_name', { length: 400 }).notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
    adults: integer('adults').notNull().default(0),
    children: integer('children').notNull().default(0),
    amount: money('amount').notNull(),
    /** The extras the clerk chose for the item, `[{ extra_id, qty }]` as sent (issue 32); its lines price them. */
    extras: jsonb('extras').$type<Array<{ extra_id: number; qty: number }>>().notNull().default([]),
  },
  (t) => [
    index('order_items_order_idx').on(t.order_id, t.position),
    index('order_items_stock_idx').on(t.kind, t.item_id, t.variant, t.start_date),
    // The dashboard's arrivals: a company's items starting in the next days.
    index('order_items_company_start_idx').on(t.company_id, t.start_date),
    check('order_items_kind_ck', sql`${t.kind} IN (${inList(ORDER_ITEM_KINDS)})`),
    check(
      'order_items_values_ck',
      sql`${t.quantity} >= 1 AND ${t.adults} >= 0 AND ${t.children} >= 0 AND ${t.end_date} >= ${t.start_date}`,
    ),
  ],
)

/**
 * The pilgrims who travel on an item (issue 28), in the order listed. A
 * pilgrim on an order is not deleted (no cascade: the pilgrims resource
 * answers 409 with the count); the item's rows go with the item.
 */
export const orderItemPilgrims = pgTable(
  'order_item_pilgrims',
  {
    order_item_id: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    pilgrim_id: integer('pilgrim_id')
      .notNull()
      .references(() => pilgrims.id),
    company_id: companyId(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.order_item_id, t.pilgrim_id], name: 'order_item_pilgrims_pk' }),
    index('order_item_pilgrims_pilgrim_idx').on(t.pilgrim_id),
  ],
)

/** Priced lines of an item: one per day (and per adult/child fare), then extras and service fees. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    order_item_id: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    day: date('day', { mode: 'string' }),
    label: varchar('label', { length: 400 }).notNull(),
    unit_price: money('unit_price').notNull(),
    quantity: numeric('quantity', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    index('order_lines_item_idx').on(t.order_item_id, t.position),
    check('order_lines_type_ck', sql`${t.type} IN ('day', 'extra', 'fee')`),
  ],
)

/** Money received (positive) or refunded (negative) against an order, in SAR. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    company_id: companyId(),
    amount: money('amount').notNull(),
    method: varchar('method', { length: 16, enum: PAYMENT_METHODS }).notNull(),
    paid_at: timestamp('paid_at', { withTimezone: true }).notNull(),
    reference: varchar('reference', { length: 191 }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_payments_order_idx').on(t.order_id, t.paid_at),
    // The dashboard's money received this month.
    index('order_payments_company_paid_idx').on(t.company_id, t.paid_at),
    check('order_payments_amount_ck', sql`${t.amount} <> 0`),
    check('order_payments_method_ck', sql`${t.method} IN (${inList(PAYMENT_METHODS)})`),
  ],
)

/** Every status an order took, who moved it and when (the first row is its creation). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    from_status: varchar('from_status', { length: 16 }),
    to_status: varchar('to_status', { length: 16 }).notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.order_id, t.id)],
)

/**
 * `Idempotency-Key` of POST /orders: the key, a hash of the body it came with
 * and the order it made, written in the order's transaction. A retry finds the
 * row and answers the same order; a concurrent retry waits on the key's unique
 * index until the first commits.
 */
export const orderIdempotency = pgTable(
  'order_idempotency',
  {
    company_id: companyId(),
    key: varchar('key', { length: 200 }).notNull(),
    request_hash: char('request_hash', { length: 64 }).notNull(),
    /** Set at the end of the order's transaction; the key row is written first so a concurrent retry waits on it. */
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.key] })],
)
