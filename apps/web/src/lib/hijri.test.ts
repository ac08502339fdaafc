import { describe, expect, it } from 'vitest'
import { hijriDate, hijriParts } from '@app/shared'

describe('hijriDate (Umm al-Qura)', () => {
  it.each([
    ['2027-02-20', 'en', '13 Ramadan 1448'],
    ['2027-02-20', 'id', '13 Ramadan 1448'],
    ['2026-03-20', 'en', '1 Shawwal 1447'],
    ['2026-11-27', 'en', '17 Jumada II 1448'],
  ] as const)('%s in %s is %s', (iso, lang, want) => {
    expect(hijriDate(iso, lang)).toBe(want)
  })
  it('answers empty for what is not a day', () => {
    expect(hijriDate('20-02-2027')).toBe('')
    expect(hijriDate('')).toBe('')
  })
  it('gives numeric parts', () => {
    expect(hijriParts('2027-02-20')).toEqual({ day: 13, month: 9, year: 1448 })
  })
})
