import { GROUP_ATTRIBUTE_TYPES, OPTION_TYPES } from '@app/shared'
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { companies } from './accounts.js'
import { companySearchIndex, normalisedName } from './search-index.js'

/** The row's optional name per language (issue 32, item 14): `name` stays the one every reader falls back to. */
const nameTranslations = () => ({
  name_en: varchar('name_en', { length: 191 }),
  name_id: varchar('name_id', { length: 191 }),
})

/**
 * The five identical reference lists (facilities, categories, services, types, areas).
 * One factory, so their columns and indexes can never drift apart.
 */
function referenceTable<N extends string>(name: N) {
  return pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      company_id: integer('company_id')
        .notNull()
        .references(() => companies.id, { onDelete: 'cascade' }),
      name: varchar('name', { length: 191 }).notNull(),
      ...nameTranslations(),
      slug: varchar('slug', { length: 191 }).notNull(),
      description: text('description').notNull(),
      is_active: boolean('is_active').notNull().default(true),
      created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
      /** Bumped by every update through the engine; a stale one is a 409 (issue 30). */
      version: integer('version').notNull().default(1),
    },
    (t) => [
      uniqueIndex(`${name}_company_norm_name_uq`).on(t.company_id, normalisedName(t.name)),
      uniqueIndex(`${name}_company_slug_uq`).on(t.company_id, t.slug),
      index(`${name}_company_created_idx`).on(t.company_id, t.created_at),
      index(`${name}_company_name_idx`).on(t.company_id, t.name),
      // The is_active sort (is_active, then id) and the is_active filter.
      index(`${name}_company_active_idx`).on(t.company_id, t.is_active, t.id),
      companySearchIndex(`${name}_company_name_trgm_idx`, t.company_id, t.name),
    ],
  )
}

export const facilities = referenceTable('facilities')
export const categories = referenceTable('categories')
export const services = referenceTable('services')
export const types = referenceTable('types')
export const areas = referenceTable('areas')

export const groupAttributes = pgTable(
  'group_attributes',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 191 }).notNull(),
    type: varchar('type', { length: 20, enum: GROUP_ATTRIBUTE_TYPES }).notNull(),
    option_type: varchar('option_type', { length: 20, enum: OPTION_TYPES }).notNull().default('checkbox'),
    is_active: boolean('is_active').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every update through the engine; a stale one is a 409 (issue 30). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('group_attributes_company_norm_name_uq').on(t.company_id, normalisedName(t.name)),
    index('group_attributes_company_created_idx').on(t.company_id, t.created_at),
    index('group_attributes_company_type_idx').on(t.company_id, t.type),
    index('group_attributes_company_name_idx').on(t.company_id, t.name),
    companySearchIndex('group_attributes_company_name_trgm_idx', t.company_id, t.name),
  ],
)

export const attributes = pgTable(
  'attributes',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    group_id: integer('group_id')
      .notNull()
      .references(() => groupAttributes.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 191 }).notNull(),
    ...nameTranslations(),
    slug: varchar('slug', { length: 191 }).notNull(),
    description: text('description').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every update through the engine; a stale one is a 409 (issue 30). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('attributes_company_slug_uq').on(t.company_id, t.slug),
    index('attributes_company_created_idx').on(t.company_id, t.created_at),
    index('attributes_group_idx').on(t.group_id),
    index('attributes_company_name_idx').on(t.company_id, t.name),
    index('attributes_company_active_idx').on(t.company_id, t.is_active, t.id),
    companySearchIndex('attributes_company_name_trgm_idx', t.company_id, t.name),
  ],
)
