import { ROOM_TYPE_BEDS, type RoomingRoom, type RoomType } from '@app/shared'

/**
 * Auto-assign of one stay's rooms (issue 29): families together, then by gender, then by booking order.
 *
 * 1. Each family (pilgrims linked through mahram) is one unit when it fits a room; a larger family is
 *    split by gender into rooms' worth, its last men and last women sharing one room when they fit.
 * 2. A unit of men and women (a family) takes a room of its own: nobody outside the family may join it.
 * 3. The other units, men's and women's, fill rooms of their gender first-fit in booking order, so a
 *    family or an order's party stays together and rooms fill up before a new one opens.
 * 4. Rooms are ordered families first, then each gender's rooms (the gender booked first first); at most
 *    `maxRooms` rooms are used, whoever does not fit stays unassigned.
 * Labels are the current list's labels in order (a hotel's room numbers survive a re-run), then the
 * lowest numbers not in use.
 */

export interface AutoPilgrim {
  id: number
  gender: 'male' | 'female'
  family: number
}

interface Unit {
  ids: number[]
  gender: 'male' | 'female' | 'mixed'
  rank: number
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}

/** The units of `people` (in booking order), each no larger than `beds`. */
function unitsOf(people: AutoPilgrim[], beds: number): Unit[] {
  const byFamily = new Map<number, AutoPilgrim[]>()
  people.forEach((p) => byFamily.set(p.family, [...(byFamily.get(p.family) ?? []), p]))
  const units: Unit[] = []
  let rank = 0
  for (const members of byFamily.values()) {
    const genders = new Set(members.map((m) => m.gender))
    if (members.length <= beds) {
      units.push({ ids: members.map((m) => m.id), gender: genders.size > 1 ? 'mixed' : members[0]!.gender, rank: rank++ })
      continue
    }
    const men = chunks(
      members.filter((m) => m.gender === 'male'),
      beds,
    )
    const women = chunks(
      members.filter((m) => m.gender === 'female'),
      beds,
    )
    const lastMen = men.at(-1)
    const lastWomen = women.at(-1)
    if (lastMen && lastWomen && lastMen.length + lastWomen.length <= beds) {
      men.pop()
      women.pop()
      units.push({ ids: [...lastMen, ...lastWomen].map((m) => m.id), gender: 'mixed', rank })
    }
    for (const c of men) units.push({ ids: c.map((m) => m.id), gender: 'male', rank })
    for (const c of women) units.push({ ids: c.map((m) => m.id), gender: 'female', rank })
    rank++
  }
  return units
}

/** The lowest positive numbers not among `used`, as labels. */
function freshLabels(used: Set<string>, count: number): string[] {
  const out: string[] = []
  for (let n = 1; out.length < count; n++) if (!used.has(String(n))) out.push(String(n))
  return out
}

export function autoAssign(opts: {
  type: RoomType
  maxRooms: number
  /** The current list's labels, in order, kept for the first rooms. */
  labels: string[]
  /** The pilgrims to place, in booking order. */
  people: AutoPilgrim[]
}): { rooms: RoomingRoom[]; unassigned: number[] } {
  const beds = ROOM_TYPE_BEDS[opts.type]
  const units = unitsOf(opts.people, beds)
  const genderOrder = [...new Set(opts.people.map((p) => p.gender))]
  const sortKey = (u: Unit) => (u.gender === 'mixed' ? 0 : 1 + genderOrder.indexOf(u.gender))
  units.sort((a, b) => sortKey(a) - sortKey(b) || a.rank - b.rank)

  const rooms: Array<{ gender: Unit['gender']; ids: number[] }> = []
  const unassigned: number[] = []
  for (const u of units) {
    const into =
      u.gender === 'mixed' ? undefined : rooms.find((r) => r.gender === u.gender && r.ids.length + u.ids.length <= beds)
    if (into) into.ids.push(...u.ids)
    else if (rooms.length < opts.maxRooms) rooms.push({ gender: u.gender, ids: [...u.ids] })
    else unassigned.push(...u.ids)
  }
  const kept = opts.labels.slice(0, rooms.length)
  const labels = [...kept, ...freshLabels(new Set(kept), rooms.length - kept.length)]
  const order = new Map(opts.people.map((p, i) => [p.id, i]))
  return {
    rooms: rooms.map((r, i) => ({ label: labels[i]!, pilgrim_ids: r.ids })),
    unassigned: unassigned.sort((a, b) => order.get(a)! - order.get(b)!),
  }
}
