import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCompany, type Actor } from '../helpers/fixtures.js'
import { startBrowserEnv, type BrowserEnv } from './harness.js'
import { apiAs, escapeRegExp, field, notification, png, shot, openSignedIn } from './page.js'

/**
 * Vehicles and train routes in real Chromium against the real server (issue
 * 10), in English and Indonesian: a vehicle is created through the full-page
 * form (rich text, gallery image, FAQ, location with a map click and no tiles,
 * an extra price and a service fee behind their switches, attribute choices,
 * featured image); a sale price above the price is refused on its field; it
 * shows in the list with its availability link and is edited. A train route is
 * created across midnight in its dialog (errors per field first, the duration
 * shown as the server computes it), with attribute values and a featured
 * image, and edited.
 */
let env: BrowserEnv
let owner: Actor
let files: string

/** A real PNG (the server checks bytes). */

/** The first text box so labelled (a list entry below may use the same label, e.g. Name). */
const box = (scope: Pick<Page, 'getByRole'>, label: string) =>
  scope.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(label)}( \\*)?$`) }).first()
/** The error text of the input labelled `label` (Mantine links it by `aria-describedby`: `<id>-error`), or null. */
async function errorOf(scope: Locator | Page, label: string): Promise<string | null> {
  const input = field(scope, label).first()
  const id = await input.getAttribute('id')
  const page = 'page' in scope && typeof scope.page === 'function' ? (scope as Locator).page() : (scope as Page)
  const error = page.locator(`[id="${id}-error"]`)
  return (await error.count()) ? error.textContent() : null
}
const api = apiAs(
  () => env,
  () => owner,
)
async function pick(page: Page, scope: Locator | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}( \\*)?$`) }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

interface Texts {
  lang: 'en' | 'id'
  create: string
  save: string
  edit: string
  availability: string
  created: string
  updated: string
  vehicles: string
  createVehicle: string
  editVehicle: string
  name: string
  content: string
  banner: string
  youtube: string
  gallery: string
  faq: (n: number) => string
  title: string
  location: string
  address: string
  latitude: string
  map: string
  price: string
  salePrice: string
  saleAbove: string
  extraSwitch: string
  extra: (n: number) => string
  feeSwitch: string
  fee: (n: number) => string
  feeName: string
  value: string
  type: string
  oneTime: string
  percent: string
  minReservation: string
  maxDay: string
  vehicleNumber: string
  status: string
  publish: string
  featuredFlag: string
  featuredImage: string
  routes: string
  createRoute: string
  editRoute: string
  code: string
  from: string
  to: string
  departure: string
  arrival: string
  duration: string
  priceAdult: string
  priceChildren: string
  maxPassengers: string
  checkin: string
  cabin: string
  trainType: string
  business: string
  required: (field: string) => string
  overnight: string
}

const EN: Texts = {
  lang: 'en',
  create: 'Create',
  save: 'Save',
  edit: 'Edit',
  availability: 'Availability',
  created: 'Created',
  updated: 'Updated',
  vehicles: 'Transportation',
  createVehicle: 'Create Transportation',
  editVehicle: 'Edit Transportation',
  name: 'Name',
  content: 'Content',
  banner: 'Banner Image',
  youtube: 'Video Link (YouTube)',
  gallery: 'Gallery',
  faq: (n) => `FAQ ${n}`,
  title: 'Title',
  location: 'Location',
  address: 'Real Address',
  latitude: 'Latitude',
  map: 'Map',
  price: 'Price',
  salePrice: 'Sale Price',
  saleAbove: 'Sale Price may not be above the price',
  extraSwitch: 'Enable Extra Price',
  extra: (n) => `Extra Price ${n}`,
  feeSwitch: 'Enable Service Fee',
  fee: (n) => `Service Fee ${n}`,
  feeName: 'Fee Name',
  value: 'Value',
  type: 'Type',
  oneTime: 'One Time',
  percent: 'Percent',
  minReservation: 'Minimum Reservation',
  maxDay: 'Max Day',
  vehicleNumber: 'Car Number',
  status: 'Status',
  publish: 'Publish',
  featuredFlag: 'Featured',
  featuredImage: 'Featured Image',
  routes: 'Train Routes',
  createRoute: 'Create Train Route',
  editRoute: 'Edit Train Route',
  code: 'Code',
  from: 'From',
  to: 'To',
  departure: 'Departure Time',
  arrival: 'Arrival Time',
  duration: 'Duration (hours)',
  priceAdult: 'Price Adult',
  priceChildren: 'Price Children',
  maxPassengers: 'Max Passengers',
  checkin: 'Check-in Baggage (kg)',
  cabin: 'Cabin Baggage (kg)',
  trainType: 'Train Type',
  business: 'Business',
  required: (f) => `${f} is Required`,
  overnight: '2.75',
}
const ID: Texts = {
  lang: 'id',
  create: 'Tambah',
  save: 'Simpan',
  edit: 'Ubah',
  availability: 'Ketersediaan',
  created: 'Berhasil Dibuat',
  updated: 'Berhasil Diperbarui',
  vehicles: 'Transportasi',
  createVehicle: 'Tambah Transportasi',
  editVehicle: 'Ubah Transportasi',
  name: 'Nama',
  content: 'Konten',
  banner: 'Gambar Banner',
  youtube: 'Tautan Video (YouTube)',
  gallery: 'Galeri',
  faq: (n) => `Tanya Jawab ${n}`,
  title: 'Judul',
  location: 'Lokasi',
  address: 'Alamat Lengkap',
  latitude: 'Lintang',
  map: 'Peta',
  price: 'Harga',
  salePrice: 'Harga Diskon',
  saleAbove: 'Harga Diskon tidak boleh melebihi harga',
  extraSwitch: 'Aktifkan Harga Tambahan',
  extra: (n) => `Harga Tambahan ${n}`,
  feeSwitch: 'Aktifkan Biaya Layanan',
  fee: (n) => `Biaya Layanan ${n}`,
  feeName: 'Nama Biaya',
  value: 'Nilai',
  type: 'Tipe',
  oneTime: 'Sekali',
  percent: 'Persen',
  minReservation: 'Minimal Reservasi',
  maxDay: 'Maksimal Hari',
  vehicleNumber: 'Nomor Kendaraan',
  status: 'Status',
  publish: 'Terbit',
  featuredFlag: 'Unggulan',
  featuredImage: 'Gambar Utama',
  routes: 'Rute Kereta',
  createRoute: 'Tambah Rute Kereta',
  editRoute: 'Ubah Rute Kereta',
  code: 'Kode',
  from: 'Asal',
  to: 'Tujuan',
  departure: 'Waktu Berangkat',
  arrival: 'Waktu Tiba',
  duration: 'Durasi (jam)',
  priceAdult: 'Harga Dewasa',
  priceChildren: 'Harga Anak',
  maxPassengers: 'Maks Penumpang',
  checkin: 'Bagasi Check-in (kg)',
  cabin: 'Bagasi Kabin (kg)',
  trainType: 'Tipe Kereta',
  business: 'Bisnis',
  required: (f) => `${f} Wajib Diisi`,
  overnight: '2,75',
}

let attrs: Record<string, number>

beforeAll(async () => {
  // Tiles from a port nothing listens on: the map must work without them.
  env = await startBrowserEnv({ env: { MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' } })
  owner = (await createCompany(env.app, { name: 'Haramain Transport' })).owner
  for (const [name, lat, long] of [
    ['Makkah', 21.4225, 39.8262],
    ['Madinah', 24.4672, 39.6111],
  ] as const)
    await api('POST', '/locations', { name, description: `<p>${name}</p>`, status: 'publish', lat, long, zoom: 11 })
  attrs = {}
  const group = async (name: string, type: string, option_type: string, values: string[]) => {
    const g = await api<{ id: number }>('POST', '/group_attributes', {
      name,
      description: name,
      type,
      option_type,
      is_active: true,
    })
    for (const v of values)
      attrs[v] = (
        await api<{ id: number }>('POST', '/attributes', { name: v, description: v, group_id: g.id, is_active: true })
      ).id
  }
  await group('Car Type', 'transportation', 'radio', ['Bus', 'GMC'])
  await group('Route Transportation', 'transportation', 'checkbox', ['Jeddah Airport - Makkah', 'Makkah - Madinah'])
  await group('Class Amenities', 'train', 'checkbox', ['Wi-Fi', 'Meal'])
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'transport-'))
  fs.writeFileSync(path.join(files, 'bus.png'), png(320, 200, [30, 90, 160]))
  fs.writeFileSync(path.join(files, 'inside.png'), png(240, 160, [160, 60, 40]))
}, 120_000)
afterAll(async () => {
  await env?.close()
  if (files) fs.rmSync(files, { recursive: true, force: true })
})

async function openPage(texts: Texts, route: string, heading: string): Promise<Page> {
  const page = await openSignedIn(env, owner, texts.lang, route, { viewport: { width: 1366, height: 768 } })
  await page.getByRole('heading', { name: heading, exact: true }).waitFor()
  return page
}

interface VehicleDetail {
  id: number
  name: string
  status: string
  is_featured: boolean
  content: string
  youtube: string | null
  price: number
  sale_price: number | null
  extra_price: boolean
  prices_extra: Array<{ name: string; value: number; type: string; person_price: boolean }>
  service_fee: boolean
  service_prices: Array<{ name: string; value: number; type: string }>
  faqs: Array<{ title: string; content: string }>
  attributes_list: number[]
  location: { name: string }
  real_address: string
  lat: number
  gallery: string[]
  featured_image: string | null
  min_reservation: number
  max_day: number
  vehicle_number: string | null
}

async function vehicleJourney(t: Texts, name: string) {
  const page = await openPage(t, '/app/transportation', t.vehicles)
  const s = (n: string) => `transport-${t.lang}-vehicle-${n}`

  await page.getByRole('button', { name: t.create, exact: true }).click()
  await page.waitForURL('**/app/transportation/create')
  await page.getByRole('heading', { name: t.createVehicle }).waitFor()

  // Nothing filled: errors on the fields.
  await page.getByRole('button', { name: t.save, exact: true }).click()
  await expect.poll(() => errorOf(page, t.name)).toBe(t.required(t.name))
  await shot(page, s('01-errors'))

  await field(page, t.name).fill(name)
  await page.getByRole('textbox', { name: t.content, exact: true }).first().click()
  await page.keyboard.type('Air-conditioned bus with reclining seats.')
  await field(page, t.youtube).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
  await field(page, t.gallery).setInputFiles(path.join(files, 'inside.png'))
  await page
    .getByRole('img', { name: new RegExp(escapeRegExp(t.gallery)) })
    .first()
    .waitFor()

  const faq = page.getByRole('group', { name: t.faq(1) })
  await field(faq, t.title).fill('Is there Wi-Fi?')
  await field(faq, t.content).fill('Yes, on every bus.')

  await pick(page, page, t.location, 'Makkah')
  await field(page, t.address).fill('Ajyad Street 12, Makkah')
  const map = page.getByRole('group', { name: t.map }).locator('.leaflet-container')
  await map.scrollIntoViewIfNeeded()
  await map.click({ position: { x: 300, y: 150 } })
  await expect.poll(() => field(page, t.latitude).inputValue()).not.toBe('')

  await box(page, t.price).fill('1000')
  await field(page, t.salePrice).fill('1500')

  await page.locator('label').filter({ hasText: t.extraSwitch }).click()
  await expect.poll(() => page.getByRole('switch', { name: t.extraSwitch }).isChecked()).toBe(true)
  const extra = page.getByRole('group', { name: t.extra(1) })
  await field(extra, t.name).fill('Child seat')
  await field(extra, t.value).fill('50')
  await pick(page, extra, t.type, t.oneTime)
  await page.locator('label').filter({ hasText: t.feeSwitch }).click()
  const fee = page.getByRole('group', { name: t.fee(1) })
  await field(fee, t.feeName).fill('Booking fee')
  await field(fee, t.value).fill('5')
  await pick(page, fee, t.type, t.percent)

  await field(page, t.minReservation).fill('1')
  await field(page, t.maxDay).fill('14')
  await field(page, t.vehicleNumber).fill('B 1234 KSA')

  await pick(page, page, t.status, t.publish)
  await page.getByRole('checkbox', { name: t.featuredFlag, exact: true }).check()
  await page.getByRole('radio', { name: 'Bus', exact: true }).check()
  await page.getByRole('checkbox', { name: 'Jeddah Airport - Makkah' }).check()
  await field(page, t.featuredImage).setInputFiles(path.join(files, 'bus.png'))
  await page.getByRole('img', { name: t.featuredImage }).waitFor()
  await shot(page, s('03-filled'), { fullPage: true })

  // A sale price above the price is refused on its field.
  await page.getByRole('button', { name: t.save, exact: true }).click()
  await expect.poll(() => errorOf(page, t.salePrice)).toBe(t.saleAbove)
  await shot(page, s('02-sale-above-price'))
  await field(page, t.salePrice).fill('900')
  await page.keyboard.press('Tab')

  await page.getByRole('button', { name: t.save, exact: true }).click()
  await notification(page, t.created).waitFor()
  await page.waitForURL(/\/app\/transportation$/)
  const row = page.getByRole('row').filter({ hasText: name })
  await row.waitFor()
  await shot(page, s('04-list'))

  const list = await api<Array<{ id: number; name: string }>>('GET', `/transportations?search=${encodeURIComponent(name)}`)
  const id = list.find((v) => v.name === name)!.id
  const saved = await api<VehicleDetail>('GET', `/transportations/${id}`)
  expect(saved).toMatchObject({
    status: 'publish',
    is_featured: true,
    price: 1000,
    sale_price: 900,
    extra_price: true,
    service_fee: true,
    min_reservation: 1,
    max_day: 14,
    vehicle_number: 'B 1234 KSA',
    real_address: 'Ajyad Street 12, Makkah',
    youtube: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  })
  expect(saved.location.name).toBe('Makkah')
  expect(saved.content).toContain('reclining seats')
  expect(saved.faqs).toMatchObject([{ title: 'Is there Wi-Fi?', content: 'Yes, on every bus.' }])
  expect(saved.prices_extra).toMatchObject([{ name: 'Child seat', value: 50, type: 'one_time', person_price: false }])
  expect(saved.service_prices).toMatchObject([{ name: 'Booking fee', value: 5, type: 'percent' }])
  expect([...saved.attributes_list].sort()).toEqual([attrs['Bus'], attrs['Jeddah Airport - Makkah']].sort())
  expect(saved.gallery).toHaveLength(1)
  expect(saved.featured_image).toMatch(/\.png$/)

  // The availability action is a link to the vehicle's calendar.
  expect(await row.getByRole('link', { name: t.availability }).getAttribute('href')).toBe(
    `/app/transportation/${id}/availability`,
  )

  // ---- edit: the page is filled from the record; another car type, a new name
  await row.getByRole('button', { name: t.edit, exact: true }).click()
  await page.waitForURL(`**/app/transportation/edit/${id}`)
  await page.getByRole('heading', { name: t.editVehicle }).waitFor()
  await expect.poll(() => box(page, t.name).inputValue()).toBe(name)
  await expect.poll(() => page.getByRole('radio', { name: 'Bus', exact: true }).isChecked()).toBe(true)
  await page.getByRole('radio', { name: 'GMC', exact: true }).check()
  await box(page, t.name).fill(`${name} VIP`)
  await shot(page, s('05-edit'))
  await page.getByRole('button', { name: t.save, exact: true }).click()
  await notification(page, t.updated).waitFor()
  await page.waitForURL(/\/app\/transportation$/)
  await page
    .getByRole('row')
    .filter({ hasText: `${name} VIP` })
    .waitFor()
  const edited = await api<VehicleDetail>('GET', `/transportations/${id}`)
  expect([...edited.attributes_list].sort()).toEqual([attrs['GMC'], attrs['Jeddah Airport - Makkah']].sort())
  expect(edited.faqs).toHaveLength(1)
  expect(edited.prices_extra).toHaveLength(1)
  expect(edited.gallery).toEqual(saved.gallery)
  expect(edited.featured_image).toBe(saved.featured_image)
  await page.close()
}

interface RouteDetail {
  id: number
  name: string
  duration: number
  departure_time: string
  arrival_time: string
  train_type: string
  attributes_list: number[]
  featured_image: string | null
  from: { name: string }
  to: { name: string }
}

async function trainJourney(t: Texts, name: string, code: string) {
  const page = await openPage(t, '/app/train_route', t.routes)
  const s = (n: string) => `transport-${t.lang}-train-${n}`
  await page.getByRole('button', { name: t.create, exact: true }).click()
  const d = page.getByRole('dialog')
  await d.getByText(t.createRoute).waitFor()

  // Every field says what is wrong with it.
  await field(d, t.departure).fill('7pm')
  // Leave the field first: its error shows on blur and moves the button.
  await page.keyboard.press('Tab')
  await d.getByRole('button', { name: t.save, exact: true }).click()
  await expect.poll(() => errorOf(d, t.name)).toBe(t.required(t.name))
  for (const label of [t.code, t.from, t.to, t.priceAdult, t.priceChildren, t.maxPassengers, t.checkin, t.cabin])
    expect((await errorOf(d, label)) ?? '', label).toContain(label.replace(/ \(kg\)$/, ''))
  expect(await errorOf(d, t.departure)).toBeTruthy()
  expect(await errorOf(d, t.arrival)).toBe(t.required(t.arrival))
  await shot(page, s('01-errors'))

  await field(d, t.name).fill(name)
  await field(d, t.code).fill(code)
  await pick(page, d, t.from, 'Makkah')
  await pick(page, d, t.to, 'Madinah')
  await field(d, t.departure).fill('22:30')
  await field(d, t.arrival).fill('01:15')
  await expect.poll(() => field(d, t.duration).inputValue()).toBe(t.overnight)
  await field(d, t.priceAdult).fill('450')
  await field(d, t.priceChildren).fill('250')
  await field(d, t.maxPassengers).fill('400')
  await field(d, t.checkin).fill('23')
  await field(d, t.cabin).fill('7')
  await pick(page, d, t.trainType, t.business)
  await d.getByRole('checkbox', { name: 'Wi-Fi' }).check()
  await field(d, t.featuredImage).setInputFiles(path.join(files, 'bus.png'))
  await d.getByRole('img', { name: t.featuredImage }).waitFor()
  await shot(page, s('02-filled'))
  await d.getByRole('button', { name: t.save, exact: true }).click()
  await notification(page, t.created).waitFor()
  const row = page.getByRole('row').filter({ hasText: name })
  await row.waitFor()
  await expect.poll(() => row.textContent()).toContain(t.overnight)
  await shot(page, s('03-list'))

  const list = await api<Array<{ id: number; name: string }>>('GET', `/trains_route?search=${encodeURIComponent(code)}`)
  const id = list.find((r) => r.name === name)!.id
  const saved = await api<RouteDetail>('GET', `/trains_route/${id}`)
  expect(saved).toMatchObject({ duration: 2.75, departure_time: '22:30', arrival_time: '01:15', train_type: 'business' })
  expect(saved.from.name).toBe('Makkah')
  expect(saved.to.name).toBe('Madinah')
  expect(saved.attributes_list).toEqual([attrs['Wi-Fi']])
  expect(saved.featured_image).toMatch(/\.png$/)
  expect(await row.getByRole('link', { name: t.availability }).getAttribute('href')).toBe(`/app/train_route/${id}/availability`)

  // ---- edit: the dialog shows the chosen values; add one
  await row.getByRole('button', { name: t.edit, exact: true }).click()
  await d.getByText(t.editRoute).waitFor()
  await expect.poll(() => d.getByRole('checkbox', { name: 'Wi-Fi' }).isChecked()).toBe(true)
  await d.getByRole('img', { name: t.featuredImage }).waitFor()
  await d.getByRole('checkbox', { name: 'Meal' }).check()
  await field(d, t.arrival).fill('02:00')
  await d.getByRole('button', { name: t.save, exact: true }).click()
  await notification(page, t.updated).waitFor()
  const edited = await api<RouteDetail>('GET', `/trains_route/${id}`)
  expect([...edited.attributes_list].sort()).toEqual([attrs['Wi-Fi'], attrs['Meal']].sort())
  expect(edited.duration).toBe(3.5)
  expect(edited.featured_image).toBe(saved.featured_image)
  await page.close()
}

// Each journey runs in one language, the languages alternating across journeys: the Indonesian screens
// walk and the locale parity test prove every text in both, and this keeps both number and date formats
// going through the forms (docs/decisions/ci.md).
describe('vehicles', () => {
  it('creates a vehicle through the full form, refuses a sale price above the price, lists and edits it, in English', async () => {
    await vehicleJourney(EN, 'Hiace Jeddah Shuttle')
  }, 300_000)
})

describe('train routes', () => {
  it('creates a route across midnight with attributes and edits it, in Indonesian', async () => {
    await trainJourney(ID, 'Haramain Malam', 'HR-202')
  }, 300_000)
})
