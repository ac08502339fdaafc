import { and, asc, eq, sql } from 'drizzle-orm'
import type { OrderDesk, OrderItemKind } from '@app/shared'
import type { Db } from '../../db/client.js'
import { orderItems, orderLines, orders, orderStatusHistory } from '../../db/schema/index.js'
import { notFound } from '../../lib/errors.js'
import type { SessionUser } from '../../lib/sessions.js'
import { cents, orderKind, sar, type StoredItem } from './kinds.js'
import { desksOfOrder, requireAnyDesk } from './order-desks.js'
import { listPayments } from './order-payments.js'
import { readItemPilgrims } from './order-pilgrims.js'

/** One order as its desks read it, and the stock invariant's check. */

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows

/** The order's row of the caller's company (404 for another company's, or for a desk the caller cannot see). */
export async function findOrder(db: Db, auth: SessionUser, id: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.company_id, auth.companyId)))
  if (!row) throw notFound()
  const desks = await desksOfOrder(db, row.id)
  requireAnyDesk(auth, desks, ['view', 'update'])
  return { ...row, desks }
}

/** GET /orders/{id}: the order with balance, its items and their lines, payments and status history. */
export async function orderDetail(db: Db, auth: SessionUser, id: number) {
  const row = await findOrder(db, auth, id)
  const [items, lines, payments, history] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.order_id, id)).orderBy(asc(orderItems.position)),
    db
      .select({
        order_item_id: orderLines.order_item_id,
        type: orderLines.type,
        day: orderLines.day,
        label: orderLines.label,
        unit_price: orderLines.unit_price,
        quantity: orderLines.quantity,
        amount: orderLines.amount,
      })
      .from(orderLines)
      .innerJoin(orderItems, eq(orderItems.id, orderLines.order_item_id))
      .where(eq(orderItems.order_id, id))
      .orderBy(asc(orderLines.order_item_id), asc(orderLines.position)),
    listPayments(db, id),
    db
      .select({
        from_status: orderStatusHistory.from_status,
        to_status: orderStatusHistory.to_status,
        user_id: orderStatusHistory.user_id,
        user_name: sql<string | null>`(SELECT name FROM users u WHERE u.id = ${orderStatusHistory.user_id})`,
        created_at: orderStatusHistory.created_at,
      })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.order_id, id))
      .orderBy(asc(orderStatusHistory.id)),
  ])
  const travellers = await readItemPilgrims(
    db,
    items.map((it) => it.id),
  )
  return detailOf(row, items, lines, payments, history, travellers)
}

type OrderRow = typeof orders.$inferSelect
type ItemRow = typeof orderItems.$inferSelect
/** A line as the detail reads it: its item, then its fields in the answer's order. */
export interface DetailLine {
  order_item_id: number
  type: string
  day: string | null
  label: string
  unit_price: number
  quantity: number
  amount: number
}
/** A status move as the detail reads it. */
export interface DetailHistory {
  from_status: string | null
  to_status: string
  user_id: number | null
  user_name: string | null
  created_at: Date
}
export type Travellers = Map<number, Array<{ id: number; full_name: string }>>

/**
 * The answer of one order (GET /orders/{id}, and every write's): its row and desks, balance, customer, items
 * with their lines and pilgrims, payments and status history. `items` by position, `lines` by item and
 * position, `history` by id. Built from reads (`orderDetail`) or from what a create wrote (order-writes.ts).
 */
export function detailOf(
  row: OrderRow & { desks: OrderDesk[] },
  items: ItemRow[],
  lines: DetailLine[],
  payments: Awaited<ReturnType<typeof listPayments>>,
  history: DetailHistory[],
  travellers: Travellers,
) {
  const { company_id: _c, ...order } = row
  return {
    ...order,
    balance: sar(cents(row.total) - cents(row.paid)),
    customer: {
      name: row.customer_name,
      email: row.customer_email,
      phone: row.customer_phone,
      nationality: row.customer_nationality,
      passport_number: row.customer_passport_number,
      pilgrim_id: row.customer_pilgrim_id,
    },
    items: items.map(({ company_id: _ci, order_id: _o, ...it }) => ({
      ...it,
      ...wireRefs(it),
      pilgrim_ids: (travellers.get(it.id) ?? []).map((p) => p.id),
      pilgrims: travellers.get(it.id) ?? [],
      lines: lines.filter((l) => l.order_item_id === it.id).map(({ order_item_id: _l, ...l }) => l),
    })),
    payments,
    history,
  }
}

/** The item as the create body names it (its item's id field, its dates, …), as its kind names it. */
function wireRefs(it: StoredItem) {
  return orderKind(it.kind as OrderItemKind)?.wireRefs(it) ?? {}
}

/**
 * Stock rows whose booked differs from the sum of live (not cancelled) order items and the allotments
 * departures hold (issue 29, `departures.allotment`): empty when the invariant holds.
 */
export async function stockDrift(db: Db, companyId?: number) {
  const res = await db.execute(sql`
    WITH live AS (
      SELECT kind, item_id, variant, day, sum(q)::int AS q FROM (
        SELECT i.kind, i.item_id, i.variant, d::date AS day, i.quantity AS q
        FROM order_items i JOIN orders o ON o.id = i.order_id AND o.status <> 'cancelled'
        CROSS JOIN LATERAL generate_series(i.start_date, i.end_date, interval '1 day') AS d
        ${companyId ? sql`WHERE i.company_id = ${companyId}` : sql``}
        UNION ALL
        SELECT a->>'kind', (a->>'itemId')::int, a->>'variant', (a->>'day')::date, (a->>'quantity')::int
        FROM departures p CROSS JOIN LATERAL jsonb_array_elements(p.allotment) AS a
        ${companyId ? sql`WHERE p.company_id = ${companyId}` : sql``}
      ) held
      GROUP BY 1, 2, 3, 4
    )
    SELECT coalesce(s.kind, l.kind) AS kind, coalesce(s.item_id, l.item_id) AS item_id, coalesce(s.day, l.day)::text AS day,
           coalesce(s.booked, 0) AS booked, coalesce(l.q, 0) AS live
    FROM (SELECT * FROM inventory_stock ${companyId ? sql`WHERE company_id = ${companyId}` : sql``}) s
    FULL JOIN live l ON l.kind = s.kind AND l.item_id = s.item_id AND l.variant = s.variant AND l.day = s.day
    WHERE coalesce(s.booked, 0) <> coalesce(l.q, 0)`)
  return rowsOf<{ kind: string; item_id: number; day: string; booked: number; live: number }>(res)
}
