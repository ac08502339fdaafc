/**
 * Issue 31, item 7: an answer never shows a raw `{placeholder}` of the message catalogues. This walks every
 * message of both catalogues through the app's error shape: built with its parameters it shows none, and
 * the check catches one left unfilled (the fuzz walk applies the same check to every 4xx it sees).
 */
import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../../test/helpers/app.js'
import { t, unfilledPlaceholder } from './i18n.js'

// Building the app registers every module's catalogue.
await (await buildTestApp()).close()

describe('the message catalogues', () => {
  it('catch every placeholder left unfilled, and none once filled', () => {
    let withPlaceholders = 0
    for (const locale of ['en', 'id'] as const) {
      for (const key of ['orders.bad_transition', 'rate_limited', 'in_use_by', 'field.unexpected_file']) {
        const text = t(locale, key)
        const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
        expect(names.length, `${locale} ${key}`).toBeGreaterThan(0)
        withPlaceholders++
        expect(unfilledPlaceholder(text)).toBe(`{${names[0]}}`)
        const filled = t(locale, key, Object.fromEntries(names.map((n) => [n, 'x'])))
        expect(unfilledPlaceholder(filled)).toBeUndefined()
      }
    }
    expect(withPlaceholders).toBe(8)
    // Braces that are not a catalogue placeholder (a name a user typed) are left alone.
    expect(unfilledPlaceholder('Hotel {Deluxe}')).toBeUndefined()
  })
})

describe('plural forms (issue 32, item 11: "at most 1 days")', () => {
  it('write one day, one night, one minute and one row in English, and the one form in Indonesian', () => {
    expect(t('en', 'orders.too_long', { days: 1 })).toBe('At most 1 day')
    expect(t('en', 'orders.too_long', { days: 30 })).toBe('At most 30 days')
    expect(t('en', 'orders.notice', { field: 'Check-in', days: 1, date: '01-03-2027' })).toBe(
      'Check-in needs 1 day of notice (from 01-03-2027)',
    )
    expect(t('en', 'orders.min_stay', { nights: 1 })).toBe('A stay here is at least 1 night')
    expect(t('en', 'orders.max_day', { days: 2 })).toBe('This vehicle is booked for at most 2 days')
    expect(t('en', 'rate_limited', { minutes: 1 })).toMatch(/in 1 Minute$/)
    expect(t('en', 'rate_limited', { minutes: 2 })).toMatch(/in 2 Minutes$/)
    expect(t('en', 'in_use', { count: 1 })).toBe('Still used by 1 row; remove it first.')
    expect(t('id', 'orders.too_long', { days: 1 })).toBe('Paling lama 1 hari')
    expect(t('id', 'orders.too_long', { days: 5 })).toBe('Paling lama 5 hari')
  })
})
