import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { DEFAULT_TIME_ZONE, LOCALES, type Locale } from '@app/shared'
import type { Db } from '../db/client.js'
import { companies } from '../db/schema/index.js'
import { requestLocale } from '../lib/i18n.js'
import { requireAuth } from '../plugins/auth.js'
import { csvStream, exportFileName, type ExportColumn } from './csv.js'
import { xlsxStream, type XlsxColumn } from './xlsx.js'

/*
 * The one writer of every list's export (issue 32, item 12), CSV and XLSX alike:
 * - headers are the list's column labels in the reader's language, read from the web's own locale files
 *   (`resources.<list>.fields.<key>`, then `fields.<key>`, as the screen names its columns); `?headers=keys`
 *   keeps the spec's field names for scripts;
 * - a date is written DD-MM-YYYY and a moment DD-MM-YYYY HH:mm (24 hours), in the company's time zone
 *   (`companies.time_zone`, Asia/Riyadh by default);
 * - a status (and any column that declares `labels`) is written in the reader's language, the same text in
 *   both formats, since both are fed the same cells.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export interface ExportSpec {
  /** The list's name: the file name and its labels' `resources.<labels ?? name>.…`. */
  name: string
  /** Where the web keeps the list's labels when not under `resources.<name>` (e.g. 'users'). */
  labels?: string
  format: 'csv' | 'xlsx'
  columns: readonly ExportColumn[]
  rows: AsyncIterable<Record<string, unknown>>
  /** A time zone the caller asked for (checked), instead of the company's. */
  timeZone?: string | undefined
}

type Messages = { [key: string]: string | Messages }

const here = path.dirname(fileURLToPath(import.meta.url))
/** src/crud/ in development and tests, dist/ once bundled. */
const LOCALE_DIRS = [path.resolve(here, '../../../web/src/i18n/locales'), path.resolve(here, '../../web/src/i18n/locales')]

function merge(into: Messages, from: Messages): Messages {
  for (const [k, v] of Object.entries(from)) {
    const cur = into[k]
    into[k] = typeof v === 'object' && typeof cur === 'object' ? merge(cur, v) : v
  }
  return into
}

const webMessages = new Map<Locale, Messages>()
/** The web's texts of one language (every locales/<lang>/*.json merged), read once. */
export function webTexts(locale: Locale): Messages {
  let m = webMessages.get(locale)
  if (!m) {
    m = {}
    const dir = LOCALE_DIRS.map((d) => path.join(d, locale)).find((d) => existsSync(d))
    if (dir)
      for (const file of readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort())
        merge(m, JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Messages)
    webMessages.set(locale, m)
  }
  return m
}

function lookup(messages: Messages, key: string): string | undefined {
  let cur: string | Messages | undefined = messages
  for (const part of key.split('.')) {
    if (typeof cur !== 'object') return undefined
    cur = cur[part]
  }
  return typeof cur === 'string' ? cur : undefined
}

const humanize = (key: string) => key.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())

/** A header as the screen labels the column: the list's own label, then the shared one, then the key humanized. */
export function headerLabel(locale: Locale, list: string, column: ExportColumn): string {
  const messages = webTexts(locale)
  const keys = [
    ...(column.labelKey ? [column.labelKey] : []),
    `resources.${list}.fields.${column.header}`,
    `${list}.fields.${column.header}`,
    `fields.${column.header}`,
  ]
  for (const k of keys) {
    const found = lookup(messages, k)
    if (found) return found
  }
  return humanize(column.header)
}

/** A coded value (a status) in the reader's language: the column's `labels` prefix, else the list's statuses. */
function valueLabel(locale: Locale, list: string, column: ExportColumn): ((v: unknown) => unknown) | undefined {
  const prefixes = column.labels
    ? [column.labels]
    : column.header === 'status'
      ? [`resources.${list}.statuses.`, `${list}.status.`, `${list}.statuses.`, 'publish_statuses.']
      : []
  if (!prefixes.length) return undefined
  const messages = webTexts(locale)
  return (v) => {
    if (v === null || v === undefined || v === '') return v
    for (const p of prefixes) {
      const found = lookup(messages, `${p}${String(v)}`)
      if (found) return found
    }
    return v
  }
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/

/** `31-12-2026` and `31-12-2026 23:05` in a time zone. */
export function dateWriters(timeZone: string) {
  const f = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  const moment = (d: Date) => {
    const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]))
    return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`
  }
  /** A value as the export writes it: days and moments in DD-MM-YYYY (HH:mm), the rest as given; `dayOnly` drops the time. */
  return (v: unknown, dayOnly = false): unknown => {
    const at = (d: Date) => (Number.isNaN(d.getTime()) ? '' : dayOnly ? moment(d).slice(0, 10) : moment(d))
    if (v instanceof Date) return at(v)
    if (typeof v !== 'string') return v
    const day = ISO_DAY.exec(v)
    if (day) return `${day[3]}-${day[2]}-${day[1]}`
    if (ISO_MOMENT.test(v)) {
      // A timestamp without a zone is the database's UTC.
      const d = new Date(/[zZ]|[+-]\d{2}(:?\d{2})?$/.test(v) ? v.replace(' ', 'T') : `${v.replace(' ', 'T')}Z`)
      return Number.isNaN(d.getTime()) ? v : at(d)
    }
    return v
  }
}

/** The columns as written: headers, dates and coded values in the reader's language and the company's zone. */
export function writtenColumns(
  columns: readonly ExportColumn[],
  opts: { list: string; locale: Locale; timeZone: string; keys: boolean },
): XlsxColumn[] {
  const date = dateWriters(opts.timeZone)
  return columns.map((c) => {
    const label = valueLabel(opts.locale, opts.list, c)
    return {
      ...c,
      header: opts.keys ? c.header : headerLabel(opts.locale, opts.list, c),
      value: (r) => {
        const v = date(c.value(r), c.day)
        return label ? label(v) : v
      },
    }
  })
}

async function companyTimeZone(db: Db, companyId: number): Promise<string> {
  const [row] = await db.select({ tz: companies.time_zone }).from(companies).where(eq(companies.id, companyId))
  return row?.tz ?? DEFAULT_TIME_ZONE
}

/** `?headers=keys`: the spec's field names as headers instead of the screen's labels (the default, `labels`). */
export const exportHeadersField = z.enum(['labels', 'keys']).optional()

/**
 * Answers an export: the file's headers (type, name, no caching) and its CSV or XLSX stream, both written
 * from the same cells.
 */
export async function sendExport(req: FastifyRequest, reply: FastifyReply, db: Db, spec: ExportSpec): Promise<FastifyReply> {
  const auth = requireAuth(req)
  const q = (req.query ?? {}) as Record<string, unknown>
  const locale = LOCALES.includes(requestLocale(req)) ? requestLocale(req) : 'en'
  const columns = writtenColumns(spec.columns, {
    list: spec.labels ?? spec.name,
    locale,
    timeZone: spec.timeZone ?? (await companyTimeZone(db, auth.companyId)),
    keys: q.headers === 'keys',
  })
  const xlsx = spec.format === 'xlsx'
  reply
    .header('Content-Type', xlsx ? XLSX_TYPE : 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${exportFileName(spec.name, spec.format)}"`)
    .header('Cache-Control', 'no-store')
  const stream: Readable = xlsx ? await xlsxStream(spec.name, columns, spec.rows, req.log) : csvStream(columns, spec.rows)
  return reply.send(stream)
}
