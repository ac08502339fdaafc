import { createHash } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import {
  DESK_ENTITY,
  DESK_OF_KIND,
  ORDER_TRANSITIONS,
  type Action,
  type OrderDesk,
  type OrderInput,
  type OrderItemKind,
  type OrderStatus,
  type PaymentInput,
} from '@app/shared'
import type { Db } from '../../db/client.js'
import {
  orderCounters,
  orderIdempotency,
  orderItems,
  orderLines,
  orderPayments,
  orders,
  orderStatusHistory,
} from '../../db/schema/index.js'
import {
  StockShortfall,
  isStockCheckError,
  readShortfall,
  releaseStock,
  reserveStock,
  shortfallError,
  type StockClaim,
} from '../../crud/inventory.js'
import { HttpError, conflict, forbidden, notFound, unprocessable } from '../../lib/errors.js'
import type { Locale } from '@app/shared'
import type { SessionUser } from '../../lib/sessions.js'
import { ItemRefusal, cents, claimsOf, eachDay, orderKind, orderKinds, sar, type ItemPlan, type StoredItem } from './kinds.js'

type Tx = Db
const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows

export const todayUtc = () => new Date().toISOString().slice(0, 10)

// ---------- permissions per desk ----------

export function desksOfKinds(kinds: Iterable<OrderItemKind>): OrderDesk[] {
  return [...new Set([...kinds].map((k) => DESK_OF_KIND[k]))]
}

/** The desks an order is on, from its desk columns (each kind declares its own). */
export function desksOfOrder(row: Record<string, unknown>): OrderDesk[] {
  return orderKinds()
    .filter((k) => row[k.deskFlag.name] === true)
    .map((k) => DESK_OF_KIND[k.kind])
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

// ---------- planning and pricing ----------

/**
 * Every item of an order checked and priced by its kind's adapter; every
 * refusal of every item comes back at once as one 422 (`items.N.field`).
 */
/** The catalogue row an item books (its room, route or vehicle), as its kind reads it. */
const itemIdOf = (item: OrderInput['items'][number]): number => orderKind(item.kind)?.refOf(item) ?? 0

export async function planItems(
  tx: Tx,
  companyId: number,
  input: OrderInput,
  lock: boolean,
  locale: Locale = 'en',
): Promise<ItemPlan[]> {
  const ctx = { companyId, today: todayUtc(), lock, locale }
  const plans: ItemPlan[] = []
  const errors: Record<string, Array<{ key: string; params?: Record<string, string | number> }>> = {}
  // When locking, the items are planned (and their rows locked FOR SHARE) in (kind, id) order, the order a
  // catalogue delete locks them in (crud/inventory.ts refuseBookedItems): an order with two rooms of a hotel
  // and that hotel's delete then wait for each other instead of deadlocking. The plans keep the input's order.
  const entries = [...input.items.entries()]
  if (lock) entries.sort(([i, a], [j, b]) => a.kind.localeCompare(b.kind) || itemIdOf(a) - itemIdOf(b) || i - j)
  for (const [i, item] of entries) {
    const adapter = orderKind(item.kind)
    if (!adapter) {
      ;(errors[`items.${i}.kind`] ??= []).push({ key: 'orders.kind_unavailable' })
      continue
    }
    try {
      plans[i] = await adapter.plan(tx, ctx, item)
    } catch (err) {
      if (!(err instanceof ItemRefusal)) throw err
      ;(errors[`items.${i}.${err.field}`] ??= []).push({ key: err.key, params: err.params })
    }
  }
  if (Object.keys(errors).length) throw unprocessable(errors)
  return plans
}

export function quoteOf(plans: ItemPlan[]) {
  const total = sar(plans.reduce((s, p) => s + cents(p.amount), 0))
  return {
    total,
    items: plans.map((p) => ({
      kind: p.kind,
      item_id: p.itemId,
      variant: p.variant,
      name: p.name,
      start_date: p.startDate,
      end_date: p.endDate,
      quantity: p.quantity,
      adults: p.adults,
      children: p.children,
      amount: p.amount,
      lines: p.lines,
    })),
  }
}

/**
 * POST /orders/quote: the prices of `input` and, per item, the days that look
 * short of stock right now (`short: { "items.0": ["2026-12-03"] }`), read
 * without locking or taking anything: advice for the clerk before saving (the
 * save itself decides, under the database's rules). Quoting an edit of
 * `editing` (a live order of the caller's) counts what that order holds as free,
 * since the edit gives it back first.
 */
export async function quoteOrder(db: Db, auth: SessionUser, input: OrderInput, locale: Locale, editing?: number) {
  requireDesks(auth, desksOfKinds(input.items.map((i) => i.kind)), 'create')
  let credit: Awaited<ReturnType<typeof heldClaims>> = []
  if (editing !== undefined) {
    const order = await findOrder(db, auth, editing)
    if (order.status !== 'cancelled') credit = await heldClaims(db, order.id)
  }
  const plans = await planItems(db, auth.companyId, input, false, locale)
  return { ...quoteOf(plans), short: await readShortfall(db, claimsOf(plans), credit) }
}

// ---------- writing an order ----------

function summary(plans: ItemPlan[]): string {
  return plans
    .map((p) => `${p.name}${p.quantity > 1 ? ` x${p.quantity}` : ''}`)
    .join('; ')
    .slice(0, 500)
}

/** `ORD-2026-000123`: the company's next number of the year, from its counter row (race-free, gap-free on commit). */
async function nextCode(tx: Tx, companyId: number): Promise<string> {
  const year = new Date().getUTCFullYear()
  const [row] = await tx
    .insert(orderCounters)
    .values({ company_id: companyId, year, last: 1 })
    .onConflictDoUpdate({ target: [orderCounters.company_id, orderCounters.year], set: { last: sql`${orderCounters.last} + 1` } })
    .returning({ last: orderCounters.last })
  return `ORD-${year}-${String(row!.last).padStart(6, '0')}`
}

function orderValues(input: OrderInput, plans: ItemPlan[]) {
  const kinds = new Set(plans.map((p) => p.kind))
  const c = input.customer
  return {
    customer_name: c.name,
    customer_email: c.email || null,
    customer_phone: c.phone || null,
    customer_nationality: c.nationality || null,
    customer_passport_number: c.passport_number || null,
    notes: input.notes ?? null,
    ...Object.fromEntries(orderKinds().map((k) => [k.deskFlag.name, kinds.has(k.kind)])),
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
      })),
    )
    .returning({ id: orderItems.id, position: orderItems.position })
  const lines = items.flatMap((it) =>
    plans[it.position]!.lines.map((l, position) => ({ order_item_id: it.id, position, ...l, label: l.label.slice(0, 400) })),
  )
  if (lines.length) await tx.insert(orderLines).values(lines)
}

/** Deadlocks and serialization failures are retried; everything else is the answer. */
async function withRetry<T>(fn: () => Promise<T>, attempts = 4): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn()
    } catch (err) {
      const code =
        (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code
      if (i + 1 < attempts && (code === '40P01' || code === '40001')) continue
      throw err
    }
  }
}

/**
 * Runs a write that reserves stock, turning a refusal into the 409 with the
 * days: a conditional upsert that skipped rows names them itself; a CHECK
 * violation aborted the transaction, so the days are read after the rollback.
 */
async function reserving<T>(db: Db, run: (claims: (c: StockClaim[]) => void) => Promise<T>): Promise<T> {
  let claims: StockClaim[] = []
  try {
    return await withRetry(() => run((c) => (claims = c)))
  } catch (err) {
    if (err instanceof StockShortfall) throw shortfallError(err.days)
    if (isStockCheckError(err)) {
      const days = await readShortfall(db, claims)
      // Nothing short any more (another order let go meanwhile): name every claimed day rather than none.
      if (!Object.keys(days).length)
        for (const c of claims) {
          const list = (days[`items.${c.item}`] ??= [])
          if (!list.includes(c.day)) list.push(c.day)
        }
      throw shortfallError(days)
    }
    throw err
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
        const code = await nextCode(tx, auth.companyId)
        const [order] = await tx
          .insert(orders)
          .values({ company_id: auth.companyId, code, status: 'pending', created_by: auth.userId, ...orderValues(input, plans) })
          .returning({ id: orders.id })
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

/** The order row of the caller's company, locked for the rest of the transaction. */
async function lockOrder(tx: Tx, auth: SessionUser, id: number) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.company_id, auth.companyId)))
    .for('update')
  if (!row) throw notFound()
  return row
}

/** What an order's stored items hold in stock, per day. */
async function heldClaims(tx: Tx, orderId: number) {
  const items = await tx
    .select({
      kind: orderItems.kind,
      item_id: orderItems.item_id,
      variant: orderItems.variant,
      start_date: orderItems.start_date,
      end_date: orderItems.end_date,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId))
  return items.flatMap((i) =>
    eachDay(i.start_date, i.end_date).map((day) => ({
      kind: i.kind,
      itemId: i.item_id,
      variant: i.variant,
      day,
      quantity: i.quantity,
    })),
  )
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
): Promise<void> {
  await reserving(db, (setClaims) =>
    db.transaction(async (raw) => {
      const tx = raw as unknown as Tx
      const order = await lockOrder(tx, auth, id)
      requireDesks(auth, [...new Set([...desksOfOrder(order), ...desksOfKinds(input.items.map((i) => i.kind))])], 'update')
      if (order.status !== 'pending') throw conflict('orders.not_editable', undefined, { status: order.status })
      await releaseStock(tx, await heldClaims(tx, id))
      await tx.delete(orderItems).where(eq(orderItems.order_id, id))
      const plans = await planItems(tx, auth.companyId, input, true, locale)
      const claims = claimsOf(plans)
      setClaims(claims)
      await reserveStock(tx, auth.companyId, claims)
      await tx
        .update(orders)
        .set({ ...orderValues(input, plans), updated_at: new Date() })
        .where(eq(orders.id, id))
      await writeItems(tx, id, auth.companyId, plans)
    }),
  )
}

async function moveStatus(tx: Tx, id: number, from: OrderStatus, to: OrderStatus, userId: number) {
  await tx.update(orders).set({ status: to, updated_at: new Date() }).where(eq(orders.id, id))
  await tx.insert(orderStatusHistory).values({ order_id: id, from_status: from, to_status: to, user_id: userId })
}

/**
 * POST /orders/{id}/status: only the moves of ORDER_TRANSITIONS; confirming
 * needs `approval` on every desk the order touches, the rest `update`.
 * Cancelling gives the stock back in the same transaction; confirming an order
 * already paid in full moves it on to `paid`.
 */
export async function changeStatus(db: Db, auth: SessionUser, id: number, to: OrderStatus): Promise<void> {
  await withRetry(() =>
    db.transaction(async (raw) => {
      const tx = raw as unknown as Tx
      const order = await lockOrder(tx, auth, id)
      const desks = desksOfOrder(order)
      requireAnyDesk(auth, desks, ['view', 'update', 'list'])
      requireDesks(auth, desks, to === 'confirmed' ? 'approval' : 'update')
      const from = order.status as OrderStatus
      if (!ORDER_TRANSITIONS[from].includes(to))
        throw unprocessable({ status: [{ key: 'orders.bad_transition', params: { from, to } }] }, 'orders.bad_transition')
      const balance = cents(order.total) - cents(order.paid)
      if (to === 'paid' && balance !== 0) throw unprocessable({ status: ['orders.balance_open'] })
      if (to === 'cancelled') await releaseStock(tx, await heldClaims(tx, id))
      await moveStatus(tx, id, from, to, auth.userId)
      if (to === 'confirmed' && balance === 0) await moveStatus(tx, id, 'confirmed', 'paid', auth.userId)
    }),
  )
}

/** Cents as the screens write money: `SAR 1.234,50`, `SAR 500` (dot thousands, comma decimals, as in en and id). */
export function sarText(c: number): string {
  const abs = Math.abs(Math.round(c))
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  const frac = abs % 100
  return `SAR ${c < 0 && abs > 0 ? '-' : ''}${whole}${frac ? `,${String(frac).padStart(2, '0')}` : ''}`
}

/** Latest `paid_at` accepted ahead of the server clock (a client clock a little ahead). */
const CLOCK_SKEW_MS = 5 * 60 * 1000
/** The furthest time zone ahead of UTC (UTC+14): its date is the latest "today" anywhere. */
const LATEST_ZONE_MS = 14 * 60 * 60 * 1000

/**
 * Whether a payment's `paid_at` is in the future. A time is compared with the
 * clock (a few minutes of skew allowed); a day (`YYYY-MM-DD`) is the payer's
 * calendar day, so it is in the future only when it is after today in every
 * time zone: an agency in Jakarta (UTC+7) recording a payment of its today at
 * 01:00 is still on the previous UTC day, and must not be refused.
 */
export function isFuturePayment(paidAt: string, now: Date = new Date()): boolean {
  if (paidAt.length === 10) return paidAt > new Date(now.getTime() + LATEST_ZONE_MS).toISOString().slice(0, 10)
  return new Date(paidAt).getTime() > now.getTime() + CLOCK_SKEW_MS
}

/**
 * POST /orders/{id}/payments: a payment (positive) or refund (negative) in SAR.
 * The sum paid never goes above the total nor below zero (checked on the locked
 * order, and by the orders table's CHECK). A confirmed order whose balance
 * reaches zero becomes `paid`; a refund that reopens the balance of a paid
 * order brings it back to `confirmed`.
 */
export async function addPayment(db: Db, auth: SessionUser, id: number, input: PaymentInput): Promise<number> {
  const paidAt = input.paid_at ? new Date(input.paid_at.length === 10 ? `${input.paid_at}T00:00:00Z` : input.paid_at) : new Date()
  if (Number.isNaN(paidAt.getTime())) throw unprocessable({ paid_at: ['field.invalid'] })
  if (input.paid_at && isFuturePayment(input.paid_at)) throw unprocessable({ paid_at: ['orders.paid_at_future'] })
  if (paidAt.getUTCFullYear() < 2000) throw unprocessable({ paid_at: ['field.invalid'] })
  return withRetry(() =>
    db.transaction(async (raw) => {
      const tx = raw as unknown as Tx
      const order = await lockOrder(tx, auth, id)
      const desks = desksOfOrder(order)
      requireAnyDesk(auth, desks, ['view', 'update', 'list'])
      requireDesks(auth, desks, 'update')
      const status = order.status as OrderStatus
      const amount = cents(input.amount)
      if (status === 'completed' || (status === 'cancelled' && amount > 0))
        throw unprocessable({ amount: [{ key: 'orders.payment_closed', params: { status } }] })
      const paid = cents(order.paid) + amount
      if (paid > cents(order.total))
        throw unprocessable({
          amount: [{ key: 'orders.payment_over', params: { balance: sarText(cents(order.total) - cents(order.paid)) } }],
        })
      if (paid < 0) throw unprocessable({ amount: [{ key: 'orders.refund_over', params: { paid: sarText(cents(order.paid)) } }] })
      const [payment] = await tx
        .insert(orderPayments)
        .values({
          order_id: id,
          company_id: auth.companyId,
          amount: sar(amount),
          method: input.method,
          paid_at: paidAt,
          reference: input.reference || null,
          created_by: auth.userId,
        })
        .returning({ id: orderPayments.id })
      await tx
        .update(orders)
        .set({ paid: sar(paid), updated_at: new Date() })
        .where(eq(orders.id, id))
      if (status === 'confirmed' && paid === cents(order.total)) await moveStatus(tx, id, 'confirmed', 'paid', auth.userId)
      if (status === 'paid' && paid < cents(order.total)) await moveStatus(tx, id, 'paid', 'confirmed', auth.userId)
      return payment!.id
    }),
  )
}

// ---------- reading ----------

export async function listPayments(db: Db, orderId: number) {
  return db
    .select({
      id: orderPayments.id,
      amount: orderPayments.amount,
      method: orderPayments.method,
      paid_at: orderPayments.paid_at,
      reference: orderPayments.reference,
      created_at: orderPayments.created_at,
    })
    .from(orderPayments)
    .where(eq(orderPayments.order_id, orderId))
    .orderBy(asc(orderPayments.paid_at), asc(orderPayments.id))
}

/** The order's row of the caller's company (404 for another company's, or for a desk the caller cannot see). */
export async function findOrder(db: Db, auth: SessionUser, id: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.company_id, auth.companyId)))
  if (!row) throw notFound()
  requireAnyDesk(auth, desksOfOrder(row), ['view', 'update'])
  return row
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
    },
    items: items.map(({ company_id: _ci, order_id: _o, ...it }) => ({
      ...it,
      ...wireRefs(it),
      lines: lines.filter((l) => l.order_item_id === it.id).map(({ order_item_id: _l, ...l }) => l),
    })),
    payments,
    history,
  }
}

/** The item as the create body names it (`room_id`, `check_in`/`check_out`, `route_id`/`date`, …), as its kind names it. */
function wireRefs(it: StoredItem) {
  return orderKind(it.kind as OrderItemKind)?.wireRefs(it) ?? {}
}

/** Stock rows whose booked differs from the sum of live (not cancelled) order items: empty when the invariant holds. */
export async function stockDrift(db: Db, companyId?: number) {
  const res = await db.execute(sql`
    WITH live AS (
      SELECT i.kind, i.item_id, i.variant, d::date AS day, sum(i.quantity)::int AS q
      FROM order_items i JOIN orders o ON o.id = i.order_id AND o.status <> 'cancelled'
      CROSS JOIN LATERAL generate_series(i.start_date, i.end_date, interval '1 day') AS d
      ${companyId ? sql`WHERE i.company_id = ${companyId}` : sql``}
      GROUP BY 1, 2, 3, 4
    )
    SELECT coalesce(s.kind, l.kind) AS kind, coalesce(s.item_id, l.item_id) AS item_id, coalesce(s.day, l.day)::text AS day,
           coalesce(s.booked, 0) AS booked, coalesce(l.q, 0) AS live
    FROM (SELECT * FROM inventory_stock ${companyId ? sql`WHERE company_id = ${companyId}` : sql``}) s
    FULL JOIN live l ON l.kind = s.kind AND l.item_id = s.item_id AND l.variant = s.variant AND l.day = s.day
    WHERE coalesce(s.booked, 0) <> coalesce(l.q, 0)`)
  return rowsOf<{ kind: string; item_id: number; day: string; booked: number; live: number }>(res)
}

export { HttpError }
