import { describe, expect, it } from 'vitest'
import { roomRules } from '@app/shared'
import { autoAssign, type AutoPilgrim } from './rooming-auto.js'

/** Auto-assign's placement (issue 29): families together, then by gender, then by booking order. */

const m = (id: number, family = id): AutoPilgrim => ({ id, gender: 'male', family })
const f = (id: number, family = id): AutoPilgrim => ({ id, gender: 'female', family })

function check(rooms: Array<{ pilgrim_ids: number[] }>, people: AutoPilgrim[], beds: number) {
  const by = new Map(people.map((p) => [p.id, p]))
  for (const r of rooms) {
    expect(r.pilgrim_ids.length).toBeLessThanOrEqual(beds)
    expect(
      roomRules(
        beds === 4 ? 'quad' : beds === 3 ? 'triple' : 'double',
        r.pilgrim_ids.map((id) => by.get(id)!),
      ),
    ).toEqual([])
  }
}

describe('auto-assign', () => {
  it('puts a family of men and women in a room of its own, then fills rooms per gender in booking order', () => {
    // Booking order: 1 (husband) and 2 (wife) are one family, then singles of both genders.
    const people = [m(1, 1), f(2, 1), m(3), f(4), m(5), f(6), m(7), m(8), m(9)]
    const res = autoAssign({ type: 'quad', maxRooms: 10, labels: [], people })
    expect(res.rooms).toEqual([
      { label: '1', pilgrim_ids: [1, 2] },
      { label: '2', pilgrim_ids: [3, 5, 7, 8] },
      { label: '3', pilgrim_ids: [9] },
      { label: '4', pilgrim_ids: [4, 6] },
    ])
    expect(res.unassigned).toEqual([])
    check(res.rooms, people, 4)
  })

  it('keeps a family of one gender together and lets others of that gender fill its beds', () => {
    const people = [f(1), f(2, 10), f(3, 10), f(4, 10), f(5)]
    const res = autoAssign({ type: 'quad', maxRooms: 10, labels: [], people })
    // The three sisters (family 10) arrive as one unit: 1 and the sisters fill room 1, 5 opens room 2.
    expect(res.rooms.map((r) => r.pilgrim_ids)).toEqual([[1, 2, 3, 4], [5]])
  })

  it('splits a family larger than a room by gender, its last men and women sharing when they fit', () => {
    const fam = 20
    // Four men and a woman in triples: the first three men, then the fourth with the woman (one family).
    const people = [m(1, fam), m(2, fam), m(3, fam), m(4, fam), f(5, fam), m(6)]
    const res = autoAssign({ type: 'triple', maxRooms: 10, labels: [], people })
    expect(res.rooms.map((r) => r.pilgrim_ids)).toEqual([[4, 5], [1, 2, 3], [6]])
    check(res.rooms, people, 3)
  })

  it('uses at most the stay’s rooms and keeps the current labels', () => {
    const people = [m(1), m(2), m(3), f(4), f(5), f(6)]
    const res = autoAssign({ type: 'double', maxRooms: 2, labels: ['305', '306', '307'], people })
    expect(res.rooms).toEqual([
      { label: '305', pilgrim_ids: [1, 2] },
      { label: '306', pilgrim_ids: [3] },
    ])
    expect(res.unassigned).toEqual([4, 5, 6])
  })
})
