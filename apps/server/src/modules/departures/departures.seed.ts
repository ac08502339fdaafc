import { and, eq, inArray } from 'drizzle-orm'
import { departureInputSchema, type DepartureInputValues } from '@app/shared'
import type { Db } from '../../db/client.js'
import {
  departurePrices,
  departures,
  departureStays,
  departureTrains,
  departureTransfers,
  departureZiyarah,
  hotels,
  rooms,
  trainRoutes,
  transportations,
  ziyarahTours,
} from '../../db/schema/index.js'
import { addDays } from '../orders/kinds.js'
import { todayUtc } from '../orders/order-plans.js'
import { holdAllotment, planAllotment } from './departure-allotment.js'
// Its seats are an order kind whose demo bookings the orders seed makes (departure-bookings.ts).
import './departure-bookings.js'

/**
 * The demo company's open departure (issue 29), built from the demo catalogue
 * as an agency builds it: 12 days leaving two months from now, 4 nights in
 * Madinah, the Haramain train on the Madinah check-out day, 7 nights in
 * Makkah, airport transfers and a ziyarah tour in each city. Opened, so its
 * allotment is held in the stock ledger like any open departure's. Called by
 * seeds/seed.ts in its transaction, after the hotels, transport and tours.
 */
export async function seedDemoDeparture(t: Db, companyId: number): Promise<void> {
  const roomOf = async (hotel: string, room: string) => {
    const [r] = await t
      .select({ id: rooms.id, hotel_id: rooms.hotel_id })
      .from(rooms)
      .innerJoin(hotels, eq(hotels.id, rooms.hotel_id))
      .where(and(eq(rooms.company_id, companyId), eq(hotels.name, hotel), eq(rooms.name, room)))
    return r!
  }
  const idOf = async (table: typeof trainRoutes | typeof transportations | typeof ziyarahTours, name: string) => {
    const [r] = await t
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.company_id, companyId), inArray(table.name, [name])))
    return r!.id
  }
  const medTriple = await roomOf('Hotel Dar Al Hijrah Madinah', 'Kamar Triple')
  const medDouble = await roomOf('Hotel Dar Al Hijrah Madinah', 'Kamar Double')
  // A quad room sold to three is how agencies fill triples where a hotel has no triple rooms.
  const mkkQuad = await roomOf('Hotel Misfalah Hemat', 'Kamar Quad Standar')
  const mkkDouble = await roomOf('Hotel Nur Al Haram', 'Kamar Double Deluxe')
  const train = await idOf(trainRoutes, 'Haramain Madinah - Makkah')
  const car = await idOf(transportations, 'GMC Yukon Antar-Jemput Bandara Jeddah')
  const bus = await idOf(transportations, 'Bus Ziarah Kota Makkah')
  const tourMed = await idOf(ziyarahTours, 'Ziarah Madinah')
  const tourMkk = await idOf(ziyarahTours, 'Ziarah Kota Makkah')

  const d = addDays(todayUtc(), 60)
  const at = (n: number) => addDays(d, n)
  const stay = (
    r: { id: number; hotel_id: number },
    room_type: 'triple' | 'double',
    from: number,
    to: number,
    count: number,
  ) => ({
    hotel_id: r.hotel_id,
    room_id: r.id,
    room_type,
    check_in: at(from),
    check_out: at(to),
    rooms: count,
  })
  const body: DepartureInputValues = {
    code: `UMR-${d.slice(0, 7)}`,
    name: 'Umrah Reguler 12 Hari',
    departure_date: d,
    return_date: at(11),
    seats: 20,
    outbound_flight: { airline: 'Saudia', flight_number: 'SV 827', from: 'CGK', to: 'MED', time: '10:45' },
    return_flight: { airline: 'Saudia', flight_number: 'SV 818', from: 'JED', to: 'CGK', time: '17:20' },
    prices: [
      { room_type: 'triple', price: 2450, currency: 'SAR' },
      { room_type: 'double', price: 2900, currency: 'SAR' },
    ],
    stays: [
      stay(medTriple, 'triple', 0, 4, 4),
      stay(medDouble, 'double', 0, 4, 4),
      stay(mkkQuad, 'triple', 4, 11, 4),
      stay(mkkDouble, 'double', 4, 11, 4),
    ],
    trains: [{ route_id: train, train_type: 'business', date: at(4), seats: 20 }],
    transfers: [
      { transportation_id: car, start_date: at(0), end_date: at(0) },
      { transportation_id: bus, start_date: at(6), end_date: at(6) },
      { transportation_id: car, start_date: at(11), end_date: at(11) },
    ],
    ziyarah: [
      { tour_id: tourMed, date: at(2), seats: 20 },
      { tour_id: tourMkk, date: at(7), seats: 20 },
    ],
    notes: 'Manasik di kantor pusat dua minggu sebelum berangkat.',
    status: 'open',
  }
  const input = departureInputSchema.parse(body)
  const plans = await planAllotment(t, { companyId, today: todayUtc(), lock: true, locale: 'id' }, input)
  const allotment = await holdAllotment(t, companyId, plans)
  const [row] = await t
    .insert(departures)
    .values({
      company_id: companyId,
      code: input.code,
      name: input.name,
      departure_date: input.departure_date,
      return_date: input.return_date,
      seats: input.seats,
      outbound_flight: input.outbound_flight,
      return_flight: input.return_flight,
      notes: input.notes,
      status: input.status,
      allotment,
    })
    .returning({ id: departures.id })
  const departure_id = row!.id
  const entries = <T extends object>(list: T[]) =>
    list.map(({ id: _id, ...e }: T & { id?: unknown }, position) => ({ ...e, departure_id, position }))
  await t.insert(departurePrices).values(entries(input.prices))
  await t.insert(departureStays).values(entries(input.stays))
  await t.insert(departureTrains).values(entries(input.trains))
  await t.insert(departureTransfers).values(entries(input.transfers))
  await t.insert(departureZiyarah).values(entries(input.ziyarah))
}
