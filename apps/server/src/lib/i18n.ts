import type { FastifyRequest } from 'fastify'
import { LOCALES, type Locale } from '@app/shared'

type Dict = Record<string, string>
const dictionaries: Record<Locale, Dict> = { en: {}, id: {} }
const fieldLabels: Record<Locale, Dict> = { en: {}, id: {} }

/**
 * Server-side texts. Modules add their own with `registerMessages` at import
 * time; keys are shared with the web app's wording where the spec names one.
 */
export function registerMessages(messages: { en: Dict; id: Dict }) {
  Object.assign(dictionaries.en, messages.en)
  Object.assign(dictionaries.id, messages.id)
}

/** Labels used in per-field messages ('{Field} is Required'). */
export function registerFieldLabels(labels: { en: Dict; id: Dict }) {
  Object.assign(fieldLabels.en, labels.en)
  Object.assign(fieldLabels.id, labels.id)
}

/**
 * The first placeholder of the catalogues (`{from}`, `{field}`…) left unfilled in `text`, or undefined:
 * an answer showing one was built without its parameters (issue 31). For tests and checks.
 */
export function unfilledPlaceholder(text: string): string | undefined {
  const names = new Set(
    LOCALES.flatMap((l) => Object.values(dictionaries[l]).flatMap((m) => [...m.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!))),
  )
  return [...text.matchAll(/\{(\w+)\}/g)].map((x) => x[0]).find((p) => names.has(p.slice(1, -1)))
}

export function isLocale(v: unknown): v is Locale {
  return typeof v === 'string' && (LOCALES as readonly string[]).includes(v)
}

/**
 * A message with one number among its parameters takes the plural form its language gives that number: the
 * entry `<key>_one` (English "1 day") when there is one, else `<key>` ("3 days"; Indonesian has one form).
 */
export function t(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const numbers = Object.values(params).filter((v): v is number => typeof v === 'number')
  const form = numbers.length === 1 ? new Intl.PluralRules(locale).select(numbers[0]!) : 'other'
  const plural = form === 'other' ? undefined : `${key}_${form}`
  const text = (plural && dictionaries[locale][plural]) || dictionaries[locale][key] || dictionaries.en[key] || key
  return text.replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : `{${k}}`))
}

export function fieldLabel(locale: Locale, path: string): string {
  // An entry of a list (`general_info.0.title`) is labelled by its own field.
  const field = path.includes('.')
    ? (path
        .split('.')
        .filter((s) => !/^\d+$/.test(s))
        .pop() ?? path)
    : path
  const known = fieldLabels[locale][field] ?? fieldLabels.en[field]
  if (known) return known
  return field
    .split(/[_.]/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ')
}

/** A table's name for people (`table.train_routes` registered by its module), else its words capitalized. */
export function tableLabel(locale: Locale, table: string): string {
  const key = `table.${table}`
  const text = t(locale, key)
  if (text !== key) return text
  return table
    .split('_')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ')
}

let defaultLocale: Locale = 'en'
export function setDefaultLocale(l: Locale) {
  defaultLocale = l
}

/** X-Localization header first, then the `locale` cookie, then DEFAULT_LOCALE. */
export function requestLocale(req: FastifyRequest): Locale {
  const header = req.headers['x-localization']
  const h = Array.isArray(header) ? header[0] : header
  if (h) {
    const short = h.trim().toLowerCase().slice(0, 2)
    if (isLocale(short)) return short
  }
  const cookie = (req as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies?.locale
  if (isLocale(cookie)) return cookie
  return defaultLocale
}

registerMessages({
  en: {
    validation_failed: 'The given data was invalid.',
    malformed_json: 'The request body is not valid JSON.',
    bad_request: 'Bad request.',
    unauthorized: 'Unauthenticated. Please sign in.',
    forbidden: 'Permission Denied: Your Access Rights are Restricted, you cannot access these features and pages',
    csrf: 'This request must be sent by the application (X-Requested-With header missing).',
    not_found: 'Data Not Found',
    route_not_found: 'Route {method}:{url} not found',
    name_in_used: 'Name in Used',
    slug_in_used: 'Slug in Used',
    in_use: 'Still used by {count} rows; remove those first.',
    in_use_one: 'Still used by {count} row; remove it first.',
    in_use_by: 'Still in use ({uses}); remove or change those first.',
    too_large: 'The request is too large.',
    unsupported_media_type: 'Unsupported media type.',
    rate_limited: 'Please Wait: Please Try again in {minutes} Minutes',
    rate_limited_one: 'Please Wait: Please Try again in {minutes} Minute',
    internal: 'Something went wrong on our side. Please try again.',
    'field.required': '{field} is Required',
    'field.invalid_type': '{field} must be a {expected}',
    'field.too_short': '{field} must be at least {min} characters',
    'field.too_long': '{field} must be at most {max} characters',
    'field.too_small': '{field} must be at least {min}',
    'field.too_big': '{field} must be at most {max}',
    'field.email': 'Email is Wrong Format',
    'field.enum': '{field} must be one of: {options}',
    'field.invalid': '{field} is invalid',
    'field.unknown': 'Unknown field {keys}',
    'field.too_many': '{field} must have at most {max} items',
    // The one date window (packages/shared dates.ts); a custom refinement key, so no `field.` prefix.
    date_window: '{field} must be between 01-01-2000 and 31-12-2099',
  },
  id: {
    validation_failed: 'Data yang diberikan tidak valid.',
    malformed_json: 'Isi permintaan bukan JSON yang valid.',
    bad_request: 'Permintaan tidak valid.',
    unauthorized: 'Belum masuk. Silakan masuk terlebih dahulu.',
    forbidden: 'Akses Ditolak: Hak Akses Anda Dibatasi, Anda tidak dapat mengakses fitur dan halaman ini',
    csrf: 'Permintaan ini harus dikirim oleh aplikasi (header X-Requested-With tidak ada).',
    not_found: 'Data Tidak Ditemukan',
    route_not_found: 'Rute {method}:{url} tidak ditemukan',
    name_in_used: 'Nama Sudah Digunakan',
    slug_in_used: 'Slug Sudah Digunakan',
    in_use: 'Masih digunakan oleh {count} data; hapus data tersebut terlebih dahulu.',
    in_use_by: 'Masih digunakan ({uses}); hapus atau ubah data tersebut terlebih dahulu.',
    too_large: 'Permintaan terlalu besar.',
    unsupported_media_type: 'Jenis media tidak didukung.',
    rate_limited: 'Mohon Tunggu: Silakan Coba lagi dalam {minutes} Menit',
    internal: 'Terjadi kesalahan di sisi kami. Silakan coba lagi.',
    'field.required': '{field} Wajib Diisi',
    'field.invalid_type': '{field} harus berupa {expected}',
    'field.too_short': '{field} minimal {min} karakter',
    'field.too_long': '{field} maksimal {max} karakter',
    'field.too_small': '{field} minimal {min}',
    'field.too_big': '{field} maksimal {max}',
    'field.email': 'Format Email Salah',
    'field.enum': '{field} harus salah satu dari: {options}',
    'field.invalid': '{field} tidak valid',
    'field.unknown': 'Kolom {keys} tidak dikenal',
    'field.too_many': '{field} maksimal {max} item',
    date_window: '{field} harus antara 01-01-2000 dan 31-12-2099',
  },
})

registerFieldLabels({
  en: {},
  id: {
    name: 'Nama',
    description: 'Deskripsi',
    is_active: 'Status Aktif',
    password: 'Kata Sandi',
    password_confirmation: 'Konfirmasi Kata Sandi',
    password_now: 'Kata Sandi Sekarang',
    companies: 'Nama Perusahaan',
    phone: 'Telepon',
    role_id: 'Peran',
    status: 'Status',
    group_id: 'Grup Atribut',
    type: 'Tipe',
    option_type: 'Tipe Opsi',
    display_name: 'Nama Tampilan',
    page: 'Halaman',
    size: 'Ukuran',
    sort_by: 'Urutkan',
    order_by: 'Arah Urutan',
    search: 'Pencarian',
  },
})
