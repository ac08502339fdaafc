import { once } from 'node:events'
import { PassThrough, type Readable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import { loadExcel } from '../lib/lazy.js'
import type { ExportColumn } from './csv.js'

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

export type XlsxColumn = ExportColumn & { width?: number }

/**
 * A one-sheet .xlsx written row by row with exceljs' streaming writer: rows are
 * pulled from the database a batch at a time and each is committed (and
 * zipped) as it comes, and the writer waits whenever the client reads slower
 * than we write, so memory stays flat for any number of rows.
 */
export async function xlsxStream(
  sheetName: string,
  columns: readonly XlsxColumn[],
  rows: AsyncIterable<Record<string, unknown>>,
  log?: FastifyBaseLogger,
): Promise<Readable> {
  const ExcelJS = await loadExcel()
  const out = new PassThrough({ highWaterMark: 256 * 1024 })
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false })
  const sheet = workbook.addWorksheet(sheetName)
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 18 }))

  void (async () => {
    try {
      let n = 0
      for await (const r of rows) {
        if (out.destroyed) return
        sheet.addRow(columns.map((c) => c.value(r) ?? '')).commit()
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
      log?.error({ err }, `${sheetName} export failed`)
      out.destroy(err as Error)
    }
  })()
  return out
}
