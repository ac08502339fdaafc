import { Readable } from 'node:stream'

export interface ExportColumn {
  /** The field's name (the header with `?headers=keys`); the written header is its label (crud/export.ts). */
  header: string
  value: (row: Record<string, unknown>) => unknown
  /** i18n key of the header when the screen's column label is not `resources.<list>.fields.<header>`. */
  labelKey?: string
  /** Write the value as the text of `<labels><value>` (e.g. 'orders.status.'); a `status` column finds its own. */
  labels?: string
  /** A moment written as its day only (DD-MM-YYYY in the company's zone). */
  day?: boolean
}

function cell(v: unknown): string {
  if (v === null || v === undefined) return ''
  let s = v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v)
  // Text that a spreadsheet would run as a formula is kept as text; a number
  // (a longitude of -39.8) is a number, not a formula.
  if (typeof v === 'string') {
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`
    // Excel splits on its own list separator (`;` in Indonesia, also tab or `|`), not on our commas, and
    // ignores our quotes then: a formula start after any such separator is kept as text too (issue 31).
    s = s.replace(/([,;\t|][\s"]*)([=+\-@])/g, "$1'$2")
  }
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export function csvLine(values: unknown[]): string {
  return `${values.map(cell).join(',')}\r\n`
}

/** A CSV stream with a BOM (so spreadsheets read UTF-8) from rows produced lazily. */
export function csvStream(columns: ExportColumn[], rows: AsyncIterable<Record<string, unknown>>): Readable {
  async function* lines() {
    yield `\ufeff${csvLine(columns.map((c) => c.header))}`
    let chunk = ''
    for await (const row of rows) {
      chunk += csvLine(columns.map((c) => c.value(row)))
      if (chunk.length > 64 * 1024) {
        yield chunk
        chunk = ''
      }
    }
    if (chunk) yield chunk
  }
  return Readable.from(lines())
}

export function exportFileName(resource: string, ext: string, now = new Date()): string {
  return `${resource}_table_${now.toISOString().slice(0, 10)}.${ext}`
}
