import { z } from 'zod'
import { TRAIN_TYPES } from '../contracts/train-routes.js'
import { defineBookableKind, ignoredMoney, isoDay, itemCount, itemRefId } from './define.js'
import { KIND_NAME } from './names.js'

/** Seats of one class on a train route's day. */
export const trainItemSchema = z.object({
  kind: z.literal('train'),
  route_id: itemRefId,
  train_type: z.enum(TRAIN_TYPES),
  date: isoDay,
  adults: itemCount(0),
  children: itemCount(0).default(0),
  ...ignoredMoney,
})

export const trainKind = defineBookableKind(KIND_NAME.train, trainItemSchema)
