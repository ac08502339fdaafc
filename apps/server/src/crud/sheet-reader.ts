import { Readable } from 'node:stream'
import { parse as parseCsv } from '@fast-csv/parse'
import { HttpError, unprocessable } from '../lib/errors.js'
import { registerMessages } from '../lib/i18n.js'
import { loadExcel } from '../lib/lazy.js'

/**
 * Reads an uploaded spreadsheet (XLSX or CSV) as a stream of rows, for
 * imports: the file is never held whole, so memory stays flat for any number
 * of rows. The type is told by the bytes, not by the name (a zip is XLSX, text
 * is CSV, anything else 415). Only the first sheet of a workbook is read.
 *
 * A cell is handed over as it is stored: text, a number, a Date (a cell with a
 * date format) or null. A formula cell gives the value Excel saved with it
 * (never evaluated here), or its formula text when none was saved.
 */
export type CellValue = string | number | Date | null
export interface SheetRow {
  /** The row's number as the spreadsheet shows it (the header is row 1 when it is the first). */
  row: number
  cells: CellValue[]
}
export type SheetFormat = 'xlsx' | 'csv'

registerMessages({
  en: {
    'import.not_spreadsheet': '{field} is not a spreadsheet: upload an .xlsx or .csv file',
    'import.old_excel': '{field} is an old Excel file (.xls): save it as .xlsx first',
    'import.unreadable': '{field} could not be read as a spreadsheet',
  },
  id: {
    'import.not_spreadsheet': '{field} bukan lembar kerja: unggah berkas .xlsx atau .csv',
    'import.old_excel': '{field} adalah berkas Excel lama (.xls): simpan dulu sebagai .xlsx',
    'import.unreadable': '{field} tidak dapat dibaca sebagai lembar kerja',
  },
})

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04])
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0])
/** Bytes looked at to tell text from a binary file. */
const SNIFF = 4096

/** What the first bytes say the file is; throws 415 for anything but XLSX and CSV text. */
export function sniffSheet(head: Buffer, field = 'file'): SheetFormat {
  if (head.subarray(0, 4).equals(ZIP)) return 'xlsx'
  if (head.subarray(0, 4).equals(OLE2)) throw new HttpError(415, 'unsupported_media_type', {}, { [field]: ['import.old_excel'] })
  const sample = head.subarray(0, SNIFF)
  // Text: no NUL byte, no other control bytes but tab/CR/LF, and valid UTF-8 (a cut last character allowed).
  const controls = sample.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d)
  const text = new TextDecoder('utf-8', { fatal: false }).decode(sample)
  const broken = (text.slice(0, -1).match(/\uFFFD/g) ?? []).length > 0
  if (sample.length === 0 || controls || broken)
    throw new HttpError(415, 'unsupported_media_type', {}, { [field]: ['import.not_spreadsheet'] })
  // A renamed HTML, PDF or XML file is text too, but no spreadsheet.
  if (/^\s*(<!doctype|<html|<\?xml|<svg|%PDF)/i.test(text.replace(/^\uFEFF/, '')))
    throw new HttpError(415, 'unsupported_media_type', {}, { [field]: ['import.not_spreadsheet'] })
  return 'csv'
}

/**
 * The first chunk(s) of a stream (at least `n` bytes unless it ends first) and
 * the stream whole again. An error of the source (a size limit) ends the
 * stream instead and is kept in `failure`: the parsers are fed by `pipe`,
 * which does not pass errors on, and would wait for the rest for ever.
 */
async function peek(stream: Readable, n: number): Promise<{ head: Buffer; whole: Readable; failure: () => unknown }> {
  const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  const chunks: Buffer[] = []
  let size = 0
  let ended = false
  while (size < n) {
    const next = await it.next()
    if (next.done) {
      ended = true
      break
    }
    chunks.push(next.value)
    size += next.value.length
  }
  const head = Buffer.concat(chunks, size)
  let failure: unknown
  async function* rest() {
    if (head.length) yield head
    if (ended) return
    try {
      for (;;) {
        const next = await it.next()
        if (next.done) return
        yield next.value
      }
    } catch (err) {
      failure = err
    }
  }
  return { head, whole: Readable.from(rest(), { objectMode: false }), failure: () => failure }
}

/** The CSV's separator: the one of `,` `;` tab found most in its first line (Excel in Indonesia writes `;`). */
export function csvDelimiter(head: string): string {
  const line = (head.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '').replace(/"[^"]*"/g, '')
  const counts = [',', ';', '\t'].map((d) => ({ d, n: line.split(d).length - 1 }))
  counts.sort((a, b) => b.n - a.n)
  return counts[0]!.n > 0 ? counts[0]!.d : ','
}

/** An exceljs cell value as stored: a formula's saved result (or its text), rich text joined, a link's text. */
export function cellValue(v: unknown): CellValue {
  if (v === null || v === undefined) return null
  if (typeof v === 'string' || typeof v === 'number') return v
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE'
  if (v instanceof Date) return v
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>
    if ('formula' in o || 'sharedFormula' in o) {
      if (o.result !== undefined && o.result !== null && !(typeof o.result === 'object' && 'error' in o.result))
        return cellValue(o.result)
      return `=${String(o.formula ?? o.sharedFormula ?? '')}`
    }
    if (Array.isArray(o.richText)) return (o.richText as Array<{ text?: string }>).map((r) => r.text ?? '').join('')
    if ('text' in o) return cellValue(o.text)
    if ('error' in o) return String(o.error)
  }
  return String(v)
}

async function* xlsxRows(stream: Readable): AsyncGenerator<SheetRow> {
  const ExcelJS = await loadExcel()
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  })
  let first = true
  let seen = false
  for await (const sheet of reader) {
    seen = true
    for await (const row of sheet) {
      // Later sheets are read to the end of the file, not looked at.
      if (!first) continue
      const values = row.values as unknown[]
      yield { row: row.number, cells: values.slice(1).map(cellValue) }
    }
    first = false
  }
  // A zip without a worksheet (a .docx, a zip of photos) is no spreadsheet.
  if (!seen) throw new HttpError(415, 'unsupported_media_type', {}, { file: ['import.not_spreadsheet'] })
}

async function* csvRows(stream: Readable, delimiter: string): AsyncGenerator<SheetRow> {
  const parser = parseCsv({ delimiter, ignoreEmpty: false, trim: false, discardUnmappedColumns: false, headers: false })
  const rows = stream.pipe(parser)
  stream.on('error', (err) => parser.destroy(err))
  let n = 0
  for await (const cells of rows as AsyncIterable<string[]>) {
    n++
    yield { row: n, cells: n === 1 && cells[0] !== undefined ? [cells[0].replace(/^\uFEFF/, ''), ...cells.slice(1)] : cells }
  }
}

/**
 * The rows of an uploaded spreadsheet, read as they arrive. Throws 415 for a
 * file that is neither; a broken workbook or CSV (a zip that is no workbook,
 * an unclosed quote) is 422 on `field`. Errors of the source stream (a size
 * limit) pass through as they are.
 */
export async function* readSheet(source: Readable, field = 'file'): AsyncGenerator<SheetRow> {
  const { head, whole, failure } = await peek(source, SNIFF)
  const format = sniffSheet(head, field)
  const rows = format === 'xlsx' ? xlsxRows(whole) : csvRows(whole, csvDelimiter(head.toString('utf8')))
  try {
    for await (const row of rows) {
      if (failure()) break
      yield row
    }
  } catch (err) {
    if (failure()) throw failure()
    if (err instanceof HttpError) throw err
    throw unprocessable({ [field]: ['import.unreadable'] })
  }
  if (failure()) throw failure()
}

/** Whether a row holds nothing (trailing empty rows, formatting-only rows). */
export function blankRow(cells: CellValue[]): boolean {
  return cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''))
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0')
const isoOf = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`
const EXCEL_EPOCH = Date.UTC(1899, 11, 30)

/** A cell as text: trimmed; a number as written; a date as DD-MM-YYYY. */
export function cellText(c: CellValue): string {
  if (c === null) return ''
  if (c instanceof Date) return `${pad(c.getUTCDate())}-${pad(c.getUTCMonth() + 1)}-${c.getUTCFullYear()}`
  return String(c).trim()
}

function realDay(y: number, m: number, d: number): string | undefined {
  const t = new Date(Date.UTC(y, m - 1, d))
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d ? isoOf(y, m, d) : undefined
}

/**
 * A date cell as `YYYY-MM-DD`: a date-formatted cell, an Excel date serial
 * (days since 30-12-1899, also when a CSV holds it as digits), or text as
 * DD-MM-YYYY (also with `/` or `.`) or YYYY-MM-DD. Empty is null; anything
 * else undefined (the caller names the cell).
 */
export function cellDate(c: CellValue): string | null | undefined {
  if (c === null) return null
  if (c instanceof Date)
    return Number.isNaN(c.getTime()) ? undefined : isoOf(c.getUTCFullYear(), c.getUTCMonth() + 1, c.getUTCDate())
  const serial = typeof c === 'number' ? c : /^\d{1,6}(\.\d+)?$/.test(c.trim()) ? Number(c.trim()) : undefined
  if (serial !== undefined) {
    // 2958465 = 31-12-9999; right from 61 = 01-03-1900 (Excel counts a 29-02-1900); the time of day is dropped.
    if (serial < 1 || serial > 2958465) return undefined
    const t = new Date(EXCEL_EPOCH + Math.floor(serial) * 86_400_000)
    return isoOf(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate())
  }
  const s = String(c).trim()
  if (s === '') return null
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(s)
  if (dmy) return realDay(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]))
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s)
  if (ymd) return realDay(Number(ymd[1]), Number(ymd[2]), Number(ymd[3]))
  return undefined
}
