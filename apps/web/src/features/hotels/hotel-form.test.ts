import { describe, expect, it } from 'vitest'
import { hotelRowForForm } from './hotel-form'

describe('hotel edit form', () => {
  it("renames the answer's lists to the request's names", () => {
    const row = {
      id: 4,
      name: 'Hilton',
      policies: [{ id: 1, title: 'Pets', description: 'No pets' }],
      educations: [{ id: 2, name: 'School', description: null, distance: 2, type: 'km' as const }],
      transportations: [],
      healths: undefined,
    }
    const out = hotelRowForForm(row)
    expect(out.hotel_policy).toEqual(row.policies)
    expect(out.hotel_education).toEqual(row.educations)
    expect(out.hotel_transportation).toEqual([])
    expect(out.hotel_health).toEqual([])
    expect(out.name).toBe('Hilton')
  })
})
