import {
  DESK_ENTITY,
  DESK_OF_KIND,
  KIND_OF_DESK,
  ORDER_DESKS,
  ORDER_TRANSITIONS,
  issueMessage,
  ORDER_MOVE_ACTION,
  orderItemInputSchema,
  type OrderDesk,
  type OrderItemKind,
  type OrderStatus,
  type ZodIssueWithInput,
} from '@app/shared'
import { formatMoney } from '../../lib/numbers'
import { webKind, type DetailItem, type ItemValues } from './kinds'

export type { ItemValues } from './kinds'
export { STATUS_COLORS, formatDateSpan } from './order-format'

/*
 * The reservations desk's logic, apart from the screens so it can be tested:
 * form values <-> API bodies, which items can be quoted yet, a 409's days per
 * item, the list's date span, amounts with cents, and the status moves a desk
 * offers. Prices are never computed here: every number shown comes from the server.
 */

export interface CustomerValues {
  /** The customer as one of the company's pilgrims (issue 28), or null. */
  pilgrim_id: number | null
  name: string
  email: string
  phone: string
  nationality: string
  passport_number: string
}

export interface OrderFormValues {
  customer: CustomerValues
  notes: string
  items: ItemValues[]
}

/** A new item of a kind, with the fields every item has (no travelling pilgrims yet). */
export function blankItem(kind: OrderItemKind): ItemValues {
  return { ...webKind(kind).blank(), pilgrim_ids: [] }
}

export function blankOrder(desk: OrderDesk): OrderFormValues {
  return {
    customer: { pilgrim_id: null, name: '', email: '', phone: '', nationality: '', passport_number: '' },
    notes: '',
    items: [blankItem(KIND_OF_DESK[desk])],
  }
}

/** The item of the create/quote body, as its kind writes it (blanks left out so the schema names them). */
export function itemPayload(v: ItemValues): Record<string, unknown> {
  // The travelling pilgrims belong to every item, whatever its kind; sent only when listed.
  const pilgrims = Array.isArray(v.pilgrim_ids) ? (v.pilgrim_ids as unknown[]).map(Number) : []
  return { ...webKind(v.kind).payload(v), ...(pilgrims.length ? { pilgrim_ids: pilgrims } : {}) }
}

const orNull = (s: string) => (s.trim() ? s.trim() : null)

/** The `POST /orders` / `PUT /orders/{id}` / quote body. Never a price or total: the server computes them. */
export function orderPayload(values: OrderFormValues) {
  const c = values.customer
  return {
    customer: {
      pilgrim_id: c.pilgrim_id ?? null,
      name: c.name.trim(),
      email: orNull(c.email),
      phone: orNull(c.phone),
      nationality: orNull(c.nationality),
      passport_number: orNull(c.passport_number),
    },
    notes: orNull(values.notes),
    items: values.items.map(itemPayload),
  }
}

/**
 * What the live preview can ask a quote for: the items filled in enough to
 * pass the shared item schema, with their positions in the form. The customer
 * is not needed for a price, so a stand-in name is sent until one is typed.
 */
export function quotable(values: OrderFormValues): { body: ReturnType<typeof orderPayload>; positions: number[] } | null {
  const positions: number[] = []
  const items: Array<Record<string, unknown>> = []
  values.items.forEach((item, i) => {
    const p = itemPayload(item)
    if (orderItemInputSchema.safeParse(p).success) {
      positions.push(i)
      items.push(p)
    }
  })
  if (!items.length) return null
  const body = orderPayload(values)
  return {
    body: { ...body, customer: { ...body.customer, name: body.customer.name.length >= 2 ? body.customer.name : 'Quote' }, items },
    positions,
  }
}

/**
 * Why an item whose fields are all filled in cannot be quoted: the first rule
 * it breaks (check-out not after check-in, an end day before the start), as a
 * zod issue and the field it belongs to. `null` while a field is still missing
 * (the preview then says the item is not complete) or when the item is fine.
 */
export function itemProblem(item: ItemValues): { field: string; issue: ZodIssueWithInput } | null {
  const r = orderItemInputSchema.safeParse(itemPayload(item), { reportInput: true })
  if (r.success) return null
  const issues = r.error.issues as ZodIssueWithInput[]
  if (issues.some((i) => issueMessage(i).key === 'required')) return null
  const issue = issues[0]!
  return { field: String(issue.path.at(-1) ?? 'kind'), issue }
}

/** A 409 shortfall (`errors: { "items.0": ["2026-12-03"] }`) as days per form position. */
export function shortfallDays(errors: Record<string, string[]>): Record<number, string[]> {
  const out: Record<number, string[]> = {}
  for (const [key, days] of Object.entries(errors)) {
    const m = /^items\.(\d+)$/.exec(key)
    if (!m) continue
    out[Number(m[1])] = days.filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort()
  }
  return out
}

/** An amount with its cents when it has any; the same writing as every list (`formatMoney`). */
export function formatAmount(value: unknown, currency = 'SAR'): string {
  return formatMoney(value, currency)
}

/**
 * The moves a desk offers from `status`, as the server's workflow allows
 * them. `paid` is not offered: the server reaches it when the balance is zero
 * (a payment, or confirming an order already paid in full).
 */
export function statusActions(status: OrderStatus): OrderStatus[] {
  return ORDER_TRANSITIONS[status].filter((s) => s !== 'paid')
}

export function desksOf(kinds: Iterable<OrderItemKind>): OrderDesk[] {
  const set = new Set([...kinds].map((k) => DESK_OF_KIND[k]))
  return ORDER_DESKS.filter((d) => set.has(d))
}

/** The permission a move needs on every desk the order touches (ORDER_MOVE_ACTION: confirm and cancel approve). */
export function mayMove(permissions: readonly string[], desks: OrderDesk[], to: OrderStatus): boolean {
  const action = ORDER_MOVE_ACTION[to]
  return desks.every((d) => permissions.includes(`${DESK_ENTITY[d]}_${action}`))
}

/** One order as `GET /orders/{id}` answers it (the fields the desk uses). */
export interface OrderDetail {
  id: number
  /** Bumped by each edit and status move (issue 30): an edit or a move sends the one it read. */
  version?: number
  code: string
  status: OrderStatus
  total: number | string
  paid: number | string
  balance: number
  notes: string | null
  start_date: string
  end_date: string
  created_at: string
  /** Why it was cancelled and the fee kept (issue 32); null until cancelled. */
  cancel_reason: string | null
  cancel_fee: number | string | null
  customer: {
    pilgrim_id?: number | null
    name: string
    email: string | null
    phone: string | null
    nationality: string | null
    passport_number: string | null
  }
  items: Array<DetailItem & { lines: QuoteLine[] }>
  payments: Payment[]
  history: Array<{ from_status: OrderStatus | null; to_status: OrderStatus; user_name: string | null; created_at: string }>
}

export interface QuoteLine {
  type: 'day' | 'extra' | 'fee'
  day: string | null
  label: string
  unit_price: number | string
  quantity: number
  amount: number | string
}

export interface Payment {
  id: number
  amount: number | string
  method: string
  paid_at: string
  reference: string | null
}

/** An item's name in the reader's language, as its kind words it (else as stored). */
export function itemName(
  item: { kind: OrderItemKind; item_name: string; variant?: string | null },
  t: (key: string) => string,
): string {
  return webKind(item.kind).itemName?.(item, t) ?? item.item_name
}

/** An order's form values from its detail (the items as the create body names them). */
export function fromDetail(o: OrderDetail): OrderFormValues {
  const c = o.customer
  return {
    customer: {
      pilgrim_id: c.pilgrim_id ?? null,
      name: c.name ?? '',
      email: c.email ?? '',
      phone: c.phone ?? '',
      nationality: c.nationality ?? '',
      passport_number: c.passport_number ?? '',
    },
    notes: o.notes ?? '',
    items: o.items.map((it) => ({ ...webKind(it.kind).fromDetail(it), pilgrim_ids: it.pilgrim_ids ?? [] })),
  }
}

/** A fresh Idempotency-Key (works outside secure contexts too, where `randomUUID` is missing). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
}
