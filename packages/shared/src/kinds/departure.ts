import { z } from 'zod'
import { defineBookableKind, ignoredMoney, itemRefId } from './define.js'
import { KIND_NAME } from './names.js'

/** Room types a departure sells, and the pilgrims one room of each holds. */
export const ROOM_TYPES = ['quad', 'triple', 'double'] as const
export type RoomType = (typeof ROOM_TYPES)[number]
export const ROOM_TYPE_BEDS: Readonly<Record<RoomType, number>> = { quad: 4, triple: 3, double: 2 }

/**
 * A seat on a departure (issue 29): its pilgrims (`pilgrim_ids`, the field every item has; at least one)
 * booked onto an open departure in one room type, one seat each, priced per pilgrim by the departure's
 * price of that type. The seats of each room type are the ledger's stock of (departure, type, departure
 * day); the quota (`seats`) is the departure's own check. Its desk is `/orders?kind=departure`, entity
 * `order_departure`.
 */
export const departureItemSchema = z.object({
  kind: z.literal('departure'),
  departure_id: itemRefId,
  room_type: z.enum(ROOM_TYPES),
  ...ignoredMoney,
})

export const departureKind = defineBookableKind(KIND_NAME.departure, departureItemSchema)
