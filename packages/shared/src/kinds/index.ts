import { z } from 'zod'
import { genericItemFields } from './define.js'
import { roomKind } from './room.js'
import { trainKind } from './train.js'
import { transportationKind } from './transportation.js'
import { departureKind } from './departure.js'
// Ziyarah tours declare their kind beside their contract (contracts/ziyarah-tours.ts).
import { ziyarahKind } from '../contracts/ziyarah-tours.js'

export * from './define.js'
export * from './room.js'
export * from './train.js'
export * from './transportation.js'
export * from './departure.js'

/**
 * The bookable kinds, in menu and form order: the one list of kinds. Every
 * other list (kinds, desks, desk permissions, the order-item union) is derived
 * from it below; adding a kind is its file and one entry here.
 */
export const BOOKABLE_KINDS = [roomKind, trainKind, transportationKind, ziyarahKind, departureKind] as const

type Declared = (typeof BOOKABLE_KINDS)[number]
export type OrderItemKind = Declared['kind']
export type OrderDesk = Declared['desk']
export type OrderEntity = Declared['entity']
export type BookableKind = Declared

type Kinds<T extends readonly Declared[]> = { -readonly [I in keyof T]: T[I]['kind'] }
type Desks<T extends readonly Declared[]> = { -readonly [I in keyof T]: T[I]['desk'] }
type Entities<T extends readonly Declared[]> = { -readonly [I in keyof T]: T[I]['entity'] }
type WithGeneric<S> =
  S extends z.ZodObject<infer Shape, infer Config>
    ? z.ZodObject<z.core.util.Extend<Shape, typeof genericItemFields>, Config>
    : never
type Items<T extends readonly Declared[]> = { -readonly [I in keyof T]: WithGeneric<T[I]['item']> }

export const ORDER_ITEM_KINDS = BOOKABLE_KINDS.map((k) => k.kind) as Kinds<typeof BOOKABLE_KINDS>
/** The desks (menu "Order"), one per kind. */
export const ORDER_DESKS = BOOKABLE_KINDS.map((k) => k.desk) as Desks<typeof BOOKABLE_KINDS>
export const ORDER_ENTITIES = BOOKABLE_KINDS.map((k) => k.entity) as Entities<typeof BOOKABLE_KINDS>

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

export const DESK_OF_KIND = Object.fromEntries(BOOKABLE_KINDS.map((k) => [k.kind, k.desk])) as Readonly<
  Record<OrderItemKind, OrderDesk>
>
export const KIND_OF_DESK = Object.fromEntries(BOOKABLE_KINDS.map((k) => [k.desk, k.kind])) as Readonly<
  Record<OrderDesk, OrderItemKind>
>
export const DESK_ENTITY = Object.fromEntries(BOOKABLE_KINDS.map((k) => [k.desk, k.entity])) as Readonly<
  Record<OrderDesk, OrderEntity>
>

// Each kind's item plus the fields every item has (the travelling pilgrims): the kinds never declare them.
const itemSchemas = BOOKABLE_KINDS.map((k) => k.item.safeExtend(genericItemFields)) as unknown as Items<typeof BOOKABLE_KINDS>
export const orderItemInputSchema = z.discriminatedUnion('kind', itemSchemas)
export type OrderItemInput = z.infer<typeof orderItemInputSchema>
