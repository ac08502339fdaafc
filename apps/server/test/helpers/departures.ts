import { randomBytes } from 'node:crypto'
import type { MAHRAM_RELATIONS } from '@app/shared'
import type { Db } from '../../src/db/client.js'
import { pilgrims, ziyarahTours } from '../../src/db/schema/index.js'
import { addDays } from '../../src/modules/orders/kinds.js'
import { createHotelRoom, createLocation, createTrainRoute, createVehicle } from './bookables.js'

/**
 * Departures for tests (issue 29): a catalogue to build one from, the body of a 12-day departure
 * (2 quad rooms a night in Madinah then Makkah: 8 quad seats), and pilgrims to book onto it.
 */
const uniq = () => randomBytes(4).toString('hex')

export async function createTour(db: Db, companyId: number, seats = 40) {
  const loc = { id: await createLocation(db, companyId) }
  const name = `Uhud ${uniq()}`
  const [row] = await db
    .insert(ziyarahTours)
    .values({
      company_id: companyId,
      location_id: loc!.id,
      name,
      slug: name.toLowerCase().replace(/\s/g, '-'),
      pickup_time: '07:00',
      duration_hours: 4,
      max_passengers: seats,
      price: 50,
      child_price: 30,
      status: 'publish',
    })
    .returning({ id: ziyarahTours.id })
  return row!.id
}

export interface DepartureCatalogue {
  madinah: { hotelId: number; roomId: number }
  makkah: { hotelId: number; roomId: number }
  routeId: number
  busId: number
  tourId: number
}

/** A hotel room per city (5 rooms a night), a train route, a bus and a tour. */
export async function departureCatalogue(db: Db, companyId: number): Promise<DepartureCatalogue> {
  return {
    madinah: await createHotelRoom(db, companyId, {}, { room_stock: 5 }),
    makkah: await createHotelRoom(db, companyId, {}, { room_stock: 5 }),
    routeId: await createTrainRoute(db, companyId, { max_passengers: 50 }),
    busId: await createVehicle(db, companyId, { max_day: 20 }),
    tourId: await createTour(db, companyId),
  }
}

/** The departure day of `departureBody`: 60 days ahead. */
export const DEPARTURE_DAY = addDays(new Date().toISOString().slice(0, 10), 60)
const D = DEPARTURE_DAY
/** A 12-day program: 4 nights Madinah, the train on the Madinah check-out day, 7 nights Makkah. */
export function departureBody(c: DepartureCatalogue, over: Record<string, unknown> = {}) {
  return {
    code: `UMR-${uniq()}`,
    name: 'Umrah Ramadhan 12 days',
    departure_date: D,
    return_date: addDays(D, 11),
    seats: 8,
    prices: [
      { room_type: 'quad', price: 2500, currency: 'SAR' },
      { room_type: 'double', price: 3100, currency: 'SAR' },
    ],
    stays: [
      {
        hotel_id: c.madinah.hotelId,
        room_id: c.madinah.roomId,
        room_type: 'quad',
        check_in: D,
        check_out: addDays(D, 4),
        rooms: 2,
      },
      {
        hotel_id: c.makkah.hotelId,
        room_id: c.makkah.roomId,
        room_type: 'quad',
        check_in: addDays(D, 4),
        check_out: addDays(D, 11),
        rooms: 2,
      },
    ],
    trains: [{ route_id: c.routeId, train_type: 'economy', date: addDays(D, 4), seats: 8 }],
    transfers: [{ transportation_id: c.busId, start_date: D, end_date: addDays(D, 1) }],
    ziyarah: [{ tour_id: c.tourId, date: addDays(D, 2), seats: 8 }],
    ...over,
  }
}

export interface PilgrimSpec {
  full_name?: string
  gender?: 'male' | 'female'
  birth_date?: string | null
  passport_number?: string | null
  passport_expiry?: string | null
  mahram_id?: number | null
  mahram_relation?: (typeof MAHRAM_RELATIONS)[number] | null
}

/** A pilgrim of the company written straight to the table: an adult man with a passport valid for years. */
export async function createPilgrim(db: Db, companyId: number, spec: PilgrimSpec = {}): Promise<number> {
  const [row] = await db
    .insert(pilgrims)
    .values({
      company_id: companyId,
      full_name: spec.full_name ?? `Pilgrim ${uniq()}`,
      gender: spec.gender ?? 'male',
      birth_date: spec.birth_date === undefined ? '1980-01-15' : spec.birth_date,
      passport_number: spec.passport_number === undefined ? `X${uniq().toUpperCase()}` : spec.passport_number,
      passport_expiry: spec.passport_expiry === undefined ? addDays(DEPARTURE_DAY, 3 * 365) : spec.passport_expiry,
      mahram_id: spec.mahram_id ?? null,
      mahram_relation: spec.mahram_relation ?? null,
    })
    .returning({ id: pilgrims.id })
  return row!.id
}

/** The body of `POST /orders` booking `pilgrimIds` onto a departure in one room type. */
export function bookingBody(departureId: number, roomType: string, pilgrimIds: number[], customer = 'Keluarga Test') {
  return {
    customer: { name: customer },
    items: [{ kind: 'departure', departure_id: departureId, room_type: roomType, pilgrim_ids: pilgrimIds }],
  }
}
