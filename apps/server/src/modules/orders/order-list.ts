import { PassThrough, type Readable } from 'node:stream'
import { eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import {
  DESK_ENTITY,
  ORDER_DESKS,
  ORDER_DUE_STATUSES,
  ORDER_OPEN_STATUSES,
  ORDER_SORTABLE,
  listQuerySchema,
  orderListFilters,
  queryId,
  type Action,
  type OrderBalanceFilter,
  type OrderDesk,
  type OrderWeekFilter,
} from '@app/shared'
import type { ExportColumn } from '../../crud/csv.js'
import type { ListSource } from '../../crud/list-query.js'
import { orders } from '../../db/schema/index.js'
import { forbidden } from '../../lib/errors.js'
import { loadExcel } from '../../lib/lazy.js'
import type { SessionUser } from '../../lib/sessions.js'
import { desksField, onDesks } from './order-desks.js'

/** The order list (GET /orders) and its export: the source, the caller's scope, the dashboard's filters, the sheet. */

const balance = sql<number>`(${orders.total} - ${orders.paid})`.mapWith(Number)
export const ordersSource: ListSource = {
  table: orders,
  id: orders.id,
  fields: {
    id: orders.id,
    code: orders.code,
    status: orders.status,
    customer_name: orders.customer_name,
    customer_email: orders.customer_email,
    customer_phone: orders.customer_phone,
    customer_passport_number: orders.customer_passport_number,
    start_date: orders.start_date,
    end_date: orders.end_date,
    items_summary: orders.items_summary,
    desks: desksField,
    total: orders.total,
    paid: orders.paid,
    balance,
    created_at: orders.created_at,
  },
  searchable: [orders.code, orders.customer_name, orders.customer_email, orders.customer_passport_number],
  sortable: {
    created_at: orders.created_at,
    code: orders.code,
    customer_name: orders.customer_name,
    start_date: orders.start_date,
    total: orders.total,
    paid: orders.paid,
    balance,
    status: orders.status,
  },
}

export const listQuery = listQuerySchema(ORDER_SORTABLE, 'created_at').extend(orderListFilters)
/** `?order=ID`: the quote is for an edit of that order (what it holds counts as free stock). */
export const quoteQuery = z.object({ order: queryId().optional() })
export const exportQuery = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  search: z.string().max(200).optional(),
  ...orderListFilters,
})

/**
 * The company's orders the caller may see for `action`: one desk when `kind`
 * is given (403 without its permission), else every desk the caller holds.
 */
export function scope(
  auth: SessionUser,
  q: { kind?: OrderDesk; status?: string; balance?: OrderBalanceFilter; week?: OrderWeekFilter },
  action: Action,
): Array<SQL | undefined> {
  const desks = q.kind ? [q.kind] : ORDER_DESKS.filter((d) => auth.permissions.has(`${DESK_ENTITY[d]}_${action}`))
  if (q.kind && !auth.permissions.has(`${DESK_ENTITY[q.kind]}_${action}`)) throw forbidden()
  return [
    eq(orders.company_id, auth.companyId),
    onDesks(desks),
    q.status ? eq(orders.status, q.status as never) : undefined,
    ...dashboardFilters(q),
  ]
}

/** `YYYY-MM-DD` (UTC) `n` days from today. */
const utcDay = (n = 0) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

/**
 * The owner dashboard's lists (issue 32), each the same rows its card counts: `balance=due` pending or
 * confirmed orders not paid in full, `overdue` those whose first day has come; `week=arrivals|departures`
 * open orders starting or ending today … today + 6 (UTC days, as orders count them).
 */
function dashboardFilters(q: { balance?: OrderBalanceFilter; week?: OrderWeekFilter }): Array<SQL | undefined> {
  const week = (col: AnyColumn) => sql`${col} BETWEEN ${utcDay()}::date AND ${utcDay(6)}::date`
  return [
    q.balance ? inArray(orders.status, [...ORDER_DUE_STATUSES]) : undefined,
    q.balance ? sql`${orders.paid} < ${orders.total}` : undefined,
    q.balance === 'overdue' ? sql`${orders.start_date} <= ${utcDay()}::date` : undefined,
    q.week ? inArray(orders.status, [...ORDER_OPEN_STATUSES]) : undefined,
    q.week === 'arrivals' ? week(orders.start_date) : q.week === 'departures' ? week(orders.end_date) : undefined,
  ]
}

export const exportColumns: ExportColumn[] = [
  { header: 'code', value: (r) => r.code },
  { header: 'customer', value: (r) => r.customer_name },
  { header: 'email', value: (r) => r.customer_email },
  { header: 'phone', value: (r) => r.customer_phone },
  { header: 'passport_number', value: (r) => r.customer_passport_number },
  { header: 'start_date', value: (r) => r.start_date },
  { header: 'end_date', value: (r) => r.end_date },
  { header: 'items', value: (r) => r.items_summary },
  { header: 'total', value: (r) => Number(r.total) },
  { header: 'paid', value: (r) => Number(r.paid) },
  { header: 'balance', value: (r) => Number(r.balance) },
  { header: 'status', value: (r) => r.status },
  { header: 'created_at', value: (r) => (r.created_at instanceof Date ? r.created_at.toISOString() : r.created_at) },
]

/** The orders sheet, written row by row by exceljs' streaming writer (memory stays flat). */
export async function xlsxStream(rows: AsyncIterable<Record<string, unknown>>, statusLabel: (s: unknown) => string): Promise<Readable> {
  const ExcelJS = await loadExcel()
  const out = new PassThrough({ highWaterMark: 256 * 1024 })
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false })
  const sheet = workbook.addWorksheet('orders')
  sheet.columns = exportColumns.map((c) => ({ header: c.header, key: c.header, width: c.header === 'items' ? 50 : 18 }))
  void (async () => {
    try {
      let n = 0
      for await (const r of rows) {
        if (out.destroyed) return
        sheet.addRow(exportColumns.map((c) => (c.header === 'status' ? statusLabel(r.status) : (c.value(r) ?? '')))).commit()
        if (++n % 200 === 0) await new Promise((resolve) => setImmediate(resolve))
      }
      sheet.commit()
      await workbook.commit()
    } catch (err) {
      out.destroy(err as Error)
    }
  })()
  return out
}

