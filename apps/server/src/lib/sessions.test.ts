import { describe, expect, it } from 'vitest'
import { permissionSet } from './sessions.js'

describe('permissionSet (the parse cache of a role permission names)', () => {
  it('answers the names of the text it was given, and the same set while that text stays the same', () => {
    const a = permissionSet(9001, 'hotel_list,hotel_view')
    expect([...a].sort()).toEqual(['hotel_list', 'hotel_view'])
    expect(permissionSet(9001, 'hotel_list,hotel_view')).toBe(a)
  })

  it('follows a changed role at once: new names, new set; none at all, an empty set', () => {
    permissionSet(9002, 'hotel_list,hotel_delete')
    const fewer = permissionSet(9002, 'hotel_list')
    expect(fewer.has('hotel_delete')).toBe(false)
    expect(fewer.has('hotel_list')).toBe(true)
    expect(permissionSet(9002, null).size).toBe(0)
    expect(permissionSet(9002, '').size).toBe(0)
  })

  it('keeps roles apart', () => {
    permissionSet(9003, 'room_list')
    expect(permissionSet(9004, 'train_route_list').has('room_list')).toBe(false)
    expect(permissionSet(9003, 'room_list').has('room_list')).toBe(true)
  })
})
