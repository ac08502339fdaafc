import { roomRules, type RoomingPilgrim, type RoomingRoom, type RoomType } from '@app/shared'

/**
 * The rooming editor's draft of one stay (issue 29) and the moves the page makes on it, as pure
 * functions: move a pilgrim (drag and drop or the move menu), add, rename or remove a room. Nothing here
 * refuses: the draft may break a rule for a moment; the room shows the rule it breaks (the shared
 * `roomRules`) and the server's 422 on save.
 */
export interface Draft {
  rooms: RoomingRoom[]
  unassigned: number[]
}

/** Where a pilgrim goes: a room's index, or back to the unassigned list. */
export type Target = number | 'unassigned'

const without = (ids: number[], id: number) => ids.filter((x) => x !== id)

export function movePilgrim(draft: Draft, id: number, to: Target): Draft {
  const rooms = draft.rooms.map((r, i) => ({
    ...r,
    pilgrim_ids: i === to ? [...without(r.pilgrim_ids, id), id] : without(r.pilgrim_ids, id),
  }))
  const unassigned = to === 'unassigned' ? [...without(draft.unassigned, id), id] : without(draft.unassigned, id)
  return { rooms, unassigned }
}

/** The lowest number not yet a label. */
export function nextLabel(rooms: RoomingRoom[]): string {
  const used = new Set(rooms.map((r) => r.label.trim().toLowerCase()))
  let n = 1
  while (used.has(String(n))) n++
  return String(n)
}

export const addRoom = (draft: Draft): Draft => ({
  ...draft,
  rooms: [...draft.rooms, { label: nextLabel(draft.rooms), pilgrim_ids: [] }],
})

export const renameRoom = (draft: Draft, index: number, label: string): Draft => ({
  ...draft,
  rooms: draft.rooms.map((r, i) => (i === index ? { ...r, label } : r)),
})

/** A room removed; its occupants go back to the unassigned list. */
export const removeRoom = (draft: Draft, index: number): Draft => ({
  rooms: draft.rooms.filter((_, i) => i !== index),
  unassigned: [...draft.unassigned, ...(draft.rooms[index]?.pilgrim_ids ?? [])],
})

/** The server's 422 per room: `rooms.3` and `rooms.3.label` -> room 3's messages; `rooms` -> the list's. */
export function errorsByRoom(errors: Record<string, string[]>): { list: string[]; rooms: Map<number, string[]> } {
  const rooms = new Map<number, string[]>()
  const list: string[] = []
  for (const [key, messages] of Object.entries(errors)) {
    const m = /^rooms\.(\d+)/.exec(key)
    if (m) rooms.set(Number(m[1]), [...(rooms.get(Number(m[1])) ?? []), ...messages])
    else list.push(...messages)
  }
  return { list, rooms }
}

/** The rules a room of the draft breaks now, as keys for the page's texts. */
export function roomWarnings(type: RoomType, ids: number[], people: Map<number, RoomingPilgrim>) {
  const occupants = ids.map((id) => people.get(id)).filter((p): p is RoomingPilgrim => !!p)
  const out: Array<{ key: string; params: Record<string, string | number> }> = roomRules(type, occupants).map((r) => ({
    key: r.key,
    params: r.params ?? {},
  }))
  for (const p of occupants) if (p.room_type !== type) out.push({ key: 'rooming.wrong_room_type', params: { name: p.full_name } })
  return out
}

/** Families of more than one pilgrim, numbered in the order they first appear: family id -> number and size. */
export function familyTags(people: RoomingPilgrim[]): Map<number, { n: number; size: number }> {
  const size = new Map<number, number>()
  for (const p of people) size.set(p.family, (size.get(p.family) ?? 0) + 1)
  const out = new Map<number, { n: number; size: number }>()
  for (const p of people) {
    const s = size.get(p.family)!
    if (s > 1 && !out.has(p.family)) out.set(p.family, { n: out.size + 1, size: s })
  }
  return out
}
