/**
 * A departure's nights as its rooms and trains make them (issue 29): the pilgrims the stays can sleep, and the itinerary with its warnings. Pure functions, shared by the
 * server's rules (contracts/departures.ts) and the departure page.
 */

import { ROOM_TYPE_BEDS, ROOM_TYPES, type RoomType } from '../kinds/departure.js'

// Room types and their beds are declared with the departure's bookable kind (kinds/departure.ts).
type Stay = { room_type: RoomType; check_in: string; check_out: string; rooms: number }

/** `YYYY-MM-DD` plus `n` days. */
export function plusDays(iso: string, n: number): string {
  const d = new Date(`${iso}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/** Whole days from `a` to `b`. */
export const daysFrom = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000)

/**
 * Pilgrims each room type can sleep on every night of the stays: for each night some stay covers, the
 * beds of that type that night (rooms x 4, 3 or 2); a type's seats are its fewest over those nights (a
 * quad pilgrim needs a quad bed in Madinah and in Makkah). Absent types are 0.
 */
export function bedsByRoomType(stays: Stay[]): Record<RoomType, number> {
  const out: Record<RoomType, number> = { quad: 0, triple: 0, double: 0 }
  const nights = new Set<string>()
  const perNight = new Map<string, Record<RoomType, number>>()
  for (const s of stays) {
    if (!(s.check_out > s.check_in)) continue
    for (let d = s.check_in; d < s.check_out; d = plusDays(d, 1)) {
      nights.add(d)
      const n = perNight.get(d) ?? { quad: 0, triple: 0, double: 0 }
      n[s.room_type] += s.rooms * ROOM_TYPE_BEDS[s.room_type]
      perNight.set(d, n)
    }
  }
  if (!nights.size) return out
  for (const type of ROOM_TYPES) {
    if (!stays.some((s) => s.room_type === type)) continue
    out[type] = Math.min(...[...nights].map((d) => perNight.get(d)![type]))
  }
  return out
}

/** Every bed the stays hold on each of their nights, over all room types. */
export const bedsOf = (stays: Stay[]) => Object.values(bedsByRoomType(stays)).reduce((a, b) => a + b, 0)

export interface ItineraryStay {
  hotel: string
  check_in: string
  check_out: string
  room_type: RoomType
  rooms: number
}
export interface ItineraryTrain {
  route: string
  date: string
}
export type ItineraryStep =
  | { kind: 'stay'; hotel: string; check_in: string; check_out: string; nights: number }
  | { kind: 'train'; route: string; date: string }
export type ItineraryWarning =
  | { key: 'departures.warn.train_not_check_out'; params: { date: string; route: string } }
  | { key: 'departures.warn.nights'; params: { nights: number; program: number } }
  | { key: 'departures.warn.gap'; params: { from: string; to: string } }

/**
 * The departure's hotels and trains as one timeline (hotel stays merged per hotel and dates, trains
 * between them in date order), and where it does not hold together: a train day that is no hotel's
 * check-out day, gaps between stays, or hotel nights that differ from the program's nights (program
 * days - 1: the pilgrims sleep in a hotel every night from the departure to the return day).
 */
export function itineraryOf(d: {
  departure_date: string
  return_date: string
  stays: ItineraryStay[]
  trains: ItineraryTrain[]
}): { steps: ItineraryStep[]; warnings: ItineraryWarning[] } {
  const byStay = new Map<string, { hotel: string; check_in: string; check_out: string }>()
  for (const s of d.stays) byStay.set(`${s.hotel}|${s.check_in}|${s.check_out}`, s)
  const stays = [...byStay.values()].sort((a, b) => a.check_in.localeCompare(b.check_in) || a.hotel.localeCompare(b.hotel))
  const steps: ItineraryStep[] = []
  const trains = [...d.trains].sort((a, b) => a.date.localeCompare(b.date))
  const warnings: ItineraryWarning[] = []
  let t = 0
  for (const s of stays) {
    while (t < trains.length && trains[t]!.date <= s.check_in) steps.push({ kind: 'train', ...trains[t++]! })
    steps.push({ kind: 'stay', ...s, nights: Math.max(0, daysFrom(s.check_in, s.check_out)) })
  }
  while (t < trains.length) steps.push({ kind: 'train', ...trains[t++]! })
  const checkOuts = new Set(stays.map((s) => s.check_out))
  for (const tr of trains)
    if (!checkOuts.has(tr.date))
      warnings.push({ key: 'departures.warn.train_not_check_out', params: { date: tr.date, route: tr.route } })
  for (let i = 1; i < stays.length; i++) {
    const prevEnd = stays.slice(0, i).reduce((m, s) => (s.check_out > m ? s.check_out : m), stays[0]!.check_out)
    if (stays[i]!.check_in > prevEnd)
      warnings.push({ key: 'departures.warn.gap', params: { from: prevEnd, to: stays[i]!.check_in } })
  }
  const nightSet = new Set<string>()
  for (const s of stays) for (let x = s.check_in; x < s.check_out; x = plusDays(x, 1)) nightSet.add(x)
  const program = Math.max(0, daysFrom(d.departure_date, d.return_date))
  if (stays.length && nightSet.size !== program)
    warnings.push({ key: 'departures.warn.nights', params: { nights: nightSet.size, program } })
  return { steps, warnings }
}
