import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { PUBLISH_STATUSES } from '@app/shared'
import { companies } from './accounts.js'
import { uploads } from './files.js'
import { extraPriceTable, money, servicePriceTable } from './catalogue-common.js'
import { locations } from './locations.js'
import { attributes } from './reference.js'
import { companySearchIndex } from './search-index.js'

/**
 * Transportation (catalogue-availability §3; checklist E): a vehicle of a
 * company at a location. The database keeps the rules that must never break:
 * no negative money, a sale price not above the price, sane day counts, and a
 * location that cannot be deleted under it (RESTRICT: the delete answers 409).
 */
export const transportations = pgTable(
  'transportations',
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
    content: text('content'),
    status: varchar('status', { length: 16, enum: PUBLISH_STATUSES }).notNull().default('draft'),
    is_featured: boolean('is_featured').notNull().default(false),
    youtube: varchar('youtube', { length: 500 }),
    vehicle_number: varchar('vehicle_number', { length: 50 }),
    min_reservation: integer('min_reservation').notNull().default(0),
    max_day: integer('max_day').notNull().default(1),
    price: money('price').notNull(),
    sale_price: money('sale_price'),
    extra_price: boolean('extra_price').notNull().default(false),
    service_fee: boolean('service_fee').notNull().default(false),
    real_address: varchar('real_address', { length: 500 }).notNull(),
    lat: doublePrecision('lat').notNull(),
    long: doublePrecision('long').notNull(),
    zoom: smallint('zoom').notNull().default(5),
    // Stored images: foreign keys to uploads, so a file a vehicle shows is never removed (lib/files.ts).
    featured_image: varchar('featured_image', { length: 255 }).references(() => uploads.file_name),
    banner_image: varchar('banner_image', { length: 255 }).references(() => uploads.file_name),
    /** Uploaded file names in display order. */
    gallery: varchar('gallery', { length: 255 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar[]`),
    meta_title: varchar('meta_title', { length: 191 }).notNull(),
    meta_description: text('meta_description').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every update through the engine; a stale one is a 409 (issue 30). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('transportations_company_slug_uq').on(t.company_id, t.slug),
    // One index per offered sort (DESIGN §2); the id breaks ties in the same order.
    index('transportations_company_created_idx').on(t.company_id, t.created_at, t.id),
    index('transportations_company_name_idx').on(t.company_id, t.name, t.id),
    index('transportations_company_slug_idx').on(t.company_id, t.slug, t.id),
    index('transportations_company_vehicle_idx').on(t.company_id, t.vehicle_number, t.id),
    index('transportations_company_price_idx').on(t.company_id, t.price, t.id),
    index('transportations_company_sale_price_idx').on(t.company_id, t.sale_price, t.id),
    index('transportations_company_min_res_idx').on(t.company_id, t.min_reservation, t.id),
    index('transportations_company_max_day_idx').on(t.company_id, t.max_day, t.id),
    index('transportations_company_status_idx').on(t.company_id, t.status, t.id),
    index('transportations_location_idx').on(t.location_id, t.id),
    index('transportations_featured_image_idx').on(t.featured_image),
    index('transportations_banner_image_idx').on(t.banner_image),
    // The file sweep asks whether any gallery holds a name (FILE_ARRAY_COLUMNS).
    index('transportations_gallery_gin_idx').using('gin', t.gallery),
    companySearchIndex('transportations_company_name_trgm_idx', t.company_id, t.name),
    companySearchIndex('transportations_company_vehicle_trgm_idx', t.company_id, t.vehicle_number),
    check('transportations_price_ck', sql`${t.price} >= 0`),
    check(
      'transportations_sale_price_ck',
      sql`${t.sale_price} IS NULL OR (${t.sale_price} >= 0 AND ${t.sale_price} <= ${t.price})`,
    ),
    check('transportations_days_ck', sql`${t.min_reservation} BETWEEN 0 AND 365 AND ${t.max_day} BETWEEN 1 AND 365`),
    check('transportations_gallery_ck', sql`cardinality(${t.gallery}) <= 20`),
  ],
)

/** FAQs of a vehicle, in the order given; they go with it. */
export const transportationFaqs = pgTable(
  'transportation_faqs',
  {
    id: serial('id').primaryKey(),
    transportation_id: integer('transportation_id')
      .notNull()
      .references(() => transportations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: varchar('title', { length: 191 }).notNull(),
    content: text('content').notNull(),
  },
  (t) => [index('transportation_faqs_parent_idx').on(t.transportation_id, t.position)],
)

export const transportationPricesExtra = extraPriceTable(
  'transportation_prices_extra',
  'transportation_id',
  () => transportations.id,
)
export const transportationServicePrices = servicePriceTable(
  'transportation_service_prices',
  'transportation_id',
  () => transportations.id,
)

/** Attribute values chosen for a vehicle (groups of type transportation); removed with the row, and an attribute value in use cannot be deleted (RESTRICT: 409, issue 31). */
export const transportationAttributes = pgTable(
  'transportation_attributes',
  {
    transportation_id: integer('transportation_id')
      .notNull()
      .references(() => transportations.id, { onDelete: 'cascade' }),
    attribute_id: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.transportation_id, t.attribute_id] }),
    index('transportation_attributes_attr_idx').on(t.attribute_id),
  ],
)

/**
 * A vehicle's price and sale price on one day (DESIGN §7): one row per
 * (vehicle, day), written by range upserts; a day without a row uses the
 * vehicle's own prices. No company column: always reached through the vehicle.
 */
export const transportationSchedules = pgTable(
  'transportation_schedules',
  {
    id: serial('id').primaryKey(),
    transportation_id: integer('transportation_id')
      .notNull()
      .references(() => transportations.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    price: money('price').notNull(),
    sale_price: money('sale_price').notNull(),
    blocked: boolean('blocked').notNull().default(false),
    /** The calendar's version (calendar_versions) when this day was last written (issue 30). */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('transportation_schedules_day_uq').on(t.transportation_id, t.date),
    check('transportation_schedules_money_ck', sql`${t.price} >= 0 AND ${t.sale_price} >= 0 AND ${t.sale_price} <= ${t.price}`),
  ],
)
