import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hijriDate } from '@app/shared'
import type { Db } from '../../src/db/client.js'
import { createHotelRoom, createTrainRoute } from '../helpers/bookables.js'
import { createCompany, type Actor } from '../helpers/fixtures.js'
import { startBrowserEnv, type BrowserEnv } from './harness.js'
import { apiAs, notification, shot, openFromMenu, dmy } from './page.js'

/**
 * Departures in real Chromium against the real server (issue 29), in English and Indonesian: the menu
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

const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

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
  expect(await row.textContent()).toContain(hijri)
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

  // The page form shows the dates in both calendars.
  await page.getByRole('link', { name: texts.edit }).click()
  await page.getByTestId('departure-hijri').waitFor()
  expect(await page.getByTestId('departure-hijri').textContent()).toContain(hijri)
  await shot(page, name('04-form'), { fullPage: true })

  // The list's Open tab holds it.
  await page.goto('/app/departures?status=open')
  await page.getByRole('row').filter({ hasText: code }).waitFor()
  await shot(page, name('05-open-tab'))
  await page.close()
}

describe('departures in the browser', () => {
  it('in English', () => journey(EN), 240_000)
  it('in Indonesian', () => journey(ID), 240_000)
})
