import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCompany, type Actor } from '../helpers/fixtures.js'
import { endOrder } from '../helpers/bookables.js'
import type { Db } from '../../src/db/client.js'
import { startBrowserEnv, type BrowserEnv } from './harness.js'
import { escapeRegExp, notification, pickDay, shot, tick, MONTHS, daysFromToday, dmy } from './page.js'

/**
 * The reservations desks in real Chromium against the real server (issue 11),
 * in English and Indonesian, on catalogue rows made through the API:
 * - a package (a Makkah hotel stay, a Madinah hotel stay, Haramain train seats
 *   and an airport vehicle) priced live by `POST /orders/quote` while it is
 *   written, saved with a double click (one order: the Idempotency-Key),
 *   confirmed, paid in full (balance 0, status paid) and completed; it shows
 *   on all three desks;
 * - an order that would oversell a room: warned by the live quote, refused
 *   (409) when saved anyway, the item naming the days that lack stock, nothing
 *   booked; the other order cancelled (its dialog keeps or cancels) frees them.
 */
let env: BrowserEnv
let owner: Actor
const cat = { makkahRoom: 0, madinahRoom: 0, route: 0, vehicle: 0, extrasRoom: 0, extrasVehicle: 0 }

const day = daysFromToday

async function call<T>(method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await env.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...owner.headers, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
  return { status: res.statusCode, body: res.json() as T }
}
async function post<T = { id: number }>(url: string, payload: unknown): Promise<T> {
  const res = await call<{ data: T }>('POST', url, payload)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data
}

interface Texts {
  lang: 'en' | 'id'
  all: string
  customerSection: string
  hotelDesk: string
  trainDesk: string
  vehicleDesk: string
  create: string
  newOrder: string
  name: string
  email: string
  phone: string
  nationality: string
  passport: string
  hotel: string
  room: string
  checkIn: string
  checkOut: string
  rooms: string
  adults: string
  route: string
  date: string
  vehicle: string
  start: string
  end: string
  item: (n: number, kind: string) => string
  stay: string
  train: string
  car: string
  add: (kind: string) => string
  createOrder: string
  total: string
  confirm: string
  complete: string
  /** The question before completing, and its button that keeps the order as it is. */
  completeTitle: (code: string) => string
  /** The question before confirming (issue 32). */
  confirmTitle: (code: string) => string
  /** Why Complete waits (issue 32): the order has not ended yet. */
  completeFrom: (date: string) => string
  reason: string
  fee: string
  reasonRequired: string
  extras: string
  extrasHint: string
  buffetQty: string
  keep: string
  cancel: string
  /** The payment's message names the order. */
  paid: (code: string) => string
  addPayment: string
  reference: string
  exportLabel: string
  status: Record<'pending' | 'confirmed' | 'paid' | 'completed' | 'cancelled', string>
  short: string
  refused: string
  amount: string
  refundNote: (amount: string) => string
  refund: string
  cancelOrder: string
  keepOrder: string
  months: readonly string[]
}

const EN: Texts = {
  all: 'All',
  customerSection: 'Customer',
  lang: 'en',
  hotelDesk: 'Hotel Orders',
  trainDesk: 'Train Orders',
  vehicleDesk: 'Transportation Orders',
  create: 'Create',
  newOrder: 'New order',
  name: 'Customer name',
  email: 'Email',
  phone: 'Phone',
  nationality: 'Nationality',
  passport: 'Passport number',
  hotel: 'Hotel',
  room: 'Room',
  checkIn: 'Check-in',
  checkOut: 'Check-out',
  rooms: 'Rooms',
  adults: 'Adults',
  route: 'Train route',
  date: 'Day',
  vehicle: 'Vehicle',
  start: 'Start day',
  end: 'End day',
  item: (n, kind) => `Item ${n} · ${kind}`,
  stay: 'Hotel stay',
  train: 'Train seats',
  car: 'Vehicle',
  add: (kind) => `Add ${kind}`,
  createOrder: 'Create order',
  total: 'Total',
  confirm: 'Confirm',
  complete: 'Complete',
  completeTitle: (code) => `Complete ${code}?`,
  confirmTitle: (code) => `Confirm ${code}?`,
  completeFrom: (date) => `Can be completed once the order has ended, from ${date}.`,
  reason: 'Reason for cancelling',
  fee: 'Cancellation fee (SAR)',
  reasonRequired: 'Say why the order is cancelled (at least 3 characters)',
  extras: 'Extras',
  extrasHint: 'Tick the extras this stay takes; service fees are added by themselves.',
  buffetQty: 'Quantity',
  keep: 'Keep the order',
  cancel: 'Cancel',
  paid: (code) => `was recorded on order ${code}`,
  addPayment: 'Add payment',
  reference: 'Reference',
  exportLabel: 'Export',
  status: { pending: 'Pending', confirmed: 'Confirmed', paid: 'Paid', completed: 'Completed', cancelled: 'Cancelled' },
  short: 'Not enough stock on',
  refused: 'Order refused',
  amount: 'Amount',
  refundNote: (amount) => `A refund of ${amount} was recorded`,
  refund: 'Refund',
  cancelOrder: 'Cancel order',
  keepOrder: 'Keep the order',
  months: MONTHS.en,
}
const ID: Texts = {
  all: 'Semua',
  customerSection: 'Pelanggan',
  lang: 'id',
  hotelDesk: 'Pesanan Hotel',
  trainDesk: 'Pesanan Kereta',
  vehicleDesk: 'Pesanan Transportasi',
  create: 'Tambah',
  newOrder: 'Pesanan baru',
  name: 'Nama pelanggan',
  email: 'Email',
  phone: 'Telepon',
  nationality: 'Kewarganegaraan',
  passport: 'Nomor paspor',
  hotel: 'Hotel',
  room: 'Kamar',
  checkIn: 'Check-in',
  checkOut: 'Check-out',
  rooms: 'Jml. kamar',
  adults: 'Dewasa',
  route: 'Rute kereta',
  date: 'Hari',
  vehicle: 'Kendaraan',
  start: 'Hari mulai',
  end: 'Hari akhir',
  item: (n, kind) => `Item ke-${n} · ${kind}`,
  stay: 'Menginap di hotel',
  train: 'Kursi kereta',
  car: 'Kendaraan',
  add: (kind) => `Tambah ${kind}`,
  createOrder: 'Buat pesanan',
  total: 'Total',
  confirm: 'Konfirmasi',
  complete: 'Selesaikan',
  completeTitle: (code) => `Selesaikan ${code}?`,
  confirmTitle: (code) => `Konfirmasi ${code}?`,
  completeFrom: (date) => `Dapat diselesaikan setelah pesanan berakhir, mulai ${date}.`,
  reason: 'Alasan pembatalan',
  fee: 'Biaya pembatalan (SAR)',
  reasonRequired: 'Tuliskan alasan pembatalan (minimal 3 karakter)',
  extras: 'Tambahan',
  extrasHint: 'Centang tambahan yang diambil menginap ini; biaya layanan ditambahkan otomatis.',
  buffetQty: 'Jumlah',
  keep: 'Pertahankan pesanan',
  cancel: 'Batal',
  paid: (code) => `telah dicatat pada pesanan ${code}`,
  addPayment: 'Tambah pembayaran',
  reference: 'Referensi',
  exportLabel: 'Ekspor',
  status: { pending: 'Tertunda', confirmed: 'Dikonfirmasi', paid: 'Lunas', completed: 'Selesai', cancelled: 'Dibatalkan' },
  short: 'Stok tidak cukup pada',
  refused: 'Pesanan ditolak',
  amount: 'Jumlah',
  refundNote: (amount) => `Pengembalian dana ${amount} telah dicatat`,
  refund: 'Pengembalian dana',
  cancelOrder: 'Batalkan pesanan',
  keepOrder: 'Pertahankan pesanan',
  months: MONTHS.id,
}

const field = (scope: Pick<Page, 'getByLabel'>, label: string) =>
  scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`)).first()
/** A figure as the language writes it: en `4,301.50`, id `4.301,50` (cents only when any). */
const figure = (n: number, lang: 'en' | 'id') => {
  const [group, decimal] = lang === 'en' ? [',', '.'] : ['.', ',']
  const cents = Math.round(Math.abs(n) * 100)
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, group)
  return `${n < 0 ? '-' : ''}${whole}${cents % 100 ? `${decimal}${String(cents % 100).padStart(2, '0')}` : ''}`
}
const sar = (n: number, lang: 'en' | 'id') => `SAR ${figure(n, lang)}`

/** A select of the form kit: open it, pick the option by its label. */
async function choose(page: Page, scope: Locator | Page, label: string, option: string | RegExp) {
  await field(scope, label).click()
  await page.getByRole('option', { name: option }).first().click()
}

async function openDesk(texts: Texts, route: string, heading: string): Promise<Page> {
  const page = await env.newPage({ locale: texts.lang === 'id' ? 'id-ID' : 'en-US' })
  await page.context().addCookies([
    { name: 'locale', value: texts.lang, url: env.baseUrl },
    { name: 'token', value: owner.token, url: env.baseUrl, httpOnly: true, sameSite: 'Strict' },
  ])
  // The first load of the app on a busy shared machine can take longer than the harness's 15 s.
  await page.goto(route, { timeout: 60_000 })
  await page.getByRole('heading', { name: heading }).waitFor({ timeout: 60_000 })
  return page
}

beforeAll(async () => {
  env = await startBrowserEnv()
  owner = (await createCompany(env.app, { name: 'Baitullah Travel' })).owner
  const place = async (name: string) =>
    (await post('/locations', { name, description: `<p>${name}</p>`, status: 'publish', lat: 21.4, long: 39.8, zoom: 11 })).id
  const makkah = await place('Makkah')
  const madinah = await place('Madinah')
  const hotel = async (name: string, location_id: number) =>
    (
      await post('/hotels', {
        name,
        rating: 5,
        check_in: '14:00',
        check_out: '12:00',
        min_reservation: 0,
        max_stay: 1,
        price: 700,
        status: 'publish',
        location_id,
        real_address: 'Jl. Ibrahim Al Khalil',
        lat: 21.42,
        long: 39.82,
        zoom: 12,
      })
    ).id
  const room = async (hotel_id: number, name: string, price: number, room_stock: number) =>
    (
      await post('/rooms', {
        hotel_id,
        name,
        code: name.slice(0, 3).toUpperCase(),
        price,
        min_stay: 1,
        is_active: true,
        room_stock,
        beds: 4,
        room_size: 32,
        max_adult: 4,
        max_children: 2,
      })
    ).id
  cat.makkahRoom = await room(await hotel('Hilton Suites Makkah', makkah), 'Quad Haram View', 900, 2)
  cat.madinahRoom = await room(await hotel('Pullman Zamzam Madinah', madinah), 'Double Room', 650.5, 5)
  // A hotel with two extras (an extra bed once, a buffet per night and person) and a fixed service fee (issue 32).
  const withExtras = (
    await post('/hotels', {
      name: 'Dar Al Tawhid Intercontinental',
      rating: 5,
      check_in: '14:00',
      check_out: '12:00',
      min_reservation: 0,
      max_stay: 1,
      price: 500,
      status: 'publish',
      location_id: makkah,
      real_address: 'Ibrahim Al Khalil Street',
      lat: 21.42,
      long: 39.82,
      zoom: 12,
      extra_price: true,
      prices_extra: [
        { name: 'Extra bed', value: 150, type: 'one_time', person_price: false },
        { name: 'Sahur and iftar buffet', value: 95, type: 'per_day', person_price: true },
      ],
      service_fee: true,
      service_prices: [{ name: 'Handling', value: 25, type: 'fixed', person_price: false }],
    })
  ).id
  cat.extrasRoom = await room(withExtras, 'Family Room', 500, 10)
  cat.route = (
    await post('/trains_route', {
      name: 'Haramain Makkah - Madinah',
      code: 'HHR-01',
      from_id: makkah,
      to_id: madinah,
      departure_time: '09:00',
      arrival_time: '11:30',
      price_adult: 250,
      price_children: 125,
      max_passengers: 417,
      bagage_checkin: 23,
      bagage_cabin: 7,
      train_type: 'economy',
      is_active: true,
    })
  ).id
  cat.vehicle = (
    await post('/transportations', {
      name: 'GMC Yukon Airport Transfer',
      content: '<p>Jeddah airport to your hotel in Makkah.</p>',
      status: 'publish',
      vehicle_number: 'B 1234 XY',
      min_reservation: 0,
      max_day: 3,
      price: 850,
      sale_price: 800,
      location_id: makkah,
      real_address: 'King Abdulaziz International Airport, Jeddah',
      lat: 21.68,
      long: 39.15,
      zoom: 12,
    })
  ).id
  // A vehicle with two extras (a child seat per day, Zamzam water per person once) and a service fee (issue 32).
  cat.extrasVehicle = (
    await post('/transportations', {
      name: 'Hiace Ziyarah Van',
      content: '<p>Makkah ziyarah with a driver.</p>',
      status: 'publish',
      vehicle_number: 'B 5678 ZZ',
      min_reservation: 0,
      max_day: 5,
      price: 600,
      location_id: makkah,
      real_address: 'Ajyad Street, Makkah',
      lat: 21.42,
      long: 39.83,
      zoom: 12,
      extra_price: true,
      prices_extra: [
        { name: 'Child seat', value: 40, type: 'per_day', person_price: false },
        { name: 'Zamzam water', value: 5, type: 'one_time', person_price: true },
      ],
      service_fee: true,
      service_prices: [{ name: 'Airport permit', value: 30, type: 'fixed', person_price: false }],
    })
  ).id
}, 120_000)
afterAll(async () => {
  await env?.close()
})

interface OrderRow {
  id: number
  code: string
  customer_name: string
  status: string
  desks: string[]
}

/** The package from quote to completion, on days starting `offset` days from today. */
async function packageJourney(texts: Texts, offset: number, customer: string) {
  const named = (n: string) => `orders-${texts.lang}-${n}`
  const page = await openDesk(texts, '/app/order_hotel', texts.hotelDesk)
  const keys: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/orders') keys.push(r.headers()['idempotency-key'] ?? '')
  })
  await page.getByRole('button', { name: texts.create, exact: true }).click()
  await page.getByRole('heading', { name: texts.newOrder }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/app/order_hotel/create')

  await field(page, texts.name).fill(customer)
  await field(page, texts.email).fill('rahmat@example.com')
  await field(page, texts.phone).fill('+62 812 3456 7890')
  await field(page, texts.nationality).fill('Indonesia')
  await field(page, texts.passport).fill('C4821937')

  // Item 1: the hotel desk starts with a stay. Makkah, three nights, one quad for two adults.
  const stay1 = page.getByRole('group', { name: texts.item(1, texts.stay) })
  await choose(page, stay1, texts.hotel, 'Hilton Suites Makkah')
  await choose(page, stay1, texts.room, /Quad Haram View/)
  await pickDay(page, stay1, texts.checkIn, day(offset), texts)
  await pickDay(page, stay1, texts.checkOut, day(offset + 3), texts)
  await field(stay1, texts.adults).fill('2')
  // The price appears as soon as the item is complete: three nights at 900.
  const price = page.getByRole('region', { name: /Price|Harga/ })
  await expect.poll(() => price.getByTestId('order-total').textContent(), { timeout: 10_000 }).toContain(sar(2700, texts.lang))
  await price.getByText(dmy(day(offset + 2))).waitFor()

  // Item 2: Madinah, two nights (a price with halalas).
  await page.getByRole('button', { name: texts.add(texts.stay) }).click()
  const stay2 = page.getByRole('group', { name: texts.item(2, texts.stay) })
  await choose(page, stay2, texts.hotel, 'Pullman Zamzam Madinah')
  await choose(page, stay2, texts.room, /Double Room/)
  await pickDay(page, stay2, texts.checkIn, day(offset + 3), texts)
  await pickDay(page, stay2, texts.checkOut, day(offset + 5), texts)
  await field(stay2, texts.adults).fill('2')

  // Item 3: Haramain train between the two, two adults.
  await page.getByRole('button', { name: texts.add(texts.train) }).click()
  const train = page.getByRole('group', { name: texts.item(3, texts.train) })
  await choose(page, train, texts.route, /Haramain Makkah - Madinah/)
  await pickDay(page, train, texts.date, day(offset + 3), texts)
  await field(train, texts.adults).fill('2')

  // Item 4: the airport vehicle on the day of arrival.
  await page.getByRole('button', { name: texts.add(texts.car) }).click()
  const car = page.getByRole('group', { name: texts.item(4, texts.car) })
  await choose(page, car, texts.vehicle, /GMC Yukon Airport Transfer/)
  await pickDay(page, car, texts.start, day(offset), texts)
  await pickDay(page, car, texts.end, day(offset), texts)

  // The preview shows the server's total for the same package: 2700 + 2 × 650.50 + 2 × 250 + 800.
  const body = {
    customer: { name: customer },
    items: [
      {
        kind: 'room',
        room_id: cat.makkahRoom,
        check_in: day(offset),
        check_out: day(offset + 3),
        quantity: 1,
        adults: 2,
        children: 0,
      },
      {
        kind: 'room',
        room_id: cat.madinahRoom,
        check_in: day(offset + 3),
        check_out: day(offset + 5),
        quantity: 1,
        adults: 2,
        children: 0,
      },
      { kind: 'train', route_id: cat.route, train_type: 'economy', date: day(offset + 3), adults: 2, children: 0 },
      { kind: 'transportation', transportation_id: cat.vehicle, start_date: day(offset), end_date: day(offset) },
    ],
  }
  const quote = await post<{ total: number }>('/orders/quote', body)
  expect(quote.total).toBe(5301)
  await expect
    .poll(() => price.getByTestId('order-total').textContent(), { timeout: 10_000 })
    .toContain(sar(quote.total, texts.lang))
  // The same total stays in sight in the save bar, whatever is scrolled (the price panel is below the items on a phone).
  await expect.poll(() => page.getByTestId('order-bar-total').textContent()).toContain(sar(quote.total, texts.lang))
  // A day line's count shows only when it multiplies: "2 × SAR 250" for the seats, not "1 × SAR 900" beside SAR 900.
  expect(await price.getByText('1 ×').count()).toBe(0)
  await price.getByText(`2 × ${sar(250, texts.lang)}`).waitFor()
  await shot(page, named('01-package-quoted'))
  await env.screenshot(page, named('02-package-quoted-full'))

  // A double click creates one order (both clicks carry the same Idempotency-Key).
  await page.getByRole('button', { name: texts.createOrder }).dblclick()
  await page.waitForURL(/\/app\/order_hotel\/\d+$/)
  const orderId = Number(new URL(page.url()).pathname.split('/').pop())
  const mine = await call<{ data: OrderRow[] }>('GET', `/orders?search=${encodeURIComponent(customer)}`)
  expect(mine.body.data).toHaveLength(1)
  expect(mine.body.data[0]).toMatchObject({ id: orderId, desks: ['hotel', 'train', 'transportation'] })
  expect(keys.length).toBeGreaterThanOrEqual(1)
  expect(new Set(keys).size).toBe(1)
  expect(keys[0]).toMatch(/^[\x21-\x7e]{8,200}$/)
  const code = mine.body.data[0]!.code

  // The order page: pending, its stored lines and total; confirm, pay the balance, complete.
  await page.getByRole('heading', { name: new RegExp(escapeRegExp(code)) }).waitFor()
  const status = page.getByTestId('order-status')
  await expect.poll(() => status.textContent()).toBe(texts.status.pending)
  await expect.poll(() => page.getByTestId('order-total').first().textContent()).toContain(sar(5301, texts.lang))
  // Confirming binds the agency: it asks first (issue 32); Cancel leaves the order pending.
  await page.getByRole('button', { name: texts.confirm, exact: true }).click()
  let ask = page.getByRole('dialog', { name: texts.confirmTitle(code) })
  await ask.getByRole('button', { name: texts.cancel, exact: true }).click()
  await ask.waitFor({ state: 'hidden' })
  expect(await status.textContent()).toBe(texts.status.pending)
  await page.getByRole('button', { name: texts.confirm, exact: true }).click()
  ask = page.getByRole('dialog', { name: texts.confirmTitle(code) })
  await shot(page, named('03a-confirm-ask'))
  await ask.getByRole('button', { name: texts.confirm, exact: true }).click()
  await expect.poll(() => status.textContent()).toBe(texts.status.confirmed)
  const payments = page.getByRole('region', { name: /Payments|Pembayaran/ })
  // A deposit first: the order stays confirmed with the rest to pay.
  await field(payments, texts.amount).fill('1000')
  await field(payments, texts.reference).fill('DP-7780')
  await payments.getByRole('button', { name: texts.addPayment }).click()
  await expect.poll(() => payments.getByTestId('order-balance').textContent()).toBe(sar(4301, texts.lang))
  expect(await status.textContent()).toBe(texts.status.confirmed)
  // Then the rest: the amount starts at the balance; a transfer with a reference.
  await expect.poll(() => field(payments, texts.amount).inputValue()).toBe(figure(4301, texts.lang))
  await field(payments, texts.reference).fill('TRX-7781')
  await shot(page, named('03-order-confirmed'))
  await payments.getByRole('button', { name: texts.addPayment }).click()
  await expect.poll(() => status.textContent()).toBe(texts.status.paid)
  await expect.poll(() => payments.getByTestId('order-balance').textContent()).toBe(sar(0, texts.lang))
  await expect.poll(() => payments.getByTestId('order-paid').textContent()).toBe(sar(5301, texts.lang))
  await payments.getByText('TRX-7781').waitFor()
  // The deposit's message may still be up: this one names the rest's amount.
  await notification(page, texts.paid(code))
    .filter({ hasText: sar(4301, texts.lang) })
    .waitFor()
  // A refund is a negative payment: it reopens the balance (back to confirmed), is called a refund, and is paid again.
  await field(payments, texts.amount).fill('-301')
  await payments.getByRole('button', { name: texts.addPayment }).click()
  await notification(page, texts.refundNote(sar(301, texts.lang))).waitFor()
  await expect.poll(() => status.textContent()).toBe(texts.status.confirmed)
  await expect.poll(() => payments.getByTestId('order-balance').textContent()).toBe(sar(301, texts.lang))
  await payments
    .getByRole('listitem')
    .filter({ hasText: texts.refund })
    .filter({ hasText: sar(-301, texts.lang) })
    .waitFor()
  await payments.getByRole('button', { name: texts.addPayment }).click()
  await expect.poll(() => status.textContent()).toBe(texts.status.paid)
  // Completing records that the stay happened: before the order ends the button waits and says from when (issue 32).
  const completeButton = page.getByRole('button', { name: texts.complete, exact: true })
  await expect.poll(() => completeButton.isDisabled()).toBe(true)
  const endsOn = (await call<{ data: { end_date: string } }>('GET', `/orders/${orderId}`)).body.data.end_date
  await page.getByText(texts.completeFrom(dmy(endsOn)), { exact: true }).waitFor()
  await shot(page, named('03c-complete-waits'))
  // Once the order has ended (its days moved into the past), Complete opens.
  await endOrder(env.app.db as Db, orderId)
  await page.reload()
  await expect.poll(() => status.textContent()).toBe(texts.status.paid)
  await expect.poll(() => completeButton.isDisabled()).toBe(false)
  // Completing cannot be undone: the one confirmation asks first, naming the order; Cancel leaves it.
  await page.getByRole('button', { name: texts.complete, exact: true }).click()
  ask = page.getByRole('dialog', { name: texts.completeTitle(code) })
  await ask.getByRole('button', { name: texts.cancel, exact: true }).click()
  await ask.waitFor({ state: 'hidden' })
  expect(await status.textContent()).toBe(texts.status.paid)
  await page.getByRole('button', { name: texts.complete, exact: true }).click()
  ask = page.getByRole('dialog', { name: texts.completeTitle(code) })
  await shot(page, named('03b-complete-confirm'))
  await ask.getByRole('button', { name: texts.complete, exact: true }).click()
  await expect.poll(() => status.textContent()).toBe(texts.status.completed)
  await ask.waitFor({ state: 'hidden' })
  // A completed order reads as a summary: the customer as text, no inputs left to fill.
  const customerPanel = page.getByRole('region', { name: texts.customerSection })
  await customerPanel.getByText(customer, { exact: true }).waitFor()
  expect(await customerPanel.getByRole('textbox').count()).toBe(0)
  await shot(page, named('04-order-completed'))
  await env.screenshot(page, named('05-order-completed-full'))
  const saved = await call<{ data: { status: string; paid: string | number; balance: number; payments: unknown[] } }>(
    'GET',
    `/orders/${orderId}`,
  )
  expect(saved.body.data.status).toBe('completed')
  expect(Number(saved.body.data.paid)).toBe(5301)
  expect(saved.body.data.balance).toBe(0)
  expect(saved.body.data.payments).toHaveLength(4)

  // A package appears on every desk it touches.
  for (const [route, heading] of [
    ['/app/order_hotel', texts.hotelDesk],
    ['/app/order_train', texts.trainDesk],
    ['/app/order_transportation', texts.vehicleDesk],
  ] as const) {
    await page.goto(route)
    await page.getByRole('heading', { name: heading }).waitFor()
    const row = page.getByRole('row').filter({ hasText: code })
    await row.waitFor()
    await expect.poll(() => row.textContent()).toContain(texts.status.completed)
  }
  // The desk's status choices carry their counts (from the counters); choosing one filters the list.
  const statusChoices = page.getByRole('radiogroup', { name: 'Status' })
  const counters = await call<{ data: Record<string, Record<string, number>> }>('GET', '/orders/counters')
  const desk = counters.body.data.transportation!
  // The radios are named "<status> <count>"; their visible part is the chip's label.
  const choice = (label: string, n: number | undefined) => statusChoices.getByRole('radio', { name: `${label} ${n}` })
  const pick = (label: string, n: number | undefined) =>
    statusChoices
      .locator('label')
      .filter({ has: page.locator(`text="${label}"`) })
      .filter({ hasText: String(n) })
      .click()
  await choice(texts.all, desk.all).waitFor({ state: 'attached' })
  await pick(texts.status.completed, desk.completed)
  await expect.poll(() => choice(texts.status.completed, desk.completed).isChecked()).toBe(true)
  await expect.poll(() => page.getByRole('row').filter({ hasText: code }).count()).toBe(1)
  await pick(texts.status.pending, desk.pending)
  await expect.poll(() => page.getByRole('row').filter({ hasText: code }).count()).toBe(0)
  await pick(texts.status.completed, desk.completed)
  await page.getByRole('row').filter({ hasText: code }).waitFor()
  await shot(page, named('06-transportation-desk'))
  // The desk exports its orders as Excel (the server streams the sheet).
  await page.getByRole('button', { name: texts.exportLabel }).click()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /\.xlsx/ }).click()])
  expect(download.suggestedFilename()).toBe(`orders_table_${new Date().toISOString().slice(0, 10)}.xlsx`)

  // The phone: the order page and the list.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/app/order_hotel/${orderId}`)
  await page.getByRole('heading', { name: new RegExp(escapeRegExp(code)) }).waitFor()
  await shot(page, named('07-phone-order'))
  await page.goto('/app/order_hotel')
  // A phone shows the list as cards (issue 32).
  await page.locator('[data-row-card]').filter({ hasText: code }).waitFor()
  await shot(page, named('08-phone-list'))
  await page.close()
}

/** A stay on days another order already holds: refused, the days named on the item, nothing booked. */
async function refusedJourney(texts: Texts, offset: number, customer: string) {
  const named = (n: string) => `orders-${texts.lang}-${n}`
  // Another desk clerk books both Makkah quads for the two middle nights.
  await post('/orders', {
    customer: { name: `Walk-in ${texts.lang}` },
    items: [
      {
        kind: 'room',
        room_id: cat.makkahRoom,
        check_in: day(offset + 1),
        check_out: day(offset + 3),
        quantity: 2,
        adults: 2,
        children: 0,
      },
    ],
  })
  const page = await openDesk(texts, '/app/order_hotel/create', texts.newOrder)
  await field(page, texts.name).fill(customer)
  const stay = page.getByRole('group', { name: texts.item(1, texts.stay) })
  await choose(page, stay, texts.room, /Quad Haram View/)
  await pickDay(page, stay, texts.checkIn, day(offset), texts)
  await pickDay(page, stay, texts.checkOut, day(offset + 4), texts)
  await field(stay, texts.adults).fill('2')
  // The hotel follows the room chosen.
  await expect.poll(() => field(stay, texts.hotel).inputValue()).toBe('Hilton Suites Makkah')
  await expect.poll(() => page.getByTestId('order-total').textContent(), { timeout: 10_000 }).toContain(sar(4 * 900, texts.lang))
  // The live quote already warns, on the item and in the price, before anything is sent.
  const days = `${texts.short} ${dmy(day(offset + 1))}, ${dmy(day(offset + 2))}`
  const alert = stay.getByRole('alert')
  await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toBe(days)
  await page
    .getByRole('region', { name: /Price|Harga/ })
    .getByText(days)
    .waitFor()
  // Saving anyway is refused by the server (409) with the same days.
  await page.getByRole('button', { name: texts.createOrder }).click()
  await notification(page, texts.refused).waitFor()
  expect(await alert.textContent()).toBe(days)
  await shot(page, named('09-refused'))
  expect(new URL(page.url()).pathname).toBe('/app/order_hotel/create')
  const none = await call<{ data: OrderRow[] }>('GET', `/orders?search=${encodeURIComponent(customer)}`)
  expect(none.body.data).toHaveLength(0)
  // Moved onto free nights (the fourth night alone), the warning goes.
  await pickDay(page, stay, texts.checkIn, day(offset + 3), texts)
  await alert.waitFor({ state: 'detached', timeout: 10_000 })

  // The walk-in is cancelled from its page: the dialog keeps the order or cancels it (two different words),
  // and the nights are free again: the same stay is now quoted without a warning.
  const walkIn = await call<{ data: OrderRow[] }>('GET', `/orders?search=${encodeURIComponent(`Walk-in ${texts.lang}`)}`)
  const other = await openDesk(texts, `/app/order_hotel/${walkIn.body.data[0]!.id}`, walkIn.body.data[0]!.code)
  await other.getByRole('button', { name: texts.cancelOrder, exact: true }).click()
  const dialog = other.getByRole('dialog')
  await dialog.getByRole('button', { name: texts.keepOrder }).waitFor()
  // Cancelling asks why (required) and an optional fee, both kept on the order (issue 32).
  await dialog.getByRole('button', { name: texts.cancelOrder }).click()
  await dialog.getByText(texts.reasonRequired).waitFor()
  expect(await other.getByTestId('order-status').textContent()).toBe(texts.status.pending)
  await field(dialog, texts.reason).fill('Visa refused for the walk-in')
  await field(dialog, texts.fee).fill(texts.lang === 'en' ? '1,250.50' : '1.250,50')
  await shot(other, named('09b-cancel-dialog'))
  await dialog.getByRole('button', { name: texts.cancelOrder }).click()
  await expect.poll(() => other.getByTestId('order-status').textContent()).toBe(texts.status.cancelled)
  const kept = other.getByTestId('order-cancellation')
  await expect.poll(() => kept.textContent()).toContain('Visa refused for the walk-in')
  expect(await kept.textContent()).toContain(sar(1250.5, texts.lang))
  const cancelled = await call<{ data: { cancel_reason: string; cancel_fee: number } }>(
    'GET',
    `/orders/${walkIn.body.data[0]!.id}`,
  )
  expect(cancelled.body.data).toMatchObject({ cancel_reason: 'Visa refused for the walk-in', cancel_fee: 1250.5 })
  await shot(other, named('09c-cancelled-reason'))
  await other.close()
  await pickDay(page, stay, texts.checkIn, day(offset), texts)
  await expect.poll(() => page.getByTestId('order-total').textContent(), { timeout: 10_000 }).toContain(sar(4 * 900, texts.lang))
  await page.waitForTimeout(1_000)
  expect(await alert.count()).toBe(0)
  await page.close()
}

/**
 * An order booked in English (the stored train name says "economy"), confirmed, so it reads as a summary:
 * - the train desk opened on a link with `?status=confirmed` shows that tab chosen; another tab changes the
 *   URL, back returns to it, a reload keeps it;
 * - the summary names each item's days as its kind does and the train's class in the reader's language.
 */
let bookedInEnglish: { id: number; code: string } | undefined
async function summaryAndTabs(texts: Texts) {
  const named = (n: string) => `orders-${texts.lang}-${n}`
  if (!bookedInEnglish) {
    const made = await call<{ data: { id: number; code: string } }>(
      'POST',
      '/orders',
      {
        customer: { name: 'Nurul Huda' },
        items: [
          { kind: 'room', room_id: cat.madinahRoom, check_in: day(50), check_out: day(53), quantity: 1, adults: 2, children: 0 },
          { kind: 'train', route_id: cat.route, train_type: 'economy', date: day(51), adults: 2, children: 0 },
          { kind: 'transportation', transportation_id: cat.vehicle, start_date: day(50), end_date: day(51) },
        ],
      },
      { 'x-localization': 'en' },
    )
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    bookedInEnglish = made.body.data
    expect((await call('POST', `/orders/${bookedInEnglish.id}/status`, { status: 'confirmed' })).status).toBe(200)
  }
  const { id, code } = bookedInEnglish
  const stored = await call<{ data: { items: Array<{ kind: string; item_name: string }> } }>('GET', `/orders/${id}`)
  expect(stored.body.data.items.find((i) => i.kind === 'train')!.item_name).toBe('Haramain Makkah - Madinah (HHR-01, economy)')

  // A shared link opens the chosen tab; choosing another is a history entry; back and reload keep the URL's tab.
  const page = await openDesk(texts, '/app/order_train?status=confirmed', texts.trainDesk)
  const tab = (label: string) =>
    page.getByRole('radiogroup', { name: 'Status' }).getByRole('radio', { name: new RegExp(`^${label} \\d+$`) })
  await expect.poll(() => tab(texts.status.confirmed).isChecked()).toBe(true)
  await page.getByRole('row').filter({ hasText: code }).waitFor()
  // The items column names the train class in the reader's language too.
  const cls = texts.lang === 'id' ? 'ekonomi' : 'economy'
  expect(await page.getByRole('row').filter({ hasText: code }).textContent()).toContain(`(HHR-01, ${cls})`)
  await shot(page, named('10-desk-tab-in-url'))
  await page.getByRole('radiogroup', { name: 'Status' }).locator('label').filter({ hasText: texts.status.pending }).click()
  await expect.poll(() => new URL(page.url()).search).toBe('?status=pending')
  await expect.poll(() => page.getByRole('row').filter({ hasText: code }).count()).toBe(0)
  await page.goBack()
  await expect.poll(() => new URL(page.url()).search).toBe('?status=confirmed')
  await expect.poll(() => tab(texts.status.confirmed).isChecked()).toBe(true)
  await page.getByRole('row').filter({ hasText: code }).waitFor()
  await page.goForward()
  await expect.poll(() => tab(texts.status.pending).isChecked()).toBe(true)
  await page.reload()
  await page.getByRole('heading', { name: texts.trainDesk }).waitFor()
  await expect.poll(() => tab(texts.status.pending).isChecked()).toBe(true)

  // The summary of the confirmed order, read in the page's language.
  await page.goto(`/app/order_train/${id}`)
  await page.getByRole('heading', { name: new RegExp(escapeRegExp(code)) }).waitFor()
  const items = page.getByRole('region', { name: texts.lang === 'id' ? 'Item' : 'Items', exact: true })
  const entry = (label: string) => items.getByText(label, { exact: true }).first().locator('xpath=following-sibling::*[1]')
  await items.getByText(`Haramain Makkah - Madinah (HHR-01, ${cls})`, { exact: true }).waitFor()
  expect(await entry(texts.checkIn).textContent()).toBe(dmy(day(50)))
  expect(await entry(texts.checkOut).textContent()).toBe(`${dmy(day(53))} (3 ${texts.lang === 'id' ? 'malam' : 'nights'})`)
  expect(await entry(texts.date).textContent()).toBe(dmy(day(51)))
  expect(await entry(texts.start).textContent()).toBe(dmy(day(50)))
  expect(await entry(texts.end).textContent()).toBe(dmy(day(51)))
  await env.screenshot(page, named('11-order-summary-full'))
  await page.close()
}

// Each journey runs in one language, the languages alternating across journeys: the Indonesian screens
// walk and the locale parity test prove every text in both, and this keeps both number and date formats
// going through the forms (docs/decisions/ci.md).
/**
 * Extras chosen per item (issue 32): a stay at a hotel with an extra bed and a buffet is priced without them
 * until the clerk ticks one (the service fee is always there); the buffet's quantity starts at the persons and
 * can be lowered; the saved order and its summary show which were chosen and how many.
 */
async function extrasJourney(texts: Texts, offset: number, customer: string) {
  const named = (n: string) => `orders-${texts.lang}-extras-${n}`
  const page = await openDesk(texts, '/app/order_hotel/create', texts.newOrder)
  await field(page, texts.name).fill(customer)
  const stay = page.getByRole('group', { name: texts.item(1, texts.stay) })
  await choose(page, stay, texts.hotel, 'Dar Al Tawhid Intercontinental')
  await choose(page, stay, texts.room, /Family Room/)
  await pickDay(page, stay, texts.checkIn, day(offset), texts)
  await pickDay(page, stay, texts.checkOut, day(offset + 2), texts)
  await field(stay, texts.rooms).fill('2')
  await field(stay, texts.adults).fill('8')
  // Nothing chosen: two rooms for two nights at 500 and the handling fee, no extra.
  const price = page.getByRole('region', { name: /Price|Harga/ })
  await expect.poll(() => price.getByTestId('order-total').textContent(), { timeout: 10_000 }).toContain(sar(2025, texts.lang))
  expect(await price.getByText('Extra bed').count()).toBe(0)
  expect(await price.getByText('Sahur and iftar buffet').count()).toBe(0)
  await price.getByText('Handling').waitFor()
  // The item offers its hotel's extras, each ticked on its own.
  const extras = stay.getByRole('group', { name: texts.extras })
  await extras.getByText(texts.extrasHint).waitFor()
  await tick(extras.getByRole('checkbox', { name: /^Extra bed/ }))
  await tick(extras.getByRole('checkbox', { name: /^Sahur and iftar buffet/ }))
  // A per-person extra starts at the persons (8); three of them take the buffet.
  const qty = field(extras.getByRole('group', { name: 'Sahur and iftar buffet' }), texts.buffetQty)
  await expect.poll(() => qty.inputValue()).toBe('8')
  await qty.fill('3')
  // 2000 + extra bed 150 + buffet 95 x 2 nights x 3 = 570, + handling 25.
  await expect.poll(() => price.getByTestId('order-total').textContent(), { timeout: 10_000 }).toContain(sar(2745, texts.lang))
  await price.getByText('Extra bed').waitFor()
  await price.getByText('Sahur and iftar buffet').waitFor()
  await shot(page, named('01-chosen'))
  await page.getByRole('button', { name: texts.createOrder }).click()
  await page.waitForURL(/\/app\/order_hotel\/\d+$/)
  const id = Number(new URL(page.url()).pathname.split('/').pop())
  const saved = await call<{ data: { total: number; items: Array<{ extras: unknown }> } }>('GET', `/orders/${id}`)
  expect(Number(saved.body.data.total)).toBe(2745)
  expect(saved.body.data.items[0]!.extras).toHaveLength(2)
  // The saved (pending) order opens with its extras ticked and the buffet's quantity, as stored.
  const savedExtras = page.getByRole('group', { name: texts.item(1, texts.stay) }).getByRole('group', { name: texts.extras })
  await expect.poll(() => savedExtras.getByRole('checkbox', { name: /^Extra bed/ }).isChecked()).toBe(true)
  await expect
    .poll(() => field(savedExtras.getByRole('group', { name: 'Sahur and iftar buffet' }), texts.buffetQty).inputValue())
    .toBe('3')
  await shot(page, named('02-saved'))
  // Once confirmed, the order reads as a summary naming the chosen extras and the buffet's quantity.
  expect((await call('POST', `/orders/${id}/status`, { status: 'confirmed' })).status).toBe(200)
  await page.reload()
  await page.getByText('Extra bed, Sahur and iftar buffet × 3', { exact: true }).waitFor()
  await shot(page, named('03-summary'))
  await page.close()
}

/**
 * Vehicle extras chosen per item (issue 32, item 2): a van with a child seat and Zamzam water is priced
 * without them until the clerk ticks the child seat (the service fee is always there); the saved order keeps
 * it, and its summary names it.
 */
async function vehicleExtrasJourney(texts: Texts, offset: number, customer: string) {
  const named = (n: string) => `orders-${texts.lang}-vehicle-extras-${n}`
  const page = await openDesk(texts, '/app/order_transportation/create', texts.newOrder)
  await field(page, texts.name).fill(customer)
  const car = page.getByRole('group', { name: texts.item(1, texts.car) })
  await choose(page, car, texts.vehicle, /Hiace Ziyarah Van/)
  await pickDay(page, car, texts.start, day(offset), texts)
  await pickDay(page, car, texts.end, day(offset + 1), texts)
  // Nothing chosen: two days at 600 and the permit, no extra.
  const price = page.getByRole('region', { name: /Price|Harga/ })
  await expect.poll(() => price.getByTestId('order-total').textContent(), { timeout: 10_000 }).toContain(sar(1230, texts.lang))
  expect(await price.getByText('Child seat').count()).toBe(0)
  expect(await price.getByText('Zamzam water').count()).toBe(0)
  await price.getByText('Airport permit').waitFor()
  // The item offers its vehicle's extras, each ticked on its own.
  const extras = car.getByRole('group', { name: texts.extras })
  await tick(extras.getByRole('checkbox', { name: /^Child seat/ }))
  // 1200 + child seat 40 x 2 days + permit 30.
  await expect.poll(() => price.getByTestId('order-total').textContent(), { timeout: 10_000 }).toContain(sar(1310, texts.lang))
  await price.getByText('Child seat').waitFor()
  expect(await price.getByText('Zamzam water').count()).toBe(0)
  await shot(page, named('01-chosen'))
  await page.getByRole('button', { name: texts.createOrder }).click()
  await page.waitForURL(/\/app\/order_transportation\/\d+$/)
  const id = Number(new URL(page.url()).pathname.split('/').pop())
  const saved = await call<{ data: { total: number; items: Array<{ extras: unknown[] }> } }>('GET', `/orders/${id}`)
  expect(Number(saved.body.data.total)).toBe(1310)
  expect(saved.body.data.items[0]!.extras).toHaveLength(1)
  // The saved (pending) order opens with the child seat ticked and the water not.
  const savedExtras = page.getByRole('group', { name: texts.item(1, texts.car) }).getByRole('group', { name: texts.extras })
  await expect.poll(() => savedExtras.getByRole('checkbox', { name: /^Child seat/ }).isChecked()).toBe(true)
  expect(await savedExtras.getByRole('checkbox', { name: /^Zamzam water/ }).isChecked()).toBe(false)
  // Once confirmed, the order reads as a summary naming the chosen extra.
  expect((await call('POST', `/orders/${id}/status`, { status: 'confirmed' })).status).toBe(200)
  await page.reload()
  // The item's summary names it (the price table has its line too).
  await page.locator('p:text-is("Child seat")').waitFor()
  await shot(page, named('02-summary'))
  await page.close()
}

describe('reservations desks', () => {
  it('charges only the vehicle extras a clerk chooses, in English', async () => {
    await vehicleExtrasJourney(EN, 80, 'Vehicle extras en')
  }, 240_000)

  it('books a package from live quote to payment and completion, in English', async () => {
    await packageJourney(EN, 10, 'Rahmat Hidayat')
  }, 360_000)

  it('refuses an oversold order in Indonesian', async () => {
    await refusedJourney(ID, 40, 'Ahmad Fauzi')
  }, 240_000)

  it('keeps the desk tab in the URL and reads an English-booked order in English', async () => {
    await summaryAndTabs(EN)
  }, 240_000)

  it('reads the same order in Indonesian: the train class and the days in Indonesian', async () => {
    await summaryAndTabs(ID)
  }, 240_000)

  it('charges only the extras a clerk chooses, with their quantity, in Indonesian', async () => {
    await extrasJourney(ID, 75, 'Extras id')
  }, 240_000)
})
