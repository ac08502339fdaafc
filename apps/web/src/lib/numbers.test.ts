import { describe, expect, it } from 'vitest'
import { formatCoordinate, formatMoney, formatNumber, NOT_A_NUMBER, parseCoordinatePair, parseNumber } from './numbers'

const X = NOT_A_NUMBER

describe('parseNumber reads what a person types in their language', () => {
  // [typed, English reading, Indonesian reading]
  const table: [string, number | null | typeof X, number | null | typeof X][] = [
    ['', null, null],
    ['1250', 1250, 1250],
    ['1,250.50', 1250.5, X],
    ['1.250,50', X, 1250.5],
    ['2,400.50', 2400.5, X],
    ['12.500.000', X, 12500000],
    ['12,500,000', 12500000, X],
    ['1250.50', 1250.5, 1250.5],
    ['1250,50', 1250.5, 1250.5],
    // Ambiguous: read the way the language reads it.
    ['1.250', 1.25, 1250],
    ['1,250', 1250, 1.25],
    // A separator that cannot group thousands is the decimal point, never a scale.
    ['4.5', 4.5, 4.5],
    ['4,5', 4.5, 4.5],
    ['21.4225', 21.4225, 21.4225],
    ['0,05', 0.05, 0.05],
    ['SAR 1,250.50', 1250.5, X],
    ['SAR 1.250,50', X, 1250.5],
    ['1 250', 1250, 1250],
    ['-250', -250, -250],
    ['−1.000', -1, -1000],
    ['12a', X, X],
    ['1,2,3', X, X],
    ['abc', X, X],
    ['Rp 12.500.000', X, 12500000],
    ['.', X, X],
    ['1..2', X, X],
  ]
  it.each(table)('%s -> en %s, id %s', (typed, en, id) => {
    expect(parseNumber(typed, 'en')).toBe(en)
    expect(parseNumber(typed, 'id')).toBe(id)
  })

  it.each([
    ['21.4225', 21.4225],
    ['21,4225', 21.4225],
    ['-6.2', -6.2],
    ['39.826', 39.826],
    ['1.250,5', X],
  ] as const)('coordinates (no grouping) read %s as %s in both languages', (typed, n) => {
    expect(parseNumber(typed, 'en', { grouping: false })).toBe(n)
    expect(parseNumber(typed, 'id', { grouping: false })).toBe(n)
  })
})

describe('formatNumber and formatMoney write it back the same way', () => {
  // [value, options, English, Indonesian]
  const table: [unknown, Parameters<typeof formatNumber>[2], string, string][] = [
    [1250.5, {}, '1,250.5', '1.250,5'],
    [1250.5, { minDecimals: 2 }, '1,250.50', '1.250,50'],
    [12500000, {}, '12,500,000', '12.500.000'],
    [4.5, { maxDecimals: 2 }, '4.5', '4,5'],
    [2.345, { maxDecimals: 0 }, '2', '2'],
    [-1000, {}, '-1,000', '-1.000'],
    [-0.001, { maxDecimals: 2 }, '0', '0'],
    [21.4225, { grouping: false }, '21.4225', '21,4225'],
    ['950', {}, '950', '950'],
    [null, {}, '', ''],
    ['', {}, '', ''],
  ]
  it.each(table)('%s %o -> en %s, id %s', (value, opts, en, id) => {
    expect(formatNumber(value, 'en', opts)).toBe(en)
    expect(formatNumber(value, 'id', opts)).toBe(id)
  })

  it.each([
    [1234567, 'SAR 1,234,567', 'SAR 1.234.567'],
    [14584.5, 'SAR 14,584.50', 'SAR 14.584,50'],
    ['1234.5', 'SAR 1,234.50', 'SAR 1.234,50'],
    [0.05, 'SAR 0.05', 'SAR 0,05'],
    [-250, 'SAR -250', 'SAR -250'],
    [-0, 'SAR 0', 'SAR 0'],
    [null, '-', '-'],
  ])('money %s -> en %s, id %s', (value, en, id) => {
    expect(formatMoney(value, 'SAR', 'en')).toBe(en)
    expect(formatMoney(value, 'SAR', 'id')).toBe(id)
  })

  it('a coordinate keeps 3 decimals and its language’s decimal point', () => {
    expect(formatCoordinate(39.82621234, 'en')).toBe('39.826')
    expect(formatCoordinate(39.82621234, 'id')).toBe('39,826')
    expect(formatCoordinate(-6.2, 'id')).toBe('-6,2')
    expect(formatCoordinate(null, 'en')).toBe('-')
  })

  it('what is written reads back as the same number in both languages', () => {
    for (const lang of ['en', 'id']) {
      for (const n of [0, 7, 1250.5, 12500000, 14584.5, 999999.99]) {
        expect(parseNumber(formatNumber(n, lang, { minDecimals: 2, maxDecimals: 2 }), lang)).toBe(n)
      }
    }
  })
})

describe('parseCoordinatePair reads a position copied from a map', () => {
  it.each([
    ['21.4225, 39.8262', { lat: 21.4225, long: 39.8262 }],
    ['21.4225,39.8262', { lat: 21.4225, long: 39.8262 }],
    ['21,4225; 39,8262', { lat: 21.4225, long: 39.8262 }],
    [' -6.2 106.8166 ', { lat: -6.2, long: 106.8166 }],
    ['21.4225', null],
    ['95, 39', null],
    ['21.4, 190', null],
    ['Makkah', null],
  ])('%s -> %o', (text, pair) => {
    expect(parseCoordinatePair(text)).toEqual(pair)
  })
})
