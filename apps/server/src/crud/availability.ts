import { and, eq, getTableColumns, getTableName, gte, lte, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AVAILABILITY_RANGE_LENGTH_KEY,
  AVAILABILITY_RANGE_ORDER_KEY,
  AVAILABILITY_WEEKDAYS_NONE_KEY,
  MAX_AVAILABILITY_DAYS,
  availabilityReadSchema,
  availabilityWriteSchema,
  pagination,
  type AvailabilityShape,
  type Entity,
} from '@app/shared'
import type { Db } from '../db/client.js'
import { calendarVersions } from '../db/schema/audit.js'
import { recordAudit } from '../lib/audit.js'
import { expectedVersion, lastChange, staleVersion, takeVersion } from './versions.js'
import { notFound, unprocessable } from '../lib/errors.js'
import { registerMessages } from '../lib/i18n.js'
import type { RowRead, SessionUser } from '../lib/sessions.js'
import { requireAuth, sessionRow } from '../plugins/auth.js'
import { prepared } from './list-query.js'
import { idParams } from './resource.js'

/* eslint-disable @typescript-eslint/no-explicit-any */

registerMessages({
  en: {
    [AVAILABILITY_RANGE_ORDER_KEY]: 'End date cannot be before the start date',
    [AVAILABILITY_RANGE_LENGTH_KEY]: `A range covers at most ${MAX_AVAILABILITY_DAYS} days`,
    [AVAILABILITY_WEEKDAYS_NONE_KEY]: 'None of the days of the range falls on these weekdays',
    date_invalid: '{field} must be a real date (YYYY-MM-DD)',
    money_decimals: '{field} has at most 2 decimals',
    'availability.above_limit': '{field} cannot be above {limit}',
  },
  id: {
    [AVAILABILITY_RANGE_ORDER_KEY]: 'Tanggal akhir tidak boleh sebelum tanggal mulai',
    [AVAILABILITY_RANGE_LENGTH_KEY]: `Satu rentang paling banyak ${MAX_AVAILABILITY_DAYS} hari`,
    [AVAILABILITY_WEEKDAYS_NONE_KEY]: 'Tidak ada hari dalam rentang ini yang jatuh pada hari-hari tersebut',
    date_invalid: '{field} harus tanggal yang valid (YYYY-MM-DD)',
    money_decimals: '{field} paling banyak 2 angka desimal',
    'availability.above_limit': '{field} tidak boleh lebih dari {limit}',
  },
})

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

/** `?type=` for `train_type`: the first of the aliases that is given fills the key. */
function applyAliases(input: unknown, keys: AvailabilityOptions['keys']): unknown {
  if (!keys || !input || typeof input !== 'object' || Array.isArray(input)) return input
  const out = { ...(input as Record<string, unknown>) }
  for (const [key, k] of Object.entries(keys))
    for (const alias of k.aliases ?? []) if (out[key] === undefined && out[alias] !== undefined) out[key] = out[alias]
  return out
}

/** Thrown inside a range write's transaction when a day of its range is newer than the version sent. */
class StaleRange extends Error {}

export function defineAvailability(opts: AvailabilityOptions): Availability {
  const keys = opts.keys ?? {}
  const shape: AvailabilityShape = {
    item: opts.item.param,
    keys: Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, v.schema])),
    checks: opts.checks,
    values: Object.fromEntries(Object.entries(opts.values).map(([k, v]) => [k, v.schema])),
  }
  const readQuery = z.preprocess((v) => applyAliases(v, keys), availabilityReadSchema(shape))
  const writeBody = z.preprocess((v) => applyAliases(v, keys), availabilityWriteSchema(shape))
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

  const checkParams = (input: Record<string, unknown>, item: Record<string, unknown>) => {
    const errors: Record<string, string[]> = {}
    for (const k of opts.checks ?? []) if (input[k] !== undefined && input[k] !== item[k]) errors[k] = ['field.not_found']
    if (Object.keys(errors).length) throw unprocessable(errors)
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
  type Month = { __days: string; __stock?: string; __version?: number }
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

  const weekdaysOf = (input: Record<string, unknown>) => input.weekdays as number[] | undefined
  const onWeekdays = (day: SQL, input: Record<string, unknown>) =>
    sql`extract(isodow FROM ${day})::int IN (${sql.join(
      weekdaysOf(input)!.map((w) => sql`${w}`),
      sql`, `,
    )})`

  /**
   * The calendar's next version, bumped under its row's lock (two writes of one item's calendar queue here),
   * and whether a day of the range was written after the version the client read (`expected`): the check
   * is a statement of its own after the lock, so it sees the write that held the lock before.
   */
  const bumpVersion = async (tx: Db, input: Record<string, unknown>, itemId: number, expected: number | undefined) => {
    const [row] = (await tx
      .insert(cv)
      .values({ calendar: opts.name, item_id: itemId, version: 1 })
      .onConflictDoUpdate({ target: [cv.calendar, cv.item_id], set: { version: sql`${cv.version} + 1` } })
      .returning({ version: cv.version })) as Array<{ version: number }>
    if (expected === undefined) return { version: row!.version, stale: false }
    const stale = (await tx.execute(sql`
      SELECT 1 FROM ${opts.table} WHERE ${and(
        eq(opts.item.column, itemId),
        ...Object.entries(keys).map(([k, v]) => eq(v.column, input[k])),
        gte(opts.date, input.start_date as string),
        lte(opts.date, input.end_date as string),
        sql`${dayVersion} > ${expected}`,
      )} ${weekdaysOf(input) ? sql`AND ${onWeekdays(sql`${opts.date}`, input)}` : sql``} LIMIT 1`)) as unknown as {
      rows: unknown[]
    }
    return { version: row!.version, stale: stale.rows.length > 0 }
  }

  /**
   * The range write: one INSERT … SELECT over generate_series, landing on the
   * (item, keys…, date) unique key, so every day of the range is written (or
   * rewritten) by one statement, and two overlapping writes never make two rows.
   */
  /** Writes the range; answers the number of days written (the range's days on the chosen weekdays). */
  const writeRange = async (
    tx: Db,
    input: Record<string, unknown>,
    itemId: number,
    version: number | undefined,
  ): Promise<number> => {
    const cast = (col: PgColumn) => sql.raw(col.getSQLType())
    const insertCols = [
      opts.item.column,
      ...Object.values(keys).map((k) => k.column),
      opts.date,
      ...Object.values(opts.values).map((v) => v.column),
      ...(version !== undefined ? [dayVersion!] : []),
    ]
    const selected = [
      sql`${itemId}::integer`,
      ...Object.entries(keys).map(([k, v]) => sql`${input[k]}::${cast(v.column)}`),
      sql`d::date`,
      ...Object.entries(opts.values).map(([k, v]) => sql`${input[k]}::${cast(v.column)}`),
      ...(version !== undefined ? [sql`${version}::integer`] : []),
    ]
    const conflict = [opts.item.column, ...Object.values(keys).map((k) => k.column), opts.date]
    const updates = [
      ...Object.values(opts.values).map((v) => sql`${sql.identifier(v.column.name)} = excluded.${sql.identifier(v.column.name)}`),
      ...(hasUpdatedAt ? [sql`"updated_at" = now()`] : []),
      ...(version !== undefined ? [sql`"version" = excluded."version"`] : []),
    ]
    const list = (cols: PgColumn[]) =>
      sql.join(
        cols.map((c) => sql.identifier(c.name)),
        sql`, `,
      )
    const written = (await tx.execute(sql`
      INSERT INTO ${sql.identifier(tableName)} (${list(insertCols)})
      SELECT ${sql.join(selected, sql`, `)}
      FROM generate_series(${input.start_date}::date, ${input.end_date}::date, interval '1 day') AS d
      ${weekdaysOf(input) ? sql`WHERE ${onWeekdays(sql`d`, input)}` : sql``}
      ON CONFLICT (${list(conflict)}) DO UPDATE SET ${sql.join(updates, sql`, `)}
      RETURNING 1`)) as unknown as { rows: unknown[] }
    return written.rows.length
  }

  // The month read's item, days and stock come in the session's own statement (plugins/auth.ts `sessionRow`),
  // in the caller's company; the query's values only once the route's own schema accepts them.
  const itemRead: RowRead = {
    table: opts.item.table,
    id: opts.item.table.id,
    fields: { id: opts.item.table.id, ...itemFields },
    companyColumn: opts.item.table.company_id,
    param: opts.item.param,
    also: {
      fields: monthFields,
      params: (query) => {
        const valid = readQuery.safeParse(query)
        return valid.success ? monthParams(valid.data as Record<string, unknown>) : undefined
      },
    },
  }

  const tags = [opts.tag ?? opts.name]
  const write = `${opts.entity}_update`
  const readAccess = [`${opts.entity}_view`, write]

  const plugin: FastifyPluginAsync = async (parent) => {
    const app = parent.withTypeProvider<ZodTypeProvider>()
    const base = `/${opts.name}`

    const readConfig = { access: readAccess, sessionRow: itemRead }
    app.get(base, { schema: { tags, querystring: readQuery }, config: readConfig }, async (req, reply) => {
      const query = req.query as Record<string, unknown>
      // Booked and remaining of each day orders hold (DESIGN §7) come with the stored days; all of it came with
      // the session (config.sessionRow), or is read here in one statement when it did not (404 if not ours).
      const itemId = query[opts.item.param] as number
      const found =
        (sessionRow(req, itemId) as (Record<string, unknown> & Month) | undefined) ??
        (await readMonth(app.db, requireAuth(req), query))
      const { __days, __stock, __version, ...item } = found
      checkParams(query, item)
      const { count, json: days } = splitDays(__days)
      const answer =
        `{"data":${days},"defaults":${JSON.stringify(opts.defaults(item, query))}` +
        (dayVersion ? `,"version":${Number(__version ?? 0)}` : '') +
        (opts.stock ? `,"stock":${__stock}` : '') +
        `,"pagination":${JSON.stringify(pagination(count, 0, Math.max(count, 1)))}}`
      return reply.type('application/json; charset=utf-8').send(answer)
    })

    app.get(`${base}/:id`, { schema: { tags, params: idParams }, config: { access: readAccess } }, async (req) => {
      const auth = requireAuth(req)
      const [row] = (await (app.db.select(dayFields).from(opts.table as any) as any)
        .innerJoin(opts.item.table, eq(opts.item.table.id, opts.item.column))
        .where(and(eq(opts.table.id, req.params.id), eq(opts.item.table.company_id, auth.companyId)))
        .limit(1)) as Array<Record<string, unknown>>
      if (!row) throw notFound()
      if (!answerKeys.length) return { data: row }
      const item = await loadItem(app.db, auth, row[opts.item.param] as number)
      return { data: { ...row, ...Object.fromEntries(answerKeys.map((k) => [k, item[k]])) } }
    })

    const writeOptions = {
      schema: { tags, body: writeBody },
      config: { access: write },
      ...(dayVersion ? { preValidation: takeVersion } : {}),
    }
    app.post(base, writeOptions, async (req, reply) => {
      const auth = requireAuth(req)
      const input = req.body as Record<string, unknown>
      let stale: { version: number; days: string } | undefined
      const rows = await app.db
        .transaction(async (raw) => {
          const tx = raw as unknown as Db
          const item = await loadItem(tx, auth, input[opts.item.param] as number, true)
          checkParams(input, item)
          const over = opts.limits?.(input, item)
          if (over && Object.keys(over).length)
            throw unprocessable(
              Object.fromEntries(
                Object.entries(over).map(([f, { limit }]) => [f, [{ key: 'availability.above_limit', params: { limit } }]]),
              ),
            )
          const v = dayVersion ? await bumpVersion(tx, input, item.id as number, expectedVersion(req)) : undefined
          if (v?.stale) {
            // The days as they now are, then roll back (the bump with it): 409 below.
            stale = { version: v.version - 1, days: (await daysText(tx, input, item.id as number)).json }
            throw new StaleRange()
          }
          const written = await writeRange(tx, input, item.id as number, v?.version)
          if (opts.stock) await opts.stock.write(tx, { companyId: auth.companyId, itemId: item.id as number, input, item })
          // The range and the values written (the days' earlier values stay readable from earlier rows).
          const { [opts.item.param]: _item, start_date, end_date, weekdays, ...values } = input
          await recordAudit(tx, req, {
            entity: opts.entity,
            action: 'range',
            recordId: item.id as number,
            change: { range: { start_date, end_date, weekdays: weekdays ?? null }, values },
          })
          return { ...(await daysText(tx, input, item.id as number)), version: v?.version, written }
        })
        .catch(async (err: unknown) => {
          if (!(err instanceof StaleRange) || !stale) throw err
          const itemId = input[opts.item.param] as number
          throw staleVersion(
            { version: stale.version, days: JSON.parse(stale.days) as unknown },
            await lastChange(app.db, auth.companyId, opts.entity, itemId, 'range'),
          )
        })
      // The written days as the month read answers them, straight from PostgreSQL's JSON (366 days: no row
      // mapping, no copy per day, no stringify), the calendar's version after this write, and `written`: the
      // days the range wrote (issue 32, item 10: the toast said 30 when 8 weekdays were written).
      const version = rows.version === undefined ? '' : `,"version":${rows.version}`
      return reply.type('application/json; charset=utf-8').send(`{"data":${rows.json}${version},"written":${rows.written}}`)
    })
  }

  return { plugin, shape }
}
