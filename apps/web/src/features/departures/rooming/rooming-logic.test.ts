import { describe, expect, it } from 'vitest'
import type { RoomingPilgrim } from '@app/shared'
import { addRoom, errorsByRoom, familyTags, movePilgrim, removeRoom, roomWarnings } from './rooming-logic'

const p = (id: number, gender: 'male' | 'female', family = id): RoomingPilgrim => ({
  id,
  full_name: `P${id}`,
  gender,
  passport_number: null,
  room_type: 'quad',
  family,
  mahram_id: null,
  mahram_relation: null,
  order_id: 1,
  order_code: 'ORD-1',
})

describe('the rooming draft', () => {
  const draft = {
    rooms: [
      { label: '1', pilgrim_ids: [1, 2] },
      { label: '3', pilgrim_ids: [] },
    ],
    unassigned: [4],
  }

  it('moves a pilgrim between rooms and the unassigned list', () => {
    expect(movePilgrim(draft, 2, 1)).toEqual({
      rooms: [
        { label: '1', pilgrim_ids: [1] },
        { label: '3', pilgrim_ids: [2] },
      ],
      unassigned: [4],
    })
    expect(movePilgrim(draft, 4, 0).rooms[0]!.pilgrim_ids).toEqual([1, 2, 4])
    expect(movePilgrim(draft, 1, 'unassigned').unassigned).toEqual([4, 1])
  })

  it('adds a room with the lowest free number; a removed room’s pilgrims go back unassigned', () => {
    expect(addRoom(draft).rooms.at(-1)).toEqual({ label: '2', pilgrim_ids: [] })
    expect(removeRoom(draft, 0)).toEqual({ rooms: [{ label: '3', pilgrim_ids: [] }], unassigned: [4, 1, 2] })
  })

  it('reads the server’s 422 per room', () => {
    const { list, rooms } = errorsByRoom({ 'rooms.1': ['a'], 'rooms.1.label': ['b'], rooms: ['c'] })
    expect(rooms.get(1)).toEqual(['a', 'b'])
    expect(list).toEqual(['c'])
  })

  it('warns of a room over its beds and of men and women of different families', () => {
    const people = new Map([p(1, 'male', 9), p(2, 'female', 9), p(3, 'female'), p(4, 'male'), p(5, 'male')].map((x) => [x.id, x]))
    expect(roomWarnings('quad', [1, 2], people)).toEqual([])
    expect(roomWarnings('quad', [1, 3], people).map((w) => w.key)).toEqual(['rooming.mixed_gender'])
    // Three in a double, and each of them booked a quad.
    expect(roomWarnings('double', [1, 4, 5], people).map((w) => w.key)).toEqual([
      'rooming.over_capacity',
      ...Array(3).fill('rooming.wrong_room_type'),
    ])
    expect(familyTags([...people.values()])).toEqual(new Map([[9, { n: 1, size: 2 }]]))
  })
})
