import { z } from 'zod'
import { inDateWindow, isRealDate } from '../dates.js'
import { MAX_NAME, MAX_TEXT, NAME_MIN } from '../constants.js'
import { emailField } from './auth.js'
import { entryList, optionalFileName, optionalIdField, optionalText, wireNumber } from './locations.js'
import { requiredText } from './reference.js'

/**
 * Pilgrims (jamaah), issue 28: the register an agency keeps. The same schemas
 * validate the API body, the web form and every imported spreadsheet row, so
 * the three refuse the same input with the same message.
 */

export const GENDERS = ['male', 'female'] as const
export type Gender = (typeof GENDERS)[number]
export const MAHRAM_RELATIONS = [
  'husband',
  'wife',
  'father',
  'mother',
  'son',
  'daughter',
  'brother',
  'sister',
  'grandfather',
  'grandmother',
  'uncle',
  'nephew',
  'other',
] as const
export type MahramRelation = (typeof MAHRAM_RELATIONS)[number]
export const PILGRIM_DOCUMENT_TYPES = ['passport', 'ktp', 'family_card', 'vaccine_card', 'photo', 'visa', 'other'] as const
export const PILGRIM_DOCUMENT_STATUSES = ['missing', 'received', 'verified', 'rejected'] as const
export type PilgrimDocumentStatus = (typeof PILGRIM_DOCUMENT_STATUSES)[number]

export const PILGRIM_SORTABLE = [
  'full_name',
  'gender',
  'birth_date',
  'nik',
  'passport_number',
  'passport_expiry',
  'phone',
  'city',
  'created_at',
] as const

/** Most months the "passport expires within N months" filter and the company setting take. */
export const MAX_PASSPORT_MONTHS = 120
export const DEFAULT_PASSPORT_VALIDITY_MONTHS = 6
export const EARLIEST_BIRTH_DATE = '1900-01-01'

/** Message keys of the pilgrim rules (server: messages; web: `validation.<key>`). */
export const PILGRIM_KEYS = {
  nik: 'pilgrims.nik_invalid',
  passport: 'pilgrims.passport_invalid',
  expiry: 'pilgrims.expiry_before_issue',
  birthFuture: 'pilgrims.birth_future',
  birthEarly: 'pilgrims.birth_too_early',
  phone: 'pilgrims.phone_invalid',
  nationality: 'pilgrims.nationality_invalid',
  mahramSelf: 'pilgrims.mahram_self',
  mahramRelation: 'pilgrims.mahram_relation_required',
  date: 'date_invalid',
} as const

/** Today as `YYYY-MM-DD` in UTC: a birth date may be today, never tomorrow. */
export const todayIso = () => new Date().toISOString().slice(0, 10)

/**
 * A phone number as E.164. Indonesian habits are read as such: `0812…` and
 * `62812…` both become `+62812…`; spaces, dots, dashes and brackets are
 * dropped. What is left must be `+` and 8 to 15 digits (E.164's limit) not
 * starting with 0, else null (refused by the field).
 */
export function toE164(input: string): string | null {
  const s = input.replace(/[\s().-]/g, '')
  let digits: string
  if (/^\+\d+$/.test(s)) digits = s.slice(1)
  else if (/^0\d+$/.test(s)) digits = `62${s.slice(1)}`
  else if (/^62\d+$/.test(s)) digits = s
  else return null
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null
}

/**
 * A phone typed into a search as it is stored (E.164): `0812 3456` -> `+628123456`, `62812…` -> `+62812…`,
 * `812-345` -> `812345`; null when the term is not a phone fragment (a name).
 */
export function phoneSearchTerm(term: string): string | null {
  const s = term.replace(/[\s().-]/g, '')
  if (/^0\d+$/.test(s)) return `+62${s.slice(1)}`
  if (/^62\d+$/.test(s)) return `+${s}`
  if (/^\+?\d+$/.test(s)) return s
  return null
}

const optionalTrimmed = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().nullish())

/** An optional phone, stored as E.164. */
export const phoneField = optionalTrimmed
  .refine((v) => v == null || v.length <= 30, { message: PILGRIM_KEYS.phone })
  .refine((v) => v == null || toE164(v) !== null, { message: PILGRIM_KEYS.phone })
  .transform((v) => (v == null ? null : toE164(v)))

/** An optional calendar date `YYYY-MM-DD` of any year (a birth date: its own rules below). */
export const optionalDate = optionalTrimmed
  .refine((v) => v == null || isRealDate(v), { message: PILGRIM_KEYS.date })
  .transform((v) => v ?? null)

/** An optional travel date (passport, vaccination): a real day inside the one date window (dates.ts). */
export const optionalWindowDate = optionalTrimmed
  .refine((v) => v == null || isRealDate(v), { message: PILGRIM_KEYS.date })
  .refine((v) => v == null || !isRealDate(v) || inDateWindow(v), { message: 'date_window' })
  .transform((v) => v ?? null)

const nikField = optionalTrimmed
  .refine((v) => v == null || /^\d{16}$/.test(v), { message: PILGRIM_KEYS.nik })
  .transform((v) => v ?? null)

/** Letters and digits; stored upper-case (unique per company ignoring case either way). */
const passportField = optionalTrimmed
  .refine((v) => v == null || /^[A-Za-z0-9]{5,20}$/.test(v), { message: PILGRIM_KEYS.passport })
  .transform((v) => (v ? v.toUpperCase() : null))

const nationalityField = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 'ID' : v),
  z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => /^[A-Z]{2}$/.test(v), { message: PILGRIM_KEYS.nationality }),
)

const emptyToNull = (v: unknown) => (v === '' ? null : v)

/** Most documents one pilgrim keeps. */
export const MAX_PILGRIM_DOCUMENTS = 20

/** One document entry; `id` keeps an existing entry (and its verification), none adds one. */
export const pilgrimDocumentInputSchema = z.object({
  id: optionalIdField.optional(),
  type: z.enum(PILGRIM_DOCUMENT_TYPES),
  file: optionalFileName,
  status: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'missing' : v), z.enum(PILGRIM_DOCUMENT_STATUSES)),
  note: optionalText(MAX_TEXT),
})
export type PilgrimDocumentInput = z.infer<typeof pilgrimDocumentInputSchema>

export const pilgrimInputSchema = z
  .object({
    full_name: requiredText(NAME_MIN, MAX_NAME),
    gender: z.enum(GENDERS),
    birth_date: optionalDate,
    birth_place: optionalText(MAX_NAME),
    nationality: nationalityField,
    nik: nikField,
    passport_number: passportField,
    passport_issued: optionalWindowDate,
    passport_expiry: optionalWindowDate,
    passport_office: optionalText(MAX_NAME),
    phone: phoneField,
    email: z.preprocess((v) => (v === '' ? null : v), emailField.nullish()).transform((v) => v ?? null),
    address: optionalText(MAX_TEXT),
    city: optionalText(MAX_NAME),
    mahram_id: optionalIdField,
    mahram_relation: z.preprocess(emptyToNull, z.enum(MAHRAM_RELATIONS).nullish()).transform((v) => v ?? null),
    vaccine_date: optionalWindowDate,
    vaccine_certificate: optionalText(MAX_NAME),
    emergency_name: optionalText(MAX_NAME),
    emergency_phone: phoneField,
    photo: optionalFileName,
    notes: optionalText(MAX_TEXT),
    documents: entryList(pilgrimDocumentInputSchema, MAX_PILGRIM_DOCUMENTS).optional(),
  })
  .superRefine((v, ctx) => {
    const add = (path: string, message: string, input: unknown) => ctx.addIssue({ code: 'custom', path: [path], message, input })
    if (v.birth_date && v.birth_date > todayIso()) add('birth_date', PILGRIM_KEYS.birthFuture, v.birth_date)
    if (v.birth_date && v.birth_date < EARLIEST_BIRTH_DATE) add('birth_date', PILGRIM_KEYS.birthEarly, v.birth_date)
    if (v.passport_issued && v.passport_expiry && v.passport_expiry <= v.passport_issued)
      add('passport_expiry', PILGRIM_KEYS.expiry, v.passport_expiry)
    if (v.mahram_id !== null && !v.mahram_relation) add('mahram_relation', PILGRIM_KEYS.mahramRelation, v.mahram_relation)
  })
export type PilgrimInput = z.infer<typeof pilgrimInputSchema>

/** List filters: `?gender=female&document_status=missing&passport_expires_within=6`. */
export const pilgrimFilters = {
  gender: z.enum(GENDERS),
  document_status: z.enum(PILGRIM_DOCUMENT_STATUSES),
  passport_expires_within: wireNumber(z.number().int().min(0).max(MAX_PASSPORT_MONTHS)),
}

const nullableString = z.string().nullable()
export const pilgrimSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  gender: z.enum(GENDERS),
  birth_date: nullableString,
  nationality: z.string(),
  nik: nullableString,
  passport_number: nullableString,
  passport_expiry: nullableString,
  phone: nullableString,
  city: nullableString,
  mahram_id: z.number().nullable(),
  created_at: z.union([z.string(), z.date()]),
})
export type Pilgrim = z.infer<typeof pilgrimSchema>

/** Whole years from `birth` to `on` (both `YYYY-MM-DD`). */
export function ageOn(birth: string, on: string): number {
  const years = Number(on.slice(0, 4)) - Number(birth.slice(0, 4))
  return on.slice(5) < birth.slice(5) ? years - 1 : years
}

/** Whole months from `on` until `expiry` (negative once expired): what the passport rule compares. */
export function monthsUntil(expiry: string, on: string): number {
  const months = (Number(expiry.slice(0, 4)) - Number(on.slice(0, 4))) * 12 + Number(expiry.slice(5, 7)) - Number(on.slice(5, 7))
  return expiry.slice(8) < on.slice(8) ? months - 1 : months
}
