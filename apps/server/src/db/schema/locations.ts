import {
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { PUBLISH_STATUSES } from '@app/shared'
import { companies } from './accounts.js'
import { uploads } from './files.js'
import { companySearchIndex, normalisedName } from './search-index.js'

/** Locations (catalogue-availability §3): a tree per company (parent_id), with two owned lists. */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // A location with children is not deleted (RESTRICT): the delete answers 409 with the count.
    parent_id: integer('parent_id').references((): AnyPgColumn => locations.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 191 }).notNull(),
    slug: varchar('slug', { length: 191 }).notNull(),
    description: text('description').notNull(),
    description_en: text('description_en'),
    status: varchar('status', { length: 16, enum: PUBLISH_STATUSES }).notNull(),
    lat: doublePrecision('lat').notNull(),
    long: doublePrecision('long').notNull(),
    zoom: smallint('zoom').notNull().default(5),
    // Stored images (lib/files.ts): the database refuses to drop an upload a location still shows.
    banner_image: varchar('banner_image', { length: 255 }).references(() => uploads.file_name),
    featured_image: varchar('featured_image', { length: 255 }).references(() => uploads.file_name),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every update through the engine; a stale one is a 409 (issue 30). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('locations_company_slug_uq').on(t.company_id, t.slug),
    // One "Makkah" per company, whatever its case and spaces (issue 32).
    uniqueIndex('locations_company_norm_name_uq').on(t.company_id, normalisedName(t.name)),
    // One index per offered sort (DESIGN §2); the id breaks ties in the same order.
    index('locations_company_created_idx').on(t.company_id, t.created_at),
    index('locations_company_name_idx').on(t.company_id, t.name),
    index('locations_company_lat_idx').on(t.company_id, t.lat),
    index('locations_company_long_idx').on(t.company_id, t.long),
    index('locations_company_zoom_idx').on(t.company_id, t.zoom, t.id),
    // The status sort and the lookup filter (?status=publish).
    index('locations_company_status_idx').on(t.company_id, t.status, t.id),
    index('locations_parent_idx').on(t.parent_id),
    // The file sweep and the foreign-key check on an upload's delete look images up by name.
    index('locations_banner_image_idx').on(t.banner_image),
    index('locations_featured_image_idx').on(t.featured_image),
    companySearchIndex('locations_company_name_trgm_idx', t.company_id, t.name),
    companySearchIndex('locations_company_slug_trgm_idx', t.company_id, t.slug),
  ],
)

/** General-info entries of a location, in the order given; they go with it. */
export const locationGeneralInfo = pgTable(
  'location_general_info',
  {
    id: serial('id').primaryKey(),
    location_id: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: varchar('title', { length: 191 }).notNull(),
    description: text('description'),
    content: text('content'),
  },
  (t) => [index('location_general_info_location_idx').on(t.location_id, t.position)],
)

/** Trip ideas of a location, in the order given; they go with it. */
export const locationTripIdeas = pgTable(
  'location_trip_ideas',
  {
    id: serial('id').primaryKey(),
    location_id: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: varchar('title', { length: 191 }).notNull(),
    description: text('description'),
    link: varchar('link', { length: 2000 }),
    image: varchar('image', { length: 255 }).references(() => uploads.file_name),
  },
  (t) => [
    index('location_trip_ideas_location_idx').on(t.location_id, t.position),
    index('location_trip_ideas_image_idx').on(t.image),
  ],
)
