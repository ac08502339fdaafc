import { randomBytes } from 'node:crypto'
import ExcelJS from 'exceljs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createHotelRoom } from '../../../test/helpers/bookables.js'
import { createCompany, createUserWithPermissions, type Actor } from '../../../test/helpers/fixtures.js'
import type { Db } from '../../db/client.js'
import { addDays } from '../orders/kinds.js'

/**
 * What is read about a departure's pilgrims (issue 29): the manifest (XLSX and CSV, in the reader's
 * language, dates DD-MM-YYYY), the page's facts (seats per room type, papers not ready, balance due) and
 * the dashboard's next departures (money only for revenue readers); another company's departure is 404.
 */

let t: TestApp
let owner: Actor
let other: Actor
const db = () => t.app.db as Db
const uniq = () => randomBytes(4).toString('hex')
const today = new Date().toISOString().slice(0, 10)
const ddmmyyyy = (iso: string) => `${iso.slice(8)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, who: Actor = owner, lang = 'en') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, 'x-localization': lang },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
async function ok<T>(res: Awaited<ReturnType<typeof api>>): Promise<T> {
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as T
}

/**
 * An open departure `inDays` from today: 12 days, Madinah then Makkah, 2 quad rooms (8 quad seats) and
 * 2 double rooms (4 double seats) in each, 12 seats.
 */
async function openDeparture(inDays = 60, companyId = owner.companyId, who = owner, status = 'open') {
  const D = addDays(today, inDays)
  const madinah = await createHotelRoom(db(), companyId, {}, { room_stock: 5 })
  const madinahDouble = await createHotelRoom(db(), companyId, {}, { room_stock: 5 })
  const makkah = await createHotelRoom(db(), companyId, {}, { room_stock: 5 })
  const makkahDouble = await createHotelRoom(db(), companyId, {}, { room_stock: 5 })
  const stay = (r: { hotelId: number; roomId: number }, room_type: string, from: number, to: number) => ({
    hotel_id: r.hotelId,
    room_id: r.roomId,
    room_type,
    check_in: addDays(D, from),
    check_out: addDays(D, to),
    rooms: 2,
  })
  const d = await ok<{ id: number; code: string; return_date: string }>(
    await api(
      'POST',
      '/departures',
      {
        code: `UMR-${uniq()}`,
        name: 'Umrah Syawal',
        departure_date: D,
        return_date: addDays(D, 11),
        seats: 12,
        prices: [
          { room_type: 'quad', price: 2500, currency: 'SAR' },
          { room_type: 'double', price: 3000, currency: 'SAR' },
        ],
        stays: [
          stay(madinah, 'quad', 0, 4),
          stay(madinahDouble, 'double', 0, 4),
          stay(makkah, 'quad', 4, 11),
          stay(makkahDouble, 'double', 4, 11),
        ],
        status,
      },
      who,
    ),
  )
  return { ...d, departure_date: D }
}

interface PilgrimSpec {
  full_name: string
  gender?: 'male' | 'female'
  passport_expiry?: string | null
  documents?: Array<{ type: string; status: string }>
  mahram_id?: number | null
  mahram_relation?: string | null
}
async function pilgrim(spec: PilgrimSpec, who = owner) {
  const passport = spec.passport_expiry === null ? {} : { passport_number: `X${uniq()}`.toUpperCase() }
  return ok<{ id: number }>(
    await api(
      'POST',
      '/pilgrims',
      {
        gender: 'male',
        birth_date: '1980-05-17',
        birth_place: 'Surabaya',
        passport_issued: '2024-01-10',
        passport_expiry: addDays(today, 3 * 365),
        passport_office: 'Kanim Surabaya',
        ...passport,
        ...spec,
      },
      who,
    ),
  )
}

/** Books pilgrims on a departure's room type through the order form's API. */
async function book(departureId: number, roomType: string, pilgrimIds: number[], who = owner) {
  return ok<{ id: number; total: number }>(
    await api(
      'POST',
      '/orders',
      {
        customer: { name: `Booker ${uniq()}` },
        items: [{ kind: 'departure', departure_id: departureId, room_type: roomType, pilgrim_ids: pilgrimIds }],
      },
      who,
    ),
  )
}

const manifest = (id: number, format: 'xlsx' | 'csv', lang = 'en', who = owner) =>
  api('GET', `/departures/${id}/manifest?format=${format}`, undefined, who, lang)

async function readXlsx(body: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(body as unknown as ArrayBuffer)
  const rows: unknown[][] = []
  wb.worksheets[0]!.eachRow((row) => rows.push(Array.from((row.values as unknown[]).slice(1), (v) => v ?? '')))
  return rows
}

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
})
afterAll(async () => {
  await t?.close()
})

describe('a departure without bookings', () => {
  it('answers seats per room type from the stays and nothing due', async () => {
    const d = await openDeparture()
    const facts = await ok<Record<string, unknown>>(await api('GET', `/departures/${d.id}/facts`))
    expect(facts).toMatchObject({
      seats: 12,
      sold: 0,
      left: 12,
      pilgrims: 0,
      documents: [],
      balance: { due: 0, orders: 0, currency: 'SAR' },
      room_types: [
        { room_type: 'quad', seats: 8, sold: 0, left: 8 },
        { room_type: 'double', seats: 4, sold: 0, left: 4 },
      ],
    })
  })

  it('writes an empty manifest with its headers in the reader’s language', async () => {
    const d = await openDeparture()
    const en = await manifest(d.id, 'xlsx')
    expect(en.statusCode, en.body).toBe(200)
    expect(en.headers['content-type']).toContain('spreadsheetml')
    expect(en.headers['content-disposition']).toContain(`manifest_${d.code}`)
    const rows = await readXlsx(en.rawPayload)
    expect(rows).toEqual([
      [
        'No.',
        'Full Name (as in passport)',
        'Gender',
        'Birth Date',
        'Birth Place',
        'Passport No.',
        'Issue Date',
        'Expiry Date',
        'Issuing Office',
        'Room Type',
        'Mahram',
        'Relation',
      ],
    ])
    const id = await manifest(d.id, 'csv', 'id')
    expect(id.statusCode).toBe(200)
    expect(id.body.replace('\ufeff', '').split('\r\n')[0]).toBe(
      'No,Nama Lengkap (sesuai paspor),Jenis Kelamin,Tanggal Lahir,Tempat Lahir,No. Paspor,Tanggal Terbit,Tanggal Habis Berlaku,Kantor Penerbit,Tipe Kamar,Mahram,Hubungan',
    )
  })

  it('is 404 to another company and 403 without departure_view', async () => {
    const d = await openDeparture()
    for (const url of [`/departures/${d.id}/facts`, `/departures/${d.id}/manifest?format=csv`, `/departures/${d.id}/manifest`])
      expect((await api('GET', url, undefined, other)).statusCode, url).toBe(404)
    const lister = await createUserWithPermissions(t.app, owner.companyId, ['departure_list'])
    expect((await api('GET', `/departures/${d.id}/facts`, undefined, lister)).statusCode).toBe(403)
    expect((await manifest(d.id, 'csv', 'en', lister)).statusCode).toBe(403)
    expect((await api('GET', `/departures/${d.id}/manifest?format=pdf`)).statusCode).toBe(422)
    expect((await api('GET', '/departures/999999/facts')).statusCode).toBe(404)
  })
})

describe('the dashboard’s next departures', () => {
  it('lists the 5 soonest open or closed from today, and the money only for revenue readers', async () => {
    const company = await createCompany(t.app)
    const boss = company.owner
    const made = []
    for (const days of [40, 10, 30, 20, 50, 60]) made.push(await openDeparture(days, boss.companyId, boss))
    // A draft is not on sale; a closed one still leaves.
    await openDeparture(5, boss.companyId, boss, 'draft')
    const soonest = await ok<Record<string, unknown>>(await api('GET', `/departures/${made[1]!.id}`, undefined, boss))
    await ok(await api('PUT', `/departures/${made[1]!.id}`, { ...soonest, status: 'closed' }, boss))
    const seen = await ok<{
      items: Array<{ code: string; status: string; due: number | null; sold: number; left: number }>
      money: boolean
    }>(await api('GET', '/dashboard/departures', undefined, boss))
    expect(seen.money).toBe(true)
    expect(seen.items.map((i) => i.code)).toEqual([made[1], made[3], made[2], made[0], made[4]].map((d) => d!.code))
    expect(seen.items[0]).toMatchObject({ status: 'closed', sold: 0, left: 12, due: 0 })

    const clerk = await createUserWithPermissions(t.app, boss.companyId, ['departure_list'])
    const hidden = await ok<{ items: Array<{ due: number | null }>; money: boolean }>(
      await api('GET', '/dashboard/departures', undefined, clerk),
    )
    expect(hidden.money).toBe(false)
    expect(hidden.items).toHaveLength(5)
    expect(hidden.items.every((i) => i.due === null)).toBe(true)

    // Revenue of another desk is not the departures' money; the departure desk's approval is.
    const hotelFinance = ['departure_list', 'order_hotel_list', 'order_hotel_approval']
    const departureFinance = ['departure_list', 'order_departure_list', 'order_departure_approval']
    for (const [perms, money] of [
      [hotelFinance, false],
      [departureFinance, true],
    ] as const) {
      const who = await createUserWithPermissions(t.app, boss.companyId, [...perms])
      const got = await ok<{ items: Array<{ due: number | null }>; money: boolean }>(
        await api('GET', '/dashboard/departures', undefined, who),
      )
      expect(got.money, perms.join()).toBe(money)
      expect(got.items[0]!.due, perms.join()).toBe(money ? 0 : null)
    }

    const none = await createUserWithPermissions(t.app, boss.companyId, ['pilgrim_list'])
    expect((await api('GET', '/dashboard/departures', undefined, none)).statusCode).toBe(403)
  })
})

describe('a departure with bookings', () => {
  it('counts seats per room type, lists papers not ready, sums the balance and writes the manifest', async () => {
    const d = await openDeparture(90)
    const husband = await pilgrim({
      full_name: `Ahmad Fauzi ${uniq()}`,
      documents: [{ type: 'passport', status: 'verified' }],
    })
    const wife = await pilgrim({
      full_name: `Siti Aminah ${uniq()}`,
      gender: 'female',
      mahram_id: husband.id,
      mahram_relation: 'husband',
      documents: [
        { type: 'passport', status: 'verified' },
        { type: 'visa', status: 'missing' },
        { type: 'ktp', status: 'received' },
      ],
    })
    const single = await pilgrim({ full_name: `Umar Said ${uniq()}` })
    const family = await book(d.id, 'quad', [husband.id, wife.id])
    const other = await book(d.id, 'double', [single.id])
    // The booking refuses a short passport: it becomes short afterwards (renewed records can be wrong too).
    const shortUntil = addDays(d.return_date, 30)
    const now = await ok<Record<string, unknown>>(await api('GET', `/pilgrims/${single.id}`))
    await ok(await api('PUT', `/pilgrims/${single.id}`, { ...now, passport_expiry: shortUntil }))
    await ok(await api('POST', `/orders/${family.id}/payments`, { amount: 1000, method: 'transfer' }))

    const facts = await ok<{
      sold: number
      left: number
      pilgrims: number
      room_types: unknown[]
      documents: Array<{ id: number; problems: unknown[] }>
      balance: unknown
      passport_valid_until: string
    }>(await api('GET', `/departures/${d.id}/facts`))
    expect(facts.room_types).toEqual([
      { room_type: 'quad', seats: 8, sold: 2, left: 6 },
      { room_type: 'double', seats: 4, sold: 1, left: 3 },
    ])
    expect(facts).toMatchObject({ pilgrims: 3, sold: 3, left: 9 })
    expect(facts.passport_valid_until).toBe(await monthsAfter(d.return_date, 6))
    expect(Object.fromEntries(facts.documents.map((p) => [p.id, p.problems]))).toEqual({
      [wife.id]: [
        { problem: 'missing', type: 'visa' },
        { problem: 'unverified', type: 'ktp' },
      ],
      [single.id]: [{ problem: 'passport_short' }],
    })
    // Each order once: 2 x 2500 + 3000, less the 1000 paid.
    expect(facts.balance).toEqual({ due: family.total + other.total - 1000, orders: 2, currency: 'SAR' })
    expect(family.total + other.total).toBe(8000)

    // The manifest: the family together, in the order it was booked; dates DD-MM-YYYY, values in the language.
    const rows = await readXlsx((await manifest(d.id, 'xlsx', 'id')).rawPayload)
    expect(rows).toHaveLength(4)
    expect(rows[0]![1]).toBe('Nama Lengkap (sesuai paspor)')
    expect(rows[2]).toEqual([
      2,
      expect.stringMatching(/^Siti Aminah/),
      'Perempuan',
      '17-05-1980',
      'Surabaya',
      expect.stringMatching(/^X/),
      '10-01-2024',
      ddmmyyyy(addDays(today, 3 * 365)),
      'Kanim Surabaya',
      'Kamar Berempat (Quad)',
      expect.stringMatching(/^Ahmad Fauzi/),
      'Suami',
    ])
    expect(rows[3]!.slice(0, 2)).toEqual([3, expect.stringMatching(/^Umar Said/)])
    expect(rows[3]![7]).toBe(ddmmyyyy(shortUntil))
    const csv = (await manifest(d.id, 'csv')).body.replace('\ufeff', '').trim().split('\r\n')
    expect(csv).toHaveLength(4)
    expect(csv[2]).toContain(',Female,17-05-1980,Surabaya,')
    expect(csv[2]!.endsWith(',Quad,' + (rows[2]![10] as string) + ',Husband')).toBe(true)

    // The dashboard: sold and left of the quota, and the money due.
    const next = await ok<{ items: Array<{ id: number; sold: number; left: number; due: number | null }> }>(
      await api('GET', '/dashboard/departures'),
    )
    expect(next.items.find((i) => i.id === d.id)).toMatchObject({ sold: 3, left: 9, due: 7000 })

    // A cancelled order leaves the facts, the manifest and the balance.
    const cancelled = await api('POST', `/orders/${other.id}/status`, { status: 'cancelled', reason: 'Changed plans' })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const after = await ok<{ room_types: unknown[]; documents: unknown[]; balance: { due: number } }>(
      await api('GET', `/departures/${d.id}/facts`),
    )
    expect(after.room_types).toEqual([
      { room_type: 'quad', seats: 8, sold: 2, left: 6 },
      { room_type: 'double', seats: 4, sold: 0, left: 4 },
    ])
    expect(after.documents).toHaveLength(1)
    expect(after.balance.due).toBe(4000)
    expect(await readXlsx((await manifest(d.id, 'xlsx')).rawPayload)).toHaveLength(3)
  })

  it('lists a pilgrim whose passport falls short once the company asks for more months', async () => {
    const company = await createCompany(t.app)
    const boss = company.owner
    const d = await openDeparture(45, boss.companyId, boss)
    const p = await pilgrim({ full_name: `Hasan ${uniq()}`, passport_expiry: addDays(today, 400) }, boss)
    await book(d.id, 'quad', [p.id], boss)
    const before = await ok<{ documents: unknown[] }>(await api('GET', `/departures/${d.id}/facts`, undefined, boss))
    expect(before.documents).toEqual([])
    await db().execute(sql`UPDATE companies SET passport_validity_months = 24 WHERE id = ${boss.companyId}`)
    const after = await ok<{ documents: Array<{ id: number; problems: unknown[] }> }>(
      await api('GET', `/departures/${d.id}/facts`, undefined, boss),
    )
    expect(after.documents).toEqual([expect.objectContaining({ id: p.id, problems: [{ problem: 'passport_short' }] })])
  })
})

/** `YYYY-MM-DD` plus whole months as PostgreSQL adds them (the end of a shorter month when the day is past it). */
async function monthsAfter(iso: string, months: number): Promise<string> {
  const res = (await db().execute(
    sql`SELECT (${iso}::date + make_interval(months => ${months}))::date::text AS d`,
  )) as unknown as {
    rows: Array<{ d: string }>
  }
  return res.rows[0]!.d
}
