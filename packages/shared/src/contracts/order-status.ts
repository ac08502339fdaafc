/**
 * The order workflow's names and rules that hold no schema (issue 33, "Phone"): statuses, moves, payment
 * methods and limits, in a module without zod so a screen that only shows orders (the dashboard's cards)
 * does not evaluate the order schemas. contracts/orders.ts re-exports it.
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

/** The owner dashboard's lists (issue 32): `balance` due (pending or confirmed, not paid in full) or overdue (and started). */
export const ORDER_BALANCE_FILTERS = ['due', 'overdue'] as const
/** Orders arriving (first day) or leaving (last day, a stay's check-out) this week: today … today + 6, open ones. */
export const ORDER_WEEK_FILTERS = ['arrivals', 'departures'] as const
export type OrderBalanceFilter = (typeof ORDER_BALANCE_FILTERS)[number]
export type OrderWeekFilter = (typeof ORDER_WEEK_FILTERS)[number]
/** Orders whose balance is still to collect: not yet paid (a paid order's balance is zero). */
export const ORDER_DUE_STATUSES = ['pending', 'confirmed'] as const satisfies readonly OrderStatus[]
