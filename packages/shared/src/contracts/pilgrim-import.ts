import { z } from 'zod'
import type { Locale } from '../constants.js'

/**
 * The pilgrim import (issue 28): a spreadsheet of pilgrims checked in a dry
 * run, then written all or nothing. Each row is validated by the same
 * `pilgrimInputSchema` as the API body and the form.
 */

/** Most data rows one file may hold (the header not counted). */
export const MAX_IMPORT_ROWS = 50_000
/** Largest file taken: 50,000 rows of CSV fit; anything larger is refused unread (413). */
export const MAX_IMPORT_BYTES = 15 * 1024 * 1024
/** What happens to a row whose NIK or passport number is already registered (or already in the file). */
export const IMPORT_DUPLICATE_CHOICES = ['skip', 'update'] as const
export type ImportDuplicateChoice = (typeof IMPORT_DUPLICATE_CHOICES)[number]
/** Problem rows (and their messages) a report lists at most; the counts are always whole. */
export const MAX_REPORTED_ROWS = 1000

/**
 * The template's columns, in order, with their header in each language. A
 * header is recognized in either language (or as the key itself), ignoring
 * case, spaces and punctuation. The mahram, photo and documents are not
 * imported (they name other rows and files).
 */
export const PILGRIM_IMPORT_COLUMNS = {
  full_name: { en: 'Full name', id: 'Nama lengkap' },
  gender: { en: 'Gender', id: 'Jenis kelamin' },
  birth_date: { en: 'Birth date', id: 'Tanggal lahir' },
  birth_place: { en: 'Birth place', id: 'Tempat lahir' },
  nationality: { en: 'Nationality', id: 'Kewarganegaraan' },
  nik: { en: 'NIK', id: 'NIK' },
  passport_number: { en: 'Passport number', id: 'Nomor paspor' },
  passport_issued: { en: 'Passport issue date', id: 'Tanggal terbit paspor' },
  passport_expiry: { en: 'Passport expiry', id: 'Tanggal habis paspor' },
  passport_office: { en: 'Passport office', id: 'Kantor imigrasi' },
  phone: { en: 'Phone', id: 'Telepon' },
  email: { en: 'Email', id: 'Email' },
  address: { en: 'Address', id: 'Alamat' },
  city: { en: 'City', id: 'Kota' },
  vaccine_date: { en: 'Vaccine date', id: 'Tanggal vaksin' },
  vaccine_certificate: { en: 'Vaccine certificate', id: 'Sertifikat vaksin' },
  emergency_name: { en: 'Emergency contact', id: 'Kontak darurat' },
  emergency_phone: { en: 'Emergency phone', id: 'Telepon darurat' },
  notes: { en: 'Notes', id: 'Catatan' },
} as const satisfies Record<string, Record<Locale, string>>
export type PilgrimImportColumn = keyof typeof PILGRIM_IMPORT_COLUMNS
export const PILGRIM_IMPORT_KEYS = Object.keys(PILGRIM_IMPORT_COLUMNS) as PilgrimImportColumn[]
/** Columns read as dates: DD-MM-YYYY text or an Excel date (serial). */
export const PILGRIM_IMPORT_DATES: readonly PilgrimImportColumn[] = [
  'birth_date',
  'passport_issued',
  'passport_expiry',
  'vaccine_date',
]
/** Columns a file must have. */
export const PILGRIM_IMPORT_REQUIRED: readonly PilgrimImportColumn[] = ['full_name', 'gender']

export const pilgrimImportQuerySchema = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  duplicates: z.enum(IMPORT_DUPLICATE_CHOICES).optional(),
})
export const pilgrimImportTemplateQuerySchema = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') })

const holder = z.object({ id: z.number(), full_name: z.string() })
export const pilgrimImportReportSchema = z.object({
  dry_run: z.boolean(),
  duplicates_choice: z.enum(IMPORT_DUPLICATE_CHOICES),
  /** Data rows read (blank rows not counted). */
  total_rows: z.number(),
  /** The file's recognized columns, in its order, with the header as written. */
  columns: z.array(z.object({ key: z.string(), header: z.string() })),
  /** Headers that name no column (their cells are not read). */
  ignored_columns: z.array(z.string()),
  /** Every refused cell: the spreadsheet's row number, the column key, the message in the caller's language. */
  errors: z.array(z.object({ row: z.number(), column: z.string(), message: z.string() })),
  /** How many rows have at least one error. */
  error_rows: z.number(),
  /**
   * Rows whose NIK or passport number is registered already (`existing`) or
   * appears in an earlier row of the file (`file_row`), and what the choice does to them.
   */
  duplicates: z.array(
    z.object({
      row: z.number(),
      column: z.enum(['nik', 'passport_number']),
      value: z.string(),
      existing: holder.nullable(),
      file_row: z.number().nullable(),
      action: z.enum(IMPORT_DUPLICATE_CHOICES),
    }),
  ),
  /** The rows with an error or a duplicate, as read (cell text by column key). */
  rows: z.array(z.object({ row: z.number(), values: z.record(z.string(), z.string()) })),
  /** Rows created, updated (duplicates with "update") and skipped (duplicates with "skip"). */
  summary: z.object({ create: z.number(), update: z.number(), skip: z.number() }),
  /** More problem rows than MAX_REPORTED_ROWS: the lists stop there, the counts do not. */
  truncated: z.boolean(),
})
export type PilgrimImportReport = z.infer<typeof pilgrimImportReportSchema>
