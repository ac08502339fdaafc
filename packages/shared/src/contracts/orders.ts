import { z } from 'zod'
import { MAX_NAME, MAX_TEXT } from '../constants.js'
import { ORDER_DESKS, ignoredMoney, isoDay, orderItemInputSchema } from '../kinds/index.js'
import { MAX_MONEY } from './availability.js'
import {
  MAX_ORDER_ITEMS,
  ORDER_BALANCE_FILTERS,
  ORDER_CURRENCY,
  ORDER_STATUSES,
  ORDER_WEEK_FILTERS,
  PAYMENT_METHODS,
} from './order-status.js'

/**
 * Orders (issue 11): one order model, one desk per bookable kind (kinds/). An
 * order with items of several kinds is a package. The workflow's names and rules are in ./order-status.ts.
 */
export * from './order-status.js'

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

export const orderListFilters = {
  kind: z.enum(ORDER_DESKS).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  balance: z.enum(ORDER_BALANCE_FILTERS).optional(),
  week: z.enum(ORDER_WEEK_FILTERS).optional(),
}
