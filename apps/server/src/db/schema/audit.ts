import { bigserial, index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'

/**
 * Who changed what (issue 30): one row per write, in the write's own
 * transaction. Append-only: a trigger (migration 0019) refuses UPDATE, DELETE
 * and TRUNCATE; only `audit_log_purge()` (the retention job) may delete.
 * No foreign keys: a row outlives the user, role or company it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for calls nobody is signed in to (a failed sign-in of an unknown email, a register). */
    company_id: integer('company_id'),
    user_id: integer('user_id'),
    role_id: integer('role_id'),
    /** The role's name at the time: roles are renamed and deleted later. */
    role_name: varchar('role_name', { length: 191 }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: varchar('ip', { length: 64 }),
    user_agent: varchar('user_agent', { length: 512 }),
    request_id: varchar('request_id', { length: 64 }),
    entity: varchar('entity', { length: 64 }).notNull(),
    record_id: integer('record_id'),
    action: varchar('action', { length: 32 }).notNull(),
    /** update: { before, after } of the changed fields; create: { after }; delete: { before }; range write: { range, values }. */
    change: jsonb('change'),
  },
  (t) => [
    // The audit list pages by id (keyset) within one company, narrowed by one of these.
    index('audit_log_company_id_idx').on(t.company_id, t.id),
    index('audit_log_company_record_idx').on(t.company_id, t.entity, t.record_id, t.id),
    index('audit_log_company_user_idx').on(t.company_id, t.user_id, t.id),
    index('audit_log_company_action_idx').on(t.company_id, t.action, t.id),
    // A date range's id bounds (modules/audit): the last row written before it, the first after it.
    index('audit_log_company_at_idx').on(t.company_id, t.at),
  ],
)

/**
 * One counter per calendar and item (issue 30, crud/availability.ts): every range write bumps it and stamps
 * the days it writes with the new value; the month read answers it. A write sent with the version it read is
 * stale when a day of its range carries a higher one (someone wrote that day since). No foreign key: the
 * calendar engine knows no item table; a deleted item's row is harmless.
 */
export const calendarVersions = pgTable(
  'calendar_versions',
  {
    calendar: varchar('calendar', { length: 64 }).notNull(),
    item_id: integer('item_id').notNull(),
    version: integer('version').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.calendar, t.item_id] })],
)
