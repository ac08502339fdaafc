import { and, eq, or } from 'drizzle-orm'
import { DESK_ENTITY, ORDER_DESKS, ORDER_STATUSES, type OrderDesk } from '@app/shared'
import { declareCounters, type CounterRef } from '../../crud/counters.js'
import { listCounters, orderDesks, orders } from '../../db/schema/index.js'
import type { Db } from '../../db/client.js'
import type { SessionUser } from '../../lib/sessions.js'

/**
 * Counters the database keeps for orders (crud/counters.ts triggers): the company's orders and their number
 * per status (table `orders`), and per desk and per desk and status (table `order_desks`, keys `desk` and
 * `desk_status`, whose rows follow the order's status by their foreign key), counted at commit (issue 33:
 * one company's orders do not queue on these rows while their transactions run). The list's unsearched totals
 * and GET /orders/counters read them instead of counting rows; a new desk is a new value, not a new column.
 */
declareCounters({ table: 'orders', companyColumn: orders.company_id.name, keys: [orders.status.name], atCommit: true })
declareCounters({
  table: 'order_desks',
  companyColumn: orderDesks.company_id.name,
  keys: [orderDesks.desk.name, orderDesks.desk_status.name],
  atCommit: true,
})

/** The value of `desk_status` for a desk and status (`<desk>:pending`), as the generated column writes it. */
const deskStatus = (desk: string, status: string) => `${desk}:${status}`

/** The counter holding a list call's total, when one does: no search, and a desk set the counters know. */
export function counterOf(
  auth: SessionUser,
  q: { kind?: OrderDesk; status?: string; search?: string; balance?: string; week?: string },
): CounterRef | undefined {
  if (q.search?.trim() || q.balance || q.week) return undefined
  const ref = (table: string, key: string, value: string): CounterRef => ({ table, company: auth.companyId, key, value })
  if (q.kind)
    return q.status
      ? ref('order_desks', orderDesks.desk_status.name, deskStatus(q.kind, q.status))
      : ref('order_desks', orderDesks.desk.name, q.kind)
  // Without a desk the list is every desk the caller holds: countable when that is all of them.
  if (!ORDER_DESKS.every((d) => auth.permissions.has(`${DESK_ENTITY[d]}_list`))) return undefined
  return q.status ? ref('orders', orders.status.name, q.status) : ref('orders', '', '')
}

type StatusCounts = Record<'all' | (typeof ORDER_STATUSES)[number], number>

/**
 * GET /orders/counters: per desk the caller may list, its orders and their number per status; `all` (every
 * desk, a package once) only for a caller who holds every desk. One read of counter rows by primary key.
 */
export async function orderCounters(db: Db, auth: SessionUser) {
  const desks = ORDER_DESKS.filter((d) => auth.permissions.has(`${DESK_ENTITY[d]}_list`))
  const whole = desks.length === ORDER_DESKS.length
  const wanted: Array<[string, string, string]> = []
  if (whole) wanted.push(['orders', '', ''], ...ORDER_STATUSES.map((st): [string, string, string] => ['orders', 'status', st]))
  for (const d of desks)
    wanted.push(
      ['order_desks', 'desk', d],
      ...ORDER_STATUSES.map((st): [string, string, string] => ['order_desks', 'desk_status', deskStatus(d, st)]),
    )
  const rows = wanted.length
    ? await db
        .select({ tbl: listCounters.tbl, key: listCounters.key, value: listCounters.value, n: listCounters.n })
        .from(listCounters)
        .where(
          and(
            eq(listCounters.company_id, auth.companyId),
            // Exact (table, key, value): primary-key lookups, not a scan of every company's counters of a key.
            or(...wanted.map(([tb, k, v]) => and(eq(listCounters.tbl, tb), eq(listCounters.key, k), eq(listCounters.value, v)))),
          ),
        )
    : []
  const n = (tbl: string, key: string, value: string) =>
    Number(rows.find((r) => r.tbl === tbl && r.key === key && r.value === value)?.n ?? 0)
  const out: Partial<Record<OrderDesk | 'all', StatusCounts>> = {}
  if (whole)
    out.all = {
      all: n('orders', '', ''),
      ...(Object.fromEntries(ORDER_STATUSES.map((st) => [st, n('orders', 'status', st)])) as Omit<StatusCounts, 'all'>),
    }
  for (const d of desks)
    out[d] = {
      all: n('order_desks', 'desk', d),
      ...(Object.fromEntries(ORDER_STATUSES.map((st) => [st, n('order_desks', 'desk_status', deskStatus(d, st))])) as Omit<
        StatusCounts,
        'all'
      >),
    }
  return out
}
