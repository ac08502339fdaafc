import { z } from 'zod'

/**
 * A bookable kind (a room stay, train seats, a vehicle, …) as both sides know
 * it: the item an order books, the desk that sells it and its permission
 * entity, and how the screens name and draw it. Every list of kinds, desks and
 * order permissions, and the order-item union, is derived from the declared
 * kinds (kinds/index.ts), so a new kind is one file here and its registration.
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

export function defineBookableKind<const K extends string, const D extends string, S extends z.ZodType>(decl: {
  kind: K
  desk: D
  item: S
  icon: string
}): BookableKindDeclaration<K, D, S> {
  return {
    ...decl,
    entity: `order_${decl.desk}`,
    labelKey: `orders.kinds.${decl.kind}`,
    deskLabelKey: `resources.orders.desks.${decl.desk}`,
  }
}

// ---- fields the item schemas share ----

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 is refused). */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`)
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
  }, 'date_invalid')

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
