import { and, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  DESK_ENTITY,
  ORDER_DESKS,
  ORDER_DUE_STATUSES,
  ORDER_OPEN_STATUSES,
  ORDER_SORTABLE,
  ORDER_STATUSES,
  listQuerySchema,
  orderInputSchema,
  orderListFilters,
  orderStatusInputSchema,
  paymentInputSchema,
  queryId,
  type Action,
  type OrderBalanceFilter,
  type OrderDesk,
  type OrderWeekFilter,
} from '@app/shared'
import { declareCounters, type CounterRef } from '../../crud/counters.js'
import { exportHeadersField, sendExport } from '../../crud/export.js'
import type { XlsxColumn } from '../../crud/xlsx.js'
import { iterateRows, listRows, primed, type ListSource } from '../../crud/list-query.js'
import { idParams } from '../../crud/resource.js'
import { expectedVersion, lastChange, StaleVersion, staleVersion, takeVersion } from '../../crud/versions.js'
import { listCounters, orders } from '../../db/schema/index.js'
import { badRequest, forbidden } from '../../lib/errors.js'
import { requestLocale } from '../../lib/i18n.js'
import type { Db } from '../../db/client.js'
import type { SessionUser } from '../../lib/sessions.js'
import { requireAuth } from '../../plugins/auth.js'
import { bookableChoices, choiceParams, choicePermission } from './orders.choices.js'
import { deskAdapter, orderKinds } from './kinds.js'
import './orders.messages.js'
import './kinds/index.js'
import {
  addPayment,
  changeStatus,
  createOrder,
  findOrder,
  listPayments,
  orderDetail,
  quoteOrder,
  updateOrder,
} from './orders.service.js'

const anyDesk = (action: Action) => ORDER_DESKS.map((d) => `${DESK_ENTITY[d]}_${action}`)
/** The orders column saying a row is on a desk, from the desk's kind (kinds/*.ts). */
const deskColumn = (desk: OrderDesk): AnyColumn => deskAdapter(desk)!.deskFlag

/**
 * Counters the database keeps for orders (crud/counters.ts triggers): the
 * company's orders, per status, per desk, and per desk and status (each
 * kind's generated status column). The list's unsearched totals and
 * GET /orders/counters read them instead of counting rows.
 */
const deskStatusKey = (desk: OrderDesk): string => deskAdapter(desk)!.deskStatus.name
declareCounters({
  table: 'orders',
  companyColumn: orders.company_id.name,
  keys: [orders.status.name, ...orderKinds().flatMap((k) => [k.deskFlag.name, k.deskStatus.name])],
})

/** The counter holding a list call's total, when one does: no search, and a desk set the counters know. */
function counterOf(
  auth: SessionUser,
  q: { kind?: OrderDesk; status?: string; search?: string; balance?: string; week?: string },
): CounterRef | undefined {
  if (q.search?.trim() || q.balance || q.week) return undefined
  const ref = (key: string, value: string): CounterRef => ({ table: 'orders', company: auth.companyId, key, value })
  if (q.kind) return q.status ? ref(deskStatusKey(q.kind), q.status) : ref(deskColumn(q.kind).name, 'true')
  // Without a desk the list is every desk the caller holds: countable when that is all of them.
  if (!ORDER_DESKS.every((d) => auth.permissions.has(`${DESK_ENTITY[d]}_list`))) return undefined
  return q.status ? ref(orders.status.name, q.status) : ref('', '')
}

type StatusCounts = Record<'all' | (typeof ORDER_STATUSES)[number], number>

/**
 * GET /orders/counters: per desk the caller may list, its orders and their
 * number per status; `all` (every desk, a package once) only for a caller who
 * holds every desk. One read of at most 24 counter rows by primary key.
 */
async function orderCounters(db: Db, auth: SessionUser) {
  const desks = ORDER_DESKS.filter((d) => auth.permissions.has(`${DESK_ENTITY[d]}_list`))
  const whole = desks.length === ORDER_DESKS.length
  const wanted: Array<[string, string]> = []
  if (whole) wanted.push(['', ''], ...ORDER_STATUSES.map((st): [string, string] => [orders.status.name, st]))
  for (const d of desks)
    wanted.push([deskColumn(d).name, 'true'], ...ORDER_STATUSES.map((st): [string, string] => [deskStatusKey(d), st]))
  const rows = wanted.length
    ? await db
        .select({ key: listCounters.key, value: listCounters.value, n: listCounters.n })
        .from(listCounters)
        .where(
          and(
            eq(listCounters.tbl, 'orders'),
            eq(listCounters.company_id, auth.companyId),
            // Exact (key, value) pairs: primary-key lookups, not a scan of every company's counters of a key.
            or(...wanted.map(([k, v]) => and(eq(listCounters.key, k), eq(listCounters.value, v)))),
          ),
        )
    : []
  const n = (key: string, value: string) => Number(rows.find((r) => r.key === key && r.value === value)?.n ?? 0)
  const counts = (allKey: string, allValue: string, statusKey: string): StatusCounts => ({
    all: n(allKey, allValue),
    ...(Object.fromEntries(ORDER_STATUSES.map((st) => [st, n(statusKey, st)])) as Omit<StatusCounts, 'all'>),
  })
  const out: Partial<Record<OrderDesk | 'all', StatusCounts>> = {}
  if (whole) out.all = counts('', '', orders.status.name)
  for (const d of desks) out[d] = counts(deskColumn(d).name, 'true', deskStatusKey(d))
  return out
}

const balance = sql<number>`(${orders.total} - ${orders.paid})`.mapWith(Number)
export const ordersSource: ListSource = {
  table: orders,
  id: orders.id,
  fields: {
    id: orders.id,
    code: orders.code,
    status: orders.status,
    customer_name: orders.customer_name,
    customer_email: orders.customer_email,
    customer_phone: orders.customer_phone,
    customer_passport_number: orders.customer_passport_number,
    start_date: orders.start_date,
    end_date: orders.end_date,
    items_summary: orders.items_summary,
    ...Object.fromEntries(orderKinds().map((k) => [k.deskFlag.name, k.deskFlag])),
    total: orders.total,
    paid: orders.paid,
    balance,
    created_at: orders.created_at,
  },
  searchable: [orders.code, orders.customer_name, orders.customer_email, orders.customer_passport_number],
  sortable: {
    created_at: orders.created_at,
    code: orders.code,
    customer_name: orders.customer_name,
    start_date: orders.start_date,
    total: orders.total,
    paid: orders.paid,
    balance,
    status: orders.status,
  },
}

const listQuery = listQuerySchema(ORDER_SORTABLE, 'created_at').extend(orderListFilters)
/** `?order=ID`: the quote is for an edit of that order (what it holds counts as free stock). */
const quoteQuery = z.object({ order: queryId().optional() })
const exportQuery = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  search: z.string().max(200).optional(),
  headers: exportHeadersField,
  ...orderListFilters,
})

/**
 * The company's orders the caller may see for `action`: one desk when `kind`
 * is given (403 without its permission), else every desk the caller holds.
 */
function scope(
  auth: SessionUser,
  q: { kind?: OrderDesk; status?: string; balance?: OrderBalanceFilter; week?: OrderWeekFilter },
  action: Action,
): Array<SQL | undefined> {
  const desks = q.kind ? [q.kind] : ORDER_DESKS.filter((d) => auth.permissions.has(`${DESK_ENTITY[d]}_${action}`))
  if (q.kind && !auth.permissions.has(`${DESK_ENTITY[q.kind]}_${action}`)) throw forbidden()
  return [
    eq(orders.company_id, auth.companyId),
    or(...desks.map((d) => eq(deskColumn(d), true))),
    q.status ? eq(orders.status, q.status as never) : undefined,
    ...dashboardFilters(q),
  ]
}

/** `YYYY-MM-DD` (UTC) `n` days from today. */
const utcDay = (n = 0) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

/**
 * The owner dashboard's lists (issue 32), each the same rows its card counts: `balance=due` pending or
 * confirmed orders not paid in full, `overdue` those whose first day has come; `week=arrivals|departures`
 * open orders starting or ending today … today + 6 (UTC days, as orders count them).
 */
function dashboardFilters(q: { balance?: OrderBalanceFilter; week?: OrderWeekFilter }): Array<SQL | undefined> {
  const week = (col: AnyColumn) => sql`${col} BETWEEN ${utcDay()}::date AND ${utcDay(6)}::date`
  return [
    q.balance ? inArray(orders.status, [...ORDER_DUE_STATUSES]) : undefined,
    q.balance ? sql`${orders.paid} < ${orders.total}` : undefined,
    q.balance === 'overdue' ? sql`${orders.start_date} <= ${utcDay()}::date` : undefined,
    q.week ? inArray(orders.status, [...ORDER_OPEN_STATUSES]) : undefined,
    q.week === 'arrivals' ? week(orders.start_date) : q.week === 'departures' ? week(orders.end_date) : undefined,
  ]
}

const exportColumns: XlsxColumn[] = [
  { header: 'code', value: (r) => r.code },
  { header: 'customer', value: (r) => r.customer_name, labelKey: 'resources.orders.fields.customer_name' },
  { header: 'email', value: (r) => r.customer_email },
  { header: 'phone', value: (r) => r.customer_phone },
  { header: 'passport_number', labelKey: 'orders.fields.passport_number', value: (r) => r.customer_passport_number },
  { header: 'start_date', labelKey: 'orders.fields.start_date', value: (r) => r.start_date },
  { header: 'end_date', labelKey: 'orders.fields.end_date', value: (r) => r.end_date },
  { header: 'items', value: (r) => r.items_summary, labelKey: 'resources.orders.fields.items_summary', width: 50 },
  { header: 'total', value: (r) => Number(r.total) },
  { header: 'paid', value: (r) => Number(r.paid) },
  { header: 'balance', value: (r) => Number(r.balance) },
  { header: 'status', value: (r) => r.status, labels: 'orders.status.' },
  { header: 'created_at', value: (r) => r.created_at },
]

/** `Idempotency-Key`: printable ASCII, 1..200 characters (400 otherwise). */
function idempotencyKey(header: unknown): string | undefined {
  if (header === undefined) return undefined
  const v = Array.isArray(header) ? header[0] : header
  if (typeof v !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(v)) throw badRequest('orders.idempotency_key_invalid')
  return v
}

/**
 * Orders (issue 11): GET/POST /orders, quote, one order, its edit while
 * pending, its status and payments, and the CSV/xlsx export. Every route's
 * declared access is "any desk's permission"; the service then asks for the
 * permission of every desk an order touches.
 */
const ordersModule: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const tags = ['orders']

  app.get('/orders', { schema: { tags, querystring: listQuery }, config: { access: anyDesk('list') } }, async (req) => {
    const auth = requireAuth(req)
    const q = req.query
    const list = await listRows(app.db, ordersSource, q, scope(auth, q, 'list'), counterOf(auth, q))
    // Item names in the reader's language (the summary was written in the clerk's), as each kind words them.
    const locale = requestLocale(req)
    const wording = orderKinds().filter((k) => k.summaryIn)
    const data = (list.data as Array<Record<string, unknown> & { items_summary?: string | null }>).map((r) => {
      let summary = r.items_summary
      for (const k of wording) if (summary && r[k.deskFlag.name]) summary = k.summaryIn!(summary, locale)
      return summary === r.items_summary ? r : { ...r, items_summary: summary }
    })
    return { ...list, data }
  })

  app.get(
    '/orders/choices/:source',
    { schema: { tags, params: choiceParams() }, config: { access: anyDesk('list') } },
    async (req) => {
      const auth = requireAuth(req)
      if (!auth.permissions.has(choicePermission(req.params.source))) throw forbidden()
      return { data: await bookableChoices(app.db, auth.companyId, req.params.source) }
    },
  )

  app.get('/orders/counters', { schema: { tags }, config: { access: anyDesk('list') } }, async (req) => ({
    data: await orderCounters(app.db, requireAuth(req)),
  }))

  app.get(
    '/orders/export',
    { schema: { tags, querystring: exportQuery }, config: { access: anyDesk('export') } },
    async (req, reply) => {
      const auth = requireAuth(req)
      const q = req.query
      const rows = await primed(iterateRows(app.db, ordersSource, scope(auth, q, 'export'), q.search))
      return sendExport(req, reply, app.db, { name: 'orders', format: q.format, columns: exportColumns, rows })
    },
  )

  app.post(
    '/orders/quote',
    { schema: { tags, body: orderInputSchema, querystring: quoteQuery }, config: { access: anyDesk('create') } },
    async (req) => ({
      data: await quoteOrder(app.db, requireAuth(req), req.body, requestLocale(req), req.query.order),
    }),
  )

  app.post('/orders', { schema: { tags, body: orderInputSchema }, config: { access: anyDesk('create') } }, async (req) => {
    const auth = requireAuth(req)
    const key = idempotencyKey(req.headers['idempotency-key'])
    const id = await createOrder(app.db, auth, req.body, { idempotencyKey: key, rawBody: req.body, locale: requestLocale(req) })
    return { data: await orderDetail(app.db, auth, id) }
  })

  app.get(
    '/orders/:id',
    { schema: { tags, params: idParams }, config: { access: [...anyDesk('view'), ...anyDesk('update')] } },
    async (req) => ({
      data: await orderDetail(app.db, requireAuth(req), req.params.id),
    }),
  )

  /** A stale version (issue 30): 409 with the order as it now is and its last change (audit rows of any desk). */
  const orStale = async (auth: SessionUser, id: number, err: unknown): Promise<never> => {
    if (!(err instanceof StaleVersion)) throw err
    const entities = ORDER_DESKS.map((d) => DESK_ENTITY[d])
    throw staleVersion(await orderDetail(app.db, auth, id), await lastChange(app.db, auth.companyId, entities, id))
  }

  app.put(
    '/orders/:id',
    {
      schema: { tags, params: idParams, body: orderInputSchema },
      config: { access: anyDesk('update') },
      preValidation: takeVersion,
    },
    async (req) => {
      const auth = requireAuth(req)
      await updateOrder(app.db, auth, req.params.id, req.body, requestLocale(req), expectedVersion(req)).catch((err) =>
        orStale(auth, req.params.id, err),
      )
      return { data: await orderDetail(app.db, auth, req.params.id) }
    },
  )

  app.post(
    '/orders/:id/status',
    {
      schema: { tags, params: idParams, body: orderStatusInputSchema },
      config: { access: [...anyDesk('update'), ...anyDesk('approval')] },
      preValidation: takeVersion,
    },
    async (req) => {
      const auth = requireAuth(req)
      await changeStatus(app.db, auth, req.params.id, req.body.status, expectedVersion(req), {
        reason: req.body.reason,
        fee: req.body.fee,
      }).catch((err) => orStale(auth, req.params.id, err))
      return { data: await orderDetail(app.db, auth, req.params.id) }
    },
  )

  app.get(
    '/orders/:id/payments',
    { schema: { tags, params: idParams }, config: { access: [...anyDesk('view'), ...anyDesk('update')] } },
    async (req) => {
      const auth = requireAuth(req)
      const order = await findOrder(app.db, auth, req.params.id)
      const data = await listPayments(app.db, order.id)
      return { data, paid: order.paid, total: order.total, balance: Math.round((order.total - order.paid) * 100) / 100 }
    },
  )

  app.post(
    '/orders/:id/payments',
    { schema: { tags, params: idParams, body: paymentInputSchema }, config: { access: anyDesk('update') } },
    async (req) => {
      const auth = requireAuth(req)
      await addPayment(app.db, auth, req.params.id, req.body)
      return { data: await orderDetail(app.db, auth, req.params.id) }
    },
  )
}

export default ordersModule
