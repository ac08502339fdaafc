import { sql } from 'drizzle-orm'
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { DEPARTURE_STATUSES, MAX_DEPARTURE_SEATS, ROOM_TYPES, TRAIN_TYPES, type DepartureFlight } from '@app/shared'
import { companies } from './accounts.js'
import { money } from './catalogue-common.js'
import { hotels, rooms } from './hotels.js'
import { trainRoutes } from './train-routes.js'
import { transportations } from './transportations.js'
import { ziyarahTours } from './ziyarah-tours.js'
import { companySearchIndex } from './search-index.js'

const n = (v: number) => sql.raw(String(v))
const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/** One day of the stock ledger a departure holds (stock/ledger.ts), as it was reserved. */
export interface HeldClaim {
  kind: string
  itemId: number
  variant: string
  day: string
  quantity: number
}

/**
 * Departures (issue 29): a group trip of a company on fixed dates with a seat
 * quota. The database keeps what must never break: a code unique in the
 * company, a return on or after the departure (program days computed from
 * them), seats sold within the quota, a known status; its entries' catalogue
 * rows cannot be deleted under it (RESTRICT: 409 naming the departures).
 * `allotment` is what the departure holds in the stock ledger now, so giving it
 * back releases exactly what was taken.
 */
export const departures = pgTable(
  'departures',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 30 }).notNull(),
    name: varchar('name', { length: 191 }).notNull(),
    departure_date: date('departure_date', { mode: 'string' }).notNull(),
    return_date: date('return_date', { mode: 'string' }).notNull(),
    program_days: integer('program_days')
      .notNull()
      .generatedAlwaysAs(sql`("return_date" - "departure_date") + 1`),
    seats: integer('seats').notNull(),
    seats_sold: integer('seats_sold').notNull().default(0),
    outbound_flight: jsonb('outbound_flight').$type<DepartureFlight>(),
    return_flight: jsonb('return_flight').$type<DepartureFlight>(),
    notes: text('notes'),
    status: varchar('status', { length: 16, enum: DEPARTURE_STATUSES }).notNull().default('draft'),
    allotment: jsonb('allotment').$type<HeldClaim[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('departures_company_code_uq').on(t.company_id, t.code),
    index('departures_company_created_idx').on(t.company_id, t.created_at, t.id),
    index('departures_company_name_idx').on(t.company_id, t.name, t.id),
    index('departures_company_departure_idx').on(t.company_id, t.departure_date, t.id),
    index('departures_company_return_idx').on(t.company_id, t.return_date, t.id),
    index('departures_company_days_idx').on(t.company_id, t.program_days, t.id),
    index('departures_company_seats_idx').on(t.company_id, t.seats, t.id),
    index('departures_company_status_idx').on(t.company_id, t.status, t.id),
    companySearchIndex('departures_company_name_trgm_idx', t.company_id, t.name),
    companySearchIndex('departures_company_code_trgm_idx', t.company_id, t.code),
    check('departures_dates_ck', sql`${t.return_date} >= ${t.departure_date}`),
    check('departures_seats_ck', sql`${t.seats} BETWEEN 1 AND ${n(MAX_DEPARTURE_SEATS)}`),
    check('departures_sold_ck', sql`${t.seats_sold} >= 0 AND ${t.seats_sold} <= ${t.seats}`),
    check('departures_status_ck', sql`${t.status} IN (${list(DEPARTURE_STATUSES)})`),
  ],
)

const owned = () =>
  integer('departure_id')
    .notNull()
    .references(() => departures.id, { onDelete: 'cascade' })

/** A price per pilgrim of one room type, in its currency (one per type). */
export const departurePrices = pgTable(
  'departure_prices',
  {
    id: serial('id').primaryKey(),
    departure_id: owned(),
    position: integer('position').notNull().default(0),
    room_type: varchar('room_type', { length: 16, enum: ROOM_TYPES }).notNull(),
    price: money('price').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
  },
  (t) => [
    uniqueIndex('departure_prices_type_uq').on(t.departure_id, t.room_type),
    check('departure_prices_type_ck', sql`${t.room_type} IN (${list(ROOM_TYPES)})`),
    check('departure_prices_money_ck', sql`${t.price} >= 0`),
    check('departure_prices_currency_ck', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
)

/** Rooms of one hotel room held from check-in to check-out. */
export const departureStays = pgTable(
  'departure_stays',
  {
    id: serial('id').primaryKey(),
    departure_id: owned(),
    position: integer('position').notNull().default(0),
    hotel_id: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'restrict' }),
    room_id: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    room_type: varchar('room_type', { length: 16, enum: ROOM_TYPES }).notNull(),
    check_in: date('check_in', { mode: 'string' }).notNull(),
    check_out: date('check_out', { mode: 'string' }).notNull(),
    rooms: integer('rooms').notNull(),
    /** Bumped by every save of the stay's rooming list: a save names the one it read (no lost write). */
    rooming_version: integer('rooming_version').notNull().default(0),
  },
  (t) => [
    index('departure_stays_departure_idx').on(t.departure_id, t.position),
    index('departure_stays_hotel_idx').on(t.hotel_id),
    index('departure_stays_room_idx').on(t.room_id),
    check('departure_stays_type_ck', sql`${t.room_type} IN (${list(ROOM_TYPES)})`),
    check('departure_stays_dates_ck', sql`${t.check_out} > ${t.check_in}`),
    check('departure_stays_rooms_ck', sql`${t.rooms} >= 1`),
  ],
)

/** Seats of one train route, class and day. */
export const departureTrains = pgTable(
  'departure_trains',
  {
    id: serial('id').primaryKey(),
    departure_id: owned(),
    position: integer('position').notNull().default(0),
    route_id: integer('route_id')
      .notNull()
      .references(() => trainRoutes.id, { onDelete: 'restrict' }),
    train_type: varchar('train_type', { length: 16, enum: TRAIN_TYPES }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    seats: integer('seats').notNull(),
  },
  (t) => [
    index('departure_trains_departure_idx').on(t.departure_id, t.position),
    index('departure_trains_route_idx').on(t.route_id),
    check('departure_trains_seats_ck', sql`${t.seats} >= 1`),
  ],
)

/** A vehicle from its start day to its end day. */
export const departureTransfers = pgTable(
  'departure_transfers',
  {
    id: serial('id').primaryKey(),
    departure_id: owned(),
    position: integer('position').notNull().default(0),
    transportation_id: integer('transportation_id')
      .notNull()
      .references(() => transportations.id, { onDelete: 'restrict' }),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('departure_transfers_departure_idx').on(t.departure_id, t.position),
    index('departure_transfers_vehicle_idx').on(t.transportation_id),
    check('departure_transfers_dates_ck', sql`${t.end_date} >= ${t.start_date}`),
  ],
)

/** Seats of one ziyarah tour on one day. */
export const departureZiyarah = pgTable(
  'departure_ziyarah',
  {
    id: serial('id').primaryKey(),
    departure_id: owned(),
    position: integer('position').notNull().default(0),
    tour_id: integer('tour_id')
      .notNull()
      .references(() => ziyarahTours.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    seats: integer('seats').notNull(),
  },
  (t) => [
    index('departure_ziyarah_departure_idx').on(t.departure_id, t.position),
    index('departure_ziyarah_tour_idx').on(t.tour_id),
    check('departure_ziyarah_seats_ck', sql`${t.seats} >= 1`),
  ],
)
