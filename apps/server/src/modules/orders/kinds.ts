import { KIND_OF_DESK, ORDER_ITEM_KINDS, type Locale, type OrderDesk, type OrderItemInput, type OrderItemKind } from '@app/shared'
import { sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.js'
import { decodeRows } from '../../db/json-rows.js'
import type { StockClaim } from '../../stock/index.js'

/**
 * What an order needs from each kind of bookable thing: one adapter per kind,
 * registered by the catalogue module that owns the item's tables (its
 * `*.order.ts`, imported by the module's routes and seed). The order service
 * knows none of them.
 */

/** A priced line of an item: a day, an adult or child fare of a day, an extra, a service fee. */
export interface PlannedLine {
  type: 'day' | 'extra' | 'fee'
  day: string | null
  label: string
  unit_price: number
  quantity: number
  amount: number
}

/** One item as the server books and prices it. */
export interface ItemPlan {
  kind: OrderItemKind
  itemId: number
  variant: string
  name: string
  /** First and last day taken from stock (a stay's last night, not its check-out). */
  startDate: string
  endDate: string
  quantity: number
  adults: number
  children: number
  /** Per day: what a day without a stock row holds (its calendar capacity or the item's default; 0 when blocked). */
  days: Array<{ day: string; capacity: number }>
  lines: PlannedLine[]
  amount: number
  /** The pilgrims who travel on the item (set by the order engine from the item, never by a kind). */
  pilgrimIds?: number[]
  /** The extras chosen for the item with their resolved quantity (kinds that sell chosen extras). */
  extras?: ChosenExtra[]
}

/** An extra chosen for an item: a row of the product's extra price list and how many. */
export interface ChosenExtra {
  extra_id: number
  qty: number
}

/** A field of an item the catalogue refuses: `items.N.<field>` -> message (i18n key and params). */
export class ItemRefusal extends Error {
  constructor(
    readonly field: string,
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key)
  }
}

export interface PlanContext {
  companyId: number
  /** Today (UTC, `YYYY-MM-DD`): notice days and past dates are counted from it. */
  today: string
  /** Reserving: lock the item rows (FOR SHARE) so a change of the item waits for the order. A quote does not lock. */
  lock: boolean
  /** The booking clerk's language: item names are written in it (an order's names are a snapshot, like a voucher). */
  locale: Locale
}

/** An order item as stored: what `wireRefs` turns back into the create body's fields. */
export interface StoredItem {
  kind: string
  item_id: number
  variant: string
  start_date: string
  end_date: string
  /** The extras chosen for it (kinds that sell chosen extras). */
  extras?: ChosenExtra[] | null
}

/** What the dashboard reads of a kind's stock: booked and capacity per day of the next 30. */
export type OccupancyReader = (
  db: Db,
  companyId: number,
  today: string,
) => Promise<Array<{ day: string; booked: number; capacity: number }>>

export interface KindAdapter {
  kind: OrderItemKind
  /**
   * Loads the item of the caller's company (another company's is refused like
   * a missing one), checks the catalogue's rules and prices every day; throws
   * `ItemRefusal` for the first rule it breaks.
   */
  plan(tx: Db, ctx: PlanContext, input: OrderItemInput): Promise<ItemPlan>
  /** The catalogue row an input item books: orders lock items in (kind, row) order. */
  refOf(input: OrderItemInput): number
  /** A stored item as the create body names it (its item's id field, its dates, its extras, …). */
  wireRefs(item: StoredItem): Record<string, unknown>
  /** The order's end for an item whose last stock day is `lastDay` (a stay ends on its check-out). */
  orderEnd?(lastDay: string): string
  /** `GET /orders/choices/<source>`: what the order form picks this kind's items from, under the desk's permission. */
  choices: Record<string, (db: Db, companyId: number) => Promise<unknown[]>>
  /** The order list's item summary in the reader's language (it was written in the clerk's). */
  summaryIn?(summary: string, locale: Locale): string
  /** The dashboard's occupancy of the next 30 days, for the kinds whose stock is worth the chart. */
  occupancy?: OccupancyReader
  /**
   * The demo company's orders of this kind (days from `today`): the demo seed books each through the order
   * service after the catalogue is seeded (modules/orders/orders.seed.ts).
   */
  demoOrders?(db: Db, companyId: number, today: string): Promise<DemoOrder[]>
  /**
   * In the order's transaction, after its items, lines and pilgrims are written (create, and an edit's new
   * items): rows the kind keeps beside the item (a departure's pilgrims). An edit deletes the old items
   * first; rows that reference the item (ON DELETE CASCADE) go with them.
   */
  written?(tx: Db, item: WrittenItem): Promise<void>
}

/** An item as written: its row, its order and the plan it was written from. */
export interface WrittenItem {
  orderItemId: number
  orderId: number
  companyId: number
  /** The order's status as written (an order's items are only written while it is pending). */
  status: 'pending'
  plan: ItemPlan
}

/** A demo order: its items, a note, and whether it is confirmed with a deposit or paid in full (else pending). */
export interface DemoOrder {
  items: OrderItemInput[]
  notes?: string
  payment?: 'deposit' | 'full'
}

const adapters = new Map<OrderItemKind, KindAdapter>()

export function registerOrderKind(adapter: KindAdapter): void {
  adapters.set(adapter.kind, adapter)
}

export function orderKind(kind: OrderItemKind): KindAdapter | undefined {
  return adapters.get(kind)
}

/** The registered kinds in declaration order (the shared list's). */
export function orderKinds(): KindAdapter[] {
  return ORDER_ITEM_KINDS.flatMap((k) => adapters.get(k) ?? [])
}

/**
 * Declared kinds without a registered adapter: a kind registers itself where its catalogue module (its
 * routes, its seed) is imported, so the app, the seed and the tests that mount every module see them all.
 * The kinds test asserts this is empty.
 */
export function unregisteredKinds(): OrderItemKind[] {
  return ORDER_ITEM_KINDS.filter((k) => !adapters.has(k))
}

/** The stock claims of planned items (an order's, a departure's), per day; `item` indexes `plans`. */
export function claimsOf(plans: Array<Pick<ItemPlan, 'kind' | 'itemId' | 'variant' | 'quantity' | 'days'>>): StockClaim[] {
  return plans.flatMap((p, item) =>
    p.days.map((d) => ({
      kind: p.kind,
      itemId: p.itemId,
      variant: p.variant,
      day: d.day,
      capacity: d.capacity,
      quantity: p.quantity,
      item,
    })),
  )
}

// ---- helpers the adapters share ----

/** A company holds a few hundred bookable items; the cap keeps a runaway catalogue from one huge answer. */
export const MAX_CHOICES = 5000

/** `YYYY-MM-DD` of `day` plus `n` days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/** Whole days from `a` to `b`. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000)
}

/** Every day from `start` to `end`, both included. */
export function eachDay(start: string, end: string): string[] {
  const out: string[] = []
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(d)
  return out
}

/**
 * An item's calendar rows from `from` to `to` (both included), as a column of the item's own read: the item
 * and its days in one statement instead of two (issue 33). `of` ties a calendar row to the item read (the
 * calendar's item column equal to the item's id), `day` is the calendar's day column. Answers the rows as a
 * select of `table` would, by day.
 */
export function calendarDays<T extends PgTable>(table: T, of: SQL, day: PgColumn, from: string, to: string) {
  return sql`(SELECT coalesce(json_agg(${table} ORDER BY ${day}), '[]') FROM ${table} WHERE ${of} AND ${day} BETWEEN ${from} AND ${to})`.mapWith(
    (v: unknown) => decodeRows(table, v),
  )
}

/** Money in cents, so sums are exact; back to SAR with `sar`. */
export const cents = (v: number | string) => Math.round(Number(v) * 100)
export const sar = (c: number) => Math.round(c) / 100

export function sumLines(lines: PlannedLine[]): number {
  return sar(lines.reduce((s, l) => s + cents(l.amount), 0))
}

/** The kind a desk sells, as registered. */
export function deskAdapter(desk: OrderDesk): KindAdapter | undefined {
  return adapters.get(KIND_OF_DESK[desk])
}
