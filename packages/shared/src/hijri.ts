/**
 * Hijri dates in the Umm al-Qura calendar, as the platform's `Intl` provides it (Node and every
 * browser we support carry full ICU). One function for every screen that shows a Hijri date beside a
 * Gregorian one (departures, the departure form, availability calendars):
 *
 *   hijriDate('2027-02-20', 'en') === '13 Ramadan 1448'
 *   hijriDate('2027-02-20', 'id') === '13 Ramadan 1448'
 *   hijriParts('2027-02-20')      === { day: 13, month: 9, year: 1448 }
 *
 * Written day, month name, year in both languages (the way Indonesian agencies write it), without the
 * era suffix, so it reads "20-02-2027 · 13 Ramadan 1448" beside the DD-MM-YYYY date.
 */
export type HijriLanguage = 'en' | 'id'

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

const formats = new Map<string, Intl.DateTimeFormat>()
function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let f = formats.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(`${locale}-u-ca-islamic-umalqura`, { ...options, timeZone: 'UTC' })
    formats.set(key, f)
  }
  return f
}

function toDate(iso: string): Date | null {
  const m = ISO_DAY.exec(iso)
  if (!m) return null
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return Number.isNaN(d.getTime()) ? null : d
}

/** The Hijri date of an ISO day (YYYY-MM-DD) as "13 Ramadan 1448"; '' for a value that is not a day. */
export function hijriDate(iso: string, language: HijriLanguage = 'en'): string {
  const d = toDate(iso)
  if (!d) return ''
  const parts = format(language, { day: 'numeric', month: 'long', year: 'numeric' }).formatToParts(d)
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('day')} ${get('month')} ${get('year')}`
}

/** Numeric Hijri day, month (1-12) and year of an ISO day, or null. */
export function hijriParts(iso: string): { day: number; month: number; year: number } | null {
  const d = toDate(iso)
  if (!d) return null
  const parts = format('en', { day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(d)
  const num = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value)
  return { day: num('day'), month: num('month'), year: num('year') }
}

/**
 * The short Hijri day of an ISO day for a calendar cell, as "13 Ram." (English) or "13 Ram." (Indonesian):
 * the day number and the month's short name in the language; '' for a value that is not a day.
 */
export function hijriShort(iso: string, language: HijriLanguage = 'en'): string {
  const d = toDate(iso)
  if (!d) return ''
  const parts = format(language, { day: 'numeric', month: 'short' }).formatToParts(d)
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('day')} ${get('month')}`
}
