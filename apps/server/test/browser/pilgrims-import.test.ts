import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PILGRIM_IMPORT_COLUMNS } from '@app/shared'
import { createCompany, type Actor } from '../helpers/fixtures.js'
import { loadExcel } from '../../src/lib/lazy.js'
import { startBrowserEnv, type BrowserEnv } from './harness.js'
import { notification, shot, openSignedIn } from './page.js'

/**
 * The pilgrim import in real Chromium against the real server (issue 28), in
 * English (a CSV) and Indonesian (an .xlsx with Indonesian headers): a
 * 200-row file with three bad rows is checked, each error shows in its cell
 * and the import stays closed; the fixed file checks clean, one row already
 * registered is named as a duplicate, and importing writes the rest.
 */
let env: BrowserEnv

interface Texts {
  lang: 'en' | 'id'
  title: string
  file: string
  check: string
  ready: string
  hasErrors: string
  done: string
  back: string
  nikError: string
  dateError: string
  genderError: string
  duplicate: string
  importRows: (n: number) => string
}
const EN: Texts = {
  lang: 'en',
  title: 'Import Pilgrims',
  file: 'Spreadsheet file (.xlsx or .csv)',
  check: 'Check file',
  ready: 'The file is ready',
  hasErrors: 'Fix the marked cells',
  done: 'Import done',
  back: 'Back to pilgrims',
  nikError: 'NIK must be 16 digits',
  dateError: 'Birth date must be a date as DD-MM-YYYY',
  genderError: 'Gender must be male or female (L/P)',
  duplicate: 'belongs to Already Registered: will be skipped',
  importRows: (n) => `Import ${n} rows`,
}
const ID: Texts = {
  lang: 'id',
  title: 'Impor Jamaah',
  file: 'Berkas lembar kerja (.xlsx atau .csv)',
  check: 'Periksa berkas',
  ready: 'Berkas siap diimpor',
  hasErrors: 'Perbaiki sel yang ditandai',
  done: 'Impor selesai',
  back: 'Kembali ke daftar jamaah',
  nikError: 'NIK harus 16 digit',
  dateError: 'Tanggal lahir harus tanggal dengan format DD-MM-YYYY',
  genderError: 'Jenis kelamin harus laki-laki atau perempuan (L/P)',
  duplicate: 'milik Already Registered: akan dilewati',
  importRows: (n) => `Impor ${n} baris`,
}

const nik = (n: number) => `3201${String(n).padStart(12, '0')}`
const COLUMNS = ['full_name', 'gender', 'birth_date', 'nik', 'phone', 'city'] as const
/** 200 pilgrims; rows 51, 102 and 153 of the sheet (data rows 50, 101, 152) are bad until `fixed`. */
function pilgrimRows(fixed: boolean): string[][] {
  return Array.from({ length: 200 }, (_, i) => {
    const row = [
      `Jamaah ${i + 1}`,
      i % 2 ? 'P' : 'L',
      `${String((i % 28) + 1).padStart(2, '0')}-03-1980`,
      nik(i + 1),
      '0812 3456 7890',
      'Bandung',
    ]
    if (!fixed && i === 49) row[3] = '320100000000005' // 15 digits
    if (!fixed && i === 100) row[2] = '31-02-1980' // no such day
    if (!fixed && i === 151) row[1] = 'X'
    return row
  })
}

async function fileFor(texts: Texts, fixed: boolean): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const headers = COLUMNS.map((c) => PILGRIM_IMPORT_COLUMNS[c][texts.lang])
  const rows = pilgrimRows(fixed)
  if (texts.lang === 'en') {
    const text = [headers, ...rows].map((r) => r.join(',')).join('\r\n')
    return { name: `pilgrims${fixed ? '-fixed' : ''}.csv`, mimeType: 'text/csv', buffer: Buffer.from(`${text}\r\n`) }
  }
  const ExcelJS = await loadExcel()
  const wb = new ExcelJS.Workbook()
  const sheet = wb.addWorksheet('Jamaah')
  sheet.addRow(headers)
  for (const r of rows) sheet.addRow(r)
  return {
    name: `jamaah${fixed ? '-perbaikan' : ''}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
  }
}

beforeAll(async () => {
  env = await startBrowserEnv()
}, 120_000)
afterAll(async () => {
  await env?.close()
})

const open = (texts: Texts, owner: Actor): Promise<Page> =>
  openSignedIn(env, owner, texts.lang, '/app/pilgrims/import', { viewport: { width: 1366, height: 900 }, timeout: 60_000 })

async function journey(texts: Texts) {
  const name = (n: string) => `pilgrims-import-${texts.lang}-${n}`
  const { owner } = await createCompany(env.app, { name: `Import Travel ${texts.lang}` })
  const inject = (url: string) => env.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: owner.headers })
  // One pilgrim of the file is registered already: a duplicate, skipped.
  const made = await env.app.inject({
    method: 'POST',
    url: '/api/v1/pilgrims',
    headers: owner.headers,
    payload: { full_name: 'Already Registered', gender: 'male', nik: nik(7) },
  })
  expect(made.statusCode, made.body).toBe(200)

  const page = await open(texts, owner)
  await page.getByRole('heading', { name: texts.title, level: 1 }).waitFor()
  const input = page.locator('input[type="file"]')
  await input.setInputFiles(await fileFor(texts, false))
  await page.getByRole('button', { name: texts.check }).click()
  const table = page.getByRole('table')
  await table.waitFor()
  await page.getByText(texts.hasErrors).waitFor()
  // The three bad rows and the duplicate, each error in its own cell.
  const cell = (row: number, column: string) => table.locator(`tr[data-row="${row}"] td[data-column="${column}"]`)
  await expect.poll(() => table.locator('tbody tr').count()).toBe(4)
  expect(await cell(51, 'nik').textContent()).toContain(texts.nikError)
  expect(await cell(51, 'nik').getAttribute('data-invalid')).toBe('true')
  expect(await cell(102, 'birth_date').textContent()).toContain(texts.dateError)
  expect(await cell(153, 'gender').textContent()).toContain(texts.genderError)
  expect(await cell(8, 'duplicate').textContent()).toContain(texts.duplicate)
  expect(await table.locator('td[data-invalid]').count()).toBe(3)
  // The three bad rows are not counted, and nothing can be imported while they are there.
  await expect.poll(() => page.getByRole('button', { name: texts.importRows(196) }).isDisabled()).toBe(true)
  await shot(page, name('01-errors'), { fullPage: true })
  // Checking wrote nothing.
  expect((await inject('/pilgrims?size=1')).json().pagination.total).toBe(1)

  // The fixed file: clean, the duplicate still named, then imported.
  await input.setInputFiles(await fileFor(texts, true))
  await page.getByRole('button', { name: texts.check }).click()
  await page.getByText(texts.ready).waitFor()
  await expect.poll(() => table.locator('td[data-invalid]').count()).toBe(0)
  expect(await cell(8, 'duplicate').textContent()).toContain(texts.duplicate)
  await shot(page, name('02-ready'), { fullPage: true })
  await page.getByRole('button', { name: texts.importRows(199) }).click()
  await notification(page, texts.done).waitFor()
  expect((await inject('/pilgrims?size=1')).json().pagination.total).toBe(200)
  const [first] = (await inject(`/pilgrims?search=${nik(1)}`)).json().data
  expect(first).toMatchObject({ full_name: 'Jamaah 1', gender: 'male', birth_date: '1980-03-01', phone: '+6281234567890' })
  await shot(page, name('03-done'))
  const back = page.getByRole('link', { name: texts.back }).last()
  expect(await back.getAttribute('href')).toBe('/app/pilgrims')
  await page.close()
}

describe('the pilgrim import screen', () => {
  it('in English: a CSV with three bad rows, fixed and imported', () => journey(EN))
  it('in Indonesian: an .xlsx with Indonesian headers, fixed and imported', () => journey(ID))
})
