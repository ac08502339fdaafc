import { and, asc, countDistinct, eq, inArray } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { ORDER_OPEN_STATUSES, type OrderItemKind } from '@app/shared'
import type { DeleteGuard } from '../crud/resource.js'
import type { Db } from '../db/client.js'
import { orderItems, orders } from '../db/schema/orders.js'
import { conflict } from '../lib/errors.js'
// The ledger registers the messages of the stock module (`inventory.booked` among them).
import './ledger.js'

/**
 * A catalogue item that open orders (pending, confirmed, paid) still hold is
 * not deleted: 409 naming how many orders (DESIGN §3). The items' rows (`of`
 * where `column` = `value`: one room, or every room of a hotel) are first
 * locked FOR UPDATE in the delete's transaction. An order being written holds
 * its items FOR SHARE (orders/kinds), so it either commits first and is
 * counted here, or waits for the delete and then finds its item gone: no order
 * can slip in between the count and the delete. Cancelled and completed orders
 * keep their item's name and do not block.
 */
export async function refuseBookedItems(
  tx: Db,
  kind: OrderItemKind,
  of: PgTable & { id: PgColumn },
  column: PgColumn,
  value: number,
): Promise<void> {
  const locked = await tx
    .select({ id: of.id })
    .from(of as PgTable)
    .where(eq(column, value))
    .orderBy(asc(of.id))
    .for('update')
  if (!locked.length) return
  const [row] = await tx
    .select({ n: countDistinct(orderItems.order_id) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(
      and(
        eq(orderItems.kind, kind),
        inArray(
          orderItems.item_id,
          locked.map((r) => r.id as number),
        ),
        inArray(orders.status, [...ORDER_OPEN_STATUSES]),
      ),
    )
  const n = Number(row?.n ?? 0)
  if (n > 0) throw conflict('inventory.booked', undefined, { count: n })
}

/**
 * The delete guard of a bookable catalogue item (`deleteGuard: bookedGuard(kind, table, column?)` in
 * `defineResource`): the rows of `of` whose `column` (its id by default) is the deleted row's id are
 * refused while open orders hold them (`refuseBookedItems`). A hotel declares `bookedGuard('room', rooms,
 * rooms.hotel_id)`: open orders of any of its rooms keep it.
 */
export function bookedGuard(kind: OrderItemKind, of: PgTable & { id: PgColumn }, column: PgColumn = of.id): DeleteGuard {
  return (tx, id) => refuseBookedItems(tx, kind, of, column, id)
}
