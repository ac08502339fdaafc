import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { ORDER_MOVE_ACTION, ORDER_TRANSITIONS, type Locale, type OrderInput, type OrderStatus } from '@app/shared'
import type { Db } from '../../db/client.js'
import { decodeRow, jsonValue as json } from '../../db/json-rows.js'
import { orderIdempotency, orderItems, orderLines, orders } from '../../db/schema/index.js'
import { statement } from '../../db/statements.js'
import { refusalText, releaseStock, reservation, reservationText, reserveStock, type StockClaim } from '../../stock/index.js'
import { conflict, HttpError, unprocessable } from '../../lib/errors.js'
import type { SessionUser } from '../../lib/sessions.js'
import { auditRecordId, owedRouteAudit, type AuditRow } from '../../lib/audit.js'
import { cents, claimsOf, orderKind, sar, type ItemPlan } from './kinds.js'
import { desksOfKinds, desksOfOrder, requireAnyDesk, requireDesks, writeDesks } from './order-desks.js'
import { detailOf, orderDetail, type DetailHistory, type DetailLine, type Travellers } from './order-reads.js'
import { formatSar, heldClaims, planItems, todayUtc } from './order-plans.js'

/** `DD-MM-YYYY` of a `YYYY-MM-DD` day, as every screen writes days. */
const dmy = (day: string) => day.split('-').reverse().join('-')
import { lockOrder, moveStatus, reserving, withRetry } from './order-transactions.js'
import { writeItemPilgrims } from './order-pilgrims.js'
import { isUniqueViolation } from '../../lib/db-errors.js'

/** Creating an order, editing it while pending and moving its status, each in one transaction with its stock. */

type Tx = Db

function summary(plans: ItemPlan[]): string {
  return plans
    .map((p) => `${p.name}${p.quantity > 1 ? ` x${p.quantity}` : ''}`)
    .join('; ')
    .slice(0, 500)
}

function orderValues(input: OrderInput, plans: ItemPlan[]) {
  const c = input.customer
  return {
    customer_name: c.name,
    customer_email: c.email || null,
    customer_phone: c.phone || null,
    customer_nationality: c.nationality || null,
    customer_passport_number: c.passport_number || null,
    customer_pilgrim_id: c.pilgrim_id ?? null,
    notes: input.notes ?? null,
    items_summary: summary(plans),
    start_date: plans.map((p) => p.startDate).sort()[0]!,
    // The day the order ends, as each kind counts it (a stay ends on its check-out, the morning after its last night).
    end_date: plans
      .map((p) => orderKind(p.kind)?.orderEnd?.(p.endDate) ?? p.endDate)
      .sort()
      .at(-1)!,
    total: sar(plans.reduce((s, p) => s + cents(p.amount), 0)),
  }
}

/** An item's row as a plan gives it (the create's one statement and an edit's rewrite both write it). */
const itemRow = (p: ItemPlan, position: number) => ({
  position,
  kind: p.kind,
  item_id: p.itemId,
  variant: p.variant,
  item_name: p.name.slice(0, 400),
  start_date: p.startDate,
  end_date: p.endDate,
  quantity: p.quantity,
  adults: p.adults,
  children: p.children,
  amount: p.amount,
  extras: p.extras ?? [],
})

async function writeItems(tx: Tx, orderId: number, companyId: number, plans: ItemPlan[]) {
  const items = await tx
    .insert(orderItems)
    .values(plans.map((p, position) => ({ order_id: orderId, company_id: companyId, ...itemRow(p, position) })))
    .returning({ id: orderItems.id, position: orderItems.position })
  const lines = items.flatMap((it) =>
    plans[it.position]!.lines.map((l, position) => ({ order_item_id: it.id, position, ...l, label: l.label.slice(0, 400) })),
  )
  if (lines.length) await tx.insert(orderLines).values(lines)
  await writeItemPilgrims(tx, companyId, items, (position) => plans[position]!.pilgrimIds ?? [])
  for (const it of items) {
    const plan = plans[it.position]!
    await orderKind(plan.kind)?.written?.(tx, { orderItemId: it.id, orderId, companyId, status: 'pending', plan })
  }
}

export function requestHash(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex')
}

async function idempotentOrder(db: Db, companyId: number, key: string, hash: string): Promise<number | undefined> {
  const [row] = await db
    .select({ hash: orderIdempotency.request_hash, order_id: orderIdempotency.order_id })
    .from(orderIdempotency)
    .where(and(eq(orderIdempotency.company_id, companyId), eq(orderIdempotency.key, key)))
  if (!row) return undefined
  if (row.hash !== hash)
    throw unprocessable({ 'Idempotency-Key': ['orders.idempotency_mismatch'] }, 'orders.idempotency_mismatch')
  return row.order_id ?? undefined
}

/**
 * What a create wrote, as the statement answered it: the order row (its code numbered by the insert), its items,
 * lines, first status and the items' pilgrims.
 */
interface Written {
  order: typeof orders.$inferSelect
  items: Array<typeof orderItems.$inferSelect>
  lines: DetailLine[]
  history: DetailHistory[]
  travellers: Travellers
}

/** The parameters of the create's statement (`createStatement`), by name: `$n` is the name's place here, plus one. */
const CREATE_PARAMS = [
  'company',
  'user',
  'customer_name',
  'customer_email',
  'customer_phone',
  'customer_nationality',
  'customer_passport_number',
  'customer_pilgrim_id',
  'notes',
  'items_summary',
  'start_date',
  'end_date',
  'total',
  'desks',
  'items',
  'lines',
  'travellers',
  'stock',
  'stock_count',
  'audit',
  'audit_company',
  'audit_user',
  'audit_role',
  'audit_ip',
  'audit_user_agent',
  'audit_request_id',
  'audit_entity',
  'audit_action',
  'audit_change',
] as const
type CreateParam = (typeof CREATE_PARAMS)[number]
const $ = (name: CreateParam) => `$${CREATE_PARAMS.indexOf(name) + 1}`

/**
 * A new order in one statement (issue 33) of data-modifying CTEs: the stock of every claim (the ledger's
 * conditional upsert, `reservationText`), and only when it took every day, the order row, its desks, its first
 * status, its items, their lines and pilgrims, and the request's audit row naming the order; when it did not,
 * the statement fails (`refusalText`), so a COMMIT sent with it keeps nothing. The order's code is
 * written with its row by the BEFORE INSERT trigger `orders_code` (migration 0036: the company's sequence of the
 * year, no lock), so an order refused for stock takes no number. Each table's triggers fire as for a statement of
 * its own (the deferred ones, the counters and the desk check, at commit). Answers
 * the days taken and every row written, as the order's detail reads them. Its text is written once and sent as
 * a named prepared statement (`db/statements.ts`): nothing of it is built per order.
 */
const createStatement = statement(
  'order_create',
  `
    WITH s AS (${reservationText($('company'), $('stock'))}
    ), taken AS (
      SELECT count(*) = ${$('stock_count')}::int AS ok FROM s
    ), o AS (
      INSERT INTO orders (company_id, status, created_by, customer_name, customer_email, customer_phone,
                          customer_nationality, customer_passport_number, customer_pilgrim_id, notes, items_summary,
                          start_date, end_date, total)
      SELECT ${$('company')}::int, 'pending', ${$('user')}::int, ${$('customer_name')}::text,
             ${$('customer_email')}::text, ${$('customer_phone')}::text, ${$('customer_nationality')}::text,
             ${$('customer_passport_number')}::text, ${$('customer_pilgrim_id')}::int, ${$('notes')}::text,
             ${$('items_summary')}::text, ${$('start_date')}::date, ${$('end_date')}::date, ${$('total')}::numeric
      FROM taken WHERE taken.ok
      RETURNING *
    ), d AS (
      INSERT INTO order_desks (order_id, company_id, desk, status)
      SELECT o.id, o.company_id, x.desk, o.status FROM o, jsonb_array_elements_text(${$('desks')}::jsonb) AS x(desk)
    ), h AS (
      INSERT INTO order_status_history (order_id, from_status, to_status, user_id)
      SELECT o.id, NULL, o.status, ${$('user')}::int FROM o
      RETURNING from_status, to_status, user_id, (SELECT u.name FROM users u WHERE u.id = user_id) AS user_name, created_at
    ), i AS (
      INSERT INTO order_items (order_id, company_id, position, kind, item_id, variant, item_name, start_date, end_date,
                               quantity, adults, children, amount, extras)
      SELECT o.id, o.company_id, v.position, v.kind, v.item_id, v.variant, v.item_name, v.start_date, v.end_date,
             v.quantity, v.adults, v.children, v.amount, v.extras
      FROM o, jsonb_to_recordset(${$('items')}::jsonb) AS v(position int, kind text, item_id int, variant text,
             item_name text, start_date date, end_date date, quantity int, adults int, children int, amount numeric, extras jsonb)
      ORDER BY v.position
      RETURNING *
    ), l AS (
      INSERT INTO order_lines (order_item_id, position, type, day, label, unit_price, quantity, amount)
      SELECT i.id, v.position, v.type, v.day, v.label, v.unit_price, v.quantity, v.amount
      FROM i JOIN jsonb_to_recordset(${$('lines')}::jsonb) AS v(item int, position int, type text, day date,
             label text, unit_price numeric, quantity numeric, amount numeric) ON v.item = i.position
      ORDER BY i.position, v.position
      RETURNING order_item_id, position, type, day, label, unit_price, quantity, amount
    ), p AS (
      INSERT INTO order_item_pilgrims (order_item_id, pilgrim_id, company_id, position)
      SELECT i.id, v.pilgrim_id, i.company_id, v.position
      FROM i JOIN jsonb_to_recordset(${$('travellers')}::jsonb) AS v(item int, pilgrim_id int, position int) ON v.item = i.position
      RETURNING order_item_id, pilgrim_id, position, (SELECT g.full_name FROM pilgrims g WHERE g.id = pilgrim_id) AS full_name
    ), a AS (
      INSERT INTO audit_log (company_id, user_id, role_id, role_name, ip, user_agent, request_id, entity, record_id, action, change)
      SELECT ${$('audit_company')}::int, ${$('audit_user')}::int, ${$('audit_role')}::int,
             (SELECT r.name FROM roles r WHERE r.id = ${$('audit_role')}::int), ${$('audit_ip')}::text,
             ${$('audit_user_agent')}::text, ${$('audit_request_id')}::text, ${$('audit_entity')}::text, o.id,
             ${$('audit_action')}::text, ${$('audit_change')}::jsonb
      FROM o WHERE ${$('audit')}::boolean
    )
    SELECT ${refusalText('s', 'taken')} AS refused,
           (SELECT row_to_json(o) FROM o) AS "order",
           (SELECT coalesce(json_agg(i ORDER BY i.position), '[]') FROM i) AS items,
           (SELECT coalesce(json_agg(l ORDER BY l.order_item_id, l.position), '[]') FROM l) AS lines,
           (SELECT coalesce(json_agg(h), '[]') FROM h) AS history,
           (SELECT coalesce(json_agg(p ORDER BY p.order_item_id, p.position), '[]') FROM p) AS pilgrims`,
)

/**
 * Takes the stock of `claims` and writes the order with all its rows in one round trip (`createStatement`);
 * `audit`, the request's generic audit row, goes in the same statement. Throws the `StockShortfall` of the days
 * not taken (nothing of the order is written then; the transaction rolls back the days that were). The kinds'
 * `written` hooks and the idempotency key's update run after it; without them it is the transaction's `last`
 * statement, and on PostgreSQL the commit rides with it.
 */
async function insertOrder(
  tx: Tx,
  auth: SessionUser,
  values: ReturnType<typeof orderValues>,
  plans: ItemPlan[],
  claims: StockClaim[],
  audit: AuditRow | undefined,
  /** Nothing follows in the transaction: its COMMIT goes with the statement (db/statements.ts `last`). */
  last: boolean,
): Promise<Written> {
  const items = plans.map(itemRow)
  const lines = plans.flatMap((p, item) => p.lines.map((l, position) => ({ item, position, ...l, label: l.label.slice(0, 400) })))
  const travellers = plans.flatMap((p, item) =>
    (p.pilgrimIds ?? []).map((pilgrim_id, position) => ({ item, pilgrim_id, position })),
  )
  const stock = reservation(claims)
  const named: Record<CreateParam, unknown> = {
    company: auth.companyId,
    user: auth.userId,
    ...values,
    desks: JSON.stringify(desksOfKinds(plans.map((p) => p.kind))),
    items: JSON.stringify(items),
    lines: JSON.stringify(lines),
    travellers: JSON.stringify(travellers),
    stock: stock.rows,
    stock_count: stock.count,
    audit: audit !== undefined,
    audit_company: audit?.companyId ?? null,
    audit_user: audit?.userId ?? null,
    audit_role: audit?.roleId ?? null,
    audit_ip: audit?.ip ?? null,
    audit_user_agent: audit?.userAgent ?? null,
    audit_request_id: audit?.requestId ?? null,
    audit_entity: audit?.entity ?? null,
    audit_action: audit?.action ?? null,
    audit_change: audit?.change ?? null,
  }
  type Answer = Record<'order' | 'items' | 'lines' | 'history' | 'pilgrims', unknown>
  let rows: Answer[]
  try {
    rows = await createStatement<Answer>(
      tx,
      CREATE_PARAMS.map((k) => named[k]),
      { last },
    )
  } catch (err) {
    stock.refused(err)
    throw err
  }
  const row = rows[0]
  const order = decodeRow(orders, json(row!.order) as Record<string, unknown>)
  const written = json(row!.items) as Array<Record<string, unknown>>
  const rowsOfItems = written.map((it) => decodeRow(orderItems, it))
  const lineRow = (l: Record<string, unknown>): DetailLine => {
    const d = decodeRow(orderLines, l)
    return {
      order_item_id: d.order_item_id,
      type: d.type,
      day: d.day,
      label: d.label,
      unit_price: d.unit_price,
      quantity: d.quantity,
      amount: d.amount,
    }
  }
  const byItem: Travellers = new Map()
  for (const t of json(row!.pilgrims) as Array<{ order_item_id: number; pilgrim_id: number; full_name: string }>) {
    const list = byItem.get(t.order_item_id) ?? []
    list.push({ id: t.pilgrim_id, full_name: t.full_name })
    byItem.set(t.order_item_id, list)
  }
  return {
    order,
    items: rowsOfItems,
    lines: (json(row!.lines) as Array<Record<string, unknown>>).map(lineRow),
    history: (json(row!.history) as Array<Record<string, unknown>>).map((h) => ({
      from_status: (h.from_status as string | null) ?? null,
      to_status: h.to_status as string,
      user_id: (h.user_id as number | null) ?? null,
      user_name: (h.user_name as string | null) ?? null,
      created_at: new Date(h.created_at as string),
    })),
    travellers: byItem,
  }
}

/**
 * POST /orders: checks and prices every item, takes the stock of every day of
 * every item, and writes the order with its items, lines and first status, all
 * in one transaction; the code is numbered as the order row is written. With an
 * `Idempotency-Key`, the key row is written first: a concurrent retry waits on
 * it and then answers the same order. Answers the order's id (a replay: the
 * order the key made) and, for an order made now, what the transaction wrote.
 */
async function placeOrder(
  db: Db,
  auth: SessionUser,
  input: OrderInput,
  opts: { idempotencyKey?: string; rawBody?: unknown; locale?: Locale },
): Promise<{ id: number; written?: Written }> {
  requireDesks(auth, desksOfKinds(input.items.map((i) => i.kind)), 'create')
  const key = opts.idempotencyKey
  const hash = key ? requestHash(opts.rawBody ?? input) : ''
  if (key) {
    const existing = await idempotentOrder(db, auth.companyId, key, hash)
    if (existing) return { id: existing }
  }
  // The request's audit row goes in the order's own statement (each attempt's); the plugin then writes none.
  const audit = owedRouteAudit()
  try {
    return await reserving(db, (setClaims) =>
      db.transaction(async (raw) => {
        const tx = raw as unknown as Tx
        if (key) await tx.insert(orderIdempotency).values({ company_id: auth.companyId, key, request_hash: hash })
        const plans = await planItems(tx, auth.companyId, input, true, opts.locale)
        const claims = claimsOf(plans)
        setClaims(claims)
        // Nothing after the order's statement (no kind's `written` hook, no key to update): it commits with it.
        const last = !key && plans.every((p) => !orderKind(p.kind)?.written)
        const written = await insertOrder(tx, auth, orderValues(input, plans), plans, claims, audit?.row, last)
        audit?.written(true)
        const orderId = written.order.id
        // The order's audit row names the order made (also the row of any fallback of plugins/audit.ts).
        auditRecordId(orderId)
        for (const it of written.items) {
          const plan = plans[it.position]!
          await orderKind(plan.kind)?.written?.(tx, {
            orderItemId: it.id,
            orderId,
            companyId: auth.companyId,
            status: 'pending',
            plan,
          })
        }
        if (key)
          await tx
            .update(orderIdempotency)
            .set({ order_id: orderId })
            .where(and(eq(orderIdempotency.company_id, auth.companyId), eq(orderIdempotency.key, key)))
        return { id: orderId, written }
      }),
    )
  } catch (err) {
    // Rolled back with the transaction: a replayed key's answer below still gets its row from the plugin.
    audit?.written(false)
    if (key && isUniqueViolation(err, 'order_idempotency_company_id_key_pk')) {
      const existing = await idempotentOrder(db, auth.companyId, key, hash)
      if (existing) return { id: existing }
    }
    throw err
  }
}

/** POST /orders for the seeds and tests: the order's id. */
export async function createOrder(
  db: Db,
  auth: SessionUser,
  input: OrderInput,
  opts: { idempotencyKey?: string; rawBody?: unknown; locale?: Locale } = {},
): Promise<number> {
  return (await placeOrder(db, auth, input, opts)).id
}

/**
 * POST /orders and its answer, the order's detail (as GET /orders/{id} answers it). An order made now is
 * answered from what its transaction wrote (its code included: numbered by the insert); a replayed key reads the
 * order it made.
 */
export async function createOrderDetail(
  db: Db,
  auth: SessionUser,
  input: OrderInput,
  opts: { idempotencyKey?: string; rawBody?: unknown; locale?: Locale } = {},
) {
  const { id, written } = await placeOrder(db, auth, input, opts)
  if (!written) return orderDetail(db, auth, id)
  const desks = desksOfKinds(written.items.map((it) => it.kind))
  // As reading it would: an order on no desk the caller may view or update is not theirs to see.
  requireAnyDesk(auth, desks, ['view', 'update'])
  return detailOf({ ...written.order, desks }, written.items, written.lines, [], written.history, written.travellers)
}

/**
 * PUT /orders/{id} while pending: customer, notes and items. The old items'
 * stock is given back and the new items' taken in the same transaction, so
 * the order moves atomically (and may reuse the nights it already held); a
 * shortfall leaves the order as it was.
 */
export async function updateOrder(
  db: Db,
  auth: SessionUser,
  id: number,
  input: OrderInput,
  locale: Locale = 'en',
  expectedVersion?: number,
): Promise<void> {
  await reserving(db, (setClaims) =>
    db.transaction(async (raw) => {
      const tx = raw as unknown as Tx
      const order = await lockOrder(tx, auth, id, expectedVersion)
      const held = await desksOfOrder(tx, id)
      requireDesks(auth, [...new Set([...held, ...desksOfKinds(input.items.map((i) => i.kind))])], 'update')
      if (order.status !== 'pending') throw conflict('orders.not_editable', undefined, { status: order.status })
      await releaseStock(tx, await heldClaims(tx, id))
      await tx.delete(orderItems).where(eq(orderItems.order_id, id))
      const plans = await planItems(tx, auth.companyId, input, true, locale)
      // An order paid (in part) cannot shrink below what was paid: refund the difference first (issue 31).
      const newTotal = plans.reduce((s, p) => s + cents(p.amount), 0)
      if (cents(order.paid) > newTotal) {
        const params = { paid: formatSar(cents(order.paid)), total: formatSar(newTotal) }
        throw new HttpError(422, 'orders.paid_over_total', params, { total: [{ key: 'orders.paid_over_total', params }] })
      }
      const claims = claimsOf(plans)
      setClaims(claims)
      await reserveStock(tx, auth.companyId, claims)
      await tx
        .update(orders)
        .set({ ...orderValues(input, plans), updated_at: new Date(), version: sql`${orders.version} + 1` })
        .where(eq(orders.id, id))
      await writeDesks(
        tx,
        { id, companyId: auth.companyId, status: 'pending' },
        plans.map((p) => p.kind),
      )
      await writeItems(tx, id, auth.companyId, plans)
    }),
  )
}

/**
 * POST /orders/{id}/status: only the moves of ORDER_TRANSITIONS; each needs
 * ORDER_MOVE_ACTION of its target on every desk the order touches.
 * Cancelling gives the stock back in the same transaction; confirming an order
 * already paid in full moves it on to `paid`.
 */
export async function changeStatus(
  db: Db,
  auth: SessionUser,
  id: number,
  to: OrderStatus,
  expectedVersion?: number,
  opts: { reason?: string | null; fee?: number | null } = {},
): Promise<void> {
  await withRetry(() =>
    db.transaction(async (raw) => {
      const tx = raw as unknown as Tx
      const order = await lockOrder(tx, auth, id, expectedVersion)
      const desks = await desksOfOrder(tx, id)
      requireAnyDesk(auth, desks, ['view', 'update', 'list'])
      requireDesks(auth, desks, ORDER_MOVE_ACTION[to])
      const from = order.status as OrderStatus
      if (!ORDER_TRANSITIONS[from].includes(to))
        throw new HttpError(
          422,
          'orders.bad_transition',
          { from, to },
          { status: [{ key: 'orders.bad_transition', params: { from, to } }] },
        )
      const balance = cents(order.total) - cents(order.paid)
      if (to === 'paid' && balance !== 0) throw unprocessable({ status: ['orders.balance_open'] })
      // Completing records that the stay happened: not before the order's end (a stay's check-out), UTC days.
      if (to === 'completed' && todayUtc() < order.end_date)
        throw unprocessable({ status: [{ key: 'orders.complete_before_end', params: { date: dmy(order.end_date) } }] })
      if (to === 'cancelled') {
        const fee = opts.fee ?? null
        if (fee !== null && cents(fee) > cents(order.total))
          throw unprocessable({ fee: [{ key: 'orders.fee_over_total', params: { total: formatSar(cents(order.total)) } }] })
        await releaseStock(tx, await heldClaims(tx, id))
        await tx
          .update(orders)
          .set({ cancel_reason: opts.reason?.trim() || null, cancel_fee: fee })
          .where(eq(orders.id, id))
      }
      await moveStatus(tx, id, from, to, auth.userId)
      if (to === 'confirmed' && balance === 0) await moveStatus(tx, id, 'confirmed', 'paid', auth.userId)
    }),
  )
}
