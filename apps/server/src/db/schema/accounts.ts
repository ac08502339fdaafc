import { sql } from 'drizzle-orm'
import { USER_STATUSES } from '@app/shared'
import {
  boolean,
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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { uploads } from './files.js'

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

/** A tenant (DESIGN §1). The platform company holds the `master` operator. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 191 }).notNull(),
  trial_ends_at: timestamp('trial_ends_at', { withTimezone: true }),
  /** Days audit rows are kept (null: for ever); the retention job purges older ones (crud/audit.ts). */
  audit_retention_days: integer('audit_retention_days'),
  is_platform: boolean('is_platform').notNull().default(false),
  // Company settings (issue 28; modules/company): the pilgrim rules read the last two.
  address: text('address'),
  phone: varchar('phone', { length: 16 }),
  // Lazy: files.ts imports companies too.
  logo: varchar('logo', { length: 255 }).references((): AnyPgColumn => uploads.file_name),
  passport_validity_months: smallint('passport_validity_months').notNull().default(6),
  /** Women under this age need a mahram; null: the rule is off. */
  mahram_min_age: smallint('mahram_min_age'),
  /** The weekend, ISO weekdays (1 Monday … 7 Sunday); Friday and Saturday, the Saudi week (issue 32, item 10). */
  weekend_days: smallint('weekend_days')
    .array()
    .notNull()
    .default(sql`'{5,6}'::smallint[]`),
  /** The company's time zone (IANA), in which exports write dates and times (issue 32, item 12). */
  time_zone: varchar('time_zone', { length: 64 }).notNull().default('Asia/Riyadh'),
  ...timestamps,
})

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 191 }).notNull(),
    display_name: varchar('display_name', { length: 191 }).notNull(),
    is_default: boolean('is_default').notNull().default(false),
    /**
     * The role's permission names, comma-separated and sorted, kept by triggers
     * on role_permissions (migration 0007): the session
     * check reads them with the role instead of aggregating role_permissions.
     */
    permission_names: text('permission_names').notNull().default(''),
    /** Bumped by every update through the engine; a stale one is a 409 (issue 30). */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('roles_company_name_uq').on(t.company_id, sql`lower(${t.name})`),
    index('roles_company_created_idx').on(t.company_id, t.created_at),
  ],
)

/** The platform catalogue of permissions (DESIGN §5): not per company. */
export const permissions = pgTable(
  'permissions',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 191 }).notNull(),
    display_name: varchar('display_name', { length: 191 }).notNull(),
    /** Bumped by every update through the engine; a stale one is a 409 (issue 30). */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('permissions_name_uq').on(t.name), index('permissions_created_idx').on(t.created_at)],
)

export const rolePermissions = pgTable(
  'role_permissions',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission_id: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission_id] }), index('role_permissions_perm_idx').on(t.permission_id)],
)

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 191 }).notNull(),
    username: varchar('username', { length: 191 }).notNull(),
    email: varchar('email', { length: 191 }).notNull(),
    phone: varchar('phone', { length: 50 }),
    password_hash: text('password_hash'),
    status: varchar('status', { length: 16, enum: USER_STATUSES }).notNull().default('pending'),
    locale: varchar('locale', { length: 5 }).notNull().default('en'),
    google_sub: varchar('google_sub', { length: 191 }),
    /** Bumped by every update through the engine; a stale one is a 409 (issue 30). */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    // Emails sign in across companies, so they are unique platform-wide, case-insensitively.
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_company_username_uq').on(t.company_id, t.username),
    index('users_company_created_idx').on(t.company_id, t.created_at),
    index('users_role_idx').on(t.role_id),
  ],
)

/** Opaque session tokens: only the SHA-256 of the token is kept (DESIGN §4). */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    user_agent: varchar('user_agent', { length: 300 }),
    ip: varchar('ip', { length: 64 }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.token_hash), index('sessions_user_idx').on(t.user_id)],
)

export const TOKEN_KINDS = ['activation', 'reset'] as const

/** Single-use activation and reset tokens, stored hashed. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16, enum: TOKEN_KINDS }).notNull(),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tokens_hash_uq').on(t.token_hash), index('user_tokens_user_idx').on(t.user_id, t.kind)],
)
