import { and, asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { DESK_ENTITY, type OrderDesk } from '@app/shared'
import type { Db } from '../../db/client.js'
import { hotels, rooms, trainRoutes, transportations } from '../../db/schema/index.js'

/**
 * What an order item is chosen from, under the order desks' own permissions:
 * a clerk who may take bookings but not edit the catalogue still needs the
 * names of the bookable hotels, rooms, train routes and vehicles. Only what
 * can be booked is listed (published hotels and vehicles, active rooms of
 * published hotels, active routes), with the few columns the order form shows.
 */
export const CHOICE_SOURCES = ['hotels', 'rooms', 'trains_route', 'transportations'] as const
export type ChoiceSource = (typeof CHOICE_SOURCES)[number]
export const choiceParams = z.object({ source: z.enum(CHOICE_SOURCES) })

/** The desk whose permission reads a source's choices. */
export const CHOICE_DESK: Record<ChoiceSource, OrderDesk> = {
  hotels: 'hotel',
  rooms: 'hotel',
  trains_route: 'train',
  transportations: 'transportation',
}
export const choicePermission = (source: ChoiceSource) => `${DESK_ENTITY[CHOICE_DESK[source]]}_list`

/** A company holds a few hundred bookable items; the cap keeps a runaway catalogue from one huge answer. */
const MAX_CHOICES = 5000

export async function bookableChoices(db: Db, companyId: number, source: ChoiceSource): Promise<unknown[]> {
  switch (source) {
    case 'hotels':
      return db
        .select({ id: hotels.id, name: hotels.name })
        .from(hotels)
        .where(and(eq(hotels.company_id, companyId), eq(hotels.status, 'publish')))
        .orderBy(asc(hotels.name), asc(hotels.id))
        .limit(MAX_CHOICES)
    case 'rooms': {
      const rows = await db
        .select({
          id: rooms.id,
          name: rooms.name,
          code: rooms.code,
          hotel_id: rooms.hotel_id,
          hotel_name: hotels.name,
          max_adult: rooms.max_adult,
          max_children: rooms.max_children,
          min_stay: rooms.min_stay,
        })
        .from(rooms)
        .innerJoin(hotels, eq(hotels.id, rooms.hotel_id))
        .where(and(eq(rooms.company_id, companyId), eq(rooms.is_active, true), eq(hotels.status, 'publish')))
        .orderBy(asc(hotels.name), asc(rooms.name), asc(rooms.id))
        .limit(MAX_CHOICES)
      return rows.map(({ hotel_name, ...r }) => ({ ...r, hotel: { id: r.hotel_id, name: hotel_name } }))
    }
    case 'trains_route':
      return db
        .select({ id: trainRoutes.id, name: trainRoutes.name, code: trainRoutes.code, train_type: trainRoutes.train_type })
        .from(trainRoutes)
        .where(and(eq(trainRoutes.company_id, companyId), eq(trainRoutes.is_active, true)))
        .orderBy(asc(trainRoutes.name), asc(trainRoutes.id))
        .limit(MAX_CHOICES)
    case 'transportations':
      return db
        .select({ id: transportations.id, name: transportations.name, vehicle_number: transportations.vehicle_number })
        .from(transportations)
        .where(and(eq(transportations.company_id, companyId), eq(transportations.status, 'publish')))
        .orderBy(asc(transportations.name), asc(transportations.id))
        .limit(MAX_CHOICES)
  }
}
