import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatMoney, getPath } from './format'

describe('format', () => {
  it('shows dates as DD-MM-YYYY and empty as -', () => {
    expect(formatDate('2025-03-01')).toBe('01-03-2025')
    expect(formatDate(null)).toBe('-')
    expect(formatDate('')).toBe('-')
  })

  it('shows timestamps as DD-MM-YYYY HH:mm:ss', () => {
    expect(formatDateTime('2025-03-01T14:05:09')).toBe('01-03-2025 14:05:09')
  })

  it('shows money as SAR in the language (English here), cents only when there are any', () => {
    expect(formatMoney(1234567.4)).toBe('SAR 1,234,567.40')
    expect(formatMoney(1234567)).toBe('SAR 1,234,567')
    expect(formatMoney('950')).toBe('SAR 950')
    expect(formatMoney(-1000)).toBe('SAR -1,000')
    expect(formatMoney(null)).toBe('-')
  })

  it('reads dot paths', () => {
    expect(getPath({ group: { name: 'Bed' } }, 'group.name')).toBe('Bed')
    expect(getPath({ group: null }, 'group.name')).toBeUndefined()
  })
})
