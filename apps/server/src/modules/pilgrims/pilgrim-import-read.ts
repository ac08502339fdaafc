import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyRequest } from 'fastify'
import type { MultipartFile } from '@fastify/multipart'
import {
  issueField,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  MAX_REPORTED_ROWS,
  PILGRIM_IMPORT_COLUMNS,
  PILGRIM_IMPORT_DATES,
  PILGRIM_IMPORT_KEYS,
  PILGRIM_IMPORT_REQUIRED,
  pilgrimInputSchema,
  type Locale,
  type PilgrimImportColumn,
} from '@app/shared'
import { blankRow, cellDate, cellText, readSheet, type CellValue } from '../../crud/sheet-reader.js'
import { HttpError, unprocessable } from '../../lib/errors.js'
import { fieldLabel, t } from '../../lib/i18n.js'
import { issueText } from '../../plugins/errors.js'

/**
 * Reading the import's upload (pilgrim-import.ts): the multipart request, the file spooled and read as a
 * stream (crud/sheet-reader.ts), the header row matched to the import's columns, and each row checked by
 * `pilgrimInputSchema`.
 */

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

export interface CheckedRow {
  row: number
  /** Column values as the schema made them (for a new pilgrim). */
  values: Record<string, unknown>
  /** Only the cells the file filled (an update keeps what the register has for the others). */
  given: Record<string, unknown>
  nik: string | null
  passport: string | null
}

export const fileError = (status: number, key: string, params: Record<string, string | number> = {}) =>
  new HttpError(status, 'validation_failed', {}, { file: [{ key, params }] })

/** Parts of the request: the file's rows as they were read and checked, and the text fields. */
export interface Parsed {
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
export function readHeader(cells: CellValue[], locale: Locale) {
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
export function checkRow(
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
export async function readUpload(req: FastifyRequest, locale: Locale, slim: boolean): Promise<Parsed> {
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
export async function spooled<T>(part: MultipartFile, read: (file: Readable) => Promise<T>): Promise<T> {
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
export async function readRows(file: Readable, fileName: string, locale: Locale, slim: boolean): Promise<Parsed> {
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
