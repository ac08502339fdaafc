import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  time,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { MAX_BAGGAGE_KG, MAX_PASSENGERS, TRAIN_TYPES } from '@app/shared'
import { companies } from './accounts.js'
import { uploads } from './files.js'
import { money } from './catalogue-common.js'
import { locations } from './locations.js'
import { attributes } from './reference.js'
import { companySearchIndex } from './search-index.js'

const kg = (name: string) => numeric(name, { precision: 6, scale: 2, mode: 'number' })

/**
 * Train routes (catalogue-availability §3; checklist F). The database holds
 * what must never break: two different places, which neither can be deleted
 * under the route (RESTRICT: 409), a known train type, seats and baggage in
 * range, no negative prices, and a duration that is exactly the one the two
 * times give (an arrival at or before the departure is the next day).
 */
export const trainRoutes = pgTable(
  'train_routes',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 191 }).notNull(),
    code: varchar('code', { length: 50 }).notNull(),
    from_id: integer('from_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    to_id: integer('to_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    departure_time: time('departure_time').notNull(),
    arrival_time: time('arrival_time').notNull(),
    /** Hours, two decimals, computed by the server (and checked here). */
    duration: numeric('duration', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    price_adult: money('price_adult').notNull(),
    price_children: money('price_children').notNull(),
    max_passengers: integer('max_passengers').notNull(),
    bagage_checkin: kg('bagage_checkin').notNull(),
    bagage_cabin: kg('bagage_cabin').notNull(),
    train_type: varchar('train_type', { length: 16, enum: TRAIN_TYPES }).notNull().default('economy'),
    is_active: boolean('is_active').notNull().default(true),
    featured_image: varchar('featured_image', { length: 255 }).references(() => uploads.file_name),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every update through the engine; a stale one is a 409 (issue 30). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('train_routes_company_code_uq').on(t.company_id, sql`lower(${t.code})`),
    // One index per offered sort (DESIGN §2); the id breaks ties in the same order.
    index('train_routes_company_created_idx').on(t.company_id, t.created_at, t.id),
    index('train_routes_featured_image_idx').on(t.featured_image),
    index('train_routes_company_name_idx').on(t.company_id, t.name, t.id),
    index('train_routes_company_code_idx').on(t.company_id, t.code, t.id),
    index('train_routes_company_price_adult_idx').on(t.company_id, t.price_adult, t.id),
    index('train_routes_company_price_children_idx').on(t.company_id, t.price_children, t.id),
    index('train_routes_company_departure_idx').on(t.company_id, t.departure_time, t.id),
    index('train_routes_company_arrival_idx').on(t.company_id, t.arrival_time, t.id),
    index('train_routes_company_duration_idx').on(t.company_id, t.duration, t.id),
    index('train_routes_company_passengers_idx').on(t.company_id, t.max_passengers, t.id),
    index('train_routes_company_checkin_idx').on(t.company_id, t.bagage_checkin, t.id),
    index('train_routes_company_cabin_idx').on(t.company_id, t.bagage_cabin, t.id),
    index('train_routes_company_type_idx').on(t.company_id, t.train_type, t.id),
    index('train_routes_company_active_idx').on(t.company_id, t.is_active, t.id),
    index('train_routes_from_idx').on(t.from_id),
    index('train_routes_to_idx').on(t.to_id),
    companySearchIndex('train_routes_company_name_trgm_idx', t.company_id, t.name),
    companySearchIndex('train_routes_company_code_trgm_idx', t.company_id, t.code),
    check('train_routes_places_ck', sql`${t.from_id} <> ${t.to_id}`),
    check('train_routes_type_ck', sql`${t.train_type} IN ('economy', 'business')`),
    check('train_routes_money_ck', sql`${t.price_adult} >= 0 AND ${t.price_children} >= 0`),
    check('train_routes_passengers_ck', sql`${t.max_passengers} BETWEEN 1 AND ${sql.raw(String(MAX_PASSENGERS))}`),
    check(
      'train_routes_baggage_ck',
      sql`${t.bagage_checkin} BETWEEN 0 AND ${sql.raw(String(MAX_BAGGAGE_KG))} AND ${t.bagage_cabin} BETWEEN 0 AND ${sql.raw(String(MAX_BAGGAGE_KG))}`,
    ),
    check(
      'train_routes_duration_ck',
      sql`${t.departure_time} <> ${t.arrival_time} AND ${t.duration} = round(((extract(epoch from ${t.arrival_time}) - extract(epoch from ${t.departure_time}) + 86400) % 86400) / 3600, 2)`,
    ),
  ],
)

/** Attribute values chosen for a route (groups of type train); removed with the row, and an attribute value in use cannot be deleted (RESTRICT: 409, issue 31). */
export const trainRouteAttributes = pgTable(
  'train_route_attributes',
  {
    route_id: integer('route_id')
      .notNull()
      .references(() => trainRoutes.id, { onDelete: 'cascade' }),
    attribute_id: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.route_id, t.attribute_id] }), index('train_route_attributes_attr_idx').on(t.attribute_id)],
)

/**
 * A route's prices and seats on one day for one train type (DESIGN §7): one
 * row per (route, type, day), written by range upserts; a day without a row
 * uses the route's own figures. Reached only through the route.
 */
export const trainSchedules = pgTable(
  'train_schedules',
  {
    id: serial('id').primaryKey(),
    route_id: integer('route_id')
      .notNull()
      .references(() => trainRoutes.id, { onDelete: 'cascade' }),
    train_type: varchar('train_type', { length: 16, enum: TRAIN_TYPES }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    price_adult: money('price_adult').notNull(),
    price_children: money('price_children').notNull(),
    max_passengers: integer('max_passengers').notNull(),
    blocked: boolean('blocked').notNull().default(false),
    /** The calendar's version (calendar_versions) when this day was last written (issue 30). */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('train_schedules_day_uq').on(t.route_id, t.train_type, t.date),
    check('train_schedules_type_ck', sql`${t.train_type} IN ('economy', 'business')`),
    check('train_schedules_money_ck', sql`${t.price_adult} >= 0 AND ${t.price_children} >= 0`),
    check('train_schedules_passengers_ck', sql`${t.max_passengers} BETWEEN 0 AND ${sql.raw(String(MAX_PASSENGERS))}`),
  ],
)
