import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import {
  DESK_ENTITY,
  DESK_OF_KIND,
  ORDER_DESKS,
  type Action,
  type OrderDesk,
  type OrderItemKind,
  type OrderStatus,
} from '@app/shared'
import type { Db } from '../../db/client.js'
import { orderDesks, orders } from '../../db/schema/index.js'
import { forbidden, notFound } from '../../lib/errors.js'
import type { SessionUser } from '../../lib/sessions.js'

/**
 * Which desks an order is on and what the caller may do there: an order needs the permission of every desk
 * it touches. The desks are rows of `order_desks` (issue 27), written with the order's items.
 */

export function desksOfKinds(kinds: Iterable<OrderItemKind>): OrderDesk[] {
  const wanted = new Set([...kinds].map((k) => DESK_OF_KIND[k]))
  return ORDER_DESKS.filter((d) => wanted.has(d))
}

/** Desks in declaration order (the menu's). */
export function inDeskOrder(desks: Iterable<string>): OrderDesk[] {
  const have = new Set(desks)
  return ORDER_DESKS.filter((d) => have.has(d))
}

/** The desks an order is on, read from its rows. */
export async function desksOfOrder(db: Db, orderId: number): Promise<OrderDesk[]> {
  const rows = await db
    .select({ desk: orderDesks.desk })
    .from(orderDesks)
    .where(eq(orderDesks.order_id, orderId))
    .orderBy(asc(orderDesks.desk))
  return inDeskOrder(rows.map((r) => r.desk))
}

/**
 * Puts an order on the desks of its items (create and edit, in the order's transaction): the rows of desks
 * it left go, new ones come with the order's status. The order is never on no desk at commit (constraint
 * triggers `orders_desks_ck`).
 */
export async function writeDesks(
  tx: Db,
  order: { id: number; companyId: number; status: OrderStatus },
  kinds: Iterable<OrderItemKind>,
): Promise<void> {
  const desks = desksOfKinds(kinds)
  await tx.delete(orderDesks).where(
    and(
      eq(orderDesks.order_id, order.id),
      desks.length
        ? sql`${orderDesks.desk} NOT IN (${sql.join(
            desks.map((d) => sql`${d}`),
            sql`, `,
          )})`
        : undefined,
    ),
  )
  if (desks.length)
    await tx
      .insert(orderDesks)
      .values(desks.map((desk) => ({ order_id: order.id, company_id: order.companyId, desk, status: order.status })))
      .onConflictDoNothing()
}

/**
 * The condition "the order is on one of `desks`" over `orders` (a list's or the dashboard's scope): none when
 * `desks` is every desk, since every order is on at least one.
 */
export function onDesks(desks: readonly OrderDesk[], orderId: SQL | typeof orders.id = orders.id): SQL | undefined {
  if (!desks.length) return sql`false`
  if (ORDER_DESKS.every((d) => desks.includes(d))) return undefined
  return sql`EXISTS (SELECT 1 FROM order_desks od WHERE od.order_id = ${orderId} AND od.desk IN (${sql.join(
    desks.map((d) => sql`${d}`),
    sql`, `,
  )}))`
}

/** The desks of the row as a list field (`desks: ['<desk>', …]`), for the order list. */
export const desksField = sql<
  string[]
>`ARRAY(SELECT d.desk FROM ${orderDesks} d WHERE d.order_id = ${orders.id} ORDER BY d.desk)`.mapWith((v: unknown) =>
  inDeskOrder(Array.isArray(v) ? (v as string[]) : parsePgArray(String(v ?? '{}'))),
)

/** `{<desk>,<desk>}` as a driver that leaves arrays as text answers them. */
function parsePgArray(text: string): string[] {
  const inner = text.replace(/^\{|\}$/g, '')
  return inner ? inner.split(',').map((s) => s.replace(/^"|"$/g, '')) : []
}

/** An order touching several desks needs the permission of each (issue 11). */
export function requireDesks(auth: SessionUser, desks: OrderDesk[], action: Action): void {
  const missing = desks.filter((d) => !auth.permissions.has(`${DESK_ENTITY[d]}_${action}`))
  if (missing.length) throw forbidden()
}

/** Reading one order: the permission of any desk it appears on. */
export function requireAnyDesk(auth: SessionUser, desks: OrderDesk[], actions: Action[]): void {
  if (!desks.some((d) => actions.some((a) => auth.permissions.has(`${DESK_ENTITY[d]}_${a}`)))) throw notFound()
}
