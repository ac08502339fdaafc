import { and, eq, sql } from 'drizzle-orm'
import { ROOMING_KEYS, roomRules, type Rooming, type RoomingInput, type RoomingRoom, type RoomingStay } from '@app/shared'
import type { Db } from '../../db/client.js'
import { departureStays, roomingAssignments, roomingRooms } from '../../db/schema/index.js'
import { notFound, unprocessable } from '../../lib/errors.js'
import { lastChange, staleVersion, StaleVersion } from '../../crud/versions.js'
import { autoAssign } from './rooming-auto.js'
import {
  departureOf,
  overlaps,
  pilgrimsOf,
  readRooming,
  staysOf,
  storedRooms,
  type BookedPilgrim,
  type StayRow,
  type StoredRoom,
} from './rooming-read.js'
import './rooming.messages.js'

/**
 * Writes and proposals of a stay's rooming list (issue 29). Every rule is checked before anything is
 * written and every refusal comes back at once as one 422, per room: `{ "rooms.3": ["Room 12: …"] }`;
 * the list is then replaced in one transaction, under the departure's row lock so two writes of one
 * departure (one pilgrim into two stays on the same nights) take turns. The database holds capacity and
 * one room per pilgrim per stay whatever writes (schema/rooming.ts).
 */

type Errors = Record<string, Array<{ key: string; params?: Record<string, string | number> }>>

interface Loaded {
  stay: StayRow
  stays: StayRow[]
  stored: StoredRoom[]
  people: BookedPilgrim[]
}

/** The stay and what its rules read; `named`: pilgrims a body names, found (in the company) even when not booked. */
async function load(
  db: Db,
  companyId: number,
  departureId: number,
  stayId: number,
  lock: boolean,
  named: number[] = [],
): Promise<Loaded> {
  await departureOf(db, companyId, departureId, lock)
  const stays = await staysOf(db, departureId)
  const stay = stays.find((s) => s.id === stayId)
  if (!stay) throw notFound()
  const stored = await storedRooms(db, departureId)
  return { stay, stays, stored, people: await pilgrimsOf(db, companyId, departureId, named) }
}

/** Where else each pilgrim sleeps on the stay's nights: pilgrim -> "hotel, room label". */
function elsewhere({ stay, stays, stored }: Loaded): Map<number, { hotel: string; label: string }> {
  const others = new Map(stays.filter((o) => o.id !== stay.id && overlaps(o, stay)).map((o) => [o.id, o]))
  const out = new Map<number, { hotel: string; label: string }>()
  for (const r of stored) {
    const o = others.get(r.stay_id)
    if (o) for (const id of r.pilgrim_ids) out.set(id, { hotel: o.hotel, label: r.label })
  }
  return out
}

/** Every refusal of the list, per room (`rooms.N`) and on the list (`rooms`). */
export function checkRooming(input: RoomingInput, ctx: Loaded): Errors {
  const errors: Errors = {}
  const refuse = (key: string, msg: string, params: Record<string, string | number>) =>
    (errors[key] ??= []).push({ key: msg, params })
  const { stay } = ctx
  if (input.rooms.length > stay.rooms)
    refuse('rooms', ROOMING_KEYS.tooManyRooms, { rooms: stay.rooms, count: input.rooms.length })
  const person = new Map(ctx.people.map((p) => [p.id, p]))
  const other = elsewhere(ctx)
  const labels = new Map<string, number>()
  const seen = new Map<number, string>()
  input.rooms.forEach((room, i) => {
    const at = `rooms.${i}`
    const label = room.label
    const first = labels.get(label.toLowerCase())
    if (first !== undefined) refuse(`${at}.label`, ROOMING_KEYS.labelTwice, { room: label })
    else labels.set(label.toLowerCase(), i)
    const occupants: BookedPilgrim[] = []
    for (const id of room.pilgrim_ids) {
      const p = person.get(id)
      const name = p?.full_name ?? `#${id}`
      const before = seen.get(id)
      if (before !== undefined) {
        refuse(at, ROOMING_KEYS.twice, { room: label, name, other: before })
        continue
      }
      seen.set(id, label)
      if (!p || p.room_type === null) refuse(at, ROOMING_KEYS.notBooked, { room: label, name })
      else if (p.room_type !== stay.room_type)
        refuse(at, ROOMING_KEYS.roomType, { room: label, name, booked: p.room_type ?? '', type: stay.room_type })
      const there = other.get(id)
      if (there) refuse(at, ROOMING_KEYS.elsewhere, { room: label, name, hotel: there.hotel, other: there.label })
      if (p) occupants.push(p)
    }
    for (const rule of roomRules(stay.room_type, occupants))
      refuse(at, rule.key, { room: label, type: stay.room_type, ...(rule.params ?? {}) })
  })
  return errors
}

/** `PUT /departures/{id}/rooming/{stayId}`: the stay's whole list checked, then written in place of the old one. */
export async function writeRooming(
  db: Db,
  companyId: number,
  departureId: number,
  stayId: number,
  input: RoomingInput,
): Promise<Rooming> {
  try {
    await db.transaction(async (t) => {
      const tx = t as unknown as Db
      const ctx = await load(tx, companyId, departureId, stayId, true, [...new Set(input.rooms.flatMap((r) => r.pilgrim_ids))])
      // The stay's version, compared and bumped in one statement: of two saves that read one version only the
      // first matches; the row it locks also queues two saves of one stay, so lists never interleave.
      const bumped = await tx
        .update(departureStays)
        .set({ rooming_version: sql`${departureStays.rooming_version} + 1` })
        .where(
          and(
            eq(departureStays.id, stayId),
            input.version === undefined ? undefined : eq(departureStays.rooming_version, input.version),
          ),
        )
        .returning({ version: departureStays.rooming_version })
      if (!bumped.length) throw new StaleVersion()
      const errors = checkRooming(input, ctx)
      if (Object.keys(errors).length) throw unprocessable(errors)
      await replaceRooms(tx, companyId, departureId, stayId, ctx.stay.room_type, input)
    })
  } catch (err) {
    if (!(err instanceof StaleVersion)) throw err
    throw staleVersion(
      (await readRooming(db, companyId, departureId)) as unknown as Record<string, unknown>,
      await lastChange(db, companyId, 'departure', departureId, 'update'),
    )
  }
  return readRooming(db, companyId, departureId)
}

/** The stay's rooms and who sleeps in them, replaced by `input`'s. */
async function replaceRooms(
  tx: Db,
  companyId: number,
  departureId: number,
  stayId: number,
  roomType: RoomingStay['room_type'],
  input: RoomingInput,
) {
  await tx.delete(roomingRooms).where(eq(roomingRooms.stay_id, stayId))
  if (!input.rooms.length) return
  const made = await tx
    .insert(roomingRooms)
    .values(
      input.rooms.map((r, position) => ({
        company_id: companyId,
        departure_id: departureId,
        stay_id: stayId,
        position,
        label: r.label,
        room_type: roomType,
      })),
    )
    .returning({ id: roomingRooms.id, label: roomingRooms.label })
  const idOf = new Map(made.map((r) => [r.label, r.id]))
  const rows = input.rooms.flatMap((r) =>
    r.pilgrim_ids.map((pilgrim_id, position) => ({
      company_id: companyId,
      room_id: idOf.get(r.label)!,
      stay_id: stayId,
      pilgrim_id,
      position,
    })),
  )
  if (rows.length) await tx.insert(roomingAssignments).values(rows)
}

/**
 * `POST /departures/{id}/rooming/{stayId}/auto`: the list auto-assign proposes for the stay, not saved
 * (the clerk looks, moves, then saves with PUT). It places every pilgrim of the stay's room type who
 * sleeps in no other stay on its nights, over the stay's current rooms' labels.
 */
export async function proposeRooming(
  db: Db,
  companyId: number,
  departureId: number,
  stayId: number,
): Promise<{ rooms: RoomingRoom[]; unassigned: number[] }> {
  const ctx = await load(db, companyId, departureId, stayId, false)
  const other = elsewhere(ctx)
  const people = ctx.people.filter((p) => p.room_type === ctx.stay.room_type && !other.has(p.id))
  return autoAssign({
    type: ctx.stay.room_type,
    maxRooms: ctx.stay.rooms,
    labels: ctx.stored.filter((r) => r.stay_id === stayId).map((r) => r.label),
    people,
  })
}

/** The rooms of `stayIds` with their occupants' details, for the export. */
export async function roomsForExport(db: Db, companyId: number, departureId: number, stayId: number) {
  const departure = await departureOf(db, companyId, departureId)
  const stays = await staysOf(db, departureId)
  const stay = stays.find((s) => s.id === stayId)
  if (!stay) throw notFound()
  // The hotel's list: every stay of the departure in this hotel on the same dates (its quad and double rooms).
  const sameVisit = stays.filter(
    (s) => s.hotel_id === stay.hotel_id && s.check_in === stay.check_in && s.check_out === stay.check_out,
  )
  const ids = sameVisit.map((s) => s.id)
  const stored = (await storedRooms(db, departureId)).filter((r) => ids.includes(r.stay_id))
  const people = await pilgrimsOf(db, companyId, departureId, [...new Set(stored.flatMap((r) => r.pilgrim_ids))])
  const person = new Map(people.map((p) => [p.id, p]))
  const typeOf = new Map(sameVisit.map((s) => [s.id, s.room_type]))
  const rooms = sameVisit.flatMap((s) => stored.filter((r) => r.stay_id === s.id))
  return {
    departure,
    stay,
    rooms: rooms
      .filter((r) => r.pilgrim_ids.length)
      .map((r) => ({
        label: r.label,
        room_type: typeOf.get(r.stay_id)!,
        occupants: r.pilgrim_ids.map((id) => person.get(id)).filter((p): p is BookedPilgrim => !!p),
      })),
  }
}

export { readRooming }
