import { ORDER_ITEM_KINDS, type OrderItemKind } from '@app/shared'
import type { WebKind } from './define'
import { room } from './room'
import { train } from './train'
import { transportation } from './transportation'
import { ziyarah } from './ziyarah'
import { departure } from './departure'

export * from './define'

/** The web entry of every shared kind (a kind without one fails typecheck). */
const ENTRIES: Record<OrderItemKind, WebKind> = { room, train, transportation, ziyarah, departure }

export const webKind = (kind: OrderItemKind): WebKind => ENTRIES[kind]
/** The kinds in the shared declaration's order (menus, the form's add buttons). */
export const webKinds = () => ORDER_ITEM_KINDS.map((kind) => ({ kind, ...ENTRIES[kind] }))
