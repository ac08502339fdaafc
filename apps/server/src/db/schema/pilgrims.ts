import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { GENDERS, MAHRAM_RELATIONS, PILGRIM_DOCUMENT_STATUSES, PILGRIM_DOCUMENT_TYPES } from '@app/shared'
import { companies, users } from './accounts.js'
import { uploads } from './files.js'
import { companySearchIndex } from './search-index.js'

/**
 * The pilgrim register (issue 28). Uniqueness lives in the database: a NIK
 * once per company when given (partial index), a passport number once per
 * company whatever its case (index on lower()). The conflict's 409 names the
 * pilgrim that holds the value (modules/pilgrims/pilgrims.conflicts.ts).
 */
export const pilgrims = pgTable(
  'pilgrims',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    full_name: varchar('full_name', { length: 191 }).notNull(),
    gender: varchar('gender', { length: 8, enum: GENDERS }).notNull(),
    birth_date: date('birth_date', { mode: 'string' }),
    birth_place: varchar('birth_place', { length: 191 }),
    nationality: varchar('nationality', { length: 2 }).notNull().default('ID'),
    nik: varchar('nik', { length: 16 }),
    passport_number: varchar('passport_number', { length: 20 }),
    passport_issued: date('passport_issued', { mode: 'string' }),
    passport_expiry: date('passport_expiry', { mode: 'string' }),
    passport_office: varchar('passport_office', { length: 191 }),
    phone: varchar('phone', { length: 16 }),
    email: varchar('email', { length: 191 }),
    address: text('address'),
    city: varchar('city', { length: 191 }),
    // A mahram deleted from the register leaves the pilgrim without one, not without a record.
    mahram_id: integer('mahram_id').references((): AnyPgColumn => pilgrims.id, { onDelete: 'set null' }),
    mahram_relation: varchar('mahram_relation', { length: 16, enum: MAHRAM_RELATIONS }),
    vaccine_date: date('vaccine_date', { mode: 'string' }),
    vaccine_certificate: varchar('vaccine_certificate', { length: 191 }),
    emergency_name: varchar('emergency_name', { length: 191 }),
    emergency_phone: varchar('emergency_phone', { length: 16 }),
    photo: varchar('photo', { length: 255 }).references(() => uploads.file_name),
    notes: text('notes'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The contract's rules, held by the database for every writer (the import too).
    check('pilgrims_nik_digits', sql`${t.nik} ~ '^[0-9]{16}$'`),
    check('pilgrims_passport_dates', sql`${t.passport_expiry} > ${t.passport_issued}`),
    check('pilgrims_mahram_not_self', sql`${t.mahram_id} <> ${t.id}`),
    uniqueIndex('pilgrims_company_nik_uq')
      .on(t.company_id, t.nik)
      .where(sql`${t.nik} IS NOT NULL`),
    uniqueIndex('pilgrims_company_passport_uq').on(t.company_id, sql`lower(${t.passport_number})`),
    // One index per offered sort (DESIGN §2); passport_expiry also serves "expires within N months".
    index('pilgrims_company_created_idx').on(t.company_id, t.created_at),
    index('pilgrims_company_full_name_idx').on(t.company_id, t.full_name),
    index('pilgrims_company_gender_idx').on(t.company_id, t.gender, t.id),
    index('pilgrims_company_birth_date_idx').on(t.company_id, t.birth_date),
    index('pilgrims_company_nik_idx').on(t.company_id, t.nik),
    index('pilgrims_company_passport_number_idx').on(t.company_id, t.passport_number),
    index('pilgrims_company_passport_expiry_idx').on(t.company_id, t.passport_expiry),
    index('pilgrims_company_phone_idx').on(t.company_id, t.phone),
    index('pilgrims_company_city_idx').on(t.company_id, t.city),
    index('pilgrims_mahram_idx').on(t.mahram_id),
    index('pilgrims_photo_idx').on(t.photo),
    companySearchIndex('pilgrims_company_full_name_trgm_idx', t.company_id, t.full_name),
    companySearchIndex('pilgrims_company_passport_number_trgm_idx', t.company_id, t.passport_number),
    companySearchIndex('pilgrims_company_nik_trgm_idx', t.company_id, t.nik),
    companySearchIndex('pilgrims_company_phone_trgm_idx', t.company_id, t.phone),
  ],
)

/**
 * A pilgrim's documents, in the order given; they go with the pilgrim. The
 * file is the company's upload (PDF, JPEG or PNG); a verified document keeps
 * who verified it and when, set by the server, never taken from the body.
 */
export const pilgrimDocuments = pgTable(
  'pilgrim_documents',
  {
    id: serial('id').primaryKey(),
    pilgrim_id: integer('pilgrim_id')
      .notNull()
      .references(() => pilgrims.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: varchar('type', { length: 16, enum: PILGRIM_DOCUMENT_TYPES }).notNull(),
    file: varchar('file', { length: 255 }).references(() => uploads.file_name),
    status: varchar('status', { length: 16, enum: PILGRIM_DOCUMENT_STATUSES }).notNull(),
    note: varchar('note', { length: 2000 }),
    verified_by: integer('verified_by').references(() => users.id, { onDelete: 'set null' }),
    verified_at: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [
    index('pilgrim_documents_pilgrim_idx').on(t.pilgrim_id, t.position),
    // The "document status" filter: pilgrims with a document in that status.
    index('pilgrim_documents_status_idx').on(t.status, t.pilgrim_id),
    index('pilgrim_documents_file_idx').on(t.file),
  ],
)
