import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { ROOM_TYPE_BEDS, type Rooming, type RoomingPilgrim, type RoomingStay, type RoomType } from '@app/shared'
import type { Db } from '../../db/client.js'
import {
  departures,
  departureStays,
  hotels,
  pilgrims,
  roomingAssignments,
  roomingRooms,
  rooms as hotelRooms,
} from '../../db/schema/index.js'
import { notFound } from '../../lib/errors.js'

/**
 * What the rooming list reads (issue 29): the departure's stays, their rooms and occupants, and the
 * pilgrims booked on the departure. A departure's pilgrims are those of its order items of kind
 * `departure` (item = the departure, variant = the room type) whose order is not cancelled, in booking
 * order (order, item, pilgrim position); a pilgrim booked twice counts once, by the first booking.
 */

export interface StayRow {
  id: number
  position: number
  hotel_id: number
  hotel: string
  room_id: number
  room: string
  room_type: RoomType
  check_in: string
  check_out: string
  rooms: number
  rooming_version: number
}

/** A booked pilgrim and where the booking puts them in booking order (`rank`). */
export interface BookedPilgrim extends RoomingPilgrim {
  rank: number
}

export interface StoredRoom {
  stay_id: number
  label: string
  pilgrim_ids: number[]
}

/** The company's departure, locked for a write when `lock` (rooming writes of one departure take turns); 404 otherwise. */
export async function departureOf(db: Db, companyId: number, id: number, lock = false) {
  const q = db
    .select({ id: departures.id, code: departures.code, name: departures.name, status: departures.status })
    .from(departures)
    .where(and(eq(departures.id, id), eq(departures.company_id, companyId)))
  const rows = lock ? await q.for('update') : await q
  if (!rows[0]) throw notFound()
  return rows[0]
}

export async function staysOf(db: Db, departureId: number): Promise<StayRow[]> {
  return (await db
    .select({
      id: departureStays.id,
      position: departureStays.position,
      hotel_id: departureStays.hotel_id,
      hotel: hotels.name,
      room_id: departureStays.room_id,
      room: hotelRooms.name,
      room_type: departureStays.room_type,
      check_in: departureStays.check_in,
      check_out: departureStays.check_out,
      rooms: departureStays.rooms,
      rooming_version: departureStays.rooming_version,
    })
    .from(departureStays)
    .innerJoin(hotels, eq(hotels.id, departureStays.hotel_id))
    .innerJoin(hotelRooms, eq(hotelRooms.id, departureStays.room_id))
    .where(eq(departureStays.departure_id, departureId))
    .orderBy(asc(departureStays.position), asc(departureStays.id))) as StayRow[]
}

/** Every stored room of the departure's stays with its occupants, in order. */
export async function storedRooms(db: Db, departureId: number): Promise<StoredRoom[]> {
  const rows = await db
    .select({
      id: roomingRooms.id,
      stay_id: roomingRooms.stay_id,
      label: roomingRooms.label,
      pilgrim_id: roomingAssignments.pilgrim_id,
    })
    .from(roomingRooms)
    .leftJoin(roomingAssignments, eq(roomingAssignments.room_id, roomingRooms.id))
    .where(eq(roomingRooms.departure_id, departureId))
    .orderBy(asc(roomingRooms.stay_id), asc(roomingRooms.position), asc(roomingAssignments.position))
  const byId = new Map<number, StoredRoom>()
  for (const r of rows) {
    let room = byId.get(r.id)
    if (!room) byId.set(r.id, (room = { stay_id: r.stay_id, label: r.label, pilgrim_ids: [] }))
    if (r.pilgrim_id !== null) room.pilgrim_ids.push(r.pilgrim_id)
  }
  return [...byId.values()]
}

type PilgrimRow = {
  id: number
  full_name: string
  gender: 'male' | 'female'
  passport_number: string | null
  mahram_id: number | null
  mahram_relation: string | null
  room_type: RoomType | null
  order_id: number | null
  order_code: string | null
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows

/**
 * The pilgrims booked on the departure in booking order, then those the stored lists still name but no
 * booking holds any more (`room_type` null), each with their family: pilgrims linked through mahram,
 * directly or through one mahram they share (a mother and son whose mahram is the father at home).
 */
export async function pilgrimsOf(db: Db, companyId: number, departureId: number, named: number[]): Promise<BookedPilgrim[]> {
  const booked = rowsOf<PilgrimRow>(
    await db.execute(sql`
      SELECT DISTINCT ON (p.id) p.id, p.full_name, p.gender, p.passport_number, p.mahram_id, p.mahram_relation,
        oi.variant AS room_type, o.id AS order_id, o.code AS order_code, o.id AS o_rank, oi.position AS i_rank,
        oip.position AS p_rank
      FROM order_items oi
      JOIN orders o ON o.id = oi.order_id AND o.status <> 'cancelled'
      JOIN order_item_pilgrims oip ON oip.order_item_id = oi.id
      JOIN pilgrims p ON p.id = oip.pilgrim_id
      WHERE oi.kind = 'departure' AND oi.item_id = ${departureId} AND oi.company_id = ${companyId}
      ORDER BY p.id, o.id, oi.position, oip.position`),
  ) as Array<PilgrimRow & { o_rank: number; i_rank: number; p_rank: number }>
  booked.sort((a, b) => a.o_rank - b.o_rank || a.i_rank - b.i_rank || a.p_rank - b.p_rank)
  const known = new Set(booked.map((p) => p.id))
  const stale = named.filter((id) => !known.has(id))
  const gone: PilgrimRow[] = stale.length
    ? (
        await db
          .select({
            id: pilgrims.id,
            full_name: pilgrims.full_name,
            gender: pilgrims.gender,
            passport_number: pilgrims.passport_number,
            mahram_id: pilgrims.mahram_id,
            mahram_relation: pilgrims.mahram_relation,
          })
          .from(pilgrims)
          .where(and(inArray(pilgrims.id, stale), eq(pilgrims.company_id, companyId)))
      ).map((p) => ({ ...p, room_type: null, order_id: null, order_code: null }))
    : []
  const all = [...booked, ...gone]
  const family = families(all)
  return all.map((p, rank) => ({
    id: p.id,
    full_name: p.full_name,
    gender: p.gender,
    passport_number: p.passport_number,
    mahram_id: p.mahram_id,
    mahram_relation: p.mahram_relation,
    room_type: p.room_type,
    order_id: p.order_id === null ? null : Number(p.order_id),
    order_code: p.order_code,
    family: family.get(p.id)!,
    rank,
  }))
}

/** Each pilgrim's family: the lowest id of their mahram component (union-find over the links). */
export function families(list: Array<{ id: number; mahram_id: number | null }>): Map<number, number> {
  const parent = new Map<number, number>()
  const find = (x: number): number => {
    let r = x
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!
    parent.set(x, r)
    return r
  }
  const union = (a: number, b: number) => {
    const ra = find(a)
    const rb = find(b)
    if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb))
  }
  for (const p of list) {
    parent.set(p.id, parent.get(p.id) ?? p.id)
    if (p.mahram_id !== null) {
      parent.set(p.mahram_id, parent.get(p.mahram_id) ?? p.mahram_id)
      union(p.id, p.mahram_id)
    }
  }
  return new Map(list.map((p) => [p.id, find(p.id)]))
}

/** Two stays share a night. */
export const overlaps = (a: { check_in: string; check_out: string }, b: { check_in: string; check_out: string }) =>
  a.check_in < b.check_out && b.check_in < a.check_out

/** The departure's rooming list as `GET /departures/{id}/rooming` answers it. */
export async function readRooming(db: Db, companyId: number, departureId: number): Promise<Rooming> {
  const departure = await departureOf(db, companyId, departureId)
  const stays = await staysOf(db, departureId)
  const stored = await storedRooms(db, departureId)
  const named = [...new Set(stored.flatMap((r) => r.pilgrim_ids))]
  const people = await pilgrimsOf(db, companyId, departureId, named)
  return {
    departure: { id: departure.id, code: departure.code, name: departure.name },
    stays: stays.map((s) => stayView(s, stays, stored, people)),
    pilgrims: people.map(({ rank: _rank, ...p }) => p),
  }
}

/** One stay's list: its rooms and the pilgrims of its room type sleeping nowhere on its nights. */
export function stayView(s: StayRow, stays: StayRow[], stored: StoredRoom[], people: BookedPilgrim[]): RoomingStay {
  const rooms = stored.filter((r) => r.stay_id === s.id).map((r) => ({ label: r.label, pilgrim_ids: r.pilgrim_ids }))
  const sameNights = new Set(stays.filter((o) => overlaps(o, s)).map((o) => o.id))
  const placed = new Set(stored.filter((r) => sameNights.has(r.stay_id)).flatMap((r) => r.pilgrim_ids))
  return {
    id: s.id,
    hotel: { id: s.hotel_id, name: s.hotel },
    room: { id: s.room_id, name: s.room },
    room_type: s.room_type,
    beds: ROOM_TYPE_BEDS[s.room_type],
    check_in: s.check_in,
    check_out: s.check_out,
    room_count: s.rooms,
    rooms,
    version: s.rooming_version,
    unassigned: people.filter((p) => p.room_type === s.room_type && !placed.has(p.id)).map((p) => p.id),
  }
}
