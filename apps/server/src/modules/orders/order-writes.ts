import { createHash, randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { ORDER_MOVE_ACTION, ORDER_TRANSITIONS, type Locale, type OrderInput, type OrderStatus } from '@app/shared'
import type { Db } from '../../db/client.js'
import { orderIdempotency, orderItems, orderLines, orders, orderStatusHistory } from '../../db/schema/index.js'
import { releaseStock, reserveStock } from '../../stock/index.js'
import { conflict, HttpError, unprocessable } from '../../lib/errors.js'
import type { SessionUser } from '../../lib/sessions.js'
import { auditRecordId } from '../../lib/audit.js'
import { cents, claimsOf, orderKind, sar, type ItemPlan } from './kinds.js'
import { desksOfKinds, desksOfOrder, requireAnyDesk, requireDesks, writeDesks } from './order-desks.js'
import { formatSar, heldClaims, planItems, todayUtc } from './order-plans.js'

/** `DD-MM-YYYY` of a `YYYY-MM-DD` day, as every screen writes days. */
const dmy = (day: string) => day.split('-').reverse().join('-')
import { lockOrder, moveStatus, reserving, withRetry } from './order-transactions.js'
import { writeItemPilgrims } from './order-pilgrims.js'

/** Creating an order, editing it while pending and moving its status, each in one transaction with its stock. */

type Tx = Db

function summary(plans: ItemPlan[]): string {
  return plans
    .map((p) => `${p.name}${p.quantity > 1 ? ` x${p.quantity}` : ''}`)
    .join('; ')
    .slice(0, 500)
}

/**
 * The code an order is written with until it commits: `~` and 24 random hex digits (unique, so two open
 * orders never meet on the code's unique index). At commit the deferred trigger `orders_number_at_commit`
 * (migration 0034) replaces it with `ORD-2026-000123`, the company's next number of the year from its
 * `order_counters` row, held only while committing: race-free, gap-free on commit (issue 33).
 */
const uncommittedCode = () => `~${randomBytes(12).toString('hex')}`

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

async function writeItems(tx: Tx, orderId: number, companyId: number, plans: ItemPlan[]) {
  const items = await tx
    .insert(orderItems)
    .values(
      plans.map((p, position) => ({
        order_id: orderId,
        company_id: companyId,
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
      })),
    )
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

const isUniqueOn = (err: unknown, constraint: string) => {
  for (let e: unknown = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++)
    if ((e as { code?: string }).code === '23505' && (e as { constraint?: string }).constraint === constraint) return true
  return false
}

/**
 * POST /orders: checks and prices every item, takes the stock of every day of
 * every item, numbers the order and writes it with its items, lines and first
 * status, all in one transaction. With an `Idempotency-Key`, the key row is
 * written first: a concurrent retry waits on it and then answers the same order.
 */
export async function createOrder(
  db: Db,
  auth: SessionUser,
  input: OrderInput,
  opts: { idempotencyKey?: string; rawBody?: unknown; locale?: Locale } = {},
): Promise<number> {
  requireDesks(auth, desksOfKinds(input.items.map((i) => i.kind)), 'create')
  const key = opts.idempotencyKey
  const hash = key ? requestHash(opts.rawBody ?? input) : ''
  if (key) {
    const existing = await idempotentOrder(db, auth.companyId, key, hash)
    if (existing) return existing
  }
  try {
    return await reserving(db, (setClaims) =>
      db.transaction(async (raw) => {
        const tx = raw as unknown as Tx
        if (key) await tx.insert(orderIdempotency).values({ company_id: auth.companyId, key, request_hash: hash })
        const plans = await planItems(tx, auth.companyId, input, true, opts.locale)
        const claims = claimsOf(plans)
        setClaims(claims)
        await reserveStock(tx, auth.companyId, claims)
        const [order] = await tx
          .insert(orders)
          .values({ company_id: auth.companyId, code: uncommittedCode(), status: 'pending', created_by: auth.userId, ...orderValues(input, plans) })
          .returning({ id: orders.id })
        // The order's audit row (written before this transaction commits) names the order made.
        auditRecordId(order!.id)
        await writeDesks(
          tx,
          { id: order!.id, companyId: auth.companyId, status: 'pending' },
          plans.map((p) => p.kind),
        )
        await writeItems(tx, order!.id, auth.companyId, plans)
        await tx
          .insert(orderStatusHistory)
          .values({ order_id: order!.id, from_status: null, to_status: 'pending', user_id: auth.userId })
        if (key)
          await tx
            .update(orderIdempotency)
            .set({ order_id: order!.id })
            .where(and(eq(orderIdempotency.company_id, auth.companyId), eq(orderIdempotency.key, key)))
        return order!.id
      }),
    )
  } catch (err) {
    if (key && isUniqueOn(err, 'order_idempotency_company_id_key_pk')) {
      const existing = await idempotentOrder(db, auth.companyId, key, hash)
      if (existing) return existing
    }
    throw err
  }
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
