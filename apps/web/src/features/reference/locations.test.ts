import { describe, expect, it } from 'vitest'
import { parentChoices } from './locations.resource'

const rows = [
  { id: 1, name: 'Saudi Arabia', parent_id: null },
  { id: 2, name: 'Makkah', parent_id: 1 },
  { id: 3, name: 'Misfalah', parent_id: 2 },
  { id: 4, name: 'Madinah', parent_id: 1 },
  { id: 5, name: 'Jakarta', parent_id: null },
]
const names = (list: typeof rows) => list.map((r) => r.name)

describe('parentChoices', () => {
  it('offers every location to a new one', () => {
    expect(parentChoices(rows, {})).toHaveLength(5)
  })

  it('never offers the location itself or one below it', () => {
    expect(names(parentChoices(rows, { row: rows[1] }) as typeof rows)).toEqual(['Saudi Arabia', 'Madinah', 'Jakarta'])
    expect(names(parentChoices(rows, { row: rows[0] }) as typeof rows)).toEqual(['Jakarta'])
  })
})
