import { describe, expect, it } from 'vitest'
import { monthText, occupancyText } from './series'

describe('occupancyText', () => {
  it('keeps a small occupancy visible instead of rounding it to 0%', () => {
    expect(occupancyText(18, 4200, 'en')).toBe('0.4%')
    expect(occupancyText(18, 4200, 'id')).toBe('0,4%')
    expect(occupancyText(1, 100_000, 'en')).toBe('0.1%')
    expect(occupancyText(0, 4200, 'en')).toBe('0%')
    expect(occupancyText(3, 0, 'en')).toBe('0%')
  })

  it('shows whole percents from 10 up', () => {
    expect(occupancyText(19, 100, 'en')).toBe('19%')
    expect(occupancyText(2, 3, 'id')).toBe('67%')
    expect(occupancyText(5, 100, 'en')).toBe('5%')
  })
})

describe('monthText', () => {
  it('writes the month with its full year in both languages, never like a day', () => {
    expect(monthText('2026-11', 'en')).toBe('Nov 2026')
    expect(monthText('2026-11', 'id')).toBe('Nov 2026')
    expect(monthText('2027-05', 'id')).toBe('Mei 2027')
    expect(monthText('2026-01', 'en')).toBe('Jan 2026')
  })
})
