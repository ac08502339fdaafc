import dayjs from 'dayjs'

/*
 * What the desks' lists show of an order, apart from order-logic.ts (which imports the kinds, their forms and
 * the item schemas) so that a desk's list loads none of them (issue 33, "Phone").
 */

/** Badge colour of each status (lists and the order page). */
export const STATUS_COLORS = {
  pending: 'orange',
  confirmed: 'blue',
  paid: 'teal',
  completed: 'green',
  cancelled: 'gray',
} as const

/**
 * First and last day of an order, short when they share a month or a year
 * (`01 – 05-12-2026`, `28-11 – 02-12-2026`), both in full across years; one
 * day alone is that day. Keeps the dates column narrow enough for a laptop.
 */
export function formatDateSpan(start: string | null | undefined, end: string | null | undefined): string {
  if (!start) return '-'
  const a = dayjs(start)
  const b = dayjs(end || start)
  if (!a.isValid() || !b.isValid()) return `${start} – ${end ?? ''}`
  if (a.isSame(b, 'day')) return a.format('DD-MM-YYYY')
  if (a.isSame(b, 'month')) return `${a.format('DD')} – ${b.format('DD-MM-YYYY')}`
  if (a.isSame(b, 'year')) return `${a.format('DD-MM')} – ${b.format('DD-MM-YYYY')}`
  return `${a.format('DD-MM-YYYY')} – ${b.format('DD-MM-YYYY')}`
}
