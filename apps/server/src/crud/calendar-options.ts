import type { SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyPluginAsync } from 'fastify'
import type { z } from 'zod'
import type { AvailabilityShape, Entity } from '@app/shared'
import type { Db } from '../db/client.js'

/* eslint-disable @typescript-eslint/no-explicit-any */

/** A value refused by a limit: the field, and the figure it may not pass. */
export type LimitError = Record<string, { limit: number | string }>

/**
 * One calendar (DESIGN §7, issue 10 "One availability engine"): a day table
 * with one row per (item, [keys…], day), the item it belongs to, the values
 * every day carries, the item's defaults for days without a row, and the
 * limits a write must respect. `defineAvailability` turns it into
 *   GET  /{name}?{item}=&start_date=&end_date=   stored days of the range
 *   GET  /{name}/{id}                            one stored day
 *   POST /{name}                                 a range of up to 366 days,
 *        optionally only some weekdays, written by ONE upsert statement.
 * See crud/README.md "Declaring a calendar".
 */
export interface AvailabilityOptions {
  /** URL under /api/v1 (`rooms_availibility`). */
  name: string
  /** Reads need `${entity}_view` or `_update`; writes `${entity}_update` (DESIGN §5). */
  entity: Entity
  /** The day table. */
  table: PgTable & { id: PgColumn }
  /** Its date column (`date`, mode 'string'). */
  date: PgColumn
  item: {
    /** Wire name of the item id (`room_id`). */
    param: string
    /** The owner table; it must have `company_id` (the company scope of every call). */
    table: PgTable & { id: PgColumn; company_id: PgColumn }
    /** The day table's column holding the item id. */
    column: PgColumn
    /** Item columns the defaults, limits and checks read (`price`, `room_stock`, `hotel_id`). */
    fields?: Record<string, PgColumn>
  }
  /** Further key columns: wire name -> day-table column and its schema (`train_type`), with aliases (`type`). */
  keys?: Record<string, { column: PgColumn; schema: z.ZodType; aliases?: readonly string[] }>
  /** Optional parameters that, when given, must equal the item's field of the same name (`hotel_id`): 422 otherwise. */
  checks?: readonly string[]
  /** Value columns: wire name -> day-table column and its schema. */
  values: Record<string, { column: PgColumn; schema: z.ZodType }>
  /**
   * What a day without a row shows, from the item and the read's keys (answered
   * beside the days). `offered: false` says such a day is not sold at all (a
   * train's other class runs only on its scheduled days); the values are then
   * only a suggestion for the range dialog.
   */
  defaults: (item: Record<string, any>, keys: Record<string, unknown>) => Record<string, unknown>
  /** Refuses values an item does not allow (capacity above the room's stock): field -> the limit. */
  limits?: (values: Record<string, any>, item: Record<string, any>) => LimitError | undefined
  /**
   * Items orders book: the stock hook (stock/calendar.ts `calendarStock({ kind, capacity, … })`). Every
   * range write runs it in its transaction (it may refuse with 409 and roll the write back), and the month
   * read answers its `stock` beside the days.
   */
  stock?: CalendarStock
  /** Answer fields of a day besides id, item, keys, date and values, taken from the item (`hotel_id`). */
  answer?: readonly string[]
  tag?: string
}

/**
 * How a calendar's days meet a stock ledger, declared by the calendar and run by the engine, which knows
 * no ledger (docs/decisions/engine-zones.md).
 */
export interface CalendarStock {
  /**
   * The month read's `stock` answer as JSON text, over the item id column; it may use the read's
   * placeholders `start` and `end`, and its own from `params`.
   */
  monthField: (itemId: PgColumn) => SQL
  /** Values of the month read's own placeholders, from a valid read query. */
  params: (query: Record<string, unknown>) => Record<string, unknown>
  /** In the range write's transaction, after the days are written. */
  write: (
    tx: Db,
    w: { companyId: number; itemId: number; input: Record<string, unknown>; item: Record<string, any> },
  ) => Promise<void>
}

export interface Availability {
  plugin: FastifyPluginAsync
  shape: AvailabilityShape
}
