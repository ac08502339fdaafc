import type { RoomType } from '../kinds/departure.js'
import type { DepartureStatus } from './departures.js'

/**
 * What a departure's page and the dashboard read about the pilgrims booked on it (issue 29): seats per
 * room type, the pilgrims whose papers are not ready, the money still due, and the manifest's formats.
 */

/** `GET /departures/{id}/manifest?format=`: the airline and immigration list as a spreadsheet or CSV. */
export const MANIFEST_FORMATS = ['xlsx', 'csv'] as const
export type ManifestFormat = (typeof MANIFEST_FORMATS)[number]

/**
 * Why a booked pilgrim is not ready to fly: a document still missing, received but not verified, or
 * rejected (with its type); no passport number or expiry on record; a passport that expires before the
 * return date plus the company's months.
 */
export const DEPARTURE_DOC_PROBLEMS = ['missing', 'unverified', 'rejected', 'no_passport', 'passport_short'] as const
export type DepartureDocProblem = (typeof DEPARTURE_DOC_PROBLEMS)[number]

export interface DeparturePilgrimProblems {
  id: number
  full_name: string
  passport_expiry: string | null
  problems: Array<{ problem: DepartureDocProblem; type?: string }>
}

/** `GET /departures/{id}/facts`. */
export interface DepartureFacts {
  /** The quota, and its seats sold and left. */
  seats: number
  sold: number
  left: number
  /** Per room type the departure sleeps: its seats (the fewest beds over the stays), sold and left. */
  room_types: Array<{ room_type: RoomType; seats: number; sold: number; left: number }>
  /** Pilgrims booked on it (orders not cancelled). */
  pilgrims: number
  /** The day a passport must still be valid on: the return date plus the company's months. */
  passport_valid_until: string
  /** Booked pilgrims with at least one problem, by name. */
  documents: DeparturePilgrimProblems[]
  /** Still to collect on the orders that book it (each order once, cancelled ones left out). */
  balance: { due: number; orders: number; currency: string }
}

/** How many departures the dashboard lists, and in which statuses: on sale, or closed but still to leave. */
export const NEXT_DEPARTURES_SHOWN = 5
export const NEXT_DEPARTURE_STATUSES: readonly DepartureStatus[] = ['open', 'closed']

/** `GET /dashboard/departures`: the soonest open or closed departures from today. */
export interface DashboardDepartures {
  items: Array<{
    id: number
    code: string
    name: string
    departure_date: string
    status: DepartureStatus
    seats: number
    sold: number
    left: number
    /** Null without the right to see revenue (as the dashboard's revenue). */
    due: number | null
  }>
  /** Whether `due` is given: the caller may see revenue. */
  money: boolean
  currency: string
}
