import { getTableColumns, getTableName, is, sql, type SQL } from 'drizzle-orm'
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import {
  DESK_ENTITY,
  DESK_OF_KIND,
  ENTITIES,
  ORDER_DESKS,
  ORDER_DUE_STATUSES,
  ORDER_OPEN_STATUSES,
  type DashboardData,
  type DashboardOrders,
  type OrderDesk,
  departureKind,
} from '@app/shared'
import type { Db } from '../../db/client.js'
import * as schema from '../../db/schema/index.js'
import type { SessionUser } from '../../lib/sessions.js'
import { requireAuth } from '../../plugins/auth.js'
import { orderKinds } from '../orders/kinds.js'
import { onDesks as onDesksOf } from '../orders/order-desks.js'
import { nextDepartures } from './dashboard-departures.js'

export const DASHBOARD_MONTHS = 12
/** Company tables that are bookkeeping, not business figures. */
const NOT_COUNTED = new Set(['roles', 'uploads', 'galleries', 'order_idempotency', 'order_payments'])

/**
 * Every company-scoped table with a `created_at` (users, reference lists, and
 * hotels, rooms… as their modules add them), found in the schema itself, so
 * a new table shows on the dashboard without touching this file.
 */
export function countedTables(): Array<{ key: string; companyId: PgColumn; createdAt: PgColumn }> {
  const found: Array<{ key: string; companyId: PgColumn; createdAt: PgColumn }> = []
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue
    const key = getTableName(value)
    const cols = getTableColumns(value) as Record<string, PgColumn>
    if (NOT_COUNTED.has(key) || !cols.company_id || !cols.created_at) continue
    found.push({ key, companyId: cols.company_id, createdAt: cols.created_at })
  }
  return found.sort((a, b) => (a.key === 'users' ? -1 : b.key === 'users' ? 1 : a.key.localeCompare(b.key)))
}

/** `YYYY-MM` of the last `n` months (UTC), oldest first, ending with the current month. */
export function lastMonths(n: number, now = new Date()): string[] {
  const out: string[] = []
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`)
  }
  return out
}

/**
 * Who sees a counted table's series (issue 32): the holders of its entity's `_list` (`categories` ->
 * `category_list`), any order desk's for the orders' tables. A table of no entity (a child list) shows to
 * no one: its rows are counted with its parent's screen, not on the dashboard.
 */
export function seriesPermissions(key: string): string[] {
  if (key.startsWith('order')) return ORDER_DESKS.map((d) => `${DESK_ENTITY[d]}_list`)
  const singular = [key.replace(/ies$/, 'y'), key.replace(/s$/, '')]
  const entity = ENTITIES.find((e) => singular.includes(e))
  return entity ? [`${entity}_list`] : []
}

/** One statement: per table the caller may list, the rows created in each of the last 12 months and the total. */
export async function dashboardFigures(
  db: Db,
  auth: Pick<SessionUser, 'companyId' | 'permissions'>,
  now = new Date(),
): Promise<DashboardData> {
  const companyId = auth.companyId
  const months = lastMonths(DASHBOARD_MONTHS, now)
  const since = `${months[0]}-01T00:00:00Z`
  const tables = countedTables().filter((tb) => seriesPermissions(tb.key).some((p) => auth.permissions.has(p)))
  if (tables.length === 0) return { months, series: [] }
  const parts: SQL[] = tables.map(
    (tb) => sql`SELECT ${tb.key}::text AS key, to_char(${tb.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*)::int AS n
                  FROM ${tb.companyId.table} WHERE ${tb.companyId} = ${companyId} AND ${tb.createdAt} >= ${since}::timestamptz GROUP BY 2
                UNION ALL
                SELECT ${tb.key}::text, 'total', count(*)::int FROM ${tb.companyId.table} WHERE ${tb.companyId} = ${companyId}`,
  )
  const result = (await db.execute(sql.join(parts, sql` UNION ALL `))) as unknown as {
    rows: Array<{ key: string; month: string; n: number | string }>
  }
  const series = tables.map((tb) => ({ key: tb.key, counts: months.map(() => 0), total: 0 }))
  const byKey = new Map(series.map((s) => [s.key, s]))
  for (const row of result.rows) {
    const s = byKey.get(row.key)!
    if (row.month === 'total') s.total = Number(row.n)
    else {
      const i = months.indexOf(row.month)
      if (i >= 0) s.counts[i] = Number(row.n)
    }
  }
  return { months, series }
}

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows
const readActions = ['list', 'view'] as const
/** Desks whose orders the caller may read (`_list` or `_view`). */
export function readableDesks(auth: SessionUser): OrderDesk[] {
  return ORDER_DESKS.filter((d) => readActions.some((a) => auth.permissions.has(`${DESK_ENTITY[d]}_${a}`)))
}
/** Money is for whoever signs its moves (issue 32): the desks the caller reads and holds `approval` on. */
export function moneyDesksOf(auth: SessionUser): OrderDesk[] {
  return readableDesks(auth).filter((d) => auth.permissions.has(`${DESK_ENTITY[d]}_approval`))
}
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}
const open = sql.raw(ORDER_OPEN_STATUSES.map((s) => `'${s}'`).join(', '))
export const ARRIVALS_SHOWN = 50

/**
 * The business figures of the desks the caller reads (issue 11), in three
 * statements over indexes: orders by (company, created_at) for the months,
 * rooms x the next 30 days against `inventory_stock` (a day without a stock row
 * holds its calendar capacity, 0 when blocked, else the room's stock), and
 * items by (company, start_date) for the arrivals. Days are UTC, as orders count them.
 */
export async function orderFigures(db: Db, auth: SessionUser, now = new Date()): Promise<DashboardOrders> {
  const desks = readableDesks(auth)
  const months = lastMonths(DASHBOARD_MONTHS, now)
  const today = now.toISOString().slice(0, 10)
  const kindsRead = orderKinds().filter((k) => desks.includes(DESK_OF_KIND[k.kind]))
  // Over `orders o`: the order is on a desk the caller reads (order_desks rows).
  const onDesks = onDesksOf(desks, sql`o.id`) ?? sql`true`
  const kinds = sql.raw(kindsRead.map((k) => `'${k.kind}'`).join(', ') || "''")
  const moneyDesks = moneyDesksOf(auth)
  const onMoneyDesks = onDesksOf(moneyDesks, sql`o.id`) ?? sql`true`
  const monthly = rowsOf<{ month: string; n: number | string; revenue: number | string }>(
    await db.execute(sql`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*)::int AS n,
        coalesce(sum(total) FILTER (WHERE ${onMoneyDesks}), 0)::float8 AS revenue
      FROM orders o WHERE company_id = ${auth.companyId} AND created_at >= ${`${months[0]}-01T00:00:00Z`}::timestamptz
        AND status <> 'cancelled' AND (${onDesks})
      GROUP BY 1`),
  )
  const bookings = months.map(() => 0)
  const revenue = months.map(() => 0)
  for (const r of monthly) {
    const i = months.indexOf(r.month)
    if (i < 0) continue
    bookings[i] = Number(r.n)
    revenue[i] = Math.round(Number(r.revenue) * 100) / 100
  }

  let occupancy: DashboardOrders['occupancy'] = null
  // The kinds that chart their stock (rooms today), summed day by day over the kinds the caller reads.
  const charted = kindsRead.flatMap((k) => k.occupancy ?? [])
  if (charted.length) {
    const perKind = await Promise.all(charted.map((read) => read(db, auth.companyId, today)))
    const days = perKind[0]!.map((d, i) => ({
      day: d.day,
      booked: perKind.reduce((s, rows) => s + (rows[i]?.booked ?? 0), 0),
      capacity: perKind.reduce((s, rows) => s + (rows[i]?.capacity ?? 0), 0),
    }))
    occupancy = {
      days,
      booked: days.reduce((s, d) => s + d.booked, 0),
      capacity: days.reduce((s, d) => s + d.capacity, 0),
    }
  }

  const arrivalRows = rowsOf<DashboardOrders['arrivals']['items'][number] & { total: number | string }>(
    await db.execute(sql`SELECT o.id AS order_id, o.code, o.customer_name, o.status, i.kind, i.item_name,
        to_char(i.start_date, 'YYYY-MM-DD') AS start_date, to_char(i.end_date, 'YYYY-MM-DD') AS end_date, i.quantity,
        count(*) OVER ()::int AS total
      FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE i.company_id = ${auth.companyId} AND i.start_date BETWEEN ${today}::date AND ${addDays(today, 6)}::date
        AND i.kind IN (${kinds}) AND o.status IN (${open})
      ORDER BY i.start_date, o.code, i.position
      LIMIT ${ARRIVALS_SHOWN}`),
  )
  // Orders leaving this week: by the order's end (a stay's check-out), index orders (company_id, end_date).
  const departureRows = rowsOf<DashboardOrders['departures']['items'][number] & { total: number | string }>(
    await db.execute(sql`SELECT o.id AS order_id, o.code, o.customer_name, o.status, to_char(o.end_date, 'YYYY-MM-DD') AS end_date,
        count(*) OVER ()::int AS total
      FROM orders o
      WHERE o.company_id = ${auth.companyId} AND o.end_date BETWEEN ${today}::date AND ${addDays(today, 6)}::date
        AND (${onDesks}) AND o.status IN (${open})
      ORDER BY o.end_date, o.code
      LIMIT ${ARRIVALS_SHOWN}`),
  )
  const money = moneyDesks.length ? await moneyFigures(db, auth.companyId, onMoneyDesks, now) : null
  return {
    months,
    bookings,
    revenue: moneyDesks.length ? revenue : null,
    received: money?.received ?? null,
    balances: money?.balances ?? null,
    departures: {
      total: Number(departureRows[0]?.total ?? 0),
      items: departureRows.map(({ total: _t, ...r }) => ({ ...r, order_id: Number(r.order_id) })),
    },
    occupancy,
    arrivals: {
      total: Number(arrivalRows[0]?.total ?? 0),
      items: arrivalRows.map(({ total: _t, ...r }) => ({ ...r, quantity: Number(r.quantity), order_id: Number(r.order_id) })),
    },
  }
}

/**
 * The money an owner acts on (issue 32), for the desks the caller approves on: payments of this UTC month
 * (refunds subtract), over order_payments (company_id, paid_at); and the balances still to collect on pending
 * and confirmed orders, over orders (company_id, status), overdue once their first day has come. Two statements.
 */
async function moneyFigures(db: Db, companyId: number, onMoneyDesks: SQL, now: Date) {
  const today = now.toISOString().slice(0, 10)
  const month = today.slice(0, 7)
  const due = sql.raw(ORDER_DUE_STATUSES.map((s) => `'${s}'`).join(', '))
  const [paid] = rowsOf<{ amount: number | string; n: number | string }>(
    await db.execute(sql`SELECT coalesce(sum(p.amount), 0)::float8 AS amount, count(*)::int AS n
      FROM order_payments p JOIN orders o ON o.id = p.order_id
      WHERE p.company_id = ${companyId} AND p.paid_at >= ${`${month}-01T00:00:00Z`}::timestamptz AND (${onMoneyDesks})`),
  )
  const [open] = rowsOf<{
    due_n: number | string
    due_amount: number | string
    over_n: number | string
    over_amount: number | string
  }>(
    await db.execute(sql`SELECT count(*)::int AS due_n, coalesce(sum(total - paid), 0)::float8 AS due_amount,
        (count(*) FILTER (WHERE start_date <= ${today}::date))::int AS over_n,
        coalesce(sum(total - paid) FILTER (WHERE start_date <= ${today}::date), 0)::float8 AS over_amount
      FROM orders o WHERE company_id = ${companyId} AND status IN (${due}) AND paid < total AND (${onMoneyDesks})`),
  )
  const round = (v: number | string | undefined) => Math.round(Number(v ?? 0) * 100) / 100
  return {
    received: { month, amount: round(paid?.amount), payments: Number(paid?.n ?? 0) },
    balances: {
      due: { orders: Number(open?.due_n ?? 0), amount: round(open?.due_amount) },
      overdue: { orders: Number(open?.over_n ?? 0), amount: round(open?.over_amount) },
    },
  }
}

export default async function dashboardRoutes(app: FastifyInstance) {
  app.get(
    '/dashboard/orders',
    {
      schema: { tags: ['dashboard'] },
      config: { access: ORDER_DESKS.flatMap((d) => readActions.map((a) => `${DESK_ENTITY[d]}_${a}`)) },
    },
    async (req) => ({ data: await orderFigures(app.db, requireAuth(req)) }),
  )
  app.get('/dashboard/departures', { schema: { tags: ['dashboard'] }, config: { access: 'departure_list' } }, async (req) => ({
    // Their money is the departure desk's revenue: shown to whoever reads and approves on that desk.
    data: await nextDepartures(app.db, requireAuth(req), moneyDesksOf(requireAuth(req)).includes(departureKind.desk)),
  }))
  app.get('/dashboard', { schema: { tags: ['dashboard'] }, config: { access: 'session' } }, async (req) => ({
    data: await dashboardFigures(app.db, requireAuth(req)),
  }))
}
