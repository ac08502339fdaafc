import { z } from 'zod'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.js'

const boolish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1')

/** Query-string boolean: true/false/1/0 only ("maybe" is a 422). */
export const queryBoolean = boolish

/**
 * A whole number in a URL (path or query): decimal digits only. `Number()` would read
 * `0x11`, `1.7e1`, `0o21`, `+17` and `17 ` all as 17; these are refused (422) instead.
 */
const DIGITS = /^[0-9]{1,10}$/
export const queryInt = (min: number, max: number) =>
  z.string().regex(DIGITS).transform(Number).pipe(z.number().int().min(min).max(max))

const MAX_ID = 2_147_483_647
/** A row id in a URL: 1..2^31-1, decimal digits only. */
export const queryId = () => queryInt(1, MAX_ID)

/**
 * What `queryId()` makes of `value`, without zod (a hot path's own check: the one-row read checks its `:id`
 * on every call): the id, or undefined where `queryId()` refuses it.
 */
export function readQueryId(value: unknown): number | undefined {
  if (typeof value !== 'string' || !DIGITS.test(value)) return undefined
  const n = Number(value)
  return n >= 1 && n <= MAX_ID ? n : undefined
}

/**
 * The list contract of DESIGN §3, built per resource so that `sort_by` is an
 * allow-list of that resource's sortable columns.
 */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(sortable: S, defaultSort: S[number]) {
  return z.object({
    search: z.string().max(200).optional(),
    sort_by: z.enum(sortable).default(defaultSort as never),
    order_by: z.enum(['asc', 'desc']).default('desc'),
    page: queryInt(0, 1_000_000).default(0),
    size: queryInt(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    export_data: boolish.optional(),
    is_company: boolish.optional(),
  })
}

export const paginationSchema = z.object({
  total: z.number(),
  currentPage: z.number(),
  currentPageFront: z.number(),
  totalPages: z.number(),
  totalPagesFront: z.number(),
})
export type Pagination = z.infer<typeof paginationSchema>

export function pagination(total: number, page: number, size: number): Pagination {
  const totalPagesFront = Math.ceil(total / size)
  return {
    total,
    currentPage: page,
    currentPageFront: page + 1,
    totalPages: Math.max(totalPagesFront - 1, 0),
    totalPagesFront,
  }
}

export type ListResponse<T> = { data: T[]; pagination: Pagination }
export type ApiErrorBody = {
  message: string
  errors?: Record<string, string[]>
  /** A 409 for days that hold more than a write allows: each day and its booked count. */
  booked?: Array<{ date: string; booked: number }>
  /** A 409 stale version (issue 30): the record as it now is, and who changed it last, when. */
  data?: unknown
  changed_by?: { user_id: number | null; user_name: string | null; role_name: string | null; action: string; at: string } | null
}
