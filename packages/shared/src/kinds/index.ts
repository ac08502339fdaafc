import { z } from 'zod'
import { genericItemFields, type BookableKindDeclaration } from './define.js'
import { KIND_NAMES, type OrderItemKind } from './names.js'
import { roomKind } from './room.js'
import { trainKind } from './train.js'
import { transportationKind } from './transportation.js'
import { departureKind } from './departure.js'
// Ziyarah tours declare their kind beside their contract (contracts/ziyarah-tours.ts).
import { ziyarahKind } from '../contracts/ziyarah-tours.js'

export * from './names.js'
export * from './define.js'
export * from './room.js'
export * from './train.js'
export * from './transportation.js'
export * from './departure.js'

/**
 * Each kind's declaration (its names and item schema), keyed by the kind's name: a name of kinds/names.ts
 * without its declaration here does not compile. Order and every list of names come from kinds/names.ts.
 */
const DECLARED = {
  room: roomKind,
  train: trainKind,
  transportation: transportationKind,
  ziyarah: ziyarahKind,
  departure: departureKind,
} as const satisfies { readonly [K in OrderItemKind]: BookableKindDeclaration<K> }

type Declared = (typeof DECLARED)[OrderItemKind]
export type BookableKind = Declared

type Declarations<T extends readonly { kind: OrderItemKind }[]> = { -readonly [I in keyof T]: (typeof DECLARED)[T[I]['kind']] }
type WithGeneric<S> =
  S extends z.ZodObject<infer Shape, infer Config>
    ? z.ZodObject<z.core.util.Extend<Shape, typeof genericItemFields>, Config>
    : never
type Items<T extends readonly Declared[]> = { -readonly [I in keyof T]: WithGeneric<T[I]['item']> }

/** The bookable kinds' declarations, in the order of kinds/names.ts. */
export const BOOKABLE_KINDS = KIND_NAMES.map((k) => DECLARED[k.kind]) as Declarations<typeof KIND_NAMES>

const byKind = new Map<string, Declared>(BOOKABLE_KINDS.map((k) => [k.kind, k]))
const byDesk = new Map<string, Declared>(BOOKABLE_KINDS.map((k) => [k.desk, k]))

/** The declaration of a kind (`undefined` for a name no kind declares). */
export function bookableKind(kind: string): Declared | undefined {
  return byKind.get(kind)
}
/** The declaration of the kind a desk sells. */
export function deskKind(desk: string): Declared | undefined {
  return byDesk.get(desk)
}

// Each kind's item plus the fields every item has (the travelling pilgrims): the kinds never declare them.
const itemSchemas = BOOKABLE_KINDS.map((k) => k.item.safeExtend(genericItemFields)) as unknown as Items<typeof BOOKABLE_KINDS>
export const orderItemInputSchema = z.discriminatedUnion('kind', itemSchemas)
export type OrderItemInput = z.infer<typeof orderItemInputSchema>
