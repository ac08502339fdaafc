import { z } from 'zod'
import { chosenExtras, defineBookableKind, ignoredMoney, isoDay, itemCount, itemRefId } from './define.js'
import { KIND_NAME } from './names.js'

/** A room stay: `quantity` rooms from check-in to check-out, sold at the hotel desk. */
export const roomItemSchema = z
  .object({
    kind: z.literal('room'),
    room_id: itemRefId,
    check_in: isoDay,
    check_out: isoDay,
    quantity: itemCount(1),
    adults: itemCount(1),
    children: itemCount(0).default(0),
    /** The hotel's extras chosen for this stay (its service fees apply by themselves). */
    extras: chosenExtras,
    ...ignoredMoney,
  })
  .refine((i) => i.check_out > i.check_in, { message: 'orders.check_out_after_check_in', path: ['check_out'] })

export const roomKind = defineBookableKind(KIND_NAME.room, roomItemSchema)
