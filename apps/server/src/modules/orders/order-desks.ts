import { DESK_ENTITY, DESK_OF_KIND, type Action, type OrderDesk, type OrderItemKind } from '@app/shared'
import { forbidden, notFound } from '../../lib/errors.js'
import type { SessionUser } from '../../lib/sessions.js'
import { orderKinds } from './kinds.js'

/** Which desks an order is on and what the caller may do there: an order needs the permission of every desk it touches. */

export function desksOfKinds(kinds: Iterable<OrderItemKind>): OrderDesk[] {
  return [...new Set([...kinds].map((k) => DESK_OF_KIND[k]))]
}

/** The desks an order is on, from its desk columns (each kind declares its own). */
export function desksOfOrder(row: Record<string, unknown>): OrderDesk[] {
  return orderKinds()
    .filter((k) => row[k.deskFlag.name] === true)
    .map((k) => DESK_OF_KIND[k.kind])
}

/** An order touching several desks needs the permission of each (issue 11). */
export function requireDesks(auth: SessionUser, desks: OrderDesk[], action: Action): void {
  const missing = desks.filter((d) => !auth.permissions.has(`${DESK_ENTITY[d]}_${action}`))
  if (missing.length) throw forbidden()
}

/** Reading one order: the permission of any desk it appears on. */
export function requireAnyDesk(auth: SessionUser, desks: OrderDesk[], actions: Action[]): void {
  if (!desks.some((d) => actions.some((a) => auth.permissions.has(`${DESK_ENTITY[d]}_${a}`)))) throw notFound()
}
