import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createCompany, createUserWithPermissions, type Actor } from '../../../test/helpers/fixtures.js'
import type { Db } from '../../db/client.js'
import { companies } from '../../db/schema/index.js'
import { seedDemoPilgrims } from './pilgrims.seed.js'
import { loadExcel } from '../../lib/lazy.js'
import { imageForm, makeImage, multipart } from '../../../test/helpers/images.js'

/**
 * The pilgrim register's own rules (issue 28); the list/CRUD/permission
 * contract is in test/crud-pilgrims.test.ts: the 409 that names the holder,
 * normalized phones and passports, the mahram, documents and who verified
 * them, the filters, the rules shown against the company's settings, and the
 * .xlsx export.
 */

let t: TestApp
let owner: Actor
let other: Actor

type Row = Record<string, unknown> & { id: number }

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Actor = owner, lang = 'en') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, 'x-localization': lang },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

const iso = (d: Date) => d.toISOString().slice(0, 10)
const monthsFromNow = (m: number, dayShift = 0) => {
  // From today: a month-end overflow only moves it later, never under the months asked.
  const d = new Date()
  d.setUTCMonth(d.getUTCMonth() + m)
  d.setUTCDate(d.getUTCDate() + dayShift)
  return iso(d)
}

async function create(body: Record<string, unknown>, who: Actor = owner): Promise<Row> {
  const res = await api('POST', '/pilgrims', { gender: 'male', ...body }, who)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}
const list = async (query: string) => {
  const res = await api('GET', `/pilgrims?${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as Row[]
}

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
})
afterAll(() => t?.close())

describe('pilgrims', () => {
  it('answers a duplicate NIK or passport with 409 naming the pilgrim who holds it, in the chosen language', async () => {
    await create({ full_name: 'Siti Aminah', nik: '3273015501800001', passport_number: 'A1234567' })
    const nik = await api('POST', '/pilgrims', { full_name: 'Other', gender: 'female', nik: '3273015501800001' })
    expect(nik.statusCode).toBe(409)
    expect(nik.json()).toEqual({
      message: 'Already registered as Siti Aminah',
      errors: { nik: ['This NIK belongs to Siti Aminah'] },
    })
    const passport = await api(
      'POST',
      '/pilgrims',
      { full_name: 'Other', gender: 'male', passport_number: 'a1234567' },
      owner,
      'id',
    )
    expect(passport.statusCode).toBe(409)
    expect(passport.json().errors).toEqual({ passport_number: ['Nomor paspor ini milik Siti Aminah'] })
    // Another company keeps its own register.
    await create({ full_name: 'Elsewhere', nik: '3273015501800001', passport_number: 'A1234567' }, other)
    // Many pilgrims have no NIK yet: the index only holds given ones.
    await create({ full_name: 'No NIK one' })
    await create({ full_name: 'No NIK two' })
  })

  it('stores phones as E.164 and passport numbers in capitals', async () => {
    const row = await create({
      full_name: 'Ahmad Fauzi',
      phone: '0812-3456 7890',
      emergency_phone: '62 811 222 333',
      passport_number: 'x7654321',
    })
    const read = (await api('GET', `/pilgrims/${row.id}`)).json().data
    expect(read).toMatchObject({ phone: '+6281234567890', emergency_phone: '+62811222333', passport_number: 'X7654321' })
    expect(read.nationality).toBe('ID')
    const bad = await api('POST', '/pilgrims', { full_name: 'Bad phone', gender: 'male', phone: '0812' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.phone).toEqual([expect.stringContaining('not a phone number')])
  })

  it('searches by name, NIK, passport number and phone', async () => {
    await create({ full_name: 'Searchable Person', nik: '3201999900001111', passport_number: 'QZ998877', phone: '081399887766' })
    // The phone is stored +6281399887766: typed as the clerk knows it (08…, 62…, spaced) it is found too.
    for (const term of ['searchable pers', '99990000', 'qz9988', '1399887', '081399887766', '0813 9988', '62813-998', '+62813'])
      expect(
        (await list(`search=${term}`)).map((r) => r.full_name),
        term,
      ).toEqual(['Searchable Person'])
  })

  it('keeps a mahram of the same company, never the pilgrim itself, and lets go of a deleted one', async () => {
    const father = await create({ full_name: 'Bapak Hasan' })
    const daughter = await create({ full_name: 'Nur Hasanah', gender: 'female', mahram_id: father.id, mahram_relation: 'father' })
    expect(daughter).toMatchObject({ mahram_id: father.id, mahram: { id: father.id, full_name: 'Bapak Hasan' } })
    const self = await api('PUT', `/pilgrims/${father.id}`, {
      full_name: 'Bapak Hasan',
      gender: 'male',
      mahram_id: father.id,
      mahram_relation: 'other',
    })
    expect(self.statusCode).toBe(422)
    expect(self.json().errors.mahram_id).toEqual(['A pilgrim cannot be their own mahram'])
    expect((await api('DELETE', `/pilgrims/${father.id}`)).statusCode).toBe(200)
    expect((await api('GET', `/pilgrims/${daughter.id}`)).json().data.mahram_id).toBeNull()
  })

  it('filters by gender, document status and passports expiring within N months', async () => {
    await create({ full_name: 'Filter Short', gender: 'female', passport_expiry: monthsFromNow(3) })
    await create({ full_name: 'Filter Expired', passport_expiry: monthsFromNow(-1) })
    await create({
      full_name: 'Filter Long',
      passport_expiry: monthsFromNow(30),
      documents: [{ type: 'passport', status: 'rejected', note: 'Blurred' }],
    })
    const names = async (q: string) => (await list(`search=filter&size=100&${q}`)).map((r) => r.full_name).sort()
    expect(await names('gender=female')).toEqual(['Filter Short'])
    expect(await names('passport_expires_within=6')).toEqual(['Filter Expired', 'Filter Short'])
    expect(await names('passport_expires_within=0')).toEqual(['Filter Expired'])
    expect(await names('document_status=rejected')).toEqual(['Filter Long'])
    expect(await names('document_status=verified')).toEqual([])
    for (const [q, field] of [
      ['gender=x', 'gender'],
      ['document_status=lost', 'document_status'],
      ['passport_expires_within=-1', 'passport_expires_within'],
      ['passport_expires_within=abc', 'passport_expires_within'],
    ]) {
      const res = await api('GET', `/pilgrims?${q}`)
      expect(res.statusCode, q).toBe(422)
      expect(res.json().errors[field!]).toEqual([expect.any(String)])
    }
  })

  it("shows the age, the passport's months left against the company's months, and the company's mahram rule", async () => {
    const birth = `${new Date().getUTCFullYear() - 30}-01-01`
    const row = await create({
      full_name: 'Rules Woman',
      gender: 'female',
      birth_date: birth,
      passport_expiry: monthsFromNow(7, 1),
    })
    expect(row).toMatchObject({ age: 30, passport_months_left: 7, passport_validity_months: 6, passport_short: false })
    expect(row.mahram_required).toBe(false)
    // The company asks 8 months of validity and a mahram for women under 45.
    await t.app.db
      .update(companies)
      .set({ passport_validity_months: 8, mahram_min_age: 45 })
      .where(eq(companies.id, owner.companyId))
    const again = (await api('GET', `/pilgrims/${row.id}`)).json().data
    expect(again).toMatchObject({
      passport_months_left: 7,
      passport_validity_months: 8,
      passport_short: true,
      mahram_required: true,
    })
    const [listed] = await list('search=Rules Woman')
    expect(listed).toMatchObject({ age: 30, passport_short: true, mahram_required: true })
    await t.app.db
      .update(companies)
      .set({ passport_validity_months: 6, mahram_min_age: null })
      .where(eq(companies.id, owner.companyId))
  })

  it('records who verified a document and when, keeps it on a re-save and forgets it when no longer verified', async () => {
    const clerk = await createUserWithPermissions(t.app, owner.companyId, ['pilgrim_create', 'pilgrim_update', 'pilgrim_view'])
    const base = { full_name: 'Doc Holder', gender: 'male' }
    const res = await api(
      'POST',
      '/pilgrims',
      {
        ...base,
        documents: [
          { type: 'ktp', status: 'verified' },
          { type: 'visa', status: 'missing', verified_at: '2000-01-01' },
        ],
      },
      clerk,
    )
    expect(res.statusCode, res.body).toBe(200)
    const [ktp, visa] = res.json().data.documents as Row[]
    expect(ktp).toMatchObject({ type: 'ktp', status: 'verified', verified_by: clerk.userId, verified_at: expect.any(String) })
    expect(visa).toMatchObject({ type: 'visa', status: 'missing', verified_by: null, verified_at: null })
    const id = res.json().data.id
    // Saved again by the owner: the first verification stays.
    const kept = await api('PUT', `/pilgrims/${id}`, { ...base, documents: [ktp, { ...visa, status: 'received' }] })
    expect(kept.json().data.documents[0]).toMatchObject({ verified_by: clerk.userId, verified_at: ktp.verified_at })
    const undone = await api('PUT', `/pilgrims/${id}`, { ...base, documents: [{ ...ktp, status: 'rejected' }] })
    expect(undone.json().data.documents).toEqual([
      expect.objectContaining({ status: 'rejected', verified_by: null, verified_at: null }),
    ])
    const chips = (await list('search=Doc Holder'))[0]!.documents
    expect(chips).toEqual([{ type: 'ktp', status: 'rejected' }])
  })

  it('exports an .xlsx of the matching rows with dates as DD-MM-YYYY', async () => {
    await create({ full_name: 'Export Me', birth_date: '1980-05-17', nik: '3201000011112222' })
    const res = await api('GET', '/pilgrims/export?format=xlsx&search=Export Me&headers=keys')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    const ExcelJS = await loadExcel()
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]!
    expect(sheet.rowCount).toBe(2)
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    const values = (sheet.getRow(2).values as unknown[]).slice(1)
    const cell = (h: string) => values[header.indexOf(h)]
    expect([cell('full_name'), cell('birth_date'), cell('nik')]).toEqual(['Export Me', '17-05-1980', '3201000011112222'])
  })

  it('writes nothing for a refused pilgrim (the database holds the rules too)', async () => {
    const count = async () => ((await t.app.db.execute(sql`SELECT count(*)::int AS n FROM pilgrims`)) as { rows: unknown[] }).rows
    const before = await count()
    const nik = await t.app.db
      .execute(
        sql`INSERT INTO pilgrims (company_id, full_name, gender, nik) VALUES (${owner.companyId}, 'Direct', 'male', '123')`,
      )
      .catch((e: unknown) => e)
    expect(String((nik as { cause?: { message?: string } }).cause?.message ?? nik)).toContain('pilgrims_nik_digits')
    expect(await count()).toEqual(before)
  })

  describe('document files', () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
    const upload = (bytes: Buffer, filename: string, contentType: string, who: Actor = owner) => {
      const form = multipart([{ name: 'file', filename, contentType, value: bytes }])
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/pilgrims/documents/upload',
        headers: { ...who.headers, ...form.headers },
        payload: form.payload,
      })
    }

    it('takes a PDF, JPEG or PNG by its bytes and refuses 6 MB, an SVG and HTML renamed .pdf, naming the field', async () => {
      for (const [bytes, name, type] of [
        [pdf, 'passport.pdf', 'application/pdf'],
        [await makeImage('jpeg'), 'ktp.jpg', 'image/jpeg'],
        [await makeImage('png'), 'kk.png', 'image/png'],
      ] as const) {
        const res = await upload(bytes, name, type)
        expect(res.statusCode, res.body).toBe(200)
        expect(res.json().data.file_name).toMatch(/^[0-9a-f]{32}\.(pdf|jpg|png)$/)
      }
      const big = Buffer.concat([pdf, Buffer.alloc(6 * 1024 * 1024)])
      const bad: Array<[Buffer, string, string, number]> = [
        [big, 'big.pdf', 'application/pdf', 413],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml', 415],
        [Buffer.from('<!doctype html><html><body>hi</body></html>'), 'fake.pdf', 'application/pdf', 415],
        [await makeImage('gif'), 'anim.gif', 'image/gif', 415],
      ]
      const before = ((await t.app.db.execute(sql`SELECT count(*)::int AS n FROM uploads`)) as { rows: unknown[] }).rows
      for (const [bytes, name, type, status] of bad) {
        const res = await upload(bytes, name, type)
        expect(res.statusCode, name).toBe(status)
        expect(res.json().errors.file, name).toEqual([expect.any(String)])
      }
      expect(((await t.app.db.execute(sql`SELECT count(*)::int AS n FROM uploads`)) as { rows: unknown[] }).rows).toEqual(before)
    })

    it('serves files only with pilgrim_documents: pilgrim_view shows the list, not the files, and no public route serves them', async () => {
      const file = (await upload(pdf, 'passport.pdf', 'application/pdf')).json().data.file_name as string
      const row = await create({ full_name: 'Files Person', documents: [{ type: 'passport', file, status: 'received' }] })
      const doc = (row.documents as Row[])[0]!
      const url = `/pilgrims/${row.id}/documents/file?document_id=${doc.id}`
      const viewer = await createUserWithPermissions(t.app, owner.companyId, ['pilgrim_view', 'pilgrim_list'])
      const keeper = await createUserWithPermissions(t.app, owner.companyId, ['pilgrim_documents'])
      expect((await api('GET', `/pilgrims/${row.id}`, undefined, viewer)).json().data.documents).toEqual([
        expect.objectContaining({ type: 'passport', status: 'received', file }),
      ])
      expect((await api('GET', url, undefined, viewer)).statusCode).toBe(403)
      expect((await upload(pdf, 'p.pdf', 'application/pdf', viewer)).statusCode).toBe(403)
      const served = await api('GET', url, undefined, keeper)
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('application/pdf')
      expect(served.rawPayload.equals(pdf)).toBe(true)
      // Not as a public image, not through the plain download, not for another company.
      expect((await t.app.inject({ method: 'GET', url: `/images/${file}` })).statusCode).toBe(404)
      expect((await api('GET', `/download?file=${file}`)).statusCode).toBe(404)
      expect((await api('GET', url, undefined, other)).statusCode).toBe(404)
    })

    it("refuses a document file that is not the company's private upload", async () => {
      const form = imageForm(await makeImage('png'), 'a.png', 'image/png')
      const image = await t.app.inject({
        method: 'POST',
        url: '/api/v1/actions_gallery/upload',
        headers: { ...owner.headers, ...form.headers },
        payload: form.payload,
      })
      expect(image.statusCode, image.body).toBe(200)
      const foreign = (await upload(pdf, 'x.pdf', 'application/pdf', other)).json().data.file_name as string
      for (const file of [image.json().data.file_name as string, foreign]) {
        const res = await api('POST', '/pilgrims', {
          full_name: 'Wrong File',
          gender: 'male',
          documents: [{ type: 'ktp', file }],
        })
        expect(res.statusCode, file).toBe(422)
        expect(res.json().errors['documents.0.file']).toEqual([expect.any(String)])
      }
    })
  })

  it('seeds the demo register with generated PDFs on the first pilgrims’ received and verified documents, served as documents', async () => {
    const demo = (await createCompany(t.app, { name: 'Demo Seed Travel' })).owner
    await seedDemoPilgrims(t.app.db as Db, demo.companyId, demo.userId, t.app.storage)
    const list = (await api('GET', '/pilgrims?size=100', undefined, demo)).json().data as Array<{ id: number }>
    expect(list).toHaveLength(30)
    type Doc = { id: number; status: string; file: string | null }
    const withFiles: Array<[number, Doc]> = []
    for (const p of list) {
      const docs = (await api('GET', `/pilgrims/${p.id}`, undefined, demo)).json().data.documents as Doc[]
      for (const d of docs) {
        if (d.file) expect(['received', 'verified']).toContain(d.status)
        if (d.file) withFiles.push([p.id, d])
      }
    }
    expect(withFiles.length).toBeGreaterThan(5)
    const [pilgrimId, doc] = withFiles[0]!
    const res = await api('GET', `/pilgrims/${pilgrimId}/documents/file?document_id=${doc.id}`, undefined, demo)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toContain('application/pdf')
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  })
})
