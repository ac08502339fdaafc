import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { MAX_TOUR_HOURS, MAX_TOUR_PASSENGERS, MIN_TOUR_HOURS, PUBLISH_STATUSES } from '@app/shared'
import { companies } from './accounts.js'
import { uploads } from './files.js'
import { money } from './catalogue-common.js'
import { locations } from './locations.js'
import { companySearchIndex } from './search-index.js'

const n = (v: number) => sql.raw(String(v))

/**
 * Ziyarah tours (issue 27): a company's tour from a location, sold per seat
 * per day. The database keeps what must never break: a slug unique in the
 * company, a location that cannot be deleted under the tour (RESTRICT: 409),
 * hours and seats in range, no negative prices.
 */
export const ziyarahTours = pgTable(
  'ziyarah_tours',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    location_id: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 191 }).notNull(),
    slug: varchar('slug', { length: 191 }).notNull(),
    description: text('description'),
    image: varchar('image', { length: 255 }).references(() => uploads.file_name),
    pickup_time: time('pickup_time').notNull(),
    duration_hours: numeric('duration_hours', { precision: 3, scale: 1, mode: 'number' }).notNull(),
    max_passengers: integer('max_passengers').notNull(),
    price: money('price').notNull(),
    child_price: money('child_price').notNull(),
    status: varchar('status', { length: 16, enum: PUBLISH_STATUSES }).notNull().default('draft'),
    is_featured: boolean('is_featured').notNull().default(false),
    // The engine's optimistic lock (crud/versions.ts): bumped by every update.
    version: integer('version').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ziyarah_tours_company_slug_uq').on(t.company_id, t.slug),
    // One index per offered sort (DESIGN §2); the id breaks ties in the same order.
    index('ziyarah_tours_company_created_idx').on(t.company_id, t.created_at, t.id),
    index('ziyarah_tours_company_name_idx').on(t.company_id, t.name, t.id),
    index('ziyarah_tours_company_slug_idx').on(t.company_id, t.slug, t.id),
    index('ziyarah_tours_company_pickup_idx').on(t.company_id, t.pickup_time, t.id),
    index('ziyarah_tours_company_hours_idx').on(t.company_id, t.duration_hours, t.id),
    index('ziyarah_tours_company_passengers_idx').on(t.company_id, t.max_passengers, t.id),
    index('ziyarah_tours_company_price_idx').on(t.company_id, t.price, t.id),
    index('ziyarah_tours_company_child_price_idx').on(t.company_id, t.child_price, t.id),
    index('ziyarah_tours_company_status_idx').on(t.company_id, t.status, t.id),
    // The location sort orders by its name through the join; this serves the join and the 409 count.
    index('ziyarah_tours_location_idx').on(t.location_id, t.id),
    index('ziyarah_tours_image_idx').on(t.image),
    companySearchIndex('ziyarah_tours_company_name_trgm_idx', t.company_id, t.name),
    check('ziyarah_tours_status_ck', sql`${t.status} IN ('publish', 'draft')`),
    check('ziyarah_tours_money_ck', sql`${t.price} >= 0 AND ${t.child_price} >= 0`),
    check('ziyarah_tours_hours_ck', sql`${t.duration_hours} BETWEEN ${n(MIN_TOUR_HOURS)} AND ${n(MAX_TOUR_HOURS)}`),
    check('ziyarah_tours_passengers_ck', sql`${t.max_passengers} BETWEEN 1 AND ${n(MAX_TOUR_PASSENGERS)}`),
  ],
)

/**
 * A tour's prices and seats on one day (DESIGN §7): one row per (tour, day),
 * written by range upserts; a day without a row sells at the tour's own. No
 * company column: always reached through the tour, and it goes with it.
 */
export const ziyarahSchedules = pgTable(
  'ziyarah_schedules',
  {
    id: serial('id').primaryKey(),
    tour_id: integer('tour_id')
      .notNull()
      .references(() => ziyarahTours.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    price: money('price').notNull(),
    child_price: money('child_price').notNull(),
    max_passengers: integer('max_passengers').notNull(),
    blocked: boolean('blocked').notNull().default(false),
    /** The calendar's version (calendar_versions) when this day was last written (issue 30). */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('ziyarah_schedules_day_uq').on(t.tour_id, t.date),
    check('ziyarah_schedules_money_ck', sql`${t.price} >= 0 AND ${t.child_price} >= 0`),
    check('ziyarah_schedules_passengers_ck', sql`${t.max_passengers} BETWEEN 0 AND ${n(MAX_TOUR_PASSENGERS)}`),
  ],
)
