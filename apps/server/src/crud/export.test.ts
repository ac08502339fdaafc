import ExcelJS from 'exceljs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/helpers/app.js'
import { createHotelRoom, createVehicle } from '../../test/helpers/bookables.js'
import { createCompany, type Actor } from '../../test/helpers/fixtures.js'
import type { Db } from '../db/client.js'
import { dateWriters } from './export.js'

/**
 * Exports (issue 32, item 12), one writer for CSV and XLSX: headers are the screen's column labels in the
 * reader's language (`?headers=keys` keeps the field names), days DD-MM-YYYY and moments DD-MM-YYYY HH:mm in
 * the company's time zone, statuses in the reader's language and the same in both formats.
 */
let t: TestApp
let owner: Actor
let companyId: number
let orderCode: string

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
const dmy = (iso: string) => `${iso.slice(8)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`
const get = (url: string, lang: 'en' | 'id' = 'en') =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...owner.headers, 'x-localization': lang } })

/** A CSV's rows (the writer's quoting: "a ""b""", no line breaks inside these values). */
function csvRows(body: string): string[][] {
  return body
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const cells: string[] = []
      let cur = ''
      let quoted = false
      for (let i = 0; i < line.length; i++) {
        const c = line[i]!
        if (quoted && c === '"' && line[i + 1] === '"') {
          cur += '"'
          i++
        } else if (c === '"') quoted = !quoted
        else if (!quoted && c === ',') {
          cells.push(cur)
          cur = ''
        } else cur += c
      }
      cells.push(cur)
      return cells
    })
}

async function xlsxRows(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(body as unknown as ArrayBuffer)
  const rows: string[][] = []
  // Empty cells are holes in exceljs' row values: Array.from fills them.
  wb.worksheets[0]!.eachRow((r) =>
    rows.push(Array.from((r.values as unknown[]).slice(1), (v) => (v === null || v === undefined ? '' : String(v)))),
  )
  return rows
}

/** The export of a list in a format and language, as rows, header first. */
async function exported(list: string, format: 'csv' | 'xlsx', lang: 'en' | 'id', extra = ''): Promise<string[][]> {
  const res = await get(`/${list}/export?format=${format}${extra}`, lang)
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
  return format === 'csv' ? csvRows(res.body) : xlsxRows(res.rawPayload)
}

const column = (rows: string[][], header: string, where: (r: string[]) => boolean) => {
  const i = rows[0]!.indexOf(header)
  expect(i, `${header} in ${rows[0]!.join('|')}`).toBeGreaterThanOrEqual(0)
  return rows.slice(1).find(where)?.[i]
}

beforeAll(async () => {
  t = await buildTestApp()
  const c = await createCompany(t.app)
  owner = c.owner
  companyId = c.company.id
  const db = t.app.db as Db
  const bus = await createVehicle(db, companyId, { price: 300 })
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: owner.headers,
    payload: {
      customer: { name: 'Siti Aminah' },
      items: [{ kind: 'transportation', transportation_id: bus, start_date: day(30), end_date: day(31) }],
    },
  })
  expect(made.statusCode, made.body).toBe(200)
  orderCode = made.json().data.code
  // A known moment: 20:30 UTC on 1 March is 23:30 in Riyadh and 03:30 the next day in Jakarta.
  await db.execute(sql`UPDATE orders SET created_at = '2026-03-01T20:30:00Z' WHERE code = ${orderCode}`)
  const pilgrim = await t.app.inject({
    method: 'POST',
    url: '/api/v1/pilgrims',
    headers: owner.headers,
    payload: { full_name: 'Ahmad Fauzi', gender: 'male', birth_date: '1980-07-14' },
  })
  expect(pilgrim.statusCode, pilgrim.body).toBe(200)
  await createHotelRoom(db, companyId)
})
afterAll(() => t?.close())

describe('exports: one writer (issue 32, item 12)', () => {
  it('heads the orders list with its screen labels in each language, the same in CSV and XLSX', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const en = await exported('orders', format, 'en')
      expect(en[0]!.slice(0, 3)).toEqual(['Code', 'Customer', 'Email'])
      expect(en[0]).toContain('Status')
      const id = await exported('orders', format, 'id')
      expect(id[0]!.slice(0, 2)).toEqual(['Kode', 'Pelanggan'])
      expect(id[0]).toContain('Status')
      // Field names for scripts.
      const keys = await exported('orders', format, 'en', '&headers=keys')
      expect(keys[0]!.slice(0, 3)).toEqual(['code', 'customer', 'email'])
      expect(keys[0]).toContain('created_at')
    }
  })

  it('writes days DD-MM-YYYY, moments in the company time zone, statuses translated and equal in both formats', async () => {
    const byCode = (r: string[]) => r.includes(orderCode)
    const sheets = {
      csvEn: await exported('orders', 'csv', 'en'),
      xlsxEn: await exported('orders', 'xlsx', 'en'),
      csvId: await exported('orders', 'csv', 'id'),
      xlsxId: await exported('orders', 'xlsx', 'id'),
    }
    for (const rows of [sheets.csvEn, sheets.xlsxEn]) {
      expect(column(rows, 'Status', byCode)).toBe('Pending')
      expect(column(rows, 'Start day', byCode)).toBe(dmy(day(30)))
      expect(rows.find(byCode)).toContain('01-03-2026 23:30') // Asia/Riyadh, the default
    }
    for (const rows of [sheets.csvId, sheets.xlsxId]) expect(column(rows, 'Status', byCode)).toBe('Tertunda')
    expect(sheets.csvId.find(byCode)).toEqual(sheets.xlsxId.find(byCode))
    // The company moves to Jakarta: the same moment is written there.
    await (t.app.db as Db).execute(sql`UPDATE companies SET time_zone = 'Asia/Jakarta' WHERE id = ${companyId}`)
    try {
      for (const format of ['csv', 'xlsx'] as const)
        expect((await exported('orders', format, 'en')).find(byCode)).toContain('02-03-2026 03:30')
    } finally {
      await (t.app.db as Db).execute(sql`UPDATE companies SET time_zone = 'Asia/Riyadh' WHERE id = ${companyId}`)
    }
  })

  it('writes the pilgrims, locations, users and audit lists the same way', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const en = await exported('pilgrims', format, 'en')
      expect(en[0]!.slice(1, 4)).toEqual(['Full Name (as in the passport)', 'Gender', 'Birth Date'])
      expect(en.find((r) => r.includes('Ahmad Fauzi'))?.slice(2, 4)).toEqual(['Male', '14-07-1980'])
      const id = await exported('pilgrims', format, 'id')
      expect(id[0]!.slice(1, 4)).toEqual(['Nama Lengkap (sesuai paspor)', 'Jenis Kelamin', 'Tanggal Lahir'])
      expect(id.find((r) => r.includes('Ahmad Fauzi'))?.slice(2, 4)).toEqual(['Laki-laki', '14-07-1980'])
    }
    const locations = await exported('locations', 'csv', 'id')
    expect(locations[0]).toEqual(expect.arrayContaining(['Nama', 'Status', 'Dibuat']))
    const loc = locations.find((r) => r.some((c) => c.startsWith('Loc ')))!
    expect(loc).toContain('Terbit')
    expect(loc.at(-1)).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d$/)
    const users = await exported('users', 'xlsx', 'id')
    expect(users[0]).toEqual(['ID', 'Nama', 'Email', 'Telepon', 'Peran', 'Status', 'Dibuat'])
    expect(users.slice(1).map((r) => r[5])).toContain('Aktif')
    expect(users[1]![6]).toMatch(/^\d\d-\d\d-\d{4}$/)
    const audit = await exported('audit', 'csv', 'id')
    expect(audit[0]!.slice(1, 4)).toEqual(['Waktu', 'Pengguna', 'Peran'])
    expect(audit[1]![1]).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d$/)
  })

  it('writes a day as given and a moment in the zone, 24-hour', () => {
    const write = dateWriters('Asia/Jakarta')
    expect(write('2027-02-20')).toBe('20-02-2027')
    expect(write(new Date('2026-12-31T17:05:00Z'))).toBe('01-01-2027 00:05')
    expect(write('2026-06-01 13:05:00')).toBe('01-06-2026 20:05')
    expect(write(new Date('2026-12-31T17:05:00Z'), true)).toBe('01-01-2027')
    expect(write('Makkah')).toBe('Makkah')
    expect(write(12.5)).toBe(12.5)
  })
})
