import type { Readable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import type { Locale } from '@app/shared'
import { t } from '../../lib/i18n.js'
import { xlsxStream } from '../../crud/xlsx.js'

/** `31-12-2026` in the given time zone (spec §9: exports show DD-MM-YYYY). */
export function dayFormatter(timeZone = 'UTC'): (d: unknown) => string {
  const f = new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' })
  return (d) => (d ? f.format(d instanceof Date ? d : new Date(String(d))).replace(/\//g, '-') : '')
}

/**
 * The users table as an .xlsx (spec §9: id, name, email, phone, role, status,
 * created), streamed by the generic writer (crud/xlsx.ts).
 */
export function usersXlsxStream(
  rows: AsyncIterable<Record<string, unknown>>,
  opts: { locale: Locale; timeZone?: string; log?: FastifyBaseLogger },
): Promise<Readable> {
  const day = dayFormatter(opts.timeZone)
  const status = (s: unknown) => t(opts.locale, `users.status.${String(s)}`)
  return xlsxStream(
    'users',
    [
      { header: 'id', width: 10, value: (r) => Number(r.id) },
      { header: 'name', width: 30, value: (r) => r.name },
      { header: 'email', width: 34, value: (r) => r.email },
      { header: 'phone', value: (r) => r.phone ?? '' },
      { header: 'role', width: 20, value: (r) => (r.role as { display_name?: string } | null)?.display_name ?? '' },
      { header: 'status', width: 12, value: (r) => status(r.status) },
      { header: 'created', width: 14, value: (r) => day(r.created_at) },
    ],
    rows,
    opts.log,
  )
}
