import { eq } from 'drizzle-orm'
import type ExcelJS from 'exceljs'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hotels, trainRoutes, transportations } from '../../src/db/schema/index.js'
import { addDays } from '../../src/modules/orders/kinds.js'
import { createCompany, type Actor } from '../helpers/fixtures.js'
import { DEPARTURE_DAY, createPilgrim, departureCatalogue } from '../helpers/departures.js'
import { startBrowserEnv, type BrowserEnv } from './harness.js'
import {
  apiAs,
  BOTH_LANGS,
  chooseOption,
  combo,
  escapeRegExp,
  field,
  notification,
  openFromMenu,
  openSignedIn,
  pickDay,
  closeNotifications,
  cellText as text,
  downloadedSheet,
  shot,
} from './page.js'
import { DEPARTURE_TEXTS as TEXTS, type DepartureTexts as Texts } from './departure-journey.texts.js'

/**
 * Issue 29's proof, in English (Indonesian too with BROWSER_LANGS=both; the Indonesian manifest is read back
 * in departure-reads.test.ts), as a clerk does it in Chromium: a departure built through
 * the full-page form from the catalogue (a Madinah and a Makkah stay of quad rooms, the train on the
 * Madinah check-out day, a transfer; the stay's room picker offers only its hotel's rooms), opened for
 * sale from its page; six pilgrims in two families booked at the Departure Bookings desk (two orders);
 * on the departure's page the seats sold, the Madinah rooms auto-assigned, one pilgrim moved by hand to
 * a room of their own and the list saved; then the hotel's rooming list and the manifest downloaded as
 * XLSX and read back: names, room numbers, passport numbers, the page's language, DD-MM-YYYY dates.
 */
let env: BrowserEnv
let owner: Actor
const api = apiAs(
  () => env,
  () => owner,
)

const D = addDays(new Date().toISOString().slice(0, 10), 70)
const WAIT = { timeout: 60_000 }
const ddmmyyyy = (iso: string) => `${iso.slice(8)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`

beforeAll(async () => {
  env = await startBrowserEnv()
  owner = (await createCompany(env.app, { name: 'Journey Umrah Travel' })).owner
}, 120_000)
afterAll(async () => {
  await env?.close()
})

/** The catalogue of one language's run, named as an agency names it. */
async function catalogue(tag: string) {
  const db = env.app.db
  const c = await departureCatalogue(db, owner.companyId)
  const names = {
    madinah: `Dar Al Hijra Madinah ${tag}`,
    makkah: `Swissotel Al Maqam Makkah ${tag}`,
    route: `Haramain Madinah - Makkah ${tag}`,
    bus: `Bus Saptco 50 ${tag}`,
  }
  await db.update(hotels).set({ name: names.madinah }).where(eq(hotels.id, c.madinah.hotelId))
  await db.update(hotels).set({ name: names.makkah }).where(eq(hotels.id, c.makkah.hotelId))
  await db.update(trainRoutes).set({ name: names.route }).where(eq(trainRoutes.id, c.routeId))
  await db.update(transportations).set({ name: names.bus }).where(eq(transportations.id, c.busId))
  return names
}

/**
 * A journey's run in its language: 1, then 2 on vitest's retry, so a retry writes its own departure code and
 * passports rather than meeting the first attempt's rows (a retry that failed only on those hid the first error).
 */
const attempts: Record<string, number> = {}

/** Two families: each a father, his wife and their child, whose mahram is the father. */
async function families(texts: Texts, again: string) {
  const db = env.app.db
  const made: Array<{ id: number; name: string; passport: string; birth: string; female: boolean }> = []
  for (const [f, fam] of texts.families.entries()) {
    const passport = (n: number) => `${texts.lang.toUpperCase()}${f + 1}00${n}7${again}`
    const father = await createPilgrim(db, owner.companyId, { full_name: fam[0], passport_number: passport(1) })
    const wife = await createPilgrim(db, owner.companyId, {
      full_name: fam[1],
      gender: 'female',
      birth_date: '1984-03-09',
      passport_number: passport(2),
      mahram_id: father,
      mahram_relation: 'husband',
    })
    // The first family's child is a daughter, the second's a son.
    const child = await createPilgrim(db, owner.companyId, {
      full_name: fam[2],
      gender: f === 0 ? 'female' : 'male',
      birth_date: '2012-11-23',
      passport_number: passport(3),
      mahram_id: father,
      mahram_relation: 'father',
    })
    made.push(
      { id: father, name: fam[0], passport: passport(1), birth: '15-01-1980', female: false },
      { id: wife, name: fam[1], passport: passport(2), birth: '09-03-1984', female: true },
      { id: child, name: fam[2], passport: passport(3), birth: '23-11-2012', female: f === 0 },
    )
  }
  return made
}

const entry = (page: Page, label: string, n: number) => page.getByRole('group', { name: `${label} ${n}` })

/** The departure through the full-page form: dates, seats, two prices, two stays, the train, a transfer. */
async function buildDeparture(page: Page, texts: Texts, code: string, names: Awaited<ReturnType<typeof catalogue>>) {
  const shotName = (n: string) => `departure-journey-${texts.lang}-${n}`
  await openFromMenu(page, texts.menu, '/app/departures', texts.menu)
  await page.getByRole('button', { name: texts.create, exact: true }).click()
  await page.waitForURL('**/app/departures/create')
  await field(page, texts.code).fill(code)
  await field(page, texts.name).fill(texts.departureName)
  await pickDay(page, page.locator('main'), texts.departureDate, D, texts)
  await pickDay(page, page.locator('main'), texts.returnDate, addDays(D, 11), texts)
  await field(page, texts.seats).first().fill('12')

  const quad = entry(page, texts.pricesItem, 1)
  await chooseOption(page, quad, texts.roomType, texts.quad)
  await field(quad, texts.price).fill('2500')
  await page.getByRole('button', { name: texts.addPrice }).click()
  const double = entry(page, texts.pricesItem, 2)
  await chooseOption(page, double, texts.roomType, texts.double)
  await field(double, texts.price).fill('3100')

  const stay = async (n: number, hotel: string, from: string, to: string) => {
    if (n > 1) await page.getByRole('button', { name: texts.addStay }).click()
    const s = entry(page, texts.staysItem, n)
    await chooseOption(page, s, texts.hotel, hotel)
    // The room picker offers only the room of the stay's hotel (the company has one per hotel, 2 or 4 in all).
    await field(s, texts.room).first().click()
    await expect.poll(() => page.getByRole('option').allTextContents(), WAIT).toEqual(['Quad Room'])
    await page.getByRole('option', { name: 'Quad Room' }).click()
    await chooseOption(page, s, texts.roomType, texts.quad)
    await pickDay(page, s, texts.checkIn, from, texts)
    await pickDay(page, s, texts.checkOut, to, texts)
    await field(s, texts.rooms).fill('3')
  }
  await stay(1, names.madinah, D, addDays(D, 4))
  await stay(2, names.makkah, addDays(D, 4), addDays(D, 11))

  const train = entry(page, texts.trainsItem, 1)
  await chooseOption(page, train, texts.route, names.route)
  await chooseOption(page, train, texts.trainClass, texts.economy)
  await pickDay(page, train, texts.date, addDays(D, 4), texts)
  await field(train, texts.seats).fill('12')

  const transfer = entry(page, texts.transfersItem, 1)
  await chooseOption(page, transfer, texts.vehicle, names.bus)
  await pickDay(page, transfer, texts.startDate, D, texts)
  await pickDay(page, transfer, texts.endDate, addDays(D, 1), texts)
  await shot(page, shotName('01-form'), { fullPage: true })

  await page.getByRole('button', { name: texts.save, exact: true }).click()
  await notification(page, texts.created).waitFor()
  await page.waitForURL('**/app/departures')
  const row = page.getByRole('row').filter({ hasText: code })
  await row.waitFor()
  await shot(page, shotName('02-list'))
  await row.getByRole('link', { name: code }).click()
  await page.getByRole('heading', { name: texts.itinerary }).waitFor()
  return Number(new URL(page.url()).pathname.split('/').pop())
}

/** One family booked at the Departure Bookings desk, as one order. */
async function book(
  page: Page,
  texts: Texts,
  code: string,
  customer: string,
  who: Array<{ name: string; passport: string }>,
  n: number,
) {
  await openFromMenu(page, texts.orderGroup, '/app/order_departure', texts.desk)
  await page.getByRole('button', { name: texts.create, exact: true }).click()
  await page.getByRole('heading', { name: texts.newOrder }).waitFor()
  await field(page, texts.customer).fill(customer)
  const item = page.getByRole('group', { name: texts.bookingItem })
  await chooseOption(page, item, texts.departure, new RegExp(escapeRegExp(code)))
  await chooseOption(page, item, texts.roomTypeBooking, new RegExp(texts.quad))
  const travellers = combo(item, texts.travellers)
  // By name and passport: a retry's pilgrims carry the first attempt's names beside their own passports.
  for (const { name, passport } of who) {
    await travellers.click()
    await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(name)} \\(${escapeRegExp(passport)}\\)`) }).click()
  }
  await page.keyboard.press('Escape')
  await expect.poll(() => page.getByTestId('order-total').textContent(), WAIT).toContain(texts.total)
  await shot(page, `departure-journey-${texts.lang}-03-booking-${n}`, { fullPage: true })
  await page.getByRole('button', { name: texts.createOrder }).click()
  await page.waitForURL(/\/app\/order_departure\/\d+$/)
}

const room = (page: Page, label: string) => page.locator(`[data-testid="rooming-room"][data-room="${label}"]`)
const names = async (scope: Locator) =>
  (await scope.getByTestId('rooming-pilgrim').allTextContents()).map((s) => s.replace(/^[LPMF]/, '').trim())

async function journey(texts: Texts) {
  const shotName = (n: string) => `departure-journey-${texts.lang}-${n}`
  const attempt = (attempts[texts.lang] = (attempts[texts.lang] ?? 0) + 1)
  // '' on the first attempt, '2' on the retry: the suffix of the code, passports and catalogue names.
  const again = attempt > 1 ? String(attempt) : ''
  const code = `UMR-J-${texts.lang.toUpperCase()}${again}`
  const catalogueNames = await catalogue(`${texts.lang.toUpperCase()}${again}`)
  const people = await families(texts, again)
  const page = await openSignedIn(env, owner, texts.lang, '/app', { viewport: { width: 1366, height: 768 }, timeout: 60_000 })

  // 1. Built through the form, opened for sale from its page.
  const id = await buildDeparture(page, texts, code, catalogueNames)
  await page.getByRole('button', { name: texts.openMove, exact: true }).click()
  await notification(page, texts.updated).waitFor()
  await expect.poll(() => page.getByTestId('departure-status').textContent(), WAIT).toBe(texts.open)
  await shot(page, shotName('02b-opened'), { fullPage: true })

  // 2. Two families booked at the desk, one order each.
  await book(page, texts, code, texts.customers[0], people.slice(0, 3), 1)
  await book(page, texts, code, texts.customers[1], people.slice(3, 6), 2)
  const detail = await api<{ seats_sold: number }>('GET', `/departures/${id}`)
  expect(detail.seats_sold).toBe(6)

  // 3. The departure's page: six sold, the Madinah rooms auto-assigned, one pilgrim moved by hand.
  await openFromMenu(page, texts.menu, '/app/departures', texts.menu)
  await page.getByRole('row').filter({ hasText: code }).getByRole('link', { name: code }).click()
  await expect.poll(() => page.getByTestId('departure-seats').textContent(), WAIT).toBe(texts.soldSix)
  await expect.poll(() => page.getByTestId('seats-quad').textContent(), WAIT).toContain(texts.soldSix)
  const section = page.getByTestId('rooming')
  await section.getByRole('heading', { name: texts.roomingTitle }).waitFor()
  expect(await section.getByLabel(texts.stayPicker).inputValue()).toContain(catalogueNames.madinah)
  await section.scrollIntoViewIfNeeded()
  await expect.poll(() => page.getByTestId('rooming-unassigned').getByTestId('rooming-pilgrim').count(), WAIT).toBe(6)
  await shot(page, shotName('04-page'), { fullPage: true })

  await section.getByRole('button', { name: texts.auto }).click()
  await notification(page, texts.proposed).waitFor()
  await room(page, '2').waitFor()
  const fam = texts.families
  expect(await names(room(page, '1'))).toEqual(fam[0].map((n) => expect.stringContaining(n)))
  expect(await names(room(page, '2'))).toEqual(fam[1].map((n) => expect.stringContaining(n)))
  // The notifications closed, as they sit over the rooms' corner (and the "Move to" menu).
  await closeNotifications(page)
  await room(page, '1').evaluate((e) => e.scrollIntoView({ block: 'center' }))
  await shot(page, shotName('05-proposed'))

  // The second family's son gets a room of his own: a room added, then its "Move to" menu.
  await section.getByRole('button', { name: texts.addRoom }).click()
  await room(page, '3').waitFor()
  await page.getByRole('button', { name: `${texts.move} ${fam[1][2]}` }).click()
  await page.getByRole('menuitem', { name: texts.moveOption }).click()
  await expect.poll(() => names(room(page, '3')), WAIT).toEqual([expect.stringContaining(fam[1][2])])
  await section.getByRole('button', { name: texts.saveRooms }).click()
  await notification(page, texts.roomsSaved).waitFor()
  const saved = await api<{ stays: Array<{ rooms: Array<{ label: string; pilgrim_ids: number[] }> }> }>(
    'GET',
    `/departures/${id}/rooming`,
  )
  expect(saved.stays[0]!.rooms.map((r) => [r.label, r.pilgrim_ids.length])).toEqual([
    ['1', 3],
    ['2', 2],
    ['3', 1],
  ])
  await room(page, '3').evaluate((e) => e.scrollIntoView({ block: 'center' }))
  await shot(page, shotName('06-saved'))

  // 4. The hotel's rooming list as XLSX: every name with its room number and passport number.
  await section.getByRole('button', { name: texts.exportRooms }).click()
  const [rooming] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: texts.xlsx }).click()])
  expect(rooming.suggestedFilename()).toMatch(new RegExp(`^rooming_${code}_.*\\.xlsx$`))
  const sheet = await downloadedSheet(rooming, 'departure-journey-')
  const rows = (sheet.getSheetValues() as ExcelJS.CellValue[][]).filter(Boolean).map((r) => r.map(text))
  const head = rows.findIndex((r) => r.includes(texts.roomingName))
  expect(head, JSON.stringify(rows)).toBeGreaterThan(-1)
  const cols = rows[head]!
  const [roomCol, nameCol, passCol] = [texts.roomingRoom, texts.roomingName, texts.roomingPassport].map((h) => cols.indexOf(h))
  let current = ''
  const listed = rows.slice(head + 1).map((r) => {
    current = r[roomCol!] || current
    return [current, r[nameCol!], r[passCol!]]
  })
  const roomOf = (i: number) => (i < 3 ? '1' : i < 5 ? '2' : '3')
  expect(listed).toEqual(people.map((p, i) => [roomOf(i), p.name, p.passport]))
  expect(rows.flat().join(' ')).toContain(catalogueNames.madinah)

  // 5. The manifest as XLSX: the page's language, DD-MM-YYYY dates, the booking order.
  await page.getByRole('button', { name: texts.manifestXlsx }).scrollIntoViewIfNeeded()
  const [manifest] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: texts.manifestXlsx }).click(),
  ])
  expect(manifest.suggestedFilename()).toMatch(new RegExp(`^manifest_${code}_.*\\.xlsx$`))
  const m = await downloadedSheet(manifest, 'departure-journey-')
  const header = (m.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(text)
  expect(header).toEqual(texts.manifestHeader)
  for (const [i, p] of people.entries()) {
    const r = (m.getRow(i + 2).values as ExcelJS.CellValue[]).map(text)
    expect([r[1], r[2], r[4], r[6], r[8]]).toEqual([
      String(i + 1),
      p.name,
      p.birth,
      p.passport,
      ddmmyyyy(addDays(DEPARTURE_DAY, 3 * 365)),
    ])
    expect(r[10]).toMatch(new RegExp(texts.quad))
    expect(r[3]).toBe(texts.genders[p.female ? 1 : 0])
    // The wife's and the child's mahram is the father, with the relation in the page's language.
    if (i % 3) expect([r[11], r[12]]).toEqual([people[i - (i % 3)]!.name, texts.relations[(i % 3) - 1]])
  }
  await shot(page, shotName('07-exported'))
  await page.close()
}

describe('a departure from the catalogue to the hotel and the airline (issue 29)', () => {
  // In English (the journeys alternate their language; BROWSER_LANGS=both runs Indonesian too).
  // 480 s: on a loaded 2-core machine beside the API suites its first attempt ran past 240 s (2026-12-02).
  it('in English', () => journey(TEXTS.en), 480_000)
  it.runIf(BOTH_LANGS)('in Indonesian', () => journey(TEXTS.id), 480_000)
})
