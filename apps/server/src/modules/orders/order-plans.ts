import { eq } from 'drizzle-orm'
import { MAX_MONEY, type Locale, type OrderInput } from '@app/shared'
import type { Db } from '../../db/client.js'
import { orderItems } from '../../db/schema/index.js'
import { readShortfall } from '../../stock/index.js'
import { HttpError, unprocessable } from '../../lib/errors.js'
import type { SessionUser } from '../../lib/sessions.js'
import { ItemRefusal, cents, claimsOf, eachDay, orderKind, sar, type ItemPlan } from './kinds.js'
import { desksOfKinds, requireDesks } from './order-desks.js'
import { findOrder } from './order-reads.js'
import { loadOrderPilgrims, travellerCounts, withTravellerCounts } from './order-pilgrims.js'

/** Items checked and priced by their kinds, the quote, and what a stored order holds in stock. */

type Tx = Db

export const todayUtc = () => new Date().toISOString().slice(0, 10)

/** The catalogue row an item books (the product or unit it takes stock of), as its kind reads it. */
const itemIdOf = (item: OrderInput['items'][number]): number => orderKind(item.kind)?.refOf(item) ?? 0

/**
 * Every item of an order checked and priced by its kind's adapter; every
 * refusal of every item comes back at once as one 422 (`items.N.field`).
 */
export async function planItems(
  tx: Tx,
  companyId: number,
  input: OrderInput,
  lock: boolean,
  locale: Locale = 'en',
): Promise<ItemPlan[]> {
  const ctx = { companyId, today: todayUtc(), lock, locale }
  const travellers = await loadOrderPilgrims(tx, companyId, input)
  const plans: ItemPlan[] = []
  const errors: Record<string, Array<{ key: string; params?: Record<string, string | number> }>> = {}
  // When locking, the items are planned (and their rows locked FOR SHARE) in (kind, id) order, the order a
  // catalogue delete locks them in (stock/delete-guard.ts refuseBookedItems): an order with two units of one product
  // and that product's delete then wait for each other instead of deadlocking. The plans keep the input's order.
  const entries = [...input.items.entries()]
  if (lock) entries.sort(([i, a], [j, b]) => a.kind.localeCompare(b.kind) || itemIdOf(a) - itemIdOf(b) || i - j)
  for (const [i, item] of entries) {
    const adapter = orderKind(item.kind)
    if (!adapter) {
      ;(errors[`items.${i}.kind`] ??= []).push({ key: 'orders.kind_unavailable' })
      continue
    }
    try {
      const ids = item.pilgrim_ids ?? []
      if (!ids.length) {
        plans[i] = await adapter.plan(tx, ctx, item)
        continue
      }
      // Adults and children follow the listed pilgrims, by age on the item's first day: counted on today,
      // planned, and planned again only when a birthday before the first day changes a count.
      const today = travellerCounts(ids, travellers, ctx.today)
      let plan = await adapter.plan(tx, ctx, withTravellerCounts(item, today))
      const onTheDay = travellerCounts(ids, travellers, plan.startDate)
      if (onTheDay.children !== today.children) plan = await adapter.plan(tx, ctx, withTravellerCounts(item, onTheDay))
      plans[i] = { ...plan, pilgrimIds: ids }
    } catch (err) {
      if (!(err instanceof ItemRefusal)) throw err
      ;(errors[`items.${i}.${err.field}`] ??= []).push({ key: err.key, params: err.params })
    }
  }
  if (Object.keys(errors).length) throw unprocessable(errors)
  checkTotal(plans)
  return plans
}

/** The largest total, in cents: numeric(14,2) (DESIGN §2), and far inside a double's exact integers (2^53). */
const MAX_TOTAL_CENTS = cents(MAX_MONEY)

/**
 * A total past MAX_MONEY is refused on `total` (issue 31: 500 units x 90 days at the largest price answered
 * …544 for …550). Checking the total alone is enough: every line and amount is a sum or product of
 * non-negative whole cents, so a product or sum that left the exact range (> 2^53) is also above the total's
 * limit, and one below it was computed exactly (docs/decisions/hardening.md).
 */
export function checkTotal(plans: ItemPlan[]) {
  const total = plans.reduce((s, p) => s + cents(p.amount), 0)
  if (total <= MAX_TOTAL_CENTS) return
  const params = { max: formatSar(MAX_TOTAL_CENTS) }
  // The sentence is the top-level message too: the order form has no `total` input to show it under.
  throw new HttpError(422, 'orders.total_over', params, { total: [{ key: 'orders.total_over', params }] })
}

/** `999,999,999,999.99`: an amount in a message (the same in both languages, as the screens show SAR). */
export const formatSar = (c: number) => (c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

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

/** What an order's stored items hold in stock, per day. */
export async function heldClaims(tx: Tx, orderId: number) {
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
