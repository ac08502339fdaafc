import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../../src/db/client.js'
import {
  hotelExtraPrices,
  hotelServicePrices,
  hotels,
  locations,
  roomAvailability,
  rooms,
  trainRoutes,
  transportationPricesExtra,
  transportationServicePrices,
  transportations,
} from '../../src/db/schema/index.js'

/**
 * Bookable catalogue rows written straight to the tables, for order tests
 * (the catalogue APIs have their own tests): a published hotel with one room.
 */
const uniq = () => randomBytes(4).toString('hex')

export interface HotelSpec {
  min_reservation?: number
  max_stay?: number
  status?: 'publish' | 'draft'
  extras?: Array<{ name: string; value: number; type: 'one_time' | 'per_day'; person_price: boolean }>
  fees?: Array<{ name: string; value: number; type: 'fixed' | 'percent'; person_price: boolean }>
}
export interface RoomSpec {
  price?: number
  room_stock?: number
  min_stay?: number
  max_adult?: number
  max_children?: number
  is_active?: boolean
}

/** A published location of the company (every catalogue item sits in one). */
export async function createLocation(db: Db, companyId: number): Promise<number> {
  const [loc] = await db
    .insert(locations)
    .values({
      company_id: companyId,
      name: `Loc ${uniq()}`,
      slug: `loc-${uniq()}`,
      description: 'x',
      status: 'publish',
      lat: 21.4,
      long: 39.8,
    })
    .returning({ id: locations.id })
  return loc!.id
}

export async function createHotelRoom(db: Db, companyId: number, hotel: HotelSpec = {}, room: RoomSpec = {}) {
  const loc = { id: await createLocation(db, companyId) }
  const name = `Hotel ${uniq()}`
  const [h] = await db
    .insert(hotels)
    .values({
      company_id: companyId,
      location_id: loc!.id,
      name,
      slug: name.toLowerCase().replace(/\s/g, '-'),
      rating: 4,
      check_in: '14:00',
      check_out: '12:00',
      min_reservation: hotel.min_reservation ?? 0,
      max_stay: hotel.max_stay ?? 1,
      price: 500,
      status: hotel.status ?? 'publish',
      extra_price: !!hotel.extras?.length,
      service_fee: !!hotel.fees?.length,
      real_address: 'Jl. Ibrahim Al Khalil',
      lat: 21.4,
      long: 39.8,
      meta_title: name,
      meta_description: name,
    })
    .returning({ id: hotels.id })
  const hotel_id = h!.id
  if (hotel.extras?.length)
    await db.insert(hotelExtraPrices).values(hotel.extras.map((e, position) => ({ ...e, hotel_id, position })))
  if (hotel.fees?.length)
    await db.insert(hotelServicePrices).values(hotel.fees.map((f, position) => ({ ...f, hotel_id, position })))
  const [r] = await db
    .insert(rooms)
    .values({
      company_id: companyId,
      hotel_id,
      name: 'Quad Room',
      code: `Q${uniq()}`,
      price: room.price ?? 100,
      min_stay: room.min_stay ?? 1,
      is_active: room.is_active ?? true,
      room_stock: room.room_stock ?? 5,
      beds: 4,
      room_size: 30,
      max_adult: room.max_adult ?? 4,
      max_children: room.max_children ?? 2,
    })
    .returning({ id: rooms.id })
  return { hotelId: hotel_id, roomId: r!.id }
}

/** Calendar days of a room written directly (the engine's own path is tested through its API). */
export async function setRoomDays(
  db: Db,
  roomId: number,
  days: Array<{ date: string; price: number; capacity: number; blocked?: boolean }>,
) {
  await db.insert(roomAvailability).values(days.map((d) => ({ room_id: roomId, blocked: false, ...d })))
}

async function location(db: Db, companyId: number) {
  const [loc] = await db
    .insert(locations)
    .values({
      company_id: companyId,
      name: `Loc ${uniq()}`,
      slug: `loc-${uniq()}`,
      description: 'x',
      status: 'publish',
      lat: 21.4,
      long: 39.8,
    })
    .returning({ id: locations.id })
  return loc!.id
}

/** A train route (economy by default): Makkah 08:00 -> Madinah 10:30. */
export async function createTrainRoute(
  db: Db,
  companyId: number,
  spec: {
    max_passengers?: number
    price_adult?: number
    price_children?: number
    is_active?: boolean
    train_type?: 'economy' | 'business'
  } = {},
) {
  const [r] = await db
    .insert(trainRoutes)
    .values({
      company_id: companyId,
      name: `Haramain ${uniq()}`,
      code: `HR${uniq()}`,
      from_id: await location(db, companyId),
      to_id: await location(db, companyId),
      departure_time: '08:00:00',
      arrival_time: '10:30:00',
      duration: 2.5,
      price_adult: spec.price_adult ?? 200,
      price_children: spec.price_children ?? 100,
      max_passengers: spec.max_passengers ?? 50,
      bagage_checkin: 23,
      bagage_cabin: 7,
      train_type: spec.train_type ?? 'economy',
      is_active: spec.is_active ?? true,
    })
    .returning({ id: trainRoutes.id })
  return r!.id
}

/** A published vehicle. */
export async function createVehicle(
  db: Db,
  companyId: number,
  spec: {
    price?: number
    sale_price?: number | null
    max_day?: number
    min_reservation?: number
    status?: 'publish' | 'draft'
    extras?: Array<{ name: string; value: number; type: 'one_time' | 'per_day'; person_price: boolean }>
    fees?: Array<{ name: string; value: number; type: 'fixed' | 'percent'; person_price: boolean }>
  } = {},
) {
  const name = `Bus ${uniq()}`
  const [v] = await db
    .insert(transportations)
    .values({
      company_id: companyId,
      location_id: await location(db, companyId),
      name,
      slug: name.toLowerCase().replace(/\s/g, '-'),
      status: spec.status ?? 'publish',
      vehicle_number: `B ${uniq()}`,
      min_reservation: spec.min_reservation ?? 0,
      max_day: spec.max_day ?? 5,
      price: spec.price ?? 300,
      sale_price: spec.sale_price ?? null,
      extra_price: !!spec.extras?.length,
      service_fee: !!spec.fees?.length,
      real_address: 'Jeddah airport',
      lat: 21.6,
      long: 39.1,
      meta_title: name,
      meta_description: name,
    })
    .returning({ id: transportations.id })
  const transportation_id = v!.id
  if (spec.extras?.length)
    await db.insert(transportationPricesExtra).values(spec.extras.map((e, position) => ({ ...e, transportation_id, position })))
  if (spec.fees?.length)
    await db.insert(transportationServicePrices).values(spec.fees.map((f, position) => ({ ...f, transportation_id, position })))
  return transportation_id
}

/**
 * Moves an order's days into the past (it ended yesterday, UTC): an order is completed only once it has ended
 * (issue 32), and no order can be made for past days. Its items keep their days (stock stays where it is).
 */
export async function endOrder(db: Db, orderId: number): Promise<void> {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
  await db.execute(sql`UPDATE orders SET start_date = ${day(-3)}, end_date = ${day(-1)} WHERE id = ${orderId}`)
}
