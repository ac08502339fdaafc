import { randomBytes } from 'node:crypto'
import ExcelJS from 'exceljs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createHotelRoom } from '../../../test/helpers/bookables.js'
import { createCompany, createUserWithPermissions, type Actor } from '../../../test/helpers/fixtures.js'
import type { Db } from '../../db/client.js'
import { pilgrims, rooms } from '../../db/schema/index.js'
import { addDays } from '../orders/kinds.js'

/**
 * The rooming list of a departure (issue 29) through its API: the rules refused per room with a 422 that
 * names the room and the rule (capacity, gender unless one family, booked with this room type, once per
 * stay), what the database holds by itself, auto-assign, the export per hotel, and company scoping.
 * Pilgrims are booked as a clerk books them: an order item of kind `departure`.
 */

let t: TestApp
let owner: Actor
let other: Actor
const db = () => t.app.db as Db
const uniq = () => randomBytes(4).toString('hex')
const D = addDays(new Date().toISOString().slice(0, 10), 60)

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, who: Actor = owner, lang = 'en') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, 'x-localization': lang },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

type Sex = 'male' | 'female'
async function pilgrim(name: string, gender: Sex, mahram?: number, companyId = owner.companyId) {
  const [row] = await db()
    .insert(pilgrims)
    .values({
      company_id: companyId,
      full_name: name,
      gender,
      passport_number: `X${uniq()}`.toUpperCase(),
      mahram_id: mahram ?? null,
      mahram_relation: mahram ? 'other' : null,
    })
    .returning({ id: pilgrims.id, passport: pilgrims.passport_number })
  return row!.id
}

/** A second room product in the same hotel (the double rooms beside the quads). */
async function roomIn(hotelId: number, companyId = owner.companyId) {
  const [r] = await db()
    .insert(rooms)
    .values({
      company_id: companyId,
      hotel_id: hotelId,
      name: 'Double Room',
      code: `D${uniq()}`,
      price: 100,
      min_stay: 1,
      is_active: true,
      room_stock: 5,
      beds: 2,
      room_size: 20,
      max_adult: 2,
      max_children: 0,
    })
    .returning({ id: rooms.id })
  return r!.id
}

interface Trip {
  id: number
  medQuad: number
  medDouble: number
  mkkQuad: number
  mkkDouble: number
}

/** An open 12-day departure: Madinah quads (2 rooms) and doubles (2 rooms), then Makkah quads (3) and doubles (2). */
async function trip(who: Actor = owner): Promise<Trip> {
  const med = await createHotelRoom(db(), who.companyId, {}, { room_stock: 5 })
  const medDouble = await roomIn(med.hotelId, who.companyId)
  const mkk = await createHotelRoom(db(), who.companyId, {}, { room_stock: 5 })
  const mkkDouble = await roomIn(mkk.hotelId, who.companyId)
  const stay = (hotel_id: number, room_id: number, room_type: string, from: number, to: number, count: number) => ({
    hotel_id,
    room_id,
    room_type,
    check_in: addDays(D, from),
    check_out: addDays(D, to),
    rooms: count,
  })
  const res = await api(
    'POST',
    '/departures',
    {
      code: `UMR-${uniq()}`,
      name: 'Umrah rooming',
      departure_date: D,
      return_date: addDays(D, 11),
      seats: 12,
      prices: [
        { room_type: 'quad', price: 2500, currency: 'SAR' },
        { room_type: 'double', price: 3100, currency: 'SAR' },
      ],
      stays: [
        stay(med.hotelId, med.roomId, 'quad', 0, 4, 2),
        stay(med.hotelId, medDouble, 'double', 0, 4, 2),
        stay(mkk.hotelId, mkk.roomId, 'quad', 4, 11, 3),
        stay(mkk.hotelId, mkkDouble, 'double', 4, 11, 2),
      ],
      status: 'open',
    },
    who,
  )
  expect(res.statusCode, res.body).toBe(200)
  const d = res.json().data as { id: number; stays: Array<{ id: number }> }
  const [medQuad, medDoubleStay, mkkQuad, mkkDoubleStay] = d.stays.map((s) => s.id) as [number, number, number, number]
  return { id: d.id, medQuad, medDouble: medDoubleStay, mkkQuad, mkkDouble: mkkDoubleStay }
}

/** An order booking `ids` on the departure in `room_type`. */
async function book(departureId: number, room_type: string, ids: number[], who: Actor = owner) {
  const res = await api(
    'POST',
    '/orders',
    {
      customer: { name: `Booker ${uniq()}` },
      items: [{ kind: 'departure', departure_id: departureId, room_type, pilgrim_ids: ids }],
    },
    who,
  )
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { id: number; version: number }
}

const put = (d: number, stay: number, roomsList: Array<{ label: string; pilgrim_ids: number[] }>, lang = 'en') =>
  api('PUT', `/departures/${d}/rooming`, { stay_id: stay, rooms: roomsList }, owner, lang)

let T: Trip
/** Family of Ahmad: his wife Siti and son Umar (their mahram is Ahmad). */
const P: Record<string, number> = {}

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
  T = await trip()
  P.ahmad = await pilgrim('Ahmad Fauzi', 'male')
  P.siti = await pilgrim('Siti Aminah', 'female', P.ahmad)
  P.umar = await pilgrim('Umar Fauzi', 'male', P.ahmad)
  P.budi = await pilgrim('Budi Santoso', 'male')
  P.cahyo = await pilgrim('Cahyo Nugroho', 'male')
  P.rina = await pilgrim('Rina Wati', 'female')
  P.sari = await pilgrim('Sari Dewi', 'female')
  P.dedi = await pilgrim('Dedi Kurnia', 'male')
  P.tuti = await pilgrim('Tuti Lestari', 'female')
  P.nobody = await pilgrim('Nobody Booked', 'male')
  await book(T.id, 'quad', [P.ahmad!, P.siti!, P.umar!, P.budi!])
  await book(T.id, 'quad', [P.rina!, P.cahyo!, P.sari!])
  await book(T.id, 'double', [P.dedi!, P.tuti!])
})
afterAll(async () => {
  await t?.close()
})

describe('reading the rooming list', () => {
  it('answers each stay with its beds, its rooms and the pilgrims of its room type not yet in a room', async () => {
    const res = await api('GET', `/departures/${T.id}/rooming`)
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data.stays.map((s: { id: number; beds: number; room_count: number }) => [s.id, s.beds, s.room_count])).toEqual([
      [T.medQuad, 4, 2],
      [T.medDouble, 2, 2],
      [T.mkkQuad, 4, 3],
      [T.mkkDouble, 2, 2],
    ])
    // Booking order: the first order's pilgrims, then the second's.
    expect(data.stays[0].unassigned).toEqual([P.ahmad, P.siti, P.umar, P.budi, P.rina, P.cahyo, P.sari])
    expect(data.stays[1].unassigned).toEqual([P.dedi, P.tuti])
    const by = new Map(data.pilgrims.map((p: { id: number }) => [p.id, p]))
    // Ahmad, Siti and Umar are one family; Budi is his own.
    expect((by.get(P.siti) as { family: number }).family).toBe((by.get(P.umar) as { family: number }).family)
    expect((by.get(P.budi) as { family: number }).family).not.toBe((by.get(P.ahmad) as { family: number }).family)
  })

  it('is a 404 for another company’s departure, and for a stay of another departure', async () => {
    expect((await api('GET', `/departures/${T.id}/rooming`, undefined, other)).statusCode).toBe(404)
    expect((await api('PUT', `/departures/${T.id}/rooming`, { stay_id: T.medQuad, rooms: [] }, other)).statusCode).toBe(404)
    expect((await api('POST', `/departures/${T.id}/rooming/auto?stay_id=${T.medQuad}`, undefined, other)).statusCode).toBe(404)
    expect(
      (await api('GET', `/departures/${T.id}/rooming/export?stay_id=${T.medQuad}&format=xlsx`, undefined, other)).statusCode,
    ).toBe(404)
    const theirs = await trip(other)
    expect((await put(T.id, theirs.medQuad, [])).statusCode).toBe(404)
  })

  it('needs departure_view to read and departure_update to write', async () => {
    const viewer = await createUserWithPermissions(t.app, owner.companyId, ['departure_view'])
    expect((await api('GET', `/departures/${T.id}/rooming`, undefined, viewer)).statusCode).toBe(200)
    expect((await api('PUT', `/departures/${T.id}/rooming`, { stay_id: T.medQuad, rooms: [] }, viewer)).statusCode).toBe(403)
    expect((await api('POST', `/departures/${T.id}/rooming/auto?stay_id=${T.medQuad}`, undefined, viewer)).statusCode).toBe(403)
  })
})

describe('two clerks saving one stay (no lost write)', () => {
  const versionOf = async (stay: number) => {
    const res = await api('GET', `/departures/${T.id}/rooming`)
    return (res.json().data.stays as Array<{ id: number; version: number }>).find((s) => s.id === stay)!.version
  }
  const save = (stay: number, roomsList: Array<{ label: string; pilgrim_ids: number[] }>, version?: number, lang = 'en') =>
    api(
      'PUT',
      `/departures/${T.id}/rooming`,
      { stay_id: stay, rooms: roomsList, ...(version === undefined ? {} : { version }) },
      owner,
      lang,
    )

  it('each save bumps the stay’s version; a save naming the version before it gets 409 with the list as it is', async () => {
    const read = await versionOf(T.mkkDouble)
    const first = await save(
      T.mkkDouble,
      [
        { label: 'A1', pilgrim_ids: [P.dedi!] },
        { label: 'A2', pilgrim_ids: [P.tuti!] },
      ],
      read,
    )
    expect(first.statusCode, first.body).toBe(200)
    const after = first.json().data.stays.find((s: { id: number }) => s.id === T.mkkDouble)
    expect(after.version).toBe(read + 1)
    // Another stay's version did not move.
    expect(await versionOf(T.medDouble)).toBe(0)

    // The second clerk read the same version: refused, nothing written, the first clerk's list answered.
    const second = await save(T.mkkDouble, [{ label: 'B7', pilgrim_ids: [P.dedi!] }], read)
    expect(second.statusCode, second.body).toBe(409)
    expect(second.json().errors.version).toEqual(['Someone else changed this record after you opened it'])
    const now = second.json().data.stays.find((s: { id: number }) => s.id === T.mkkDouble)
    expect(now.rooms).toEqual([
      { label: 'A1', pilgrim_ids: [P.dedi] },
      { label: 'A2', pilgrim_ids: [P.tuti] },
    ])
    expect(now.version).toBe(read + 1)
    const id = await save(T.mkkDouble, [], read, 'id')
    expect(id.statusCode).toBe(409)
    expect(id.json().errors.version).toEqual(['Orang lain telah mengubah data ini setelah Anda membukanya'])

    // Saved again over the version now read: taken.
    const third = await save(T.mkkDouble, [{ label: 'B7', pilgrim_ids: [P.dedi!] }], now.version)
    expect(third.statusCode, third.body).toBe(200)
    expect(await versionOf(T.mkkDouble)).toBe(read + 2)
    // A client that never read a version is taken as before (and still bumps it); a bad version is a 422.
    expect((await save(T.mkkDouble, [])).statusCode).toBe(200)
    expect(await versionOf(T.mkkDouble)).toBe(read + 3)
    expect((await save(T.mkkDouble, [], -1)).statusCode).toBe(422)
  })

  it('of simultaneous saves that read one version exactly one is taken', async () => {
    const read = await versionOf(T.mkkDouble)
    const all = await Promise.all(
      [P.dedi!, P.tuti!, P.dedi!, P.tuti!, P.dedi!, P.tuti!].map((who, i) =>
        save(T.mkkDouble, [{ label: `R${i}`, pilgrim_ids: [who] }], read),
      ),
    )
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409])
    const res = await api('GET', `/departures/${T.id}/rooming`)
    const stay = res.json().data.stays.find((s: { id: number }) => s.id === T.mkkDouble)
    expect(stay.version).toBe(read + 1)
    expect(stay.rooms).toHaveLength(1)
    await save(T.mkkDouble, [], stay.version)
  })

  it('a refused list (422) moves no version', async () => {
    const read = await versionOf(T.medQuad)
    const five = [P.ahmad!, P.siti!, P.umar!, P.budi!, P.cahyo!]
    expect((await save(T.medQuad, [{ label: '9', pilgrim_ids: five }], read)).statusCode).toBe(422)
    expect(await versionOf(T.medQuad)).toBe(read)
  })
})

describe('the rules of a room', () => {
  const refused = async (roomsList: Array<{ label: string; pilgrim_ids: number[] }>, stay = T.medQuad, lang = 'en') => {
    const res = await put(T.id, stay, roomsList, lang)
    expect(res.statusCode, res.body).toBe(422)
    return res.json().errors as Record<string, string[]>
  }

  it('a quad room holds at most 4: the 422 names the room and the rule, in English and Indonesian', async () => {
    const five = [P.ahmad!, P.siti!, P.umar!, P.budi!, P.cahyo!]
    // Five people: capacity; Cahyo is also of another family and men and women are mixed.
    const en = await refused([{ label: '12', pilgrim_ids: five }])
    expect(en['rooms.0']).toContain('Room 12: a quad room holds at most 4 pilgrims')
    const id = await refused([{ label: '12', pilgrim_ids: five }], T.medQuad, 'id')
    expect(id['rooms.0']).toContain('Kamar 12: kamar quad berisi paling banyak 4 jamaah')
  })

  it('men and women share a room only when all of them are one family', async () => {
    const errors = await refused([
      { label: '1', pilgrim_ids: [P.ahmad!, P.siti!, P.umar!] },
      { label: '2', pilgrim_ids: [P.budi!, P.rina!] },
    ])
    expect(Object.keys(errors)).toEqual(['rooms.1'])
    expect(errors['rooms.1']![0]).toMatch(/^Room 2: men and women share a room only when all of them are one family/)
    // The family's room alone is fine.
    const ok = await put(T.id, T.medQuad, [{ label: '1', pilgrim_ids: [P.ahmad!, P.siti!, P.umar!] }])
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().data.stays[0].rooms).toEqual([{ label: '1', pilgrim_ids: [P.ahmad, P.siti, P.umar] }])
    expect(ok.json().data.stays[0].unassigned).toEqual([P.budi, P.rina, P.cahyo, P.sari])
  })

  it('refuses a pilgrim not booked on the departure, and one booked in another room type', async () => {
    const errors = await refused([
      { label: '1', pilgrim_ids: [P.nobody!] },
      { label: '2', pilgrim_ids: [P.dedi!] },
    ])
    expect(errors['rooms.0']).toEqual(['Room 1: Nobody Booked is not booked on this departure'])
    expect(errors['rooms.1']).toEqual(['Room 2: Dedi Kurnia booked a double room, this is a quad room'])
  })

  it('refuses a pilgrim twice in the list, two rooms of one number, and more rooms than the stay holds', async () => {
    const twice = await refused([
      { label: '1', pilgrim_ids: [P.budi!] },
      { label: '2', pilgrim_ids: [P.budi!, P.cahyo!] },
    ])
    expect(twice['rooms.1']).toEqual(['Room 2: Budi Santoso is already in room 1'])
    const label = await refused([
      { label: '7', pilgrim_ids: [P.budi!] },
      { label: '7', pilgrim_ids: [P.cahyo!] },
    ])
    expect(label['rooms.1.label']).toEqual(['Room 7 is in the list twice'])
    const many = await refused([
      { label: '1', pilgrim_ids: [] },
      { label: '2', pilgrim_ids: [] },
      { label: '3', pilgrim_ids: [] },
    ])
    expect(many.rooms).toEqual(['The stay holds 2 rooms; the list has 3'])
  })

  it('the database holds capacity and one room per pilgrim per stay whatever writes', async () => {
    const ok = await put(T.id, T.mkkQuad, [{ label: 'A', pilgrim_ids: [P.budi!, P.cahyo!] }])
    expect(ok.statusCode, ok.body).toBe(200)
    const [room] = (
      (await db().execute(sql`SELECT id, occupants FROM rooming_rooms WHERE stay_id = ${T.mkkQuad}`)) as unknown as {
        rows: Array<{ id: number; occupants: number }>
      }
    ).rows
    expect(Number(room!.occupants)).toBe(2)
    const add = (pilgrimId: number) =>
      db().execute(
        sql`INSERT INTO rooming_assignments (company_id, room_id, stay_id, pilgrim_id, position)
            VALUES (${owner.companyId}, ${room!.id}, ${T.mkkQuad}, ${pilgrimId}, 9)`,
      )
    // Budi again in the same stay: the unique (stay, pilgrim).
    await expect(add(P.budi!)).rejects.toThrow()
    await add(P.ahmad!)
    await add(P.umar!)
    // A fifth in a quad room: the capacity check on the counted occupants.
    await expect(add(P.siti!)).rejects.toThrow()
    await db().execute(sql`DELETE FROM rooming_assignments WHERE room_id = ${room!.id} AND pilgrim_id IN (${P.ahmad}, ${P.umar})`)
    const after = (await db().execute(sql`SELECT occupants FROM rooming_rooms WHERE id = ${room!.id}`)) as unknown as {
      rows: Array<{ occupants: number }>
    }
    expect(Number(after.rows[0]!.occupants)).toBe(2)
  })

  it('a cancelled order’s pilgrims are shown as no longer booked and cannot be saved in a room', async () => {
    const d = await trip()
    const order = await book(d.id, 'double', [P.dedi!, P.budi!])
    expect((await put(d.id, d.medDouble, [{ label: '1', pilgrim_ids: [P.dedi!, P.budi!] }])).statusCode).toBe(200)
    const cancel = await api('POST', `/orders/${order.id}/status`, {
      status: 'cancelled',
      version: order.version,
      reason: 'Changed plans',
      fee: 0,
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    const data = (await api('GET', `/departures/${d.id}/rooming`)).json().data
    expect(data.stays[1].rooms).toEqual([{ label: '1', pilgrim_ids: [P.dedi, P.budi] }])
    expect(data.pilgrims.find((p: { id: number }) => p.id === P.dedi).room_type).toBeNull()
    const again = await put(d.id, d.medDouble, [{ label: '1', pilgrim_ids: [P.dedi!] }])
    expect(again.statusCode).toBe(422)
  })
})

describe('auto-assign and export', () => {
  it('proposes families together, then rooms by gender in booking order, without saving', async () => {
    const d = await trip()
    const [a, s, u, b, c, r, x] = [P.ahmad!, P.siti!, P.umar!, P.budi!, P.cahyo!, P.rina!, P.sari!]
    await book(d.id, 'quad', [b, a, s])
    await book(d.id, 'quad', [r, c, x, u])
    const res = await api('POST', `/departures/${d.id}/rooming/auto?stay_id=${d.mkkQuad}`)
    expect(res.statusCode, res.body).toBe(200)
    // Ahmad's family (mixed) first, then the men by booking order, then the women.
    expect(res.json().data).toEqual({
      rooms: [
        { label: '1', pilgrim_ids: [a, s, u] },
        { label: '2', pilgrim_ids: [b, c] },
        { label: '3', pilgrim_ids: [r, x] },
      ],
      unassigned: [],
    })
    // Nothing was saved.
    const read = (await api('GET', `/departures/${d.id}/rooming`)).json().data
    expect(read.stays[2].rooms).toEqual([])
    // Madinah's quads hold two rooms: the women wait for a room.
    const med = (await api('POST', `/departures/${d.id}/rooming/auto?stay_id=${d.medQuad}`)).json().data
    expect(med.rooms).toHaveLength(2)
    expect(med.unassigned).toEqual([r, x])
    // The proposal saves as it is.
    const saved = await put(d.id, d.mkkQuad, res.json().data.rooms)
    expect(saved.statusCode, saved.body).toBe(200)
  })

  it('exports a hotel’s list as a real XLSX (room, type, name, gender, passport) and as a PDF', async () => {
    const d = await trip()
    await book(d.id, 'quad', [P.ahmad!, P.siti!, P.budi!])
    await book(d.id, 'double', [P.tuti!])
    expect(
      (
        await put(d.id, d.medQuad, [
          { label: '101', pilgrim_ids: [P.ahmad!, P.siti!] },
          { label: '102', pilgrim_ids: [P.budi!] },
        ])
      ).statusCode,
    ).toBe(200)
    expect((await put(d.id, d.medDouble, [{ label: '201', pilgrim_ids: [P.tuti!] }])).statusCode).toBe(200)

    const res = await api('GET', `/departures/${d.id}/rooming/export?stay_id=${d.medQuad}&format=xlsx`, undefined, owner, 'id')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    expect(res.headers['content-disposition']).toMatch(/rooming_UMR-.*\.xlsx/)
    const book2 = new ExcelJS.Workbook()
    await book2.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = book2.worksheets[0]!
    const rowsOf = (sheet.getSheetValues() as unknown[][])
      .filter(Boolean)
      .map((r) => r.slice(1).map((v) => (v == null ? '' : String(v))))
    expect(rowsOf[0]![0]).toMatch(/^Daftar kamar \(rooming list\) · Hotel /)
    const head = rowsOf.findIndex((r) => r[0] === 'No. urut')
    expect(rowsOf[head]).toEqual(['No. urut', 'Kamar', 'Tipe kamar', 'Nama', 'Jenis kelamin', 'Nomor paspor'])
    const lines = rowsOf.slice(head + 1)
    const passport = async (id: number) =>
      (
        (await db().execute(sql`SELECT passport_number FROM pilgrims WHERE id = ${id}`)) as unknown as {
          rows: Array<{ passport_number: string }>
        }
      ).rows[0]!.passport_number
    // The same hotel on the same dates: its quad rooms, then its double room.
    expect(lines).toEqual([
      ['1', '101', 'Kamar Berempat (Quad)', 'Ahmad Fauzi', 'Laki-laki', await passport(P.ahmad!)],
      ['2', '101', 'Kamar Berempat (Quad)', 'Siti Aminah', 'Perempuan', await passport(P.siti!)],
      ['3', '102', 'Kamar Berempat (Quad)', 'Budi Santoso', 'Laki-laki', await passport(P.budi!)],
      ['4', '201', 'Kamar Berdua (Double)', 'Tuti Lestari', 'Perempuan', await passport(P.tuti!)],
    ])

    const pdf = await api('GET', `/departures/${d.id}/rooming/export?stay_id=${d.medQuad}&format=pdf`)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdf.rawPayload.length).toBeGreaterThan(1000)
  })

  it('a stay whose room type changes loses its list (it no longer fits what was sold)', async () => {
    const d = await trip()
    await book(d.id, 'quad', [P.budi!])
    expect((await put(d.id, d.mkkQuad, [{ label: '1', pilgrim_ids: [P.budi!] }])).statusCode).toBe(200)
    await db().execute(sql`UPDATE departure_stays SET room_type = 'double' WHERE id = ${d.mkkQuad}`)
    const data = (await api('GET', `/departures/${d.id}/rooming`)).json().data
    expect(data.stays[2].rooms).toEqual([])
  })
})
