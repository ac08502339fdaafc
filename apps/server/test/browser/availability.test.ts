import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hotels } from '../../src/db/schema/index.js'
import { catalogueFixtures } from '../helpers/catalogue.js'
import { createCompany, createUserWithPermissions, type Actor } from '../helpers/fixtures.js'
import { startBrowserEnv, type BrowserEnv } from './harness.js'
import { apiAs, BOTH_LANGS, field, notification, shot, openSignedIn, calendarDay } from './page.js'

/**
 * The one availability calendar in real Chromium against the real server
 * (issues 9 and 10): a vehicle's month with its defaults, a range with a
 * weekday mask and new prices (days change, the marker shows), a blocked day,
 * month navigation reloading its month; a room's calendar reached from its
 * hotel, a 10-day range dragged, two days blocked, next month and back; a
 * train route's business and economy schedules for a month (the other class
 * reads "No service" until it has one); the denied view without the update
 * permission — in English and Indonesian, at laptop and phone widths.
 */
let env: BrowserEnv
let owner: Actor
let vehicles: { en: number; id: number }
let room: number
let routes: { en: number; id: number }

const api = apiAs(
  () => env,
  () => owner,
)

interface Texts {
  lang: 'en' | 'id'
  vehicleTitle: string
  roomTitle: string
  roomAvailable: string
  openCalendar: string
  hotelLabel: string
  roomLabel: string
  trainTitle: string
  update: string
  dialogTitle: string
  price: string
  salePrice: string
  blocked: string
  yes: string
  friday: string
  saturday: string
  updated: string
  blockedBadge: string
  next: string
  previous: string
  december: string
  january: string
  date: (d: number, m: 'december') => string
  priceRequired: string
  saleAbove: string
  denied: string
  economy: string
  mondayHeader: string
  priceAdult: string
  daysSaved: (n: number) => string
  noService: string
  capacity: string
  /** The server's reason for a capacity below what is booked, with each day and its count (issue 32, item 5). */
  belowBooked: string
}

const EN: Texts = {
  lang: 'en',
  vehicleTitle: 'Transportation Availability',
  roomTitle: 'Room Availability',
  roomAvailable: 'Room Available',
  openCalendar: 'Open the calendar',
  hotelLabel: 'Hotel',
  roomLabel: 'Room',
  trainTitle: 'Train Availability',
  update: 'Update',
  dialogTitle: 'Update Date Availability',
  price: 'Price',
  salePrice: 'Sale Price',
  blocked: 'Blocked',
  yes: 'Yes',
  friday: 'Friday',
  saturday: 'Saturday',
  updated: 'Updated',
  blockedBadge: 'Blocked',
  next: 'Next month',
  previous: 'Previous month',
  december: 'December 2026',
  january: 'January 2027',
  date: (d) => `${d} December 2026`,
  priceRequired: 'Price is Required',
  saleAbove: 'Sale Price may not be above the price',
  denied: 'Permission Denied',
  economy: 'Economy',
  mondayHeader: 'Monday',
  priceAdult: 'Price Adult',
  daysSaved: (n) => `updated: ${n} ${n === 1 ? 'day' : 'days'},`,
  noService: 'No service',
  capacity: 'Capacity',
  belowBooked: 'Some days already have more booked than this allows: 10-02-2027 (3 booked), 11-02-2027 (3 booked)',
}
const ID: Texts = {
  lang: 'id',
  vehicleTitle: 'Ketersediaan Transportasi',
  roomTitle: 'Ketersediaan Kamar',
  roomAvailable: 'Kamar Tersedia',
  openCalendar: 'Buka kalender',
  hotelLabel: 'Hotel',
  roomLabel: 'Kamar',
  trainTitle: 'Ketersediaan Kereta',
  update: 'Perbarui',
  dialogTitle: 'Perbarui Ketersediaan Tanggal',
  price: 'Harga',
  salePrice: 'Harga Diskon',
  blocked: 'Diblokir',
  yes: 'Ya',
  friday: 'Jumat',
  saturday: 'Sabtu',
  updated: 'Berhasil Diperbarui',
  blockedBadge: 'Diblokir',
  next: 'Bulan berikutnya',
  previous: 'Bulan sebelumnya',
  december: 'Desember 2026',
  january: 'Januari 2027',
  date: (d) => `${d} Desember 2026`,
  priceRequired: 'Harga Wajib Diisi',
  saleAbove: 'Harga Diskon tidak boleh melebihi harga',
  denied: 'Akses Ditolak',
  economy: 'Ekonomi',
  mondayHeader: 'Senin',
  priceAdult: 'Harga Dewasa',
  daysSaved: (n) => `diperbarui: ${n} hari,`,
  noService: 'Tidak beroperasi',
  capacity: 'Kapasitas',
  belowBooked: 'Beberapa hari sudah dipesan melebihi yang diizinkan ini: 10-02-2027 (3 dipesan), 11-02-2027 (3 dipesan)',
}

beforeAll(async () => {
  env = await startBrowserEnv()
  owner = (await createCompany(env.app, { name: 'Calendar Travel' })).owner
  const places = await catalogueFixtures(env.app, owner, 2)
  const vehicle = async (name: string) =>
    (
      await api<{ id: number }>('POST', '/transportations', {
        name,
        vehicle_number: 'B 1234 KSA',
        min_reservation: 1,
        max_day: 3,
        price: 850,
        sale_price: 800,
        location_id: places.locations[0],
        real_address: 'Jeddah airport',
        lat: 21.68,
        long: 39.15,
        zoom: 12,
      })
    ).id
  vehicles = { en: await vehicle('GMC Yukon'), id: await vehicle('Toyota Hiace') }
  const [hotel] = await env.app.db
    .insert(hotels)
    .values({
      company_id: owner.companyId,
      location_id: places.locations[0]!,
      name: 'Hilton Suites Makkah',
      slug: 'hilton-suites-makkah',
      rating: 5,
      check_in: '14:00',
      check_out: '12:00',
      min_reservation: 1,
      max_stay: 1,
      price: 500,
      real_address: 'Ibrahim Al Khalil St',
      lat: 21.42,
      long: 39.82,
      meta_title: 'Hilton Suites Makkah',
      meta_description: 'Hilton Suites Makkah',
    })
    .returning()
  room = (
    await api<{ id: number }>('POST', '/rooms', {
      hotel_id: hotel!.id,
      name: 'Quad Room',
      code: 'QR-1',
      price: 750,
      min_stay: 1,
      is_active: true,
      room_stock: 10,
      beds: 4,
      room_size: 32,
      max_adult: 4,
      max_children: 2,
    })
  ).id
  // One route per language: each run sets its schedules on a calendar that starts on the defaults.
  const trainRoute = async (code: string) =>
    (
      await api<{ id: number }>('POST', '/trains_route', {
        name: 'Haramain Express',
        code,
        from_id: places.locations[0],
        to_id: places.locations[1],
        departure_time: '22:30',
        arrival_time: '01:15',
        price_adult: 250,
        price_children: 125,
        max_passengers: 417,
        bagage_checkin: 23,
        bagage_cabin: 7,
        train_type: 'business',
      })
    ).id
  routes = { en: await trainRoute('HHR-1'), id: await trainRoute('HHR-2') }
})
afterAll(async () => {
  await env?.close()
})

const open = (texts: Texts, url: string, who: Actor = owner): Promise<Page> =>
  openSignedIn(env, who, texts.lang, url, { viewport: { width: 1366, height: 768 }, timeout: 60_000 })

/** Opens the range dialog on a day and picks the range's ends in the date picker. */
async function openRange(page: Page, texts: Texts, clicked: string, from?: number, to?: number): Promise<Locator> {
  await calendarDay(page, clicked).click()
  const d = page.getByRole('dialog').filter({ hasText: texts.dialogTitle })
  await d.waitFor()
  if (from !== undefined && to !== undefined) {
    await d.locator('.mantine-DatePickerInput-input').click()
    await page.getByRole('button', { name: texts.date(from, 'december'), exact: true }).click()
    await page.getByRole('button', { name: texts.date(to, 'december'), exact: true }).click()
    // The picker closes itself once the range is whole; an Escape after that would close the dialog.
    await page.getByRole('button', { name: texts.date(to, 'december'), exact: true }).waitFor({ state: 'hidden' })
    await expect
      .poll(() => d.locator('.mantine-DatePickerInput-input').textContent())
      .toContain(`${String(from).padStart(2, '0')}-12-2026`)
  }
  return d
}

async function vehicleJourney(texts: Texts, vehicleId: number) {
  const named = (n: string) => `availability-${texts.lang}-${n}`
  const page = await open(texts, `/app/transportation/${vehicleId}/availability?month=2026-12`)
  await page.getByRole('heading', { name: texts.vehicleTitle }).waitFor()
  await page.getByRole('heading', { name: texts.december }).waitFor()
  await page.getByRole('cell', { name: 'B 1234 KSA' }).waitFor()
  await page.getByRole('columnheader', { name: texts.mondayHeader }).waitFor()

  // A month without rows: every day shows the vehicle's defaults, unmarked.
  await expect.poll(() => calendarDay(page, '2026-12-04').getAttribute('data-state')).toBe('default')
  await expect(calendarDay(page, '2026-12-04').textContent()).resolves.toContain('SAR 850')
  await shot(page, named('01-month-defaults'))

  // Validation: an emptied price and a sale price above the price, before sending.
  let d = await openRange(page, texts, '2026-12-04')
  await field(d, texts.price).fill('')
  await d.getByRole('button', { name: texts.update, exact: true }).click()
  await d.getByText(texts.priceRequired).waitFor()
  await field(d, texts.price).fill('500')
  await field(d, texts.salePrice).fill('600')
  await d.getByRole('button', { name: texts.update, exact: true }).click()
  await d.getByText(texts.saleAbove).waitFor()
  await page.keyboard.press('Escape')
  await d.waitFor({ state: 'hidden' })

  // The whole of December, Fridays and Saturdays only, at new prices.
  d = await openRange(page, texts, '2026-12-04', 1, 31)
  await d.getByRole('checkbox', { name: texts.friday }).check()
  await d.getByRole('checkbox', { name: texts.saturday }).check()
  await field(d, texts.price).fill('1200')
  await field(d, texts.salePrice).fill('1100')
  await shot(page, named('02-range-dialog'))
  await d.getByRole('button', { name: texts.update, exact: true }).click()
  // The message names the vehicle whose days changed.
  await notification(page, texts.updated)
    .filter({ hasText: `“${texts.lang === 'en' ? 'GMC Yukon' : 'Toyota Hiace'}”` })
    .waitFor()
  await d.waitFor({ state: 'hidden' })
  await expect.poll(() => calendarDay(page, '2026-12-04').getAttribute('data-state')).toBe('stored')
  expect(await calendarDay(page, '2026-12-04').getAttribute('data-changed')).toBe('true')
  expect(await calendarDay(page, '2026-12-04').textContent()).toContain(texts.lang === 'en' ? 'SAR 1,200' : 'SAR 1.200')
  expect(await calendarDay(page, '2026-12-05').getAttribute('data-state')).toBe('stored')
  // Thursday and Sunday stay on the defaults.
  expect(await calendarDay(page, '2026-12-03').getAttribute('data-state')).toBe('default')
  expect(await calendarDay(page, '2026-12-06').getAttribute('data-state')).toBe('default')
  await calendarDay(page, '2026-12-04').locator('[data-marker]').waitFor()

  // Block Christmas day alone.
  d = await openRange(page, texts, '2026-12-25')
  await d.getByRole('radio', { name: texts.yes }).check()
  await d.getByRole('button', { name: texts.update, exact: true }).click()
  await notification(page, texts.updated)
    .filter({ hasText: texts.daysSaved(1) })
    .first()
    .waitFor()
  await expect.poll(() => calendarDay(page, '2026-12-25').getAttribute('data-state')).toBe('blocked')
  expect(await calendarDay(page, '2026-12-25').textContent()).toContain(texts.blockedBadge)
  await shot(page, named('03-month-stored-and-blocked'))

  const stored = await api<Array<{ date: string; price: number; sale_price: number; blocked: boolean }>>(
    'GET',
    `/transportations_schedule?transportation_id=${vehicleId}&start_date=2026-12-01&end_date=2026-12-31`,
  )
  expect(stored.map((s) => s.date.slice(8))).toEqual(['04', '05', '11', '12', '18', '19', '25', '26'])
  expect(stored.find((s) => s.date === '2026-12-25')).toMatchObject({ blocked: true, price: 1200, sale_price: 1100 })

  // Month navigation reads only the shown month.
  const january = page.waitForResponse(
    (r) => r.url().includes('/transportations_schedule?') && r.url().includes('start_date=2027-01-01'),
  )
  await page.getByRole('button', { name: texts.next }).click()
  expect((await january).url()).toContain('end_date=2027-01-31')
  await page.getByRole('heading', { name: texts.january }).waitFor()
  await expect.poll(() => calendarDay(page, '2027-01-01').getAttribute('data-state')).toBe('default')
  await page.getByRole('button', { name: texts.previous }).click()
  await page.getByRole('heading', { name: texts.december }).waitFor()
  await expect.poll(() => calendarDay(page, '2026-12-25').getAttribute('data-state')).toBe('blocked')

  // A phone: the month as a list of days.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect.poll(() => calendarDay(page, '2026-12-04').getAttribute('class')).toContain('av-list-day')
  await shot(page, named('04-phone'))
  await page.setViewportSize({ width: 1366, height: 768 })
  await page.close()
}

// Each journey runs in one language, the languages alternating across journeys: the Indonesian screens
// walk and the locale parity test prove every text in both, and this keeps both number and date formats
// going through the forms (docs/decisions/ci.md).
describe('availability calendar', () => {
  // Issue 29: the Hijri day beside each Gregorian one and in the day dialog; issue 32 item 10: the company's
  // weekend (Friday and Saturday by default) shaded in the month grid.
  for (const texts of [EN, ID]) {
    it(`writes the Hijri day under each day and in the day dialog, and shades the weekend (${texts.lang})`, async () => {
      const named = (n: string) => `availability-${texts.lang}-hijri-${n}`
      const page = await open(texts, `/app/transportation/${vehicles[texts.lang]}/availability?month=2026-12`)
      await page.getByRole('heading', { name: texts.december }).waitFor()
      const short = texts.lang === 'en' ? '24 Jum. II' : '24 Jum. Akhir'
      await expect.poll(() => calendarDay(page, '2026-12-04').locator('[data-hijri]').textContent()).toBe(short)
      expect(await calendarDay(page, '2026-12-04').getAttribute('data-weekend')).toBe('true')
      expect(await calendarDay(page, '2026-12-05').getAttribute('data-weekend')).toBe('true')
      expect(await calendarDay(page, '2026-12-06').getAttribute('data-weekend')).toBeNull()
      expect(await page.locator('[role="columnheader"][data-weekend]').allTextContents()).toEqual(
        texts.lang === 'en' ? ['Friday', 'Saturday'] : ['Jumat', 'Sabtu'],
      )
      await shot(page, named('01-month-1366'))
      await calendarDay(page, '2026-12-04').click()
      const d = page.getByRole('dialog').filter({ hasText: texts.dialogTitle })
      const full = texts.lang === 'en' ? '04-12-2026 · 24 Jumada II 1448' : '04-12-2026 · 24 Jumadilakhir 1448'
      await d.locator('[data-day-title]').filter({ hasText: full }).waitFor()
      await shot(page, named('02-dialog'))
      await page.keyboard.press('Escape')
      await d.waitFor({ state: 'hidden' })
      // A phone: the month as a list of days, each with its Hijri day.
      await page.setViewportSize({ width: 390, height: 844 })
      await page.reload()
      await expect.poll(() => calendarDay(page, '2026-12-04').locator('[data-hijri]').textContent()).toBe(short)
      await calendarDay(page, '2026-12-04').scrollIntoViewIfNeeded()
      await shot(page, named('03-phone'))
      await page.close()
    }, 180_000)
  }

  for (const texts of [EN]) {
    it(`sets a vehicle's range with a weekday mask, blocks a day and moves between months (${texts.lang})`, async () => {
      await vehicleJourney(texts, vehicles[texts.lang])
      // A long journey: on the shared 2-core machine it has taken up to 2 minutes.
    }, 300_000)
  }

  for (const texts of [ID]) {
    it(`opens a room's calendar from its hotel, sets a 10-day range, blocks two days and moves months; sets a train route's business and economy month (${texts.lang})`, async () => {
      // From the hotel: /app/room_available picks a hotel, then its room, and opens the room's calendar.
      const page = await open(texts, '/app/room_available')
      await page.getByRole('heading', { name: texts.roomAvailable }).waitFor()
      const openLink = page.getByRole('link', { name: texts.openCalendar })
      expect(await openLink.getAttribute('data-disabled')).toBe('true')
      await page.getByRole('combobox', { name: texts.hotelLabel }).click()
      await page.getByRole('option', { name: 'Hilton Suites Makkah' }).click()
      await page.getByRole('combobox', { name: texts.roomLabel }).click()
      await page.getByRole('option', { name: /^Quad Room/ }).click()
      await expect.poll(() => new URL(page.url()).searchParams.get('room')).toBe(String(room))
      await shot(page, `availability-${texts.lang}-04b-room-available`)
      await openLink.click()
      await page.waitForURL(new RegExp(`/app/rooms/${room}/availability`))
      await page.getByRole('heading', { name: texts.roomTitle }).waitFor()
      await page.goto(`/app/rooms/${room}/availability?month=2026-12`)
      await page.getByRole('heading', { name: texts.roomTitle }).waitFor()
      await page.getByRole('cell', { name: 'Hilton Suites Makkah' }).waitFor()
      await expect.poll(() => calendarDay(page, '2026-12-20').getAttribute('data-state')).toBe('default')
      const roomDay = await calendarDay(page, '2026-12-20').textContent()
      expect(roomDay).toContain('SAR 750')
      expect(roomDay).toContain('10')
      await shot(page, `availability-${texts.lang}-05-room`)

      // Dragging across ten days opens the dialog on that range (issue 9).
      await calendarDay(page, '2026-12-07').hover()
      await page.mouse.down()
      await calendarDay(page, '2026-12-11').hover()
      await calendarDay(page, '2026-12-16').hover()
      await page.mouse.up()
      const d = page.getByRole('dialog').filter({ hasText: texts.dialogTitle })
      await expect.poll(() => d.locator('.mantine-DatePickerInput-input').textContent()).toBe('07-12-2026 – 16-12-2026')
      const price = texts.lang === 'en' ? '900' : '950'
      await field(d, texts.price).fill(price)
      await d.getByRole('button', { name: texts.update, exact: true }).click()
      // The notification counts the days in the reader's language ("10 days", not "10 day(s)").
      await notification(page, texts.updated)
        .filter({ hasText: texts.daysSaved(10) })
        .waitFor()
      await expect.poll(() => calendarDay(page, '2026-12-16').getAttribute('data-state')).toBe('stored')
      await expect.poll(() => calendarDay(page, '2026-12-07').textContent()).toContain(`SAR ${price}`)
      expect(await calendarDay(page, '2026-12-17').getAttribute('data-state')).toBe('default')
      await shot(page, `availability-${texts.lang}-05b-room-range`)

      // Block two days of that range (issue 9): both red, their price kept underneath.
      const block = await openRange(page, texts, '2026-12-10', 10, 11)
      await block.getByRole('radio', { name: texts.yes }).check()
      await block.getByRole('button', { name: texts.update, exact: true }).click()
      await block.waitFor({ state: 'hidden' })
      for (const date of ['2026-12-10', '2026-12-11'])
        await expect.poll(() => calendarDay(page, date).getAttribute('data-state')).toBe('blocked')
      expect(await calendarDay(page, '2026-12-09').getAttribute('data-state')).toBe('stored')
      expect(await calendarDay(page, '2026-12-12').getAttribute('data-state')).toBe('stored')
      await shot(page, `availability-${texts.lang}-05c-room-blocked`)
      // The next month reads its own days (none stored), and back shows the range and the blocked days again.
      const january = page.waitForResponse(
        (r) => r.url().includes('/rooms_availibility?') && r.url().includes('start_date=2027-01-01'),
      )
      await page.getByRole('button', { name: texts.next }).click()
      await january
      await page.getByRole('heading', { name: texts.january }).waitFor()
      await expect.poll(() => calendarDay(page, '2027-01-07').getAttribute('data-state')).toBe('default')
      await page.getByRole('button', { name: texts.previous }).click()
      await page.getByRole('heading', { name: texts.december }).waitFor()
      await expect.poll(() => calendarDay(page, '2026-12-11').getAttribute('data-state')).toBe('blocked')
      expect(await calendarDay(page, '2026-12-16').getAttribute('data-state')).toBe('stored')
      const roomDays = await api<Array<{ date: string; price: number; blocked: boolean }>>(
        'GET',
        `/rooms_availibility?room_id=${room}&start_date=2026-12-01&end_date=2026-12-31`,
      )
      expect(roomDays.map((d) => `${d.date.slice(8)}${d.blocked ? 'B' : ''}`)).toEqual([
        '07',
        '08',
        '09',
        '10B',
        '11B',
        '12',
        '13',
        '14',
        '15',
        '16',
      ])
      expect(roomDays.every((d) => d.price === Number(price))).toBe(true)

      await page.goto(`/app/train_route/${routes[texts.lang]}/availability?month=2026-12`)
      await page.getByRole('heading', { name: texts.trainTitle }).waitFor()
      await page.getByRole('cell', { name: texts.lang === 'en' ? 'HHR-1' : 'HHR-2' }).waitFor()
      const trainDay = calendarDay(page, '2026-12-10')
      await expect.poll(() => trainDay.getAttribute('data-state')).toBe('default')
      expect(await trainDay.textContent()).toContain('SAR 250')
      expect(await trainDay.textContent()).toContain('417')
      // The route's own type first: business for the whole month.
      let range = await openRange(page, texts, '2026-12-01', 1, 31)
      await field(range, texts.priceAdult).fill('600')
      await range.getByRole('button', { name: texts.update, exact: true }).click()
      await range.waitFor({ state: 'hidden' })
      await expect.poll(() => calendarDay(page, '2026-12-31').getAttribute('data-state')).toBe('stored')
      expect(await calendarDay(page, '2026-12-10').textContent()).toContain('SAR 600')
      // The other type is its own calendar: economy for the same month at its own price.
      const economy = page.waitForResponse((r) => r.url().includes('/trains_schedule?') && r.url().includes('train_type=economy'))
      await page.getByText(texts.economy, { exact: true }).click()
      await economy
      // Orders sell the other class only on days its schedule has: without one the day reads "No service".
      await expect.poll(() => calendarDay(page, '2026-12-10').getAttribute('data-state')).toBe('closed')
      expect(await calendarDay(page, '2026-12-10').textContent()).toContain(texts.noService)
      await shot(page, `availability-${texts.lang}-06a-train-other-class`)
      range = await openRange(page, texts, '2026-12-01', 1, 31)
      await field(range, texts.priceAdult).fill('300')
      await range.getByRole('button', { name: texts.update, exact: true }).click()
      await range.waitFor({ state: 'hidden' })
      await expect.poll(() => calendarDay(page, '2026-12-10').textContent()).toContain('SAR 300')
      await shot(page, `availability-${texts.lang}-06-train`)
      for (const [type, adult] of [
        ['economy', 300],
        ['business', 600],
      ] as const) {
        const days = await api<Array<{ price_adult: number; train_type: string }>>(
          'GET',
          `/trains_schedule?route_id=${routes[texts.lang]}&train_type=${type}&start_date=2026-12-01&end_date=2026-12-31`,
        )
        expect(days).toHaveLength(31)
        expect(days.every((d) => d.price_adult === adult && d.train_type === type)).toBe(true)
      }
      await page.setViewportSize({ width: 390, height: 844 })
      await shot(page, `availability-${texts.lang}-07-train-phone`)
      await page.close()
    }, 300_000)
  }

  // Issue 32, item 5: lowering a room's capacity below what orders hold is refused by the server (409), and the
  // dialog shows its reason with each day as DD-MM-YYYY and the rooms booked on it — not a bare "2027-02-10".
  // In Indonesian (the server's reason in the reader's language); English too with BROWSER_LANGS=both.
  for (const texts of BOTH_LANGS ? [EN, ID] : [ID]) {
    it(`shows why a capacity below what is booked is refused, day by day (${texts.lang})`, async () => {
      const held = await env.app.inject({
        method: 'GET',
        url: `/api/v1/orders?search=${encodeURIComponent('Capacity holder')}`,
        headers: owner.headers,
      })
      if (held.json().data.length === 0) {
        // The fixture's hotel is written as a draft; orders book only published hotels.
        await env.app.db.execute(
          `UPDATE hotels SET status = 'publish' WHERE id = (SELECT hotel_id FROM rooms WHERE id = ${room})`,
        )
        await api('POST', '/orders', {
          customer: { name: 'Capacity holder' },
          items: [{ kind: 'room', room_id: room, check_in: '2027-02-10', check_out: '2027-02-12', quantity: 3, adults: 3 }],
        })
      }
      const page = await open(texts, `/app/rooms/${room}/availability?month=2027-02`)
      await page.getByRole('heading', { name: texts.roomTitle }).waitFor()
      await expect.poll(() => calendarDay(page, '2027-02-10').getAttribute('data-state')).not.toBeNull()
      await calendarDay(page, '2027-02-10').hover()
      await page.mouse.down()
      await calendarDay(page, '2027-02-11').hover()
      await page.mouse.up()
      const d = page.getByRole('dialog').filter({ hasText: texts.dialogTitle })
      await expect.poll(() => d.locator('.mantine-DatePickerInput-input').textContent()).toBe('10-02-2027 – 11-02-2027')
      await field(d, texts.price).fill('750')
      await field(d, texts.capacity).fill('2')
      await d.getByRole('button', { name: texts.update, exact: true }).click()
      await d.getByText(texts.belowBooked, { exact: true }).waitFor()
      await shot(page, `availability-${texts.lang}-07-below-booked`)
      // Nothing was written: the days keep their defaults.
      const stored = await api<unknown[]>('GET', `/rooms_availibility?room_id=${room}&start_date=2027-02-01&end_date=2027-02-28`)
      expect(stored).toEqual([])
      await page.close()
    }, 180_000)
  }

  it('shows the denied view without transportation_update', async () => {
    const viewer = await createUserWithPermissions(env.app, owner.companyId, ['transportation_list', 'transportation_view'])
    const page = await open(EN, `/app/transportation/${vehicles.en}/availability`, viewer)
    await page.getByText(EN.denied).waitFor()
    expect(await page.locator('[data-date]').count()).toBe(0)
    await page.close()
  })
})
