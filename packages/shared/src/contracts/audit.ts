import { z } from 'zod'
import { calendarDateField } from './availability.js'
import { queryId, queryInt } from './list-query.js'

/** Rows per page of the audit list (keyset paging: `before` is the last id of the previous page). */
export const AUDIT_PAGE_SIZE = 50
export const AUDIT_MAX_PAGE_SIZE = 200

/** Filters of `GET /audit` and its export (issue 30): who, what, which record, which action, when. */
export const auditFiltersSchema = z.object({
  user_id: queryId().optional(),
  /** One entity, or several separated by commas (an order's rows are those of each of its desks). */
  entity: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,64}(,[a-z_]{1,64}){0,15}$/)
    .optional(),
  record_id: queryId().optional(),
  action: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,32}$/)
    .optional(),
  /** Rows from this day on and up to this day (both counted, UTC). */
  from: calendarDateField.optional(),
  to: calendarDateField.optional(),
  /** Calendar range writes covering this day (a day's price history). */
  day: calendarDateField.optional(),
})

export const auditQuerySchema = auditFiltersSchema.extend({
  before: z
    .string()
    .regex(/^[0-9]{1,15}$/)
    .transform(Number)
    .optional(),
  size: queryInt(1, AUDIT_MAX_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
})
export type AuditQuery = z.infer<typeof auditQuerySchema>

export interface AuditRow {
  id: number
  at: string
  user_id: number | null
  user_name: string | null
  role_name: string | null
  ip: string | null
  user_agent: string | null
  entity: string
  record_id: number | null
  action: string
  change: unknown
}

/** `PUT /audit/retention`: keep audit rows this many days (1..36500), or null for ever (the default). */
/** The longest an agency can keep audit rows for, in days (about a hundred years); null keeps them for ever. */
export const MAX_AUDIT_RETENTION_DAYS = 36_500
export const auditRetentionSchema = z.object({ days: z.number().int().min(1).max(MAX_AUDIT_RETENTION_DAYS).nullable() })

/** Who made the last change of a record, from its newest audit row: the `changed_by` of a 409 stale version. */
export interface ChangedBy {
  user_id: number | null
  user_name: string | null
  role_name: string | null
  action: string
  at: string
}
