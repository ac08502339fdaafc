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
