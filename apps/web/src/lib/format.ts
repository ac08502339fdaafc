import dayjs from 'dayjs'

/** Display formats of DESIGN §2 / spec §9. */
export const DATE_FORMAT = 'DD-MM-YYYY'
export const DATETIME_FORMAT = 'DD-MM-YYYY HH:mm:ss'

function fmt(value: unknown, format: string): string {
  if (value === null || value === undefined || value === '') return '-'
  const d = dayjs(value as string | number | Date)
  return d.isValid() ? d.format(format) : String(value)
}

/** `2025-03-01` or an ISO timestamp -> `01-03-2025`; empty -> `-`. */
export const formatDate = (value: unknown) => fmt(value, DATE_FORMAT)
/** ISO timestamp -> `01-03-2025 14:05:09` in the browser's time zone. */
export const formatDateTime = (value: unknown) => fmt(value, DATETIME_FORMAT)

/** `1234567.5` -> `SAR 1.234.568` (dot thousands, no decimals). */
export function formatMoney(value: unknown, currency = 'SAR'): string {
  const n = typeof value === 'number' ? value : Number(value)
  if (value === null || value === undefined || value === '' || !Number.isFinite(n)) return '-'
  const rounded = Math.round(n)
  const sign = rounded < 0 ? '-' : ''
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${currency} ${sign}${digits}`
}

/** Reads `row.group.name` style paths; missing steps give undefined. */
export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj
  for (const part of path.split('.')) {
    if (cur === null || cur === undefined || typeof cur !== 'object') return undefined
    cur = (cur as Record<string, unknown>)[part]
  }
  return cur
}
