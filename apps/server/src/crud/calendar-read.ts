import { and, eq, getTableColumns, getTableName, gte, lte, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.js'
import { calendarVersions } from '../db/schema/audit.js'
import { notFound } from '../lib/errors.js'
import type { SessionUser } from '../lib/sessions.js'
import type { AvailabilityOptions } from './calendar-options.js'
import { prepared } from './list-query.js'

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The month read's columns beside the item: the days' JSON text, the calendar's version, the stock hook's. */
export type Month = { __days: string; __stock?: string; __version?: number }

/**
 * The reads of one calendar (crud/availability.ts): the item of the caller's company, and the month read
 * as one statement over the item row, whose columns also come with the session (plugins/auth.ts).
 */
export function calendarReads(opts: AvailabilityOptions) {
  const keys = opts.keys ?? {}
  const itemFields = opts.item.fields ?? {}
  const tableName = getTableName(opts.table)
  const dayColumns = getTableColumns(opts.table as any) as Record<string, PgColumn>
  const hasUpdatedAt = 'updated_at' in dayColumns
  // Versions (issue 30, docs/decisions/audit.md): a day table with a `version` column is versioned by the
  // calendar's counter in calendar_versions; each written day carries the counter's value of its write.
  const dayVersion = dayColumns.version
  const cv = calendarVersions
  const answerKeys = opts.answer ?? []

  const dayFields: Record<string, any> = {
    id: opts.table.id,
    [opts.item.param]: opts.item.column,
    ...Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, v.column])),
    date: opts.date,
    ...Object.fromEntries(Object.entries(opts.values).map(([k, v]) => [k, v.column])),
  }

  // The read's statements are prepared once per database handle (crud/list-query.ts `prepared`): the month
  // read is the calendar's hot call (docs/performance/catalogue.md).
  const statements = { item: {}, month: {} }
  const itemWhere = and(eq(opts.item.table.id, sql.placeholder('id')), eq(opts.item.table.company_id, sql.placeholder('company')))

  /** The item of the caller's company (404 otherwise), its declared fields read; `lock` holds it until the write commits. */
  const loadItem = async (db: Db, auth: SessionUser, id: number, lock = false) => {
    const select = (db: Db) =>
      (db.select({ id: opts.item.table.id, ...itemFields }).from(opts.item.table as any) as any).where(itemWhere).limit(1)
    const params = { id, company: auth.companyId }
    // FOR SHARE: a concurrent change of the item (its stock) waits for this write, and the other way round.
    const [item] = (await (lock
      ? select(db).for('share').execute(params)
      : prepared(statements.item, `${tableName}_item`, db, select).execute(params))) as Array<Record<string, unknown>>
    if (!item) throw notFound()
    return item
  }

  /**
   * The month read's answer as two JSON texts of one statement, over the item row it is read beside:
   * `__days`, `[count, [day, …]]` — the stored days of the range in the answer's shape (with the fields
   * the item lends them, `hotel_id`), by date — and for an item orders book `__stock`, the days orders hold
   * (capacity, booked, remaining). The item comes with the session (plugins/auth.ts, `RowRead.also`), so a
   * month read is one statement and one round trip, like the bare floor's single day query, and the texts
   * go into the answer as PostgreSQL wrote them: no parse, no copy, no stringify in Node
   * (docs/performance/calendars.md). Money leaves as float8, the number `JSON.stringify` would write.
   */
  const jsonValue = (col: PgColumn) => (col.getSQLType().startsWith('numeric') ? sql`${col}::float8` : sql`${col}`)
  const jsonObject = (fields: Record<string, unknown>) =>
    sql`json_build_object(${sql.join(
      Object.entries(fields).map(([k, v]) => {
        if (!/^\w+$/.test(k)) throw new Error(`answer field ${k} is not a plain name`)
        return sql`${sql.raw(`'${k}'`)}, ${v}`
      }),
      sql`, `,
    )})`
  for (const k of answerKeys)
    if (!itemFields[k]) throw new Error(`${opts.name}: answer field ${k} is not one of the item's fields`)
  const dayAnswer = {
    ...Object.fromEntries(Object.entries(dayFields).map(([k, col]) => [k, jsonValue(col as PgColumn)])),
    ...Object.fromEntries(answerKeys.map((k) => [k, jsonValue(itemFields[k]!)])),
  }
  const monthFields: Record<string, unknown> = {
    __days: sql`(SELECT json_build_array(count(*), coalesce(json_agg(${jsonObject(dayAnswer)} ORDER BY ${opts.date}), '[]'::json))::text FROM ${opts.table} WHERE ${and(
      eq(opts.item.column, opts.item.table.id),
      ...Object.entries(keys).map(([k, v]) => eq(v.column, sql.placeholder(`key_${k}`))),
      gte(opts.date, sql.placeholder('start')),
      lte(opts.date, sql.placeholder('end')),
    )})`,
    ...(dayVersion
      ? {
          __version: sql`coalesce((SELECT ${cv.version} FROM ${cv} WHERE ${cv.calendar} = ${sql.raw(`'${opts.name.replace(/'/g, '')}'`)} AND ${cv.item_id} = ${opts.item.table.id}), 0)`,
        }
      : {}),
    ...(opts.stock ? { __stock: opts.stock.monthField(opts.item.table.id) } : {}),
  }
  /** `[31, [{…}, …]]` as json_build_array writes it: the count, and the days' JSON text as it stands. */
  const splitDays = (text: string) => {
    const comma = text.indexOf(',')
    return { count: Number(text.slice(1, comma)), json: text.slice(comma + 1, -1).trim() }
  }
  /** The month statement's values from a valid read query (keys, range, the stock's kind and variant). */
  const monthParams = (query: Record<string, unknown>) => ({
    ...Object.fromEntries(Object.keys(keys).map((k) => [`key_${k}`, query[k]])),
    start: query.start_date,
    end: query.end_date,
    ...(opts.stock?.params(query) ?? {}),
  })
  /** Item, days and stock without the session (when the session's statement did not bring them): one statement too. */
  const readMonth = async (db: Db, auth: SessionUser, query: Record<string, unknown>) => {
    const [found] = (await prepared(statements.month, `${tableName}_month`, db, (db) =>
      (db.select({ id: opts.item.table.id, ...itemFields, ...monthFields } as any).from(opts.item.table as any) as any)
        .where(itemWhere)
        .limit(1),
    ).execute({ ...monthParams(query), id: query[opts.item.param], company: auth.companyId })) as Array<
      Record<string, unknown> & Month
    >
    if (!found) throw notFound()
    return found
  }

  /** The stored days of a range as the answer's JSON text (`[count, [day, …]]`, the month read's own column), read in `db`. */
  const daysText = async (db: Db, input: Record<string, unknown>, itemId: number) => {
    const [row] = (await (db.select({ days: monthFields.__days } as any).from(opts.item.table as any) as any)
      .where(eq(opts.item.table.id, itemId))
      .execute(monthParams(input))) as Array<{ days: string }>
    return splitDays(row!.days)
  }

  return {
    keys,
    itemFields,
    tableName,
    hasUpdatedAt,
    dayVersion,
    answerKeys,
    dayFields,
    itemWhere,
    loadItem,
    monthFields,
    splitDays,
    monthParams,
    readMonth,
    daysText,
  }
}
