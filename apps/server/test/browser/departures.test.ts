import { readFile } from 'node:fs/promises'
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hijriDate, hijriShort, plusDays as addDays } from '@app/shared'
import type { Db } from '../../src/db/client.js'
import { createHotelRoom, createTrainRoute } from '../helpers/bookables.js'
import { createCompany, type Actor } from '../helpers/fixtures.js'
import { startBrowserEnv, type BrowserEnv } from './harness.js'
import { apiAs, BOTH_LANGS, notification, shot, openFromMenu, dmy } from './page.js'

/**
 * Departures in real Chromium against the real server (issue 29), in Indonesian (English too with
 * BROWSER_LANGS=both): the menu
 * entry leads to the list with its status tabs and their numbers and seats sold and left per row; the
 * departure's page shows its dates beside their Hijri ones, the itinerary as a timeline (Madinah nights,
 * the train, Makkah nights) and a warning for a train that is not on a check-out day; opening it from
 * the page holds its allotment (the Open tab counts it); the page form shows the Hijri dates too.
 */
let env: BrowserEnv
let owner: Actor
const api = apiAs(
  () => env,
  () => owner,
)

interface Texts {
  lang: 'en' | 'id'
  menu: string
  draft: string
  open: string
  openMove: string
  updated: string
  itinerary: string
  warning: string
  sold: string
  edit: string
  quad: string
  soldTwo: string
  noPilgrims: string
  manifestXlsx: string
  nameHeader: string
  short: string
  visaMissing: string
  nextDepartures: string
  due: string
}
const EN: Texts = {
  lang: 'en',
  menu: 'Departures',
  draft: 'Draft',
  open: 'Open',
  openMove: 'Open for sale',
  updated: 'Updated',
  itinerary: 'Itinerary',
  warning: 'is not on a hotel check-out day',
  sold: '0 sold · 8 left',
  edit: 'Edit',
  quad: 'Quad',
  soldTwo: '2 sold · 6 left',
  noPilgrims: 'No pilgrims booked yet.',
  manifestXlsx: 'Manifest XLSX',
  nameHeader: 'Full Name (as in passport)',
  short: 'Passport expires',
  visaMissing: 'Visa missing',
  nextDepartures: 'Next Departures',
  due: 'SAR 5,000',
}
const ID: Texts = {
  lang: 'id',
  menu: 'Keberangkatan',
  draft: 'Draf',
  open: 'Dibuka',
  openMove: 'Buka penjualan',
  updated: 'Berhasil Diperbarui',
  itinerary: 'Rencana Perjalanan',
  warning: 'bukan pada hari check-out hotel',
  sold: '0 terjual · sisa 8',
  edit: 'Ubah',
  quad: 'Quad',
  soldTwo: '2 terjual · sisa 6',
  noPilgrims: 'Belum ada jamaah terdaftar.',
  manifestXlsx: 'Manifes XLSX',
  nameHeader: 'Nama Lengkap (sesuai paspor)',
  short: 'Paspor habis',
  visaMissing: 'Visa belum ada',
  nextDepartures: 'Keberangkatan Berikutnya',
  due: 'SAR 5.000',
}

const D = addDays(new Date().toISOString().slice(0, 10), 75)

async function draftDeparture(code: string) {
  const db = env.app.db as Db
  const madinah = await createHotelRoom(db, owner.companyId, {}, { room_stock: 5 })
  const makkah = await createHotelRoom(db, owner.companyId, {}, { room_stock: 5 })
  const route = await createTrainRoute(db, owner.companyId, { max_passengers: 50 })
  return api<{ id: number }>('POST', '/departures', {
    code,
    name: `Umrah ${code}`,
    departure_date: D,
    return_date: addDays(D, 11),
    seats: 8,
    prices: [{ room_type: 'quad', price: 2500, currency: 'SAR' }],
    stays: [
      { hotel_id: madinah.hotelId, room_id: madinah.roomId, room_type: 'quad', check_in: D, check_out: addDays(D, 4), rooms: 2 },
      {
        hotel_id: makkah.hotelId,
        room_id: makkah.roomId,
        room_type: 'quad',
        check_in: addDays(D, 4),
        check_out: addDays(D, 11),
        rooms: 2,
      },
    ],
    // The second train is on a Madinah night, not a check-out day: the page warns.
    trains: [
      { route_id: route, train_type: 'economy', date: addDays(D, 4), seats: 8 },
      { route_id: route, train_type: 'economy', date: addDays(D, 2), seats: 8 },
    ],
  })
}

/** A pilgrim whose passport is good for years, with the documents given. */
const pilgrimBody = (full_name: string, documents: Array<{ type: string; status: string }>) => ({
  full_name,
  gender: 'male',
  birth_date: '1980-05-17',
  birth_place: 'Surabaya',
  passport_number: `B${Math.random().toString().slice(2, 9)}`,
  passport_issued: '2024-01-10',
  passport_expiry: addDays(D, 3 * 365),
  passport_office: 'Kanim Surabaya',
  documents,
})

beforeAll(async () => {
  env = await startBrowserEnv()
  owner = (await createCompany(env.app, { name: 'Departures Travel' })).owner
}, 120_000)
afterAll(async () => {
  await env?.close()
})

async function open(texts: Texts, url: string): Promise<Page> {
  const page = await env.newPage({ locale: texts.lang === 'id' ? 'id-ID' : 'en-US' })
  await page.setViewportSize({ width: 1366, height: 768 })
  page.setDefaultTimeout(60_000)
  await page.context().addCookies([
    { name: 'locale', value: texts.lang, url: env.baseUrl },
    { name: 'token', value: owner.token, url: env.baseUrl, httpOnly: true, sameSite: 'Strict' },
  ])
  await page.goto(url)
  return page
}

async function journey(texts: Texts) {
  const name = (n: string) => `departures-${texts.lang}-${n}`
  const code = `UMR-${texts.lang.toUpperCase()}-01`
  const { id } = await draftDeparture(code)
  const hijri = `${dmy(D)} · ${hijriDate(D, texts.lang)}`

  const page = await open(texts, '/app')
  await openFromMenu(page, texts.menu, '/app/departures', texts.menu)
  const row = page.getByRole('row').filter({ hasText: code })
  await row.waitFor()
  // The list's date: Gregorian, the Hijri under it, neither cut at 1366 px.
  for (const text of [dmy(D), hijriDate(D, texts.lang)]) {
    const cell = row.getByText(text, { exact: true }).first()
    await cell.waitFor()
    expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth), text).toBe(true)
  }
  expect(await row.textContent()).toContain(texts.sold)
  await shot(page, name('01-list'))

  // The departure's page: Hijri beside Gregorian, the timeline, the warning.
  await row.getByRole('link', { name: code }).click()
  await page.getByRole('heading', { name: texts.itinerary }).waitFor()
  expect(new URL(page.url()).pathname).toBe(`/app/departures/${id}`)
  expect(await page.getByTestId('departure-date').textContent()).toBe(hijri)
  expect(await page.getByTestId('itinerary').locator('.mantine-Timeline-item').count()).toBe(4)
  expect(await page.getByTestId('itinerary-warning').first().textContent()).toContain(texts.warning)
  expect(await page.getByTestId('departure-status').textContent()).toBe(texts.draft)
  await shot(page, name('02-page'), { fullPage: true })

  // Opening holds the allotment.
  await page.getByRole('button', { name: texts.openMove, exact: true }).click()
  await notification(page, texts.updated).waitFor()
  await expect.poll(() => page.getByTestId('departure-status').textContent()).toBe(texts.open)
  const saved = await api<{ status: string }>('GET', `/departures/${id}`)
  expect(saved.status).toBe('open')
  const counts = await api<Record<string, number>>('GET', '/departures/counters')
  expect(counts.open).toBeGreaterThanOrEqual(1)
  await shot(page, name('03-opened'))

  // The seats of each room type, and no pilgrims yet.
  await expect.poll(() => page.getByTestId('seats-quad').textContent()).toContain(texts.sold)
  expect(await page.getByTestId('departure-documents').textContent()).toContain(texts.noPilgrims)

  // Two pilgrims booked on quad: the seats card counts them; one has a visa missing, the other a passport
  // that expires too soon (shortened after the booking, which refuses it).
  const lang = texts.lang.toUpperCase()
  const ready = await api<{ id: number }>(
    'POST',
    '/pilgrims',
    pilgrimBody(`Ahmad Ready ${lang}`, [{ type: 'passport', status: 'verified' }]),
  )
  const visa = await api<{ id: number }>(
    'POST',
    '/pilgrims',
    pilgrimBody(`Siti Visa ${lang}`, [{ type: 'visa', status: 'missing' }]),
  )
  await api('POST', '/orders', {
    customer: { name: `Keluarga ${lang}` },
    items: [{ kind: 'departure', departure_id: id, room_type: 'quad', pilgrim_ids: [ready.id, visa.id] }],
  })
  const readyNow = await api<Record<string, unknown>>('GET', `/pilgrims/${ready.id}`)
  await api('PUT', `/pilgrims/${ready.id}`, { ...readyNow, passport_expiry: addDays(D, 30) })
  await page.reload()
  await expect.poll(() => page.getByTestId('seats-quad').textContent()).toContain(texts.soldTwo)
  const problems = page.getByTestId('document-problem')
  await expect.poll(() => problems.count()).toBe(2)
  expect(await problems.filter({ hasText: `Siti Visa ${lang}` }).textContent()).toContain(texts.visaMissing)
  expect(await problems.filter({ hasText: `Ahmad Ready ${lang}` }).textContent()).toContain(
    `${texts.short} ${dmy(addDays(D, 30))}`,
  )
  expect(await problems.getByRole('link', { name: `Siti Visa ${lang}` }).getAttribute('href')).toBe(
    `/app/pilgrims/edit/${visa.id}`,
  )
  await shot(page, name('03b-facts'), { fullPage: true })

  // The manifest, downloaded as Excel in the reader's language.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: texts.manifestXlsx }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(new RegExp(`^manifest_${code}_table_.*\\.xlsx$`))
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer)
  const sheet = wb.worksheets[0]!
  expect(sheet.getRow(1).getCell(2).value).toBe(texts.nameHeader)
  expect(sheet.getRow(2).getCell(2).value).toBe(`Ahmad Ready ${lang}`)
  expect(sheet.getRow(2).getCell(4).value).toBe('17-05-1980')

  // A phone: the cards stack.
  await page.setViewportSize({ width: 390, height: 844 })
  await shot(page, name('03c-phone'), { fullPage: true })
  await page.setViewportSize({ width: 1366, height: 768 })

  // The page form shows the dates in both calendars.
  await page.getByRole('link', { name: texts.edit }).click()
  await page.getByTestId('departure-hijri').waitFor()
  expect(await page.getByTestId('departure-hijri').textContent()).toContain(hijri)
  await shot(page, name('04-form'), { fullPage: true })

  // The list's Open tab holds it.
  await page.goto('/app/departures?status=open')
  await page.getByRole('row').filter({ hasText: code }).waitFor()
  await shot(page, name('05-open-tab'))

  // The dashboard's next departures: this one, its date beside the Hijri one, seats sold and left, money due.
  await page.goto('/app')
  const next = page.getByTestId('next-departure').filter({ hasText: code })
  await next.waitFor()
  expect(await page.getByTestId('next-departures').textContent()).toContain(texts.nextDepartures)
  expect(await next.getByTestId('next-departure-date').textContent()).toBe(`${dmy(D)} · ${hijriShort(D, texts.lang)}`)
  expect(await next.getByTestId('next-departure-seats').textContent()).toBe(texts.soldTwo)
  expect(await next.getByTestId('next-departure-due').textContent()).toContain(texts.due)
  await next.scrollIntoViewIfNeeded()
  await shot(page, name('06-dashboard'))
  await page.setViewportSize({ width: 390, height: 844 })
  await next.scrollIntoViewIfNeeded()
  await shot(page, name('07-dashboard-phone'))
  await page.close()
}

// In Indonesian: the departure journey (departure-journey.test.ts) goes through these screens in English
// (the journeys alternate their language, docs/decisions/ci.md); BROWSER_LANGS=both runs this one in English too.
describe('departures in the browser', () => {
  if (BOTH_LANGS) it('in English', () => journey(EN), 240_000)
  it('in Indonesian', () => journey(ID), 240_000)
})
