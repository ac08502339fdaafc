import { z } from 'zod'
import { GENDERS } from './pilgrims.js'
import { ROOM_TYPES, ROOM_TYPE_BEDS, type RoomType } from '../kinds/departure.js'
import { idField } from './users.js'

/**
 * The rooming list of a departure (issue 29): per hotel stay, who sleeps in which room. A room of a stay
 * is of the stay's room type and holds at most its beds (quad 4, triple 3, double 2); a room holds one
 * gender unless all its occupants are one family (linked through mahram). The same schema checks the
 * web's editor and the API body; the rules that need the bookings are the server's (422 per room).
 */

/** Most rooms one stay's list may hold (a stay takes at most 500 rooms). */
export const MAX_ROOMING_ROOMS = 500
export const ROOMING_LABEL_MAX = 20

/** Message keys of the rooming rules (server: messages; each names the room: "Room 12: …"). */
export const ROOMING_KEYS = {
  over: 'rooming.over_capacity',
  gender: 'rooming.mixed_gender',
  notBooked: 'rooming.not_booked',
  roomType: 'rooming.wrong_room_type',
  twice: 'rooming.twice',
  elsewhere: 'rooming.other_stay',
  labelTwice: 'rooming.label_twice',
  tooManyRooms: 'rooming.too_many_rooms',
} as const

export const roomBeds = (type: RoomType) => ROOM_TYPE_BEDS[type]

export const roomingRoomInputSchema = z.object({
  /** The room's number or name as the hotel gives it ("12", "A-305"). */
  label: z.string().trim().min(1).max(ROOMING_LABEL_MAX),
  pilgrim_ids: z.array(idField).max(50),
})
export type RoomingRoomInput = z.infer<typeof roomingRoomInputSchema>

/** `PUT /departures/{id}/rooming`: the whole list of one stay's rooms, in order. */
export const roomingInputSchema = z.object({
  /** The departure stay (hotel, room type, dates) the list is of. */
  stay_id: idField,
  rooms: z.array(roomingRoomInputSchema).max(MAX_ROOMING_ROOMS),
  /**
   * The stay's `version` as read: a save over a list saved since is refused with 409 and the list as it now
   * is. Left out, the save is taken whatever was saved before (API clients that never read one).
   */
  version: z.number().int().min(0).max(2_147_483_647).optional(),
})
export type RoomingInput = z.infer<typeof roomingInputSchema>

/** A pilgrim booked on the departure, as the rooming list shows them. */
export const roomingPilgrimSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  gender: z.enum(GENDERS),
  passport_number: z.string().nullable(),
  /** The room type their order booked; null when they are no longer booked (a cancelled order). */
  room_type: z.enum(ROOM_TYPES).nullable(),
  /** Their family: pilgrims linked through mahram share it (the lowest pilgrim id of the family). */
  family: z.number(),
  mahram_id: z.number().nullable(),
  mahram_relation: z.string().nullable(),
  order_id: z.number().nullable(),
  order_code: z.string().nullable(),
})
export type RoomingPilgrim = z.infer<typeof roomingPilgrimSchema>

export const roomingRoomSchema = z.object({ label: z.string(), pilgrim_ids: z.array(z.number()) })
export type RoomingRoom = z.infer<typeof roomingRoomSchema>

/** One hotel stay's list. */
export const roomingStaySchema = z.object({
  id: z.number(),
  hotel: z.object({ id: z.number(), name: z.string() }),
  room: z.object({ id: z.number(), name: z.string() }),
  room_type: z.enum(ROOM_TYPES),
  beds: z.number(),
  check_in: z.string(),
  check_out: z.string(),
  /** The rooms the stay holds: the most the list may use. */
  room_count: z.number(),
  rooms: z.array(roomingRoomSchema),
  /** Bumped by every save of this stay's list; a save sends the one it read. */
  version: z.number(),
  /** Pilgrims of the stay's room type who sleep in no room of this stay or of another stay on these nights. */
  unassigned: z.array(z.number()),
})
export type RoomingStay = z.infer<typeof roomingStaySchema>

/** `GET /departures/{id}/rooming`. */
export const roomingSchema = z.object({
  departure: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  stays: z.array(roomingStaySchema),
  /** Every pilgrim the lists name or could name, by id. */
  pilgrims: z.array(roomingPilgrimSchema),
})
export type Rooming = z.infer<typeof roomingSchema>

export const ROOMING_EXPORT_FORMATS = ['xlsx', 'pdf'] as const
const stayQueryId = z.coerce.number().int().min(1).max(2_147_483_647)
/** `POST /departures/{id}/rooming/auto?stay_id=…`: the stay to propose rooms for. */
export const roomingAutoQuerySchema = z.object({ stay_id: stayQueryId })
/** `GET /departures/{id}/rooming/export?stay_id=…&format=xlsx|pdf`. */
export const roomingExportQuerySchema = z.object({
  stay_id: stayQueryId,
  format: z.enum(ROOMING_EXPORT_FORMATS).default('xlsx'),
})

type Occupant = { id: number; gender: string; family: number }
export type RoomRule = { key: (typeof ROOMING_KEYS)['over'] | (typeof ROOMING_KEYS)['gender']; params?: Record<string, number> }

/**
 * The rules a room keeps by itself, as the server refuses them and the editor warns of them: no more
 * occupants than its beds; one gender unless every occupant is of one family.
 */
export function roomRules(type: RoomType, occupants: Occupant[]): RoomRule[] {
  const out: RoomRule[] = []
  const beds = ROOM_TYPE_BEDS[type]
  if (occupants.length > beds) out.push({ key: ROOMING_KEYS.over, params: { beds } })
  const genders = new Set(occupants.map((o) => o.gender))
  const families = new Set(occupants.map((o) => o.family))
  if (genders.size > 1 && families.size > 1) out.push({ key: ROOMING_KEYS.gender })
  return out
}
