import { z } from 'zod'
import { MAX_NAME, MAX_TEXT } from '../constants.js'
import { ORDER_DESKS, ignoredMoney, isoDay, orderItemInputSchema } from '../kinds/index.js'
import { MAX_MONEY } from './availability.js'

/**
 * Orders (issue 11): one order model, one desk per bookable kind (kinds/). An
 * order with items of several kinds is a package.
 */
export const ORDER_STATUSES = ['pending', 'confirmed', 'paid', 'completed', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
/** Orders still to be served: they hold catalogue items (which cannot be deleted under them). */
export const ORDER_OPEN_STATUSES = ['pending', 'confirmed', 'paid'] as const satisfies readonly OrderStatus[]

/**
 * Allowed moves of the workflow, kept by the server. `paid` is reached when the
 * balance reaches zero (a payment, or confirming an order already paid in full);
 * asking for it by hand is allowed only when the balance is zero.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['paid', 'cancelled'],
  paid: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
}

/**
 * The permission each move needs on every desk the order touches (issue 32, docs/decisions/orders.md):
 * confirming binds the agency and cancelling gives its stock away, so both are an approval; marking paid
 * and completing record what happened, an update. A refund (a negative payment) is an approval too.
 */
export const ORDER_MOVE_ACTION: Readonly<Record<OrderStatus, 'approval' | 'update'>> = {
  pending: 'update',
  confirmed: 'approval',
  paid: 'update',
  completed: 'update',
  cancelled: 'approval',
}
export const ORDER_PAYMENT_ACTION = 'update'
export const ORDER_REFUND_ACTION = 'approval'

export const PAYMENT_METHODS = ['cash', 'transfer', 'card', 'other'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
export const ORDER_CURRENCY = 'SAR'
/** Most items in one order: a package is a handful; 1,000 is a 422. */
export const MAX_ORDER_ITEMS = 20
/** Longest stay or vehicle booking, in days. */
export const MAX_ORDER_DAYS = 90

export const ORDER_SORTABLE = ['created_at', 'code', 'customer_name', 'start_date', 'total', 'paid', 'balance', 'status'] as const

const text = (max: number) => z.string().trim().max(max)

export const orderCustomerSchema = z.object({
  /** The customer picked from the company's pilgrims (issue 28); the fields below are its snapshot. */
  pilgrim_id: z.number().int().min(1).max(2_147_483_647).nullish(),
  name: text(MAX_NAME).min(2),
  email: z.string().trim().max(MAX_NAME).email().or(z.literal('')).nullish(),
  phone: text(40).nullish(),
  nationality: text(80).nullish(),
  passport_number: text(40)
    .regex(/^[A-Za-z0-9-]*$/)
    .nullish(),
})

export const orderInputSchema = z.object({
  customer: orderCustomerSchema,
  notes: text(MAX_TEXT).nullish(),
  items: z.array(orderItemInputSchema).min(1).max(MAX_ORDER_ITEMS),
  ...ignoredMoney,
})
export type OrderInput = z.infer<typeof orderInputSchema>

/** Longest cancel reason. */
export const MAX_CANCEL_REASON = 500

/**
 * A move of the workflow. Cancelling asks why (required, kept on the order) and an optional fee the agency
 * keeps (0 … the order's total, checked by the server); the other moves take neither (issue 32).
 */
export const orderStatusInputSchema = z
  .object({
    status: z.enum(ORDER_STATUSES),
    reason: text(MAX_CANCEL_REASON).nullish(),
    fee: z
      .number()
      .refine((n) => Number.isFinite(n) && n >= 0 && n <= MAX_MONEY, 'orders.fee_range')
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'money_decimals')
      .nullish(),
  })
  .refine((b) => b.status !== 'cancelled' || (b.reason ?? '').length >= 3, {
    message: 'orders.cancel_reason_required',
    path: ['reason'],
  })
export type OrderStatusInput = z.infer<typeof orderStatusInputSchema>

/** Money the client sends: a number with at most two decimals, not zero, within numeric(14,2). */
export const paymentInputSchema = z.object({
  amount: z
    .number()
    .refine((n) => Number.isFinite(n) && Math.abs(n) <= MAX_MONEY, 'orders.amount_range')
    .refine((n) => n !== 0, 'orders.amount_zero')
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'money_decimals'),
  method: z.enum(PAYMENT_METHODS),
  /** Only SAR is accepted; any other currency is a 422, never converted. */
  currency: z.literal(ORDER_CURRENCY).optional(),
  paid_at: z.iso.datetime({ offset: true }).or(isoDay).optional(),
  reference: text(191).nullish(),
})
export type PaymentInput = z.infer<typeof paymentInputSchema>

/** The owner dashboard's lists (issue 32): `balance` due (pending or confirmed, not paid in full) or overdue (and started). */
export const ORDER_BALANCE_FILTERS = ['due', 'overdue'] as const
/** Orders arriving (first day) or leaving (last day, a stay's check-out) this week: today … today + 6, open ones. */
export const ORDER_WEEK_FILTERS = ['arrivals', 'departures'] as const
export type OrderBalanceFilter = (typeof ORDER_BALANCE_FILTERS)[number]
export type OrderWeekFilter = (typeof ORDER_WEEK_FILTERS)[number]
/** Orders whose balance is still to collect: not yet paid (a paid order's balance is zero). */
export const ORDER_DUE_STATUSES = ['pending', 'confirmed'] as const satisfies readonly OrderStatus[]

export const orderListFilters = {
  kind: z.enum(ORDER_DESKS).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  balance: z.enum(ORDER_BALANCE_FILTERS).optional(),
  week: z.enum(ORDER_WEEK_FILTERS).optional(),
}
