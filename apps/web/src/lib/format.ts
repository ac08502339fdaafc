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

// Amounts are written by the one number module, in the user's language.
export { formatMoney } from './numbers'

/** Reads `row.group.name` style paths; missing steps give undefined. */
export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj
  for (const part of path.split('.')) {
    if (cur === null || cur === undefined || typeof cur !== 'object') return undefined
    cur = (cur as Record<string, unknown>)[part]
  }
  return cur
}
