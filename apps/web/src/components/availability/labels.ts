import type { TFunction } from 'i18next'
import type { YearMonth } from './calendar-math'

/**
 * One formatter per language and kind: creating an Intl.DateTimeFormat costs far more than formatting with it,
 * and a month's grid asked for ~45 (each day's name; ~0.15 s of the calendar's start at a phone's 4× slowdown).
 */
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(language: string, kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${kind}`
  let f = formatters.get(key)
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' })))
  return f
}

/** Weekday names in the UI language, Monday first (index 0 = ISO weekday 1). 2024-01-01 was a Monday. */
export function weekdayNames(language: string, width: 'long' | 'short'): string[] {
  const fmt = formatter(language, `weekday-${width}`, { weekday: width })
  return Array.from({ length: 7 }, (_, i) => fmt.format(new Date(Date.UTC(2024, 0, 1 + i))))
}

/** `December 2026` / `Desember 2026`. */
export function monthTitle(language: string, { year, month }: YearMonth): string {
  return formatter(language, 'month', { month: 'long', year: 'numeric' }).format(new Date(Date.UTC(year, month - 1, 1)))
}

/** `Friday, 4 December 2026` for a day's accessible name. */
export function longDate(language: string, date: string): string {
  return formatter(language, 'long', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${date}T00:00:00Z`),
  )
}

/** Label of a calendar field or summary row: `availability.fields.<key>`. */
export function calendarLabel(t: TFunction, key: string): string {
  return t(`availability.fields.${key}`)
}

/** The UI language as the Hijri writer (@app/shared hijriDate) knows it. */
export const hijriLanguage = (language: string | undefined): 'en' | 'id' => (language?.startsWith('id') ? 'id' : 'en')
