import { once } from 'node:events'
import { PassThrough, type Readable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import type { Locale } from '@app/shared'
import { t } from '../../lib/i18n.js'
import { loadExcel } from '../../lib/lazy.js'

/** `31-12-2026` in the given time zone (spec §9: exports show DD-MM-YYYY). */
export function dayFormatter(timeZone = 'UTC'): (d: unknown) => string {
  const f = new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' })
  return (d) => (d ? f.format(d instanceof Date ? d : new Date(String(d))).replace(/\//g, '-') : '')
}

/** Most uncompressed sheet XML allowed to wait for the compressor. */
const SHEET_BUFFER_MAX = 1024 * 1024

type Sink = NodeJS.EventEmitter & { _writableState: { length: number } }
/**
 * The stream the worksheet's XML is piped into on its way to the zip. exceljs
 * writes into it without heeding its backpressure, so we watch it ourselves;
 * found through exceljs internals, hence checked (no sink, no wait).
 */
function sheetSink(sheet: unknown): Sink | undefined {
  const pipes = (sheet as { stream?: { pipes?: unknown[] } }).stream?.pipes
  const sink = pipes?.[0] as Partial<Sink> | undefined
  return sink && typeof sink.once === 'function' && typeof sink._writableState?.length === 'number' ? (sink as Sink) : undefined
}

/**
 * The users table as an .xlsx (spec §9: id, name, email, phone, role, status,
 * created), written row by row with exceljs' streaming writer: rows are pulled
 * from the database a batch at a time and each is committed (and zipped) as it
 * comes, and the writer waits whenever the client reads slower than we write,
 * so memory stays flat for any number of users.
 */
export async function usersXlsxStream(
  rows: AsyncIterable<Record<string, unknown>>,
  opts: { locale: Locale; timeZone?: string; log?: FastifyBaseLogger },
): Promise<Readable> {
  const ExcelJS = await loadExcel()
  const out = new PassThrough({ highWaterMark: 256 * 1024 })
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false })
  const sheet = workbook.addWorksheet('users')
  sheet.columns = [
    { header: 'id', key: 'id', width: 10 },
    { header: 'name', key: 'name', width: 30 },
    { header: 'email', key: 'email', width: 34 },
    { header: 'phone', key: 'phone', width: 18 },
    { header: 'role', key: 'role', width: 20 },
    { header: 'status', key: 'status', width: 12 },
    { header: 'created', key: 'created', width: 14 },
  ]
  const day = dayFormatter(opts.timeZone)
  const status = (s: unknown) => t(opts.locale, `users.status.${String(s)}`)

  void (async () => {
    try {
      let n = 0
      for await (const r of rows) {
        if (out.destroyed) return
        const role = r.role as { display_name?: string } | null
        sheet
          .addRow([Number(r.id), r.name, r.email, r.phone ?? '', role?.display_name ?? '', status(r.status), day(r.created_at)])
          .commit()
        if (++n % 200 === 0) {
          // Backpressure, twice: the sheet's XML waits in the zip's input until deflate takes it,
          // and the zip's output waits in `out` until the client reads it. Wait for either.
          const sink = sheetSink(sheet)
          if (sink && sink._writableState.length > SHEET_BUFFER_MAX) await Promise.race([once(sink, 'drain'), once(out, 'close')])
          if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')])
          // Let deflate callbacks and the socket run: an embedded (PGlite) query resolves
          // without a turn of the event loop, which would otherwise buffer the whole sheet.
          await new Promise((resolve) => setImmediate(resolve))
        }
      }
      sheet.commit()
      await workbook.commit()
    } catch (err) {
      opts.log?.error({ err }, 'users export failed')
      out.destroy(err as Error)
    }
  })()
  return out
}
