import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  PILGRIM_IMPORT_COLUMNS,
  PILGRIM_IMPORT_KEYS,
  pilgrimImportQuerySchema,
  pilgrimImportReportSchema,
  pilgrimImportTemplateQuerySchema,
  type ImportDuplicateChoice,
  type PilgrimImportReport,
} from '@app/shared'
import type { Db } from '../../db/client.js'
import { csvLine } from '../../crud/csv.js'
import { recordAudit } from '../../lib/audit.js'
import { forbidden, HttpError, unprocessable } from '../../lib/errors.js'
import { registerMessages, requestLocale } from '../../lib/i18n.js'
import { loadExcel } from '../../lib/lazy.js'
import { requireAuth } from '../../plugins/auth.js'
import type { SessionUser } from '../../lib/sessions.js'
import { readUpload, type Parsed } from './pilgrim-import-read.js'
import { registered, report, resolve, write } from './pilgrim-import-write.js'

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
