import { and, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { CalendarStock } from '../crud/calendar-options.js'
import type { Db } from '../db/client.js'
import { inventoryStock } from '../db/schema/stock.js'
import { belowBooked } from '../lib/errors.js'
import { isStockCheckError, rowsOf } from './ledger.js'

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The stock side of the calendars (DESIGN §7): a calendar range write sets the
 * capacity of its days in the ledger, an item's default capacity moves the days
 * without a calendar row, and a calendar's month read shows what orders hold.
 * A calendar declares `stock: calendarStock({...})` (crud/availability.ts runs
 * the hook without knowing the ledger).
 */

/** One calendar write of an item as the stock sees it: the days and what each may hold (0 when blocked). */
export interface CapacityWrite {
  companyId: number
  /** A stock kind: an order item kind, or a kind whose calendar exists before orders book it. */
  kind: string
  itemId: number
  variant?: string
  startDate: string
  endDate: string
  /** ISO weekdays (1 = Monday) the write is limited to, if any. */
  weekdays?: number[]
  capacity: number
  /** The wire field named in the 409 (`capacity`, `max_passengers`, `blocked`). */
  field?: string
}

/**
 * THE hook the availability engine calls in the transaction of a calendar
 * range write (DESIGN §7: capacity cannot go below booked, a booked day cannot
 * be blocked). It upserts the stock rows of the range with the new capacity in
 * one statement: a day that already has more booked than the new capacity is
 * left as it is (the upsert's WHERE, on the locked row), the caller's
 * transaction is then refused with 409 naming those days
 * (`errors: { capacity: ['2026-12-03', ...] }`) and rolls back. Upserting (not only
 * updating existing rows) makes a calendar write and a first order of the same
 * day meet on the row's key, whichever commits first.
 */
export async function applyCalendarCapacity(tx: Db, w: CapacityWrite): Promise<void> {
  const variant = w.variant ?? ''
  const dayFilter = w.weekdays?.length
    ? sql`WHERE extract(isodow FROM d)::int IN (${sql.join(
        w.weekdays.map((x) => sql`${x}`),
        sql`, `,
      )})`
    : sql``
  const days = sql`generate_series(${w.startDate}::date, ${w.endDate}::date, interval '1 day') AS d ${dayFilter}`
  // Rows that hold more than the new capacity are skipped by the upsert's WHERE (evaluated on the row's
  // latest version, under its lock), not refused by the CHECK: no savepoint, one round trip when it fits.
  const res = await tx.execute(sql`
    WITH up AS (
      INSERT INTO inventory_stock AS s (company_id, kind, item_id, variant, day, capacity, booked)
      SELECT ${w.companyId}::int, ${w.kind}, ${w.itemId}::int, ${variant}, d::date, ${w.capacity}::int, 0
      FROM ${days}
      ORDER BY 5
      ON CONFLICT (kind, item_id, variant, day) DO UPDATE SET capacity = excluded.capacity
      WHERE s.booked <= excluded.capacity
      RETURNING 1)
    SELECT (SELECT count(*) FROM up)::int AS written, count(*)::int AS days FROM ${days}`)
  const [counts] = rowsOf<{ written: number; days: number }>(res)
  if (Number(counts!.written) === Number(counts!.days)) return
  const short = await tx.execute(sql`
    SELECT day::text AS day, booked FROM inventory_stock
    WHERE kind = ${w.kind} AND item_id = ${w.itemId} AND variant = ${variant}
      AND day BETWEEN ${w.startDate}::date AND ${w.endDate}::date AND booked > ${w.capacity}
    ORDER BY day`)
  throw belowBooked(w.field ?? 'capacity', rowsOf<{ day: string; booked: number }>(short))
}

/**
 * When an item's default capacity changes (a room's `room_stock`, a route's
 * `max_passengers`), the stock rows of days without a calendar row follow it.
 * `hasDayRow` is the SQL condition "this stock day has its own calendar row"
 * (e.g. `EXISTS (SELECT 1 FROM room_availability a WHERE a.room_id = s.item_id AND a.date = s.day)`).
 * Refused with 409 and the days when that would go below what is booked.
 */
export async function applyDefaultCapacity(
  tx: Db,
  w: {
    kind: string
    itemId: number
    variant?: string
    capacity: number
    hasDayRow: ReturnType<typeof sql>
    field?: string
  },
): Promise<void> {
  const variant = w.variant ?? ''
  const where = sql`s.kind = ${w.kind} AND s.item_id = ${w.itemId} AND s.variant = ${variant} AND NOT (${w.hasDayRow})`
  try {
    await tx.transaction(async (sp) => {
      await sp.execute(sql`UPDATE inventory_stock s SET capacity = ${w.capacity} WHERE ${where}`)
    })
  } catch (err) {
    if (!isStockCheckError(err)) throw err
    const short = rowsOf<{ day: string; booked: number }>(
      await tx.execute(
        sql`SELECT s.day::text AS day, s.booked FROM inventory_stock s WHERE ${where} AND s.booked > ${w.capacity} ORDER BY s.day`,
      ),
    )
    throw belowBooked(w.field ?? 'capacity', short)
  }
}

/** What a calendar declares about its stock (`stock: calendarStock({...})` in `defineAvailability`). */
export interface CalendarStockOptions {
  /**
   * The stock ledger's key of the item's kind (`room`, `train`): any name, so a kind's calendar can
   * hold its days before orders book that kind (`inventory_stock.kind` has no list of kinds).
   */
  kind: string
  /** The variant a write is for (`train_type`), '' when the item has none. */
  variant?: (input: Record<string, any>) => string
  /** What each written day may hold (0 when blocked), from the write's values and the item. */
  capacity: (input: Record<string, any>, item: Record<string, any>) => number
  /** The wire field the 409 names when a capacity is too low (`max_passengers`); `blocked` for a block. */
  field?: string
}

/**
 * The stock hook of a calendar whose items orders book: every range write moves
 * the stock rows' capacity in its transaction, refused with 409 and the days
 * when that would go below what orders already hold (`applyCalendarCapacity`),
 * and the month read answers `stock`: the days orders hold (capacity, booked,
 * remaining), in the month statement itself.
 */
export function calendarStock(opts: CalendarStockOptions): CalendarStock {
  const s = inventoryStock
  const variantOf = (input: Record<string, unknown>) => opts.variant?.(input) ?? ''
  return {
    monthField: (itemId: PgColumn): SQL =>
      sql`(SELECT coalesce(json_agg(json_build_object('date', ${s.day}, 'capacity', ${s.capacity}, 'booked', ${s.booked}, 'remaining', ${s.capacity} - ${s.booked}) ORDER BY ${s.day}), '[]'::json)::text FROM ${s} WHERE ${and(
        eq(s.kind, sql.placeholder('kind')),
        eq(s.item_id, itemId),
        eq(s.variant, sql.placeholder('variant')),
        gte(s.day, sql.placeholder('start')),
        lte(s.day, sql.placeholder('end')),
        gt(s.booked, 0),
      )})`,
    params: (query) => ({ kind: opts.kind, variant: variantOf(query) }),
    write: (tx, { companyId, itemId, input, item }) =>
      applyCalendarCapacity(tx, {
        companyId,
        kind: opts.kind,
        itemId,
        variant: variantOf(input),
        startDate: input.start_date as string,
        endDate: input.end_date as string,
        weekdays: input.weekdays as number[] | undefined,
        capacity: opts.capacity(input, item),
        field: input.blocked === true ? 'blocked' : (opts.field ?? 'capacity'),
      }),
  }
}
