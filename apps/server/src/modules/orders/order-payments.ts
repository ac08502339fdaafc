import { asc, eq } from 'drizzle-orm'
import { ORDER_PAYMENT_ACTION, ORDER_REFUND_ACTION, type OrderStatus, type PaymentInput } from '@app/shared'
import type { Db } from '../../db/client.js'
import { orderPayments, orders } from '../../db/schema/index.js'
import { unprocessable } from '../../lib/errors.js'
import type { SessionUser } from '../../lib/sessions.js'
import { cents, sar } from './kinds.js'
import { desksOfOrder, requireAnyDesk, requireDesks } from './order-desks.js'
import { lockOrder, moveStatus, withRetry } from './order-transactions.js'

/** Payments and refunds in SAR, and the paid/balance rules they keep. */

type Tx = Db

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
      const desks = await desksOfOrder(tx, order.id)
      requireAnyDesk(auth, desks, ['view', 'update', 'list'])
      const amount = cents(input.amount)
      requireDesks(auth, desks, amount < 0 ? ORDER_REFUND_ACTION : ORDER_PAYMENT_ACTION)
      const status = order.status as OrderStatus
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
