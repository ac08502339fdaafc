import { z } from 'zod'
import { inDateWindow, isRealDate } from '../dates.js'

/**
 * A bookable kind (a room stay, train seats, a vehicle, …) as both sides know
 * it: the item an order books, the desk that sells it and its permission
 * entity, and how the screens name and draw it. The names are declared once in
 * kinds/names.ts (zod-free, which every list of kinds, desks and order
 * permissions derives from); the schemas are keyed by them (kinds/index.ts).
 */
export interface BookableKindDeclaration<K extends string = string, D extends string = string, S extends z.ZodType = z.ZodType> {
  kind: K
  /** The reservations desk (menu "Order"): `/orders?kind=<desk>`, `/app/order_<desk>`. */
  desk: D
  /** The desk's permission entity: `order_<desk>`. */
  entity: `order_${D}`
  /** The item of the create body, `{ kind: '<kind>', … }`. */
  item: S
  /** The tabler icon name the web menu shows for the desk. */
  icon: string
  /** i18n keys: the item kind (`orders.kinds.<kind>`) and the desk (`resources.orders.desks.<desk>`). */
  labelKey: `orders.kinds.${K}`
  deskLabelKey: `resources.orders.desks.${D}`
}

/** A kind's declaration: its names (kinds/names.ts, the one list) and the item its orders book. */
export function defineBookableKind<const N extends { kind: string; desk: string; icon: string }, S extends z.ZodType>(
  names: N,
  item: S,
): BookableKindDeclaration<N['kind'], N['desk'], S> {
  return {
    kind: names.kind,
    desk: names.desk,
    icon: names.icon,
    item,
    entity: `order_${names.desk}`,
    labelKey: `orders.kinds.${names.kind}`,
    deskLabelKey: `resources.orders.desks.${names.desk}`,
  }
}

// ---- fields the item schemas share ----

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 is refused) inside the one date window (dates.ts). */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isRealDate, { message: 'date_invalid' })
  .refine((s) => !isRealDate(s) || inDateWindow(s), { message: 'date_window' })

/** Most rooms or seats in one item. */
export const MAX_ORDER_QUANTITY = 500

export const itemRefId = z.number().int().min(1).max(2_147_483_647)
export const itemCount = (min: number) => z.number().int().min(min).max(MAX_ORDER_QUANTITY)

/** Fields a client may send that the server computes: accepted and ignored. */
export const ignoredMoney = {
  price: z.unknown().optional(),
  total: z.unknown().optional(),
  amount: z.unknown().optional(),
  unit_price: z.unknown().optional(),
  lines: z.unknown().optional(),
}

/** Most pilgrims one item lists. */
export const MAX_ITEM_PILGRIMS = 100

/**
 * The fields every item has whatever its kind (added to each kind's schema by
 * kinds/index.ts, never declared by a kind): the pilgrims who travel on it
 * (issue 28). When given, an item's `adults` and `children`, if its kind counts
 * them, follow the list (children by age, `CHILD_AGE_LIMIT`).
 */
export const genericItemFields = {
  pilgrim_ids: z
    .array(itemRefId)
    .max(MAX_ITEM_PILGRIMS)
    .refine((ids) => new Set(ids).size === ids.length, 'orders.pilgrim_twice')
    .optional(),
}

/** A pilgrim under this age on the item's first day travels as a child (airline and hotel custom: under 12). */
export const CHILD_AGE_LIMIT = 12
/** Most extras chosen on one item. */
export const MAX_ITEM_EXTRAS = 20

/**
 * Extras the clerk chooses for an item (issue 32): which of the product's extras (`extra_id`, a row of its
 * extra price list) and how many (`qty`, optional: the server takes the persons for a per-person extra, else 1).
 * A kind that sells extras puts `extras: chosenExtras` in its item; service fees are never chosen.
 */
export const chosenExtras = z
  .array(z.object({ extra_id: itemRefId, qty: itemCount(1).optional() }))
  .max(MAX_ITEM_EXTRAS)
  .refine((list) => new Set(list.map((e) => e.extra_id)).size === list.length, 'orders.extra_twice')
  .default([])
