import { and, eq } from 'drizzle-orm'
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
} from '@app/shared'
import type { Db } from '../db/client.js'
import { recordAudit } from '../lib/audit.js'
import { expectedVersion, lastChange, staleVersion, takeVersion } from './versions.js'
import { notFound, unprocessable } from '../lib/errors.js'
import { registerMessages } from '../lib/i18n.js'
import type { RowRead } from '../lib/sessions.js'
import { requireAuth, sessionRow } from '../plugins/auth.js'
import type { Availability, AvailabilityOptions } from './calendar-options.js'
import { calendarRange } from './calendar-range.js'
import { calendarReads, type Month } from './calendar-read.js'
import { idParams } from './resource.js'

/* eslint-disable @typescript-eslint/no-explicit-any */

export type { Availability, AvailabilityOptions, CalendarStock, LimitError } from './calendar-options.js'

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
  const reads = calendarReads(opts)
  const { itemFields, dayVersion, answerKeys, dayFields, loadItem, monthFields, splitDays, monthParams, readMonth, daysText } =
    reads
  const { bumpVersion, writeRange } = calendarRange(opts, reads)

  const checkParams = (input: Record<string, unknown>, item: Record<string, unknown>) => {
    const errors: Record<string, string[]> = {}
    for (const k of opts.checks ?? []) if (input[k] !== undefined && input[k] !== item[k]) errors[k] = ['field.not_found']
    if (Object.keys(errors).length) throw unprocessable(errors)
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
