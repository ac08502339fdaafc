import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { DISTANCE_UNITS, PUBLISH_STATUSES } from '@app/shared'
import { extraPriceTable, servicePriceTable } from './catalogue-common.js'
import { companies } from './accounts.js'
import { locations } from './locations.js'
import { attributes, categories, facilities, services, types } from './reference.js'
import { uploads } from './files.js'
import { companySearchIndex } from './search-index.js'

/** Money (DESIGN §2): numeric(14,2), answered as a JS number. */
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' })

/**
 * The name of a stored image: a foreign key to the upload, so the file is
 * never swept while a row names it (lib/files.ts reads these keys).
 */
const image = (name: string) => varchar(name, { length: 64 }).references(() => uploads.file_name, { onDelete: 'restrict' })

/** `HH:mm`, 24 h; the check keeps a bad time out whatever writes the row. */
const hhmm = (name: string) => varchar(name, { length: 5 })

/**
 * Hotels (catalogue-availability §3; checklist C). `location_name` is the
 * location's name kept by triggers (migration 0008) so the list sorts by it
 * through an index instead of joining and sorting every row.
 */
export const hotels = pgTable(
  'hotels',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // A location used by hotels is not deleted: 409 with the count (DESIGN §3).
    location_id: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    location_name: varchar('location_name', { length: 191 }).notNull().default(''),
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 191 }).notNull(),
    slug: varchar('slug', { length: 191 }).notNull(),
    content: text('content'),
    youtube: varchar('youtube', { length: 500 }),
    rating: smallint('rating').notNull(),
    check_in: hhmm('check_in').notNull(),
    check_out: hhmm('check_out').notNull(),
    min_reservation: integer('min_reservation').notNull(),
    max_stay: integer('max_stay').notNull(),
    price: money('price').notNull(),
    is_featured: boolean('is_featured').notNull().default(false),
    status: varchar('status', { length: 16, enum: PUBLISH_STATUSES }).notNull().default('draft'),
    extra_price: boolean('extra_price').notNull().default(false),
    service_fee: boolean('service_fee').notNull().default(false),
    real_address: varchar('real_address', { length: 500 }).notNull(),
    lat: doublePrecision('lat').notNull(),
    long: doublePrecision('long').notNull(),
    zoom: smallint('zoom').notNull().default(5),
    meta_title: varchar('meta_title', { length: 191 }).notNull(),
    meta_description: text('meta_description').notNull(),
    featured_image: image('featured_image'),
    banner_image: image('banner_image'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every update through the engine; a stale one is a 409 (issue 30). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('hotels_company_slug_uq').on(t.company_id, t.slug),
    // One index per offered sort (DESIGN §2); the id breaks ties in the same order.
    index('hotels_company_created_idx').on(t.company_id, t.created_at, t.id),
    index('hotels_company_name_idx').on(t.company_id, t.name, t.id),
    index('hotels_company_location_name_idx').on(t.company_id, t.location_name, t.id),
    index('hotels_company_long_idx').on(t.company_id, t.long, t.id),
    index('hotels_company_lat_idx').on(t.company_id, t.lat, t.id),
    index('hotels_company_zoom_idx').on(t.company_id, t.zoom, t.id),
    index('hotels_company_rating_idx').on(t.company_id, t.rating, t.id),
    index('hotels_company_check_in_idx').on(t.company_id, t.check_in, t.id),
    index('hotels_company_check_out_idx').on(t.company_id, t.check_out, t.id),
    index('hotels_company_min_reservation_idx').on(t.company_id, t.min_reservation, t.id),
    index('hotels_company_max_stay_idx').on(t.company_id, t.max_stay, t.id),
    index('hotels_company_featured_idx').on(t.company_id, t.is_featured, t.id),
    index('hotels_company_price_idx').on(t.company_id, t.price, t.id),
    index('hotels_company_status_idx').on(t.company_id, t.status, t.id),
    // The location filter, and the count behind a location's 409.
    index('hotels_location_idx').on(t.location_id, t.id),
    index('hotels_category_idx').on(t.category_id),
    companySearchIndex('hotels_company_name_trgm_idx', t.company_id, t.name),
    companySearchIndex('hotels_company_slug_trgm_idx', t.company_id, t.slug),
    check('hotels_rating_ck', sql`${t.rating} BETWEEN 1 AND 5`),
    check('hotels_check_in_ck', sql`${t.check_in} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('hotels_check_out_ck', sql`${t.check_out} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('hotels_price_ck', sql`${t.price} >= 0`),
    check('hotels_counts_ck', sql`${t.min_reservation} >= 0 AND ${t.max_stay} >= 0`),
  ],
)

const hotelId = () =>
  integer('hotel_id')
    .notNull()
    .references(() => hotels.id, { onDelete: 'cascade' })

/** Policies of a hotel, in the order given (title and description both required). */
export const hotelPolicies = pgTable(
  'hotel_policies',
  {
    id: serial('id').primaryKey(),
    hotel_id: hotelId(),
    position: integer('position').notNull(),
    title: varchar('title', { length: 191 }).notNull(),
    description: text('description').notNull(),
  },
  (t) => [index('hotel_policies_hotel_idx').on(t.hotel_id, t.position)],
)

/**
 * Extra prices (`prices_extra`) and service fees (`service_prices`): the
 * catalogue's shared price tables (catalogue-common.ts), as transportation has
 * them. Migration 0015 moved the hotel's own tables onto the factory, data kept.
 */
export const hotelExtraPrices = extraPriceTable('hotel_extra_prices', 'hotel_id', () => hotels.id)
export const hotelServicePrices = servicePriceTable('hotel_service_prices', 'hotel_id', () => hotels.id)

/** One table per surroundings list (education, transportation, health): same columns, one factory. */
function surroundingsTable<N extends string>(name: N) {
  return pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      hotel_id: hotelId(),
      position: integer('position').notNull(),
      name: varchar('name', { length: 191 }).notNull(),
      description: text('description'),
      distance: numeric('distance', { precision: 10, scale: 2, mode: 'number' }).notNull(),
      type: varchar('type', { length: 4, enum: DISTANCE_UNITS }).notNull(),
    },
    (t) => [
      index(`${name}_hotel_idx`).on(t.hotel_id, t.position),
      check(`${name}_distance_ck`, sql`${t.distance} >= 0`),
      check(`${name}_type_ck`, sql`${t.type} IN ('m', 'km')`),
    ],
  )
}
export const hotelEducations = surroundingsTable('hotel_educations')
export const hotelTransportations = surroundingsTable('hotel_transportations')
export const hotelHealths = surroundingsTable('hotel_healths')

/** Gallery images of a hotel, in display order (file names of the company's uploads). */
export const hotelImages = pgTable(
  'hotel_images',
  {
    id: serial('id').primaryKey(),
    hotel_id: hotelId(),
    position: integer('position').notNull(),
    file_name: image('file_name').notNull(),
  },
  (t) => [index('hotel_images_hotel_idx').on(t.hotel_id, t.position)],
)

/**
 * Optional many-to-many links: removed with the hotel; a facility, service or type a hotel still shows
 * cannot be deleted (RESTRICT: 409 naming the hotels, issue 31, docs/decisions/hardening.md).
 */
function linkTable<N extends string>(name: N, column: string, target: { id: AnyPgColumn }) {
  return pgTable(
    name,
    {
      hotel_id: hotelId(),
      ref_id: integer(column)
        .notNull()
        .references(() => target.id, { onDelete: 'restrict' }),
    },
    (t) => [primaryKey({ name: `${name}_pk`, columns: [t.hotel_id, t.ref_id] }), index(`${name}_ref_idx`).on(t.ref_id)],
  )
}
export const hotelServices = linkTable('hotel_services', 'service_id', services)
export const hotelTypes = linkTable('hotel_types', 'type_id', types)
export const hotelFacilities = linkTable('hotel_facilities', 'facility_id', facilities)

/** Rooms of a hotel (checklist D); they and their days go with the hotel. */
export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    hotel_id: hotelId(),
    name: varchar('name', { length: 191 }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    price: money('price').notNull(),
    min_stay: integer('min_stay').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    room_stock: integer('room_stock').notNull(),
    beds: integer('beds').notNull(),
    room_size: numeric('room_size', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    max_adult: integer('max_adult').notNull(),
    max_children: integer('max_children').notNull(),
    featured_image: image('featured_image'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every update through the engine; a stale one is a 409 (issue 30). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // A code is unique within its hotel, whatever its case (409 on `code`).
    uniqueIndex('rooms_hotel_code_uq').on(t.hotel_id, sql`lower(${t.code})`),
    index('rooms_company_created_idx').on(t.company_id, t.created_at, t.id),
    index('rooms_company_name_idx').on(t.company_id, t.name, t.id),
    index('rooms_company_code_idx').on(t.company_id, t.code, t.id),
    index('rooms_company_price_idx').on(t.company_id, t.price, t.id),
    index('rooms_company_active_idx').on(t.company_id, t.is_active, t.id),
    index('rooms_hotel_idx').on(t.hotel_id, t.id),
    companySearchIndex('rooms_company_name_trgm_idx', t.company_id, t.name),
    companySearchIndex('rooms_company_code_trgm_idx', t.company_id, t.code),
    check(
      'rooms_numbers_ck',
      sql`${t.price} >= 0 AND ${t.min_stay} >= 1 AND ${t.room_stock} >= 0 AND ${t.beds} >= 1 AND ${t.room_size} >= 0 AND ${t.max_adult} >= 1 AND ${t.max_children} >= 0`,
    ),
  ],
)

/** Attribute values of a room (groups of type room); removed with the row, and an attribute value in use cannot be deleted (RESTRICT: 409, issue 31). */
export const roomAttributes = pgTable(
  'room_attributes',
  {
    room_id: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    attribute_id: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ name: 'room_attributes_pk', columns: [t.room_id, t.attribute_id] }),
    index('room_attributes_attribute_idx').on(t.attribute_id),
  ],
)

/**
 * One row per (room, day) (DESIGN §7): the unique key is what the range
 * write's upsert lands on, so two overlapping writes never make two rows.
 */
export const roomAvailability = pgTable(
  'room_availability',
  {
    id: serial('id').primaryKey(),
    room_id: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    price: money('price').notNull(),
    capacity: integer('capacity').notNull(),
    blocked: boolean('blocked').notNull().default(false),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The calendar's version (calendar_versions) when this day was last written (issue 30). */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('room_availability_room_date_uq').on(t.room_id, t.date),
    check('room_availability_values_ck', sql`${t.price} >= 0 AND ${t.capacity} >= 0`),
  ],
)
