import { dateFormat } from '../../lib/date-format'

/** Colours per series, in order (the theme's primary first). */
export const SERIES_COLORS = [
  'ocean.6',
  'teal.6',
  'violet.6',
  'orange.6',
  'pink.6',
  'lime.7',
  'indigo.6',
  'cyan.6',
  'grape.6',
  'yellow.7',
  'red.6',
  'blue.6',
]

export interface ChartSeries {
  key: string
  label: string
  color: string
}

/**
 * Booked share of a capacity as a percentage for the occupancy headline: whole
 * percents from 10 up, one decimal below (18 of 4,200 room-nights is "0,4%", not
 * a "0%" that reads as empty), "0%" only when nothing is booked. Decimal mark of `lang`.
 */
export function occupancyText(booked: number, capacity: number, lang: string): string {
  if (!(capacity > 0) || !(booked > 0)) return '0%'
  const pct = (booked / capacity) * 100
  const digits = pct < 10 ? 1 : 0
  return `${new Intl.NumberFormat(lang === 'id' ? 'id-ID' : 'en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(Math.max(pct, 0.1))}%`
}

/**
 * A `YYYY-MM` month as a chart writes it (issue 32): the short month and the full year, "Nov 2026" in either
 * language, so it never reads as a day ("Nov 26" looked like the 26th). `Intl` gives the words.
 */
export function monthText(month: string, lang: string): string {
  return dateFormat(lang === 'id' ? 'id-ID' : 'en-US', { month: 'short', year: 'numeric' }).format(
    new Date(`${month}-01T00:00:00Z`),
  )
}
