import { z } from 'zod'
import { DESK_ENTITY, DESK_OF_KIND } from '@app/shared'
import type { Db } from '../../db/client.js'
import { orderKinds } from './kinds.js'

/**
 * What an order item is chosen from, under the order desks' own permissions:
 * a clerk who may take bookings but not edit the catalogue still needs the
 * names of the bookable items. Each kind declares its sources (kinds/*.ts);
 * only what can be booked is listed, with the few columns the order form shows.
 */
function sources() {
  return new Map(
    orderKinds().flatMap((k) =>
      Object.entries(k.choices).map(([source, read]) => [
        source,
        { read, permission: `${DESK_ENTITY[DESK_OF_KIND[k.kind]]}_list` },
      ]),
    ),
  )
}

/** The params of `GET /orders/choices/:source`, once every kind has registered. */
export function choiceParams() {
  const names = [...sources().keys()]
  return z.object({ source: z.enum(names as [string, ...string[]]) })
}

/** The desk permission that reads a source's choices. */
export const choicePermission = (source: string) => sources().get(source)?.permission ?? ''

export async function bookableChoices(db: Db, companyId: number, source: string): Promise<unknown[]> {
  const s = sources().get(source)
  return s ? s.read(db, companyId) : []
}
