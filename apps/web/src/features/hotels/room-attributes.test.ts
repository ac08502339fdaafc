import { describe, expect, it } from 'vitest'
import { chooseInBlock, groupAttributes } from './room-attributes'

const groups = [
  { id: 1, name: 'Bed', option_type: 'radio' },
  { id: 2, name: 'View', option_type: 'checkbox' },
  { id: 3, name: 'Empty', option_type: 'checkbox' },
]
const values = [
  { id: 10, name: 'King', group: { id: 1, name: 'Bed' } },
  { id: 11, name: 'Twin', group: { id: 1, name: 'Bed' } },
  { id: 20, name: 'Haram', group: { id: 2, name: 'View' } },
  { id: 21, name: 'City', group: { id: 2, name: 'View' } },
  { id: 99, name: 'Other', group: { id: 7, name: 'Train' } },
]

describe('room attributes', () => {
  it('groups values under their group, radio groups marked, empty groups left out', () => {
    const blocks = groupAttributes(groups, values)
    expect(blocks.map((b) => [b.group.name, b.radio, b.values.map((v) => v.id)])).toEqual([
      ['Bed', true, [10, 11]],
      ['View', false, [20, 21]],
    ])
  })

  it('keeps one value in a radio group and many in a checkbox group, other groups untouched', () => {
    const [bed, view] = groupAttributes(groups, values)
    expect(chooseInBlock([10, 20], bed!, [11])).toEqual([20, 11])
    expect(chooseInBlock([10, 20], view!, [20, 21])).toEqual([10, 20, 21])
    expect(chooseInBlock([10, 20, 21], view!, [])).toEqual([10])
    // An id no block shows (a value made inactive since) stays.
    expect(chooseInBlock([55, 10], bed!, [11])).toEqual([55, 11])
  })
})
