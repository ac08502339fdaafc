import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { MultipartFile } from '@fastify/multipart'
import { z } from 'zod'
import {
  issueField,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  MAX_REPORTED_ROWS,
  PILGRIM_IMPORT_COLUMNS,
  PILGRIM_IMPORT_DATES,
  PILGRIM_IMPORT_KEYS,
  PILGRIM_IMPORT_REQUIRED,
  pilgrimImportQuerySchema,
  pilgrimImportReportSchema,
  pilgrimImportTemplateQuerySchema,
  pilgrimInputSchema,
  type ImportDuplicateChoice,
  type Locale,
  type PilgrimImportColumn,
  type PilgrimImportReport,
} from '@app/shared'
import type { Db } from '../../db/client.js'
import { blankRow, cellDate, cellText, readSheet, type CellValue } from '../../crud/sheet-reader.js'
import { csvLine } from '../../crud/csv.js'
import { recordAudit } from '../../lib/audit.js'
import { forbidden, HttpError, unprocessable } from '../../lib/errors.js'
import { fieldLabel, registerMessages, requestLocale, t } from '../../lib/i18n.js'
import { loadExcel } from '../../lib/lazy.js'
import { requireAuth } from '../../plugins/auth.js'
import { issueText } from '../../plugins/errors.js'
import type { SessionUser } from '../../lib/sessions.js'

/**
 * The pilgrim import (issue 28, docs/decisions/pilgrims.md "Import"):
 * `GET /pilgrims/import/template?format=xlsx|csv`, `POST /pilgrims/import?dry_run=true`
 * and `POST /pilgrims/import` (multipart `file`, `duplicates=skip|update`).
 * The file is read as a stream (crud/sheet-reader.ts); each row is checked by
 * `pilgrimInputSchema`, the rules of the API and the form. The dry run writes
 * nothing; the import writes every row or none, in one transaction, a
 * thousand rows per statement.
 */

registerMessages({
  en: {
    'import.too_large': `{field} is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`,
    'import.too_many_rows': `{field} has more than ${MAX_IMPORT_ROWS.toLocaleString('en')} rows`,
    'import.empty': '{field} has no rows to import',
    'import.no_file': 'Choose a file to import',
    'import.missing_columns': '{field} lacks the columns {columns}',
    'import.repeated_column': '{field} has the column {column} twice',
    'import.has_errors': '{count} row(s) have errors; nothing was imported',
    'import.date': '{field} must be a date as DD-MM-YYYY',
    'import.gender': '{field} must be male or female (L/P)',
    'import.two_pilgrims': 'NIK and passport number belong to two different pilgrims ({a}, {b})',
    'import.update_forbidden': 'Updating registered pilgrims needs the right to update pilgrims',
  },
  id: {
    'import.too_large': `{field} lebih besar dari ${MAX_IMPORT_BYTES / 1024 / 1024} MB`,
    'import.too_many_rows': `{field} berisi lebih dari ${MAX_IMPORT_ROWS.toLocaleString('id')} baris`,
    'import.empty': '{field} tidak berisi baris untuk diimpor',
    'import.no_file': 'Pilih berkas untuk diimpor',
    'import.missing_columns': '{field} tidak memiliki kolom {columns}',
    'import.repeated_column': '{field} memuat kolom {column} dua kali',
    'import.has_errors': '{count} baris berisi kesalahan; tidak ada yang diimpor',
    'import.date': '{field} harus tanggal dengan format DD-MM-YYYY',
    'import.gender': '{field} harus laki-laki atau perempuan (L/P)',
    'import.two_pilgrims': 'NIK dan nomor paspor milik dua jamaah berbeda ({a}, {b})',
    'import.update_forbidden': 'Memperbarui jamaah terdaftar memerlukan hak ubah jamaah',
  },
})

/** `Nama Lengkap`, `nama_lengkap`, `NAMA-LENGKAP` all read as one header. */
const headerKey = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '')
const HEADERS = new Map<string, PilgrimImportColumn>()
for (const key of PILGRIM_IMPORT_KEYS) {
  HEADERS.set(headerKey(key), key)
  for (const label of Object.values(PILGRIM_IMPORT_COLUMNS[key])) HEADERS.set(headerKey(label), key)
}

/** Gender as people write it in either language; anything else goes to the schema as written. */
const GENDER_WORDS: Record<string, 'male' | 'female'> = {
  male: 'male',
  m: 'male',
  l: 'male',
  lakilaki: 'male',
  laki: 'male',
  lelaki: 'male',
  pria: 'male',
  female: 'female',
  f: 'female',
  p: 'female',
  perempuan: 'female',
  wanita: 'female',
}

interface CheckedRow {
  row: number
  /** Column values as the schema made them (for a new pilgrim). */
  values: Record<string, unknown>
  /** Only the cells the file filled (an update keeps what the register has for the others). */
  given: Record<string, unknown>
  nik: string | null
  passport: string | null
}
/** Where a row goes: a new pilgrim, an update of a registered one, or skipped as a duplicate. */
type Target =
  { kind: 'new'; row: CheckedRow } | { kind: 'existing'; id: number; full_name: string; values: Record<string, unknown> }

const fileError = (status: number, key: string, params: Record<string, string | number> = {}) =>
  new HttpError(status, 'validation_failed', {}, { file: [{ key, params }] })

/** Parts of the request: the file's rows as they were read and checked, and the text fields. */
interface Parsed {
  fileName: string
  columns: Array<{ key: PilgrimImportColumn; header: string; index: number }>
  ignored: string[]
  rows: CheckedRow[]
  /** Errors of every row (not only the listed ones), in order. */
  errors: Array<{ row: number; column: string; message: string }>
  errorRows: Set<number>
  /** Cell text of the rows that may be listed (those with errors or duplicates), kept for at most a bounded number. */
  text: Map<number, Record<string, string>>
  total: number
  fields: Record<string, string>
}

/** The header row: each column's key, or an ignored header; 422 on a missing or repeated required column. */
function readHeader(cells: CellValue[], locale: Locale) {
  const columns: Parsed['columns'] = []
  const ignored: string[] = []
  const seen = new Set<string>()
  cells.forEach((c, index) => {
    const header = cellText(c)
    if (!header) return
    const key = HEADERS.get(headerKey(header))
    if (!key) return void ignored.push(header)
    if (seen.has(key)) throw fileError(422, 'import.repeated_column', { column: header })
    seen.add(key)
    columns.push({ key, header, index })
  })
  const missing = PILGRIM_IMPORT_REQUIRED.filter((k) => !seen.has(k))
  if (missing.length)
    throw fileError(422, 'import.missing_columns', { columns: missing.map((k) => PILGRIM_IMPORT_COLUMNS[k][locale]).join(', ') })
  return { columns, ignored }
}

/** One data row through the pilgrim schema; its errors as `{ row, column, message }`. */
function checkRow(
  rowNumber: number,
  cells: CellValue[],
  columns: Parsed['columns'],
  locale: Locale,
): { ok?: CheckedRow; errors: Array<{ row: number; column: string; message: string }>; text: Record<string, string> } {
  const errors: Array<{ row: number; column: string; message: string }> = []
  const input: Record<string, unknown> = {}
  const text: Record<string, string> = {}
  const filled = new Set<string>()
  for (const { key, index } of columns) {
    const cell = cells[index] ?? null
    text[key] = cellText(cell)
    if (text[key] !== '') filled.add(key)
    if ((PILGRIM_IMPORT_DATES as readonly string[]).includes(key)) {
      const day = cellDate(cell)
      if (day === undefined) {
        errors.push({ row: rowNumber, column: key, message: t(locale, 'import.date', { field: fieldLabel(locale, key) }) })
        input[key] = null
      } else input[key] = day
    } else if (key === 'gender') {
      const word = text[key].toLowerCase().replace(/[^a-z]/g, '')
      input[key] = GENDER_WORDS[word] ?? (text[key] === '' ? undefined : text[key])
      if (input[key] !== undefined && !GENDER_WORDS[word]) {
        errors.push({ row: rowNumber, column: key, message: t(locale, 'import.gender', { field: fieldLabel(locale, key) }) })
        input[key] = 'male'
      }
    } else input[key] = text[key]
  }
  const parsed = pilgrimInputSchema.safeParse(input)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = issueField(issue, 'full_name').split('.')[0]!
      errors.push({ row: rowNumber, column, message: issueText(locale, issue, column) })
    }
  }
  if (errors.length || !parsed.success) return { errors, text }
  const { documents: _d, mahram_id: _m, mahram_relation: _r, photo: _p, ...values } = parsed.data
  const given = Object.fromEntries(Object.entries(values).filter(([k]) => filled.has(k)))
  const nik = values.nik ?? null
  const passport = values.passport_number ? values.passport_number.toLowerCase() : null
  return { ok: { row: rowNumber, values, given, nik, passport }, errors, text }
}

/**
 * Reads the multipart body: the `file` part row by row as it arrives (a
 * stream, never whole), and any text parts (`duplicates`). Throws the file's
 * 4xx: not a spreadsheet 415, too large 413, too many rows 413, no rows 422,
 * no file 422.
 */
async function readUpload(req: FastifyRequest, locale: Locale, slim: boolean): Promise<Parsed> {
  if (!req.isMultipart()) throw new HttpError(415, 'unsupported_media_type', {}, { file: ['import.no_file'] })
  const declared = Number(req.headers['content-length'])
  if (declared > MAX_IMPORT_BYTES + 64 * 1024) throw fileError(413, 'import.too_large')
  const fields: Record<string, string> = {}
  let parsed: Parsed | undefined
  try {
    const parts = req.parts({ limits: { files: 1, fields: 5, fieldSize: 1024, parts: 8, fileSize: MAX_IMPORT_BYTES } })
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await part.toBuffer().catch(() => undefined)
          throw unprocessable({ [part.fieldname]: ['field.unexpected_file'] })
        }
        parsed = await spooled(part, (file) => readRows(file, part.filename ?? '', locale, slim))
        continue
      }
      fields[part.fieldname] = String(part.value)
    }
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileError(413, 'import.too_large')
    if (err instanceof HttpError) throw err
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new HttpError(413, 'too_large')
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError(415, 'unsupported_media_type')
    throw new HttpError(400, 'bad_request')
  }
  if (!parsed) throw unprocessable({ file: ['import.no_file'] })
  parsed.fields = fields
  return parsed
}

/**
 * The upload is first written to a temporary file as fast as it arrives, then
 * read from there: the request is received within the server's deadline
 * (REQUEST_TIMEOUT_MS) however slowly a large sheet is checked, and memory
 * stays flat either way. The file is removed once read.
 */
async function spooled<T>(part: MultipartFile, read: (file: Readable) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tbo-import-'))
  const file = path.join(dir, 'upload')
  try {
    await pipeline(part.file, createWriteStream(file))
    if (part.file.truncated) throw fileError(413, 'import.too_large')
    const stream = createReadStream(file)
    try {
      return await read(stream)
    } finally {
      stream.destroy()
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** `slim` (a dry run): a valid row keeps only its name and keys, what finding and naming duplicates needs. */
async function readRows(file: Readable, fileName: string, locale: Locale, slim: boolean): Promise<Parsed> {
  let header: ReturnType<typeof readHeader> | undefined
  const out: Parsed = {
    fileName,
    columns: [],
    ignored: [],
    rows: [],
    errors: [],
    errorRows: new Set(),
    text: new Map(),
    total: 0,
    fields: {},
  }
  for await (const { row, cells } of readSheet(file)) {
    if (blankRow(cells)) continue
    if (!header) {
      header = readHeader(cells, locale)
      out.columns = header.columns
      out.ignored = header.ignored
      continue
    }
    if (++out.total > MAX_IMPORT_ROWS) {
      throw fileError(413, 'import.too_many_rows')
    }
    const checked = checkRow(row, cells, out.columns, locale)
    if (checked.errors.length) {
      out.errors.push(...checked.errors)
      out.errorRows.add(row)
      if (out.text.size < MAX_REPORTED_ROWS) out.text.set(row, checked.text)
    }
    if (checked.ok) {
      const { values, nik, passport } = checked.ok
      const named = { full_name: values.full_name, nik: values.nik, passport_number: values.passport_number }
      out.rows.push(slim ? { row, values: named, given: {}, nik, passport } : checked.ok)
      // A duplicate is only known later: the text of valid rows is kept while the report may still list them.
      if (out.text.size < MAX_REPORTED_ROWS * 2) out.text.set(row, checked.text)
    }
  }
  if (!header || out.total === 0) throw fileError(422, 'import.empty')
  return out
}

/** Registered pilgrims holding any of the file's NIKs or passport numbers (set-based, one statement per 5,000 values). */
async function registered(db: Db, companyId: number, rows: CheckedRow[]) {
  const niks = [...new Set(rows.map((r) => r.nik).filter((v): v is string => !!v))]
  const passports = [...new Set(rows.map((r) => r.passport).filter((v): v is string => !!v))]
  const byNik = new Map<string, { id: number; full_name: string }>()
  const byPassport = new Map<string, { id: number; full_name: string }>()
  const CHUNK = 5000
  for (let i = 0; i < Math.max(niks.length, passports.length); i += CHUNK) {
    const n = JSON.stringify(niks.slice(i, i + CHUNK))
    const p = JSON.stringify(passports.slice(i, i + CHUNK))
    const res = (await db.execute(sql`
      SELECT id, full_name, nik, lower(passport_number) AS passport FROM pilgrims
      WHERE company_id = ${companyId}
        AND (nik IN (SELECT jsonb_array_elements_text(${n}::jsonb))
          OR lower(passport_number) IN (SELECT jsonb_array_elements_text(${p}::jsonb)))`)) as unknown as {
      rows: Array<{ id: number; full_name: string; nik: string | null; passport: string | null }>
    }
    for (const r of res.rows) {
      const who = { id: Number(r.id), full_name: r.full_name }
      if (r.nik) byNik.set(r.nik, who)
      if (r.passport) byPassport.set(r.passport, who)
    }
  }
  return { byNik, byPassport }
}

/**
 * Where each valid row goes. A row whose NIK or passport number is registered
 * (or was in an earlier row) is a duplicate: skipped, or (update) its filled
 * cells go to that pilgrim (or that earlier row). A row whose NIK and
 * passport number point at two different pilgrims is an error either way.
 */
function resolve(
  rows: CheckedRow[],
  reg: Awaited<ReturnType<typeof registered>>,
  choice: ImportDuplicateChoice,
  locale: Locale,
  parsed: Parsed,
) {
  const targets = new Map<string, Target>()
  const registeredTargets = new Map<number, Target & { kind: 'existing' }>()
  const created: Target[] = []
  const updated = new Map<number, Target & { kind: 'existing' }>()
  const duplicates: PilgrimImportReport['duplicates'] = []
  let skipped = 0
  const targetOf = (column: 'nik' | 'passport_number', value: string | null): Target | undefined => {
    if (!value) return undefined
    const key = `${column}:${value}`
    const known = targets.get(key)
    if (known) return known
    const who = (column === 'nik' ? reg.byNik : reg.byPassport).get(value)
    if (!who) return undefined
    let target = registeredTargets.get(who.id)
    if (!target) registeredTargets.set(who.id, (target = { kind: 'existing', id: who.id, full_name: who.full_name, values: {} }))
    targets.set(key, target)
    return target
  }
  const nameOf = (x: Target) => (x.kind === 'existing' ? x.full_name : String(x.row.values.full_name))
  for (const r of rows) {
    const byNik = targetOf('nik', r.nik)
    const byPassport = targetOf('passport_number', r.passport)
    if (byNik && byPassport && byNik !== byPassport) {
      parsed.errors.push({
        row: r.row,
        column: 'passport_number',
        message: t(locale, 'import.two_pilgrims', { a: nameOf(byNik), b: nameOf(byPassport) }),
      })
      parsed.errorRows.add(r.row)
      continue
    }
    const target = byNik ?? byPassport
    if (!target) {
      const fresh: Target = { kind: 'new', row: r }
      created.push(fresh)
      if (r.nik) targets.set(`nik:${r.nik}`, fresh)
      if (r.passport) targets.set(`passport_number:${r.passport}`, fresh)
      continue
    }
    const column = byNik ? 'nik' : 'passport_number'
    duplicates.push({
      row: r.row,
      column,
      value: String(column === 'nik' ? r.values.nik : r.values.passport_number),
      existing: target.kind === 'existing' ? { id: target.id, full_name: target.full_name } : null,
      file_row: target.kind === 'new' ? target.row.row : null,
      action: choice,
    })
    if (choice === 'skip') {
      skipped++
      continue
    }
    // Update: the later row's filled cells win, on a registered pilgrim or on the earlier row of the file.
    if (target.kind === 'existing') {
      Object.assign(target.values, r.given)
      updated.set(target.id, target)
    } else Object.assign(target.row.values, r.given)
    if (r.nik) targets.set(`nik:${r.nik}`, target)
    if (r.passport) targets.set(`passport_number:${r.passport}`, target)
  }
  return { created, updated: [...updated.values()], duplicates, skipped }
}

function report(parsed: Parsed, resolved: ReturnType<typeof resolve>, choice: ImportDuplicateChoice, dryRun: boolean) {
  const errors = [...parsed.errors].sort((a, b) => a.row - b.row)
  const listedErrorRows = [...new Set(errors.map((e) => e.row))].slice(0, MAX_REPORTED_ROWS)
  const listed = new Set(listedErrorRows)
  const dups = resolved.duplicates.slice(0, MAX_REPORTED_ROWS)
  for (const d of dups) listed.add(d.row)
  const rows = [...listed]
    .sort((a, b) => a - b)
    .slice(0, MAX_REPORTED_ROWS)
    .map((row) => ({ row, values: parsed.text.get(row) ?? {} }))
  const shownRows = new Set(rows.map((r) => r.row))
  return {
    dry_run: dryRun,
    duplicates_choice: choice,
    total_rows: parsed.total,
    columns: parsed.columns.map(({ key, header }) => ({ key, header })),
    ignored_columns: parsed.ignored,
    errors: errors.filter((e) => shownRows.has(e.row)),
    error_rows: parsed.errorRows.size,
    duplicates: dups.filter((d) => shownRows.has(d.row)),
    rows,
    summary: {
      create: resolved.created.length,
      update: choice === 'update' ? resolved.duplicates.length : 0,
      skip: resolved.skipped,
    },
    truncated: parsed.errorRows.size + resolved.duplicates.length > rows.length,
  } satisfies PilgrimImportReport
}

const INSERT_COLUMNS = [
  ['full_name', 'varchar'],
  ['gender', 'varchar'],
  ['birth_date', 'date'],
  ['birth_place', 'varchar'],
  ['nationality', 'varchar'],
  ['nik', 'varchar'],
  ['passport_number', 'varchar'],
  ['passport_issued', 'date'],
  ['passport_expiry', 'date'],
  ['passport_office', 'varchar'],
  ['phone', 'varchar'],
  ['email', 'varchar'],
  ['address', 'text'],
  ['city', 'varchar'],
  ['vaccine_date', 'date'],
  ['vaccine_certificate', 'varchar'],
  ['emergency_name', 'varchar'],
  ['emergency_phone', 'varchar'],
  ['notes', 'text'],
] as const
const BATCH = 1000
const recordType = sql.raw(INSERT_COLUMNS.map(([c, type]) => `${c} ${type}`).join(', '))
const columnList = sql.raw(INSERT_COLUMNS.map(([c]) => c).join(', '))

/** The writes, a thousand rows per statement (rows as one JSON parameter): new pilgrims, then updates. */
async function write(tx: Db, companyId: number, resolved: ReturnType<typeof resolve>) {
  const created = resolved.created.map((c) => (c.kind === 'new' ? c.row.values : {}))
  for (let i = 0; i < created.length; i += BATCH) {
    await tx.execute(sql`
      INSERT INTO pilgrims (company_id, ${columnList})
      SELECT ${companyId}, ${columnList}
      FROM jsonb_to_recordset(${JSON.stringify(created.slice(i, i + BATCH))}::jsonb) AS v(${recordType})`)
  }
  for (let i = 0; i < resolved.updated.length; i += BATCH) {
    const batch = resolved.updated.slice(i, i + BATCH).map((u) => ({ ...u.values, id: u.id }))
    const sets = sql.raw(INSERT_COLUMNS.map(([c]) => `${c} = coalesce(v.${c}, p.${c})`).join(', '))
    await tx.execute(sql`
      UPDATE pilgrims p SET ${sets}, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS v(id int, ${recordType})
      WHERE p.id = v.id AND p.company_id = ${companyId}`)
  }
}

function choiceOf(parsed: Parsed, query: ImportDuplicateChoice | undefined, auth: SessionUser): ImportDuplicateChoice {
  const raw = query ?? parsed.fields.duplicates ?? 'skip'
  if (raw !== 'skip' && raw !== 'update')
    throw unprocessable({ duplicates: [{ key: 'field.enum', params: { options: 'skip, update' } }] })
  if (raw === 'update' && !auth.permissions.has('pilgrim_update'))
    throw new HttpError(403, 'forbidden', {}, { duplicates: ['import.update_forbidden'] })
  return raw
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const pilgrimImport: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const tags = ['pilgrims']

  app.get(
    '/pilgrims/import/template',
    {
      schema: {
        tags,
        summary: 'The import template, headers in the caller’s language',
        querystring: pilgrimImportTemplateQuerySchema,
      },
      config: { access: 'pilgrim_import' },
    },
    async (req, reply) => {
      const locale = requestLocale(req)
      const headers = PILGRIM_IMPORT_KEYS.map((k) => PILGRIM_IMPORT_COLUMNS[k][locale])
      const name = locale === 'id' ? 'template_jamaah' : 'pilgrims_template'
      reply.header('Cache-Control', 'no-store')
      if (req.query.format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${name}.csv"`)
          .send(`\ufeff${csvLine(headers)}`)
      }
      const ExcelJS = await loadExcel()
      const workbook = new ExcelJS.Workbook()
      const sheet = workbook.addWorksheet(locale === 'id' ? 'Jamaah' : 'Pilgrims')
      sheet.columns = PILGRIM_IMPORT_KEYS.map((k, i) => ({
        header: headers[i],
        key: k,
        width: Math.max(14, headers[i]!.length + 4),
        // NIK and phone numbers as text: Excel keeps 15 digits of a number and drops a leading 0.
        style: ['nik', 'phone', 'emergency_phone', 'passport_number'].includes(k) ? { numFmt: '@' } : {},
      }))
      sheet.getRow(1).font = { bold: true }
      return reply
        .type(XLSX_TYPE)
        .header('Content-Disposition', `attachment; filename="${name}.xlsx"`)
        .send(Buffer.from(await workbook.xlsx.writeBuffer()))
    },
  )

  app.post(
    '/pilgrims/import',
    {
      schema: {
        tags,
        summary: 'Import pilgrims from an .xlsx or .csv file (multipart `file`); `dry_run=true` checks and writes nothing',
        querystring: pilgrimImportQuerySchema,
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ data: pilgrimImportReportSchema }) },
      },
      config: { access: 'pilgrim_import' },
    },
    async (req, reply) => {
      const auth = requireAuth(req)
      if (!auth.permissions.has('pilgrim_create')) throw forbidden()
      // Server-Timing: reading and checking the file, then the database's part (the bench reads both).
      const started = performance.now()
      const timing = (read: number) =>
        reply.header('server-timing', `read;dur=${(read - started).toFixed(0)}, db;dur=${(performance.now() - read).toFixed(0)}`)
      const locale = requestLocale(req)
      const { dry_run: dryRun, duplicates } = req.query
      if (duplicates) choiceOf({ fields: {} } as Parsed, duplicates, auth)
      const parsed = await readUpload(req, locale, dryRun)
      const read = performance.now()
      const choice = choiceOf(parsed, duplicates, auth)
      if (dryRun) {
        // A dry run writes nothing, so it leaves no audit row either.
        req.auditState = null
        const resolved = resolve(parsed.rows, await registered(app.db, auth.companyId, parsed.rows), choice, locale, parsed)
        timing(read)
        return { data: report(parsed, resolved, choice, true) }
      }
      if (parsed.errorRows.size) {
        const resolved = resolve(parsed.rows, await registered(app.db, auth.companyId, parsed.rows), choice, locale, parsed)
        throw refused(report(parsed, resolved, choice, false))
      }
      const answer = await app.db.transaction(async (tx) => {
        const db = tx as unknown as Db
        // Duplicates are found inside the write's transaction, so what they decide is what is written.
        const resolved = resolve(parsed.rows, await registered(db, auth.companyId, parsed.rows), choice, locale, parsed)
        const result = report(parsed, resolved, choice, false)
        if (parsed.errorRows.size) throw refused(result)
        await write(db, auth.companyId, resolved)
        await recordAudit(db, req, {
          entity: 'pilgrim',
          action: 'import',
          change: { file: parsed.fileName, rows: parsed.total, duplicates: choice, ...result.summary },
        })
        return result
      })
      timing(read)
      return { data: answer }
    },
  )
}

/** The import refused for its rows' errors: 422 with the report, nothing written. */
function refused(result: PilgrimImportReport) {
  return new HttpError(422, 'import.has_errors', { count: result.error_rows }, undefined, undefined, { data: result })
}

export default pilgrimImport
