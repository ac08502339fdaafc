import i18n from 'i18next'

/**
 * The one place numbers are read from and written for a person (issue 32 item 1): every number
 * field, list cell, summary and export of the web app goes through here, so a figure reads the
 * same in a form, a list and a detail page. English writes `1,250.50`; Indonesian `1.250,50`.
 */
export interface Separators {
  group: string
  decimal: string
}

const SEPARATORS: Record<string, Separators> = {
  en: { group: ',', decimal: '.' },
  id: { group: '.', decimal: ',' },
}

export function separatorsOf(lang: string = i18n.language): Separators {
  return SEPARATORS[lang?.slice(0, 2)] ?? SEPARATORS.en
}

export interface ReadOptions {
  /**
   * False for figures that never reach a thousand (coordinates): then a single `.` or `,` is the
   * decimal point in either language, so "21.4225" pasted from a map reads the same everywhere.
   */
  grouping?: boolean
}

/** Not a number as the language writes it: the field says so rather than guessing. */
export const NOT_A_NUMBER = Symbol('not a number')

// Spaces (also the no-break spaces Intl writes) and a leading currency code are not part of the figure.
const SPACES = /[\s\u00a0\u202f]/g
const CURRENCY = /^(?:[A-Z]{3}|Rp\.?)/

/**
 * Reads what a person typed. With grouping, a separator is read the way the language reads it:
 * `1.250` is 1250 in Indonesian and 1.25 in English. A separator that cannot be a thousands group
 * (`4.5`, `21.4225` in Indonesian) can only be the decimal point, so it is read as one; a figure
 * that fits neither reading (`1,250.50` in Indonesian) is NOT_A_NUMBER, never a scaled value.
 * Empty text is null.
 */
export function parseNumber(text: string, lang?: string, opts: ReadOptions = {}): number | null | typeof NOT_A_NUMBER {
  let s = text
    .replace(SPACES, '')
    .replace(CURRENCY, '')
    .replace(/\u2212/g, '-')
  if (s === '') return null
  let sign = 1
  if (s.startsWith('-')) {
    sign = -1
    s = s.slice(1)
  }
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return NOT_A_NUMBER
  const { group, decimal } = separatorsOf(lang)
  const plain = opts.grouping === false ? readUngrouped(s) : readGrouped(s, group, decimal)
  if (plain === null) return NOT_A_NUMBER
  const n = Number(plain)
  return Number.isFinite(n) ? sign * n : NOT_A_NUMBER
}

/** `1234.5` in the `Number()` syntax, or null. */
function readUngrouped(s: string): string | null {
  const seps = s.match(/[.,]/g) ?? []
  if (seps.length > 1) return null
  return s.replace(',', '.')
}

function readGrouped(s: string, group: string, decimal: string): string | null {
  const decimalAt = s.indexOf(decimal)
  if (decimalAt !== s.lastIndexOf(decimal)) return null
  const whole = decimalAt < 0 ? s : s.slice(0, decimalAt)
  const fraction = decimalAt < 0 ? '' : s.slice(decimalAt + 1)
  if (fraction.includes(group)) return null
  if (!whole.includes(group)) return `${whole || '0'}.${fraction || '0'}`
  const groups = whole.split(group)
  const isGrouping = /^\d{1,3}$/.test(groups[0]) && groups.slice(1).every((g) => /^\d{3}$/.test(g))
  if (isGrouping) return `${groups.join('')}.${fraction || '0'}`
  // `4.5` in Indonesian: one separator that cannot be a thousands group is the decimal point.
  if (decimalAt < 0 && groups.length === 2 && groups[1] !== '') return `${groups[0] || '0'}.${groups[1]}`
  return null
}

export interface WriteOptions {
  /** Decimals always shown (money shows `.50`, not `.5`). */
  minDecimals?: number
  /** Decimals at most; the figure is rounded to them. */
  maxDecimals?: number
  grouping?: boolean
}

/** `1250.5` -> `1,250.5` (en) / `1.250,5` (id). Not a finite number -> ''. */
export function formatNumber(value: unknown, lang?: string, opts: WriteOptions = {}): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
  if (!Number.isFinite(n)) return ''
  const { group, decimal } = separatorsOf(lang)
  const max = opts.maxDecimals ?? 10
  const min = Math.min(opts.minDecimals ?? 0, max)
  const fixed = Math.abs(n).toFixed(max)
  const [int, rawFraction = ''] = fixed.split('.')
  let fraction = rawFraction.replace(/0+$/, '')
  if (fraction.length < min) fraction = fraction.padEnd(min, '0')
  const grouped = opts.grouping === false ? int : int.replace(/\B(?=(\d{3})+(?!\d))/g, group)
  const negative = n < 0 && /[1-9]/.test(int + fraction)
  return `${negative ? '-' : ''}${grouped}${fraction ? decimal + fraction : ''}`
}

/**
 * An amount: `SAR 1,234,567` / `SAR 1.234.567`, with its cents when it has any (`SAR 1.234,50`),
 * so a list and a detail page show the same figure. Empty -> '-'.
 */
export function formatMoney(value: unknown, currency = 'SAR', lang?: string): string {
  const n = typeof value === 'number' ? value : Number(value)
  const hasCents = Number.isFinite(n) && Math.round(Math.abs(n) * 100) % 100 !== 0
  const text = formatNumber(value, lang, { minDecimals: hasCents ? 2 : 0, maxDecimals: 2 })
  return text === '' ? '-' : `${currency} ${text}`
}

/** A coordinate for a list: at most 3 decimals (about 110 m), never grouped; '-' when missing. */
export function formatCoordinate(value: unknown, lang?: string): string {
  return formatNumber(value, lang, { maxDecimals: 3, grouping: false }) || '-'
}

// "21.4225, 39.8262", "21,4225; 39,8262", "21.4225 39.8262": a pair as maps and messages write it.
const PAIR = /^\s*(-?\d+(?:[.,]\d+)?)\s*(?:[;,]\s*|\s+)(-?\d+(?:[.,]\d+)?)\s*$/

/** A latitude/longitude pair as copied from a map, in either language's writing; null when it is not one. */
export function parseCoordinatePair(text: string): { lat: number; long: number } | null {
  const m = PAIR.exec(text)
  if (!m) return null
  const lat = parseNumber(m[1]!, 'en', { grouping: false })
  const long = parseNumber(m[2]!, 'en', { grouping: false })
  if (typeof lat !== 'number' || typeof long !== 'number' || Math.abs(lat) > 90 || Math.abs(long) > 180) return null
  return { lat, long }
}
