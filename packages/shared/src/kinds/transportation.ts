import { z } from 'zod'
import { chosenExtras, defineBookableKind, ignoredMoney, isoDay, itemRefId } from './define.js'
import { KIND_NAME } from './names.js'

/** A vehicle for every day from its start to its end. */
export const transportationItemSchema = z
  .object({
    kind: z.literal('transportation'),
    transportation_id: itemRefId,
    start_date: isoDay,
    end_date: isoDay,
    /** The vehicle's extras chosen for this item (its service fees apply by themselves). */
    extras: chosenExtras,
    ...ignoredMoney,
  })
  .refine((i) => i.end_date >= i.start_date, { message: 'orders.end_after_start', path: ['end_date'] })

export const transportationKind = defineBookableKind(KIND_NAME.transportation, transportationItemSchema)
