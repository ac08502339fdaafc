import { z } from 'zod'
import { MAX_NAME, MAX_TEXT } from '../constants.js'
import { windowDateField } from '../dates.js'
import { moneyField } from './availability.js'
import { wireInt } from './catalogue-common.js'
import { entryList, optionalIdField, optionalText } from './locations.js'
import { ORDER_CURRENCY } from './orders.js'
import { requiredText } from './reference.js'
import { TRAIN_TYPES } from './train-routes.js'
import { ROOM_TYPES } from '../kinds/departure.js'
import { idField } from './users.js'
import { bedsOf } from './departure-itinerary.js'

/**
 * Departures (keberangkatan), issue 29: a group trip on fixed dates with a seat
 * quota, prices per room type, and the catalogue items it holds as one package
 * (stays, train seats, transfers, ziyarah tours). The same schemas validate the
 * API body and the web form, so both refuse the same input with the same key.
 */

export const DEPARTURE_STATUSES = ['draft', 'open', 'closed', 'departed', 'completed', 'cancelled'] as const
export type DepartureStatus = (typeof DEPARTURE_STATUSES)[number]

/**
 * Moves of a departure's status the server allows (a status left as it is is no move). Opening
 * reserves the allotment; cancelling gives it back.
 */
export const DEPARTURE_TRANSITIONS: Readonly<Record<DepartureStatus, readonly DepartureStatus[]>> = {
  draft: ['open', 'cancelled'],
  open: ['closed', 'cancelled'],
  closed: ['open', 'departed', 'cancelled'],
  departed: ['completed'],
  completed: [],
  cancelled: [],
}

/** Statuses whose allotment (stays, seats, vehicles, tours) is held in the stock ledger. */
export const DEPARTURE_HOLDING_STATUSES: readonly DepartureStatus[] = ['open', 'closed', 'departed', 'completed']

/** The currencies a departure's price may be in: what orders take today (selling in rupiah comes later). */
export const DEPARTURE_CURRENCIES = [ORDER_CURRENCY] as const

export const DEPARTURE_SORTABLE = [
  'code',
  'name',
  'departure_date',
  'return_date',
  'program_days',
  'seats',
  'status',
  'created_at',
] as const

/** Most seats one departure sells; most entries of each list. */
export const MAX_DEPARTURE_SEATS = 2000
export const MAX_DEPARTURE_LIST = 30
/** Most rooms, train seats or tour seats one entry takes. */
export const MAX_DEPARTURE_UNITS = 500

/** Message keys of the departure rules (server: messages; web: `validation.<key>`). */
export const DEPARTURE_KEYS = {
  code: 'departures.code_invalid',
  returnBefore: 'departures.return_before_departure',
  outside: 'departures.outside_dates',
  checkOut: 'departures.check_out_after_check_in',
  endBefore: 'departures.end_before_start',
  priceTwice: 'departures.price_twice',
  seatsOverBeds: 'departures.seats_over_beds',
  seatsBelowSold: 'departures.seats_below_sold',
  statusMove: 'departures.status_move',
  roomOfHotel: 'departures.room_of_hotel',
} as const

const entryId = optionalIdField.optional()
const day = windowDateField
const flightText = (max: number) => optionalText(max)

/** A flight as text: airline, flight number, from, to and time (`HH:mm`). */
export const departureFlightSchema = z
  .object({
    airline: flightText(MAX_NAME),
    flight_number: flightText(20),
    from: flightText(MAX_NAME),
    to: flightText(MAX_NAME),
    time: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z
        .string()
        .trim()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
        .nullable(),
    ),
  })
  .nullish()
  .transform((v) => v ?? null)
export type DepartureFlight = z.infer<typeof departureFlightSchema>

export const departurePriceInputSchema = z.object({
  id: entryId,
  room_type: z.enum(ROOM_TYPES),
  /** Per pilgrim. */
  price: moneyField,
  currency: z.preprocess((v) => (v === '' || v == null ? ORDER_CURRENCY : v), z.enum(DEPARTURE_CURRENCIES)),
})

export const departureStayInputSchema = z.object({
  id: entryId,
  hotel_id: idField,
  room_id: idField,
  room_type: z.enum(ROOM_TYPES),
  check_in: day,
  check_out: day,
  rooms: wireInt(1, MAX_DEPARTURE_UNITS),
})

export const departureTrainInputSchema = z.object({
  id: entryId,
  route_id: idField,
  train_type: z.enum(TRAIN_TYPES),
  date: day,
  seats: wireInt(1, MAX_DEPARTURE_UNITS),
})

export const departureTransferInputSchema = z.object({
  id: entryId,
  transportation_id: idField,
  start_date: day,
  end_date: day,
})

export const departureZiyarahInputSchema = z.object({
  id: entryId,
  tour_id: idField,
  date: day,
  seats: wireInt(1, MAX_DEPARTURE_UNITS),
})

/** `POST /departures` and `PUT /departures/{id}`. */
export const departureInputSchema = z
  .object({
    /** Unique in the company; letters, digits, `-`, `_` and `/` ("UMR-2027-02"). */
    code: z
      .string()
      .trim()
      .min(2)
      .max(30)
      .regex(/^[A-Za-z0-9][A-Za-z0-9_/-]*$/, { message: DEPARTURE_KEYS.code }),
    name: requiredText(),
    departure_date: day,
    return_date: day,
    seats: wireInt(1, MAX_DEPARTURE_SEATS),
    outbound_flight: departureFlightSchema,
    return_flight: departureFlightSchema,
    prices: entryList(departurePriceInputSchema, ROOM_TYPES.length).default([]),
    stays: entryList(departureStayInputSchema, MAX_DEPARTURE_LIST).default([]),
    trains: entryList(departureTrainInputSchema, MAX_DEPARTURE_LIST).default([]),
    transfers: entryList(departureTransferInputSchema, MAX_DEPARTURE_LIST).default([]),
    ziyarah: entryList(departureZiyarahInputSchema, MAX_DEPARTURE_LIST).default([]),
    notes: optionalText(MAX_TEXT),
    status: z.enum(DEPARTURE_STATUSES).default('draft'),
  })
  .superRefine((v, ctx) => {
    const add = (path: Array<string | number>, message: string, params?: Record<string, unknown>) =>
      ctx.addIssue({ code: 'custom', path, message, params })
    const from = v.departure_date
    const to = v.return_date
    const datesOk = from <= to
    if (!datesOk) add(['return_date'], DEPARTURE_KEYS.returnBefore)
    const within = (d: string) => !datesOk || (d >= from && d <= to)
    v.stays.forEach((s, i) => {
      if (s.check_out <= s.check_in) add(['stays', i, 'check_out'], DEPARTURE_KEYS.checkOut)
      if (!within(s.check_in)) add(['stays', i, 'check_in'], DEPARTURE_KEYS.outside)
      if (!within(s.check_out)) add(['stays', i, 'check_out'], DEPARTURE_KEYS.outside)
    })
    v.trains.forEach((s, i) => {
      if (!within(s.date)) add(['trains', i, 'date'], DEPARTURE_KEYS.outside)
    })
    v.transfers.forEach((s, i) => {
      if (s.end_date < s.start_date) add(['transfers', i, 'end_date'], DEPARTURE_KEYS.endBefore)
      if (!within(s.start_date)) add(['transfers', i, 'start_date'], DEPARTURE_KEYS.outside)
      if (!within(s.end_date)) add(['transfers', i, 'end_date'], DEPARTURE_KEYS.outside)
    })
    v.ziyarah.forEach((s, i) => {
      if (!within(s.date)) add(['ziyarah', i, 'date'], DEPARTURE_KEYS.outside)
    })
    const seen = new Set<string>()
    v.prices.forEach((p, i) => {
      if (seen.has(p.room_type)) add(['prices', i, 'room_type'], DEPARTURE_KEYS.priceTwice)
      seen.add(p.room_type)
    })
    if (v.stays.length) {
      const beds = bedsOf(v.stays)
      if (v.seats > beds) add(['seats'], DEPARTURE_KEYS.seatsOverBeds, { beds })
    }
  })
export type DepartureInput = z.infer<typeof departureInputSchema>
export type DepartureInputValues = z.input<typeof departureInputSchema>

/** List filters: `?status=open`. */
export const departureFilters = { status: z.enum(DEPARTURE_STATUSES) }

const nullableString = z.string().nullable()
const flightRow = z
  .object({
    airline: nullableString,
    flight_number: nullableString,
    from: nullableString,
    to: nullableString,
    time: nullableString,
  })
  .nullable()

/** A row of `GET /departures`. */
export const departureSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  departure_date: z.string(),
  return_date: z.string(),
  program_days: z.number(),
  seats: z.number(),
  seats_sold: z.number(),
  seats_left: z.number(),
  status: z.enum(DEPARTURE_STATUSES),
  created_at: z.string(),
})
export type DepartureRow = z.infer<typeof departureSchema>

const namedRef = z.object({ id: z.number(), name: z.string() }).nullable()

/** `GET /departures/{id}`, and the answer of create and update. */
export const departureDetailSchema = departureSchema.extend({
  outbound_flight: flightRow,
  return_flight: flightRow,
  notes: nullableString,
  version: z.number(),
  updated_at: z.string(),
  prices: z.array(z.object({ id: z.number(), room_type: z.enum(ROOM_TYPES), price: z.number(), currency: z.string() })),
  stays: z.array(
    z.object({
      id: z.number(),
      hotel_id: z.number(),
      room_id: z.number(),
      hotel: namedRef,
      room: namedRef,
      room_type: z.enum(ROOM_TYPES),
      check_in: z.string(),
      check_out: z.string(),
      rooms: z.number(),
    }),
  ),
  trains: z.array(
    z.object({
      id: z.number(),
      route_id: z.number(),
      route: namedRef,
      train_type: z.enum(TRAIN_TYPES),
      date: z.string(),
      seats: z.number(),
    }),
  ),
  transfers: z.array(
    z.object({
      id: z.number(),
      transportation_id: z.number(),
      transportation: namedRef,
      start_date: z.string(),
      end_date: z.string(),
    }),
  ),
  ziyarah: z.array(z.object({ id: z.number(), tour_id: z.number(), tour: namedRef, date: z.string(), seats: z.number() })),
})
export type DepartureDetail = z.infer<typeof departureDetailSchema>
