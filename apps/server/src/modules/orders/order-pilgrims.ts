import { and, asc, eq, inArray } from 'drizzle-orm'
import { CHILD_AGE_LIMIT, ageOn, type OrderInput, type OrderItemInput } from '@app/shared'
import type { Db } from '../../db/client.js'
import { orderItemPilgrims, pilgrims } from '../../db/schema/index.js'
import { unprocessable } from '../../lib/errors.js'
import { registerMessages } from '../../lib/i18n.js'

/**
 * Orders use pilgrims (issue 28): the customer may be one of the company's
 * pilgrims, and any item, whatever its kind, may list the pilgrims who travel
 * on it. Then the item's adults and children (when its kind counts them)
 * follow the list: a pilgrim under CHILD_AGE_LIMIT on the item's first day is a
 * child, everyone else (also one without a birth date) an adult.
 */

registerMessages({
  en: {
    'orders.pilgrim_unknown': 'Pilgrim #{id} is not one of this company’s pilgrims',
    'orders.pilgrim_twice': 'A pilgrim is listed twice',
  },
  id: {
    'orders.pilgrim_unknown': 'Jamaah #{id} bukan jamaah perusahaan ini',
    'orders.pilgrim_twice': 'Seorang jamaah tercantum dua kali',
  },
})

/** Birth dates of the pilgrims an order names, by id. */
export type OrderPilgrims = Map<number, string | null>

/**
 * The company's pilgrims the order names (customer and items). A pilgrim of
 * another company, or none, is a 422 on the field that names it
 * (`customer.pilgrim_id`, `items.N.pilgrim_ids`), like a missing one.
 */
export async function loadOrderPilgrims(tx: Db, companyId: number, input: OrderInput): Promise<OrderPilgrims> {
  const customer = input.customer.pilgrim_id ?? null
  const ids = [...new Set([...(customer ? [customer] : []), ...input.items.flatMap((i) => i.pilgrim_ids ?? [])])]
  if (!ids.length) return new Map()
  const rows = await tx
    .select({ id: pilgrims.id, birth_date: pilgrims.birth_date })
    .from(pilgrims)
    .where(and(eq(pilgrims.company_id, companyId), inArray(pilgrims.id, ids)))
  const found: OrderPilgrims = new Map(rows.map((r) => [r.id, r.birth_date]))
  const errors: Record<string, Array<string | { key: string; params: Record<string, number> }>> = {}
  if (customer && !found.has(customer)) errors['customer.pilgrim_id'] = ['field.not_found']
  input.items.forEach((item, i) => {
    const unknown = (item.pilgrim_ids ?? []).filter((id) => !found.has(id))
    if (unknown.length)
      errors[`items.${i}.pilgrim_ids`] = unknown.map((id) => ({ key: 'orders.pilgrim_unknown', params: { id } }))
  })
  if (Object.keys(errors).length) throw unprocessable(errors)
  return found
}

/** Adults and children among `ids` on `day`. */
export function travellerCounts(ids: number[], found: OrderPilgrims, day: string): { adults: number; children: number } {
  const children = ids.filter((id) => {
    const birth = found.get(id)
    return !!birth && ageOn(birth, day) < CHILD_AGE_LIMIT
  }).length
  return { adults: ids.length - children, children }
}

/** The item with its counts set from its pilgrims, for a kind that counts adults and children; else as it is. */
export function withTravellerCounts(item: OrderItemInput, counts: { adults: number; children: number }): OrderItemInput {
  const out: Record<string, unknown> = { ...item }
  if ('adults' in item) out.adults = counts.adults
  if ('children' in item) out.children = counts.children
  return out as OrderItemInput
}

/** The pilgrims of each item written (items' ids by position), in the order listed. */
export async function writeItemPilgrims(
  tx: Db,
  companyId: number,
  items: Array<{ id: number; position: number }>,
  pilgrimIdsOf: (position: number) => number[],
) {
  const rows = items.flatMap((it) =>
    pilgrimIdsOf(it.position).map((pilgrim_id, position) => ({
      order_item_id: it.id,
      pilgrim_id,
      company_id: companyId,
      position,
    })),
  )
  if (rows.length) await tx.insert(orderItemPilgrims).values(rows)
}

/** Each item's travelling pilgrims with their names, for the order's detail. */
export async function readItemPilgrims(db: Db, itemIds: number[]) {
  if (!itemIds.length) return new Map<number, Array<{ id: number; full_name: string }>>()
  const rows = await db
    .select({ item: orderItemPilgrims.order_item_id, id: pilgrims.id, full_name: pilgrims.full_name })
    .from(orderItemPilgrims)
    .innerJoin(pilgrims, eq(pilgrims.id, orderItemPilgrims.pilgrim_id))
    .where(inArray(orderItemPilgrims.order_item_id, itemIds))
    .orderBy(asc(orderItemPilgrims.order_item_id), asc(orderItemPilgrims.position))
  const out = new Map<number, Array<{ id: number; full_name: string }>>()
  for (const r of rows) {
    const list = out.get(r.item) ?? []
    list.push({ id: r.id, full_name: r.full_name })
    out.set(r.item, list)
  }
  return out
}
