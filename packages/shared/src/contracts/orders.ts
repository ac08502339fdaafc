import { z } from 'zod'
import { MAX_NAME, MAX_TEXT } from '../constants.js'
import type { Entity } from '../permissions.js'
import { MAX_MONEY } from './availability.js'

/**
 * Orders (issue 11): one order model, three desks. An item is a room stay, train
 * seats or a vehicle; an order with items of several kinds is a package.
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

export const ORDER_ITEM_KINDS = ['room', 'train', 'transportation'] as const
export type OrderItemKind = (typeof ORDER_ITEM_KINDS)[number]

/** The three desks (menu "Order") and the item kind each one books. */
export const ORDER_DESKS = ['hotel', 'train', 'transportation'] as const
export type OrderDesk = (typeof ORDER_DESKS)[number]
export const DESK_OF_KIND: Readonly<Record<OrderItemKind, OrderDesk>> = {
  room: 'hotel',
  train: 'train',
  transportation: 'transportation',
}
export const KIND_OF_DESK: Readonly<Record<OrderDesk, OrderItemKind>> = {
  hotel: 'room',
  train: 'train',
  transportation: 'transportation',
}
export const DESK_ENTITY: Readonly<Record<OrderDesk, Entity>> = {
  hotel: 'order_hotel',
  train: 'order_train',
  transportation: 'order_transportation',
}

export const PAYMENT_METHODS = ['cash', 'transfer', 'card', 'other'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
export const ORDER_CURRENCY = 'SAR'
/** Most items in one order: a package is a handful; 1,000 is a 422. */
export const MAX_ORDER_ITEMS = 20
/** Longest stay or vehicle booking, in days. */
export const MAX_ORDER_DAYS = 90
/** Most rooms or seats in one item. */
export const MAX_ORDER_QUANTITY = 500

export const ORDER_SORTABLE = ['created_at', 'code', 'customer_name', 'start_date', 'total', 'paid', 'balance', 'status'] as const

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 is refused). */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`)
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
  }, 'date_invalid')

const id = z.number().int().min(1).max(2_147_483_647)
const count = (min: number) => z.number().int().min(min).max(MAX_ORDER_QUANTITY)

/** Fields a client may send that the server computes: accepted and ignored. */
const ignoredMoney = {
  price: z.unknown().optional(),
  total: z.unknown().optional(),
  amount: z.unknown().optional(),
  unit_price: z.unknown().optional(),
  lines: z.unknown().optional(),
}

export const roomItemSchema = z
  .object({
    kind: z.literal('room'),
    room_id: id,
    check_in: isoDay,
    check_out: isoDay,
    quantity: count(1),
    adults: count(1),
    children: count(0).default(0),
    ...ignoredMoney,
  })
  .refine((i) => i.check_out > i.check_in, { message: 'orders.check_out_after_check_in', path: ['check_out'] })

export const trainItemSchema = z.object({
  kind: z.literal('train'),
  route_id: id,
  train_type: z.enum(['economy', 'business']),
  date: isoDay,
  adults: count(0),
  children: count(0).default(0),
  ...ignoredMoney,
})

export const transportationItemSchema = z
  .object({
    kind: z.literal('transportation'),
    transportation_id: id,
    start_date: isoDay,
    end_date: isoDay,
    ...ignoredMoney,
  })
  .refine((i) => i.end_date >= i.start_date, { message: 'orders.end_after_start', path: ['end_date'] })

export const orderItemInputSchema = z.discriminatedUnion('kind', [roomItemSchema, trainItemSchema, transportationItemSchema])
export type OrderItemInput = z.infer<typeof orderItemInputSchema>

const text = (max: number) => z.string().trim().max(max)

export const orderCustomerSchema = z.object({
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

export const orderStatusInputSchema = z.object({ status: z.enum(ORDER_STATUSES) })

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
}
