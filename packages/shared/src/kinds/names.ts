/**
 * The bookable kinds' names, in menu and form order: THE one list of kinds. Every other list (kinds, desks,
 * desk permissions) is derived from it here, and each kind's item schema is keyed by its name (kinds/index.ts
 * refuses to build while a name has no schema). Adding a kind is one entry here, its file and its schema.
 *
 * This module imports nothing, zod least of all: the web shell (menu, routes, permissions) reads the desks from
 * it without evaluating any schema (issue 33, "Phone": the schemas cost every screen's first paint); the screens
 * that validate load the schemas with their own code.
 */
export const KIND_NAMES = [
  { kind: 'room', desk: 'hotel', icon: 'bed' },
  { kind: 'train', desk: 'train', icon: 'train' },
  { kind: 'transportation', desk: 'transportation', icon: 'bus' },
  { kind: 'ziyarah', desk: 'ziyarah', icon: 'map-pin' },
  { kind: 'departure', desk: 'departure', icon: 'plane-departure' },
] as const satisfies ReadonlyArray<{ kind: string; desk: string; icon: string }>

type Named = (typeof KIND_NAMES)[number]
export type OrderItemKind = Named['kind']
export type OrderDesk = Named['desk']
export type OrderEntity = `order_${OrderDesk}`
/** One kind's names: `KindName<'room'>` is `{ kind: 'room', desk: 'hotel', icon: 'bed' }`. */
export type KindName<K extends OrderItemKind = OrderItemKind> = Extract<Named, { kind: K }>

type Kinds<T extends readonly Named[]> = { -readonly [I in keyof T]: T[I]['kind'] }
type Desks<T extends readonly Named[]> = { -readonly [I in keyof T]: T[I]['desk'] }
type Entities<T extends readonly Named[]> = { -readonly [I in keyof T]: `order_${T[I]['desk']}` }

export const ORDER_ITEM_KINDS = KIND_NAMES.map((k) => k.kind) as Kinds<typeof KIND_NAMES>
/** The desks (menu "Order"), one per kind. */
export const ORDER_DESKS = KIND_NAMES.map((k) => k.desk) as Desks<typeof KIND_NAMES>
/** The desks' permission entities, `order_<desk>`. */
export const ORDER_ENTITIES = KIND_NAMES.map((k) => `order_${k.desk}`) as Entities<typeof KIND_NAMES>

/** Each kind's names by kind: `KIND_NAME.room.desk` is `'hotel'`. */
export const KIND_NAME = Object.fromEntries(KIND_NAMES.map((k) => [k.kind, k])) as unknown as {
  readonly [K in OrderItemKind]: KindName<K>
}
export const DESK_OF_KIND = Object.fromEntries(KIND_NAMES.map((k) => [k.kind, k.desk])) as Readonly<
  Record<OrderItemKind, OrderDesk>
>
export const KIND_OF_DESK = Object.fromEntries(KIND_NAMES.map((k) => [k.desk, k.kind])) as Readonly<
  Record<OrderDesk, OrderItemKind>
>
export const DESK_ENTITY = Object.fromEntries(KIND_NAMES.map((k) => [k.desk, `order_${k.desk}`])) as Readonly<
  Record<OrderDesk, OrderEntity>
>
