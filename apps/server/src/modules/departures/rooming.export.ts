import type { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import type { Locale } from '@app/shared'
import { dateWriters, headerLabel, XLSX_TYPE } from '../../crud/export.js'
import { lazy, loadExcel } from '../../lib/lazy.js'
import type { roomsForExport } from './rooming.js'

/**
 * The rooming list as a hotel asks for it (issue 29), XLSX or PDF: a heading (hotel, group, check-in and
 * check-out as DD-MM-YYYY), then one line per pilgrim: no., room number, room type, name, gender, passport
 * number, a room's number and type once for its occupants. Texts are the web's own words in the reader's
 * language (crud/export.ts reads them from the locale files). PDF by pdfkit with its built-in Helvetica,
 * loaded on first use and streamed as it is written.
 */

type Data = Awaited<ReturnType<typeof roomsForExport>>

const loadPdf = lazy(async () => (await import('pdfkit')).default)

const COLUMNS = ['no', 'room', 'room_type', 'full_name', 'gender', 'passport_number'] as const
const WIDTHS = [6, 12, 12, 36, 12, 20]

/** The web's text of `key` in `locale`, else `fallback` humanized. */
function text(locale: Locale, key: string, fallback: string): string {
  return headerLabel(locale, 'rooming', { header: fallback, labelKey: key, value: () => null })
}

function sheetOf(data: Data, locale: Locale) {
  const day = dateWriters('UTC')
  const w = (k: string, f: string) => text(locale, `resources.departures.rooming.export_file.${k}`, f)
  const headers = COLUMNS.map((c) => w(c, c))
  const type = (t: string) => text(locale, `resources.departures.room_types.${t}`, t)
  const gender = (g: string) => text(locale, `resources.pilgrims.genders.${g}`, g)
  let no = 0
  const rooms = data.rooms.map((r) => ({
    label: r.label,
    type: type(r.room_type),
    lines: r.occupants.map((p) => [
      String(++no),
      r.label,
      type(r.room_type),
      p.full_name,
      gender(p.gender),
      p.passport_number ?? '',
    ]),
  }))
  return {
    title: `${w('title', 'Rooming list')} · ${data.stay.hotel}`,
    group: `${data.departure.code} · ${data.departure.name}`,
    dates: `${w('check_in', 'Check-in')}: ${String(day(data.stay.check_in))}    ${w('check_out', 'Check-out')}: ${String(day(data.stay.check_out))}`,
    headers,
    rooms,
  }
}

export function roomingFileName(data: Data, ext: string): string {
  const safe = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9-]+/g, '_')
      .replace(/^_+|_+$/g, '')
  return `rooming_${safe(data.departure.code)}_${safe(data.stay.hotel)}.${ext}`
}

async function xlsx(data: Data, locale: Locale): Promise<Buffer> {
  const ExcelJS = await loadExcel()
  const s = sheetOf(data, locale)
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('Rooming')
  sheet.columns = WIDTHS.map((width) => ({ width }))
  sheet.addRow([s.title]).font = { bold: true, size: 14 }
  sheet.addRow([s.group])
  sheet.addRow([s.dates])
  sheet.addRow([])
  const head = sheet.addRow(s.headers)
  head.font = { bold: true }
  head.eachCell((c) => {
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9ECEF' } }
    c.border = { bottom: { style: 'thin' } }
  })
  for (const room of s.rooms) {
    const first = sheet.rowCount + 1
    for (const line of room.lines) sheet.addRow(line)
    const last = sheet.rowCount
    // A room's number and type once, over its occupants' lines.
    if (last > first) {
      sheet.mergeCells(first, 2, last, 2)
      sheet.mergeCells(first, 3, last, 3)
    }
    for (const col of [2, 3]) sheet.getCell(first, col).alignment = { vertical: 'middle' }
    sheet.getRow(last).eachCell({ includeEmpty: true }, (c) => (c.border = { bottom: { style: 'thin' } }))
  }
  sheet.views = [{ state: 'frozen', ySplit: 5 }]
  return Buffer.from(await book.xlsx.writeBuffer())
}

async function pdf(data: Data, locale: Locale): Promise<Readable> {
  const PDFDocument = await loadPdf()
  const s = sheetOf(data, locale)
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: s.title } })
  const left = 40
  const width = doc.page.width - 80
  const total = WIDTHS.reduce((a, b) => a + b, 0)
  const cols = WIDTHS.map((wd) => (wd / total) * width)
  const xs = cols.map((_, i) => left + cols.slice(0, i).reduce((a, b) => a + b, 0))
  const rowH = 18
  const bottom = () => doc.page.height - 40

  doc.font('Helvetica-Bold').fontSize(14).text(s.title, left, 40, { width })
  doc.font('Helvetica').fontSize(10).text(s.group).text(s.dates)
  let y = doc.y + 12
  const header = () => {
    doc.rect(left, y, width, rowH).fill('#e9ecef').fillColor('#000')
    doc.font('Helvetica-Bold').fontSize(9)
    s.headers.forEach((h, i) => doc.text(h, xs[i]! + 3, y + 5, { width: cols[i]! - 6, lineBreak: false, ellipsis: true }))
    y += rowH
    doc.font('Helvetica').fontSize(9)
  }
  header()
  for (const room of s.rooms) {
    if (y + rowH * Math.min(room.lines.length, 4) > bottom()) {
      doc.addPage()
      y = 40
      header()
    }
    room.lines.forEach((line, n) => {
      line.forEach((v, i) => {
        // The room's number and type on its first line only.
        if (n > 0 && (i === 1 || i === 2)) return
        doc.text(v, xs[i]! + 3, y + 5, { width: cols[i]! - 6, lineBreak: false, ellipsis: true })
      })
      y += rowH
    })
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor('#868e96')
      .stroke()
  }
  doc.end()
  return doc as unknown as Readable
}

/** Answers the export: the file's headers and its bytes (XLSX) or stream (PDF). */
export async function sendRooming(reply: FastifyReply, data: Data, format: 'xlsx' | 'pdf', locale: Locale) {
  reply
    .header('Content-Type', format === 'xlsx' ? XLSX_TYPE : 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${roomingFileName(data, format)}"`)
    .header('Cache-Control', 'no-store')
  return reply.send(format === 'xlsx' ? await xlsx(data, locale) : await pdf(data, locale))
}
