import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCompany, type Actor } from '../helpers/fixtures.js'
import { bookingBody, createPilgrim, departureBody, departureCatalogue } from '../helpers/departures.js'
import { startBrowserEnv, type BrowserEnv } from './harness.js'
import { apiAs, chooseOption, combo, escapeRegExp, field, openFromMenu, openSignedIn, shot } from './page.js'

/**
 * Pilgrims booked onto a departure at its desk (Order > Departure Bookings, issue 29), in English and
 * Indonesian: a family of three in a quad at the departure's price, saved as an order of the desk, the
 * departure's seats sold counted; a pilgrim already on the departure refused on the pilgrims field,
 * naming the pilgrim.
 */

let env: BrowserEnv
let owner: Actor
const api = apiAs(
  () => env,
  () => owner,
)

const TEXTS = {
  en: {
    orderGroup: 'Order',
    desk: 'Departure Bookings',
    create: 'Create',
    newOrder: 'New order',
    customer: 'Customer name',
    item: 'Item 1 · Departure seats',
    departure: 'Departure',
    roomType: 'Room type',
    quad: 'Quad',
    priced: ['Quad', 'Double'],
    travellers: 'Travelling Pilgrims',
    createOrder: 'Create order',
    booked: 'Already booked on this departure',
    total: 'SAR 7,500',
  },
  id: {
    orderGroup: 'Pesanan',
    desk: 'Pemesanan Keberangkatan',
    create: 'Tambah',
    newOrder: 'Pesanan baru',
    customer: 'Nama pelanggan',
    item: 'Item ke-1 · Kursi keberangkatan',
    departure: 'Keberangkatan',
    roomType: 'Tipe kamar',
    quad: 'Quad',
    priced: ['Kamar Berempat (Quad)', 'Kamar Berdua (Double)'],
    travellers: 'Jamaah yang Berangkat',
    createOrder: 'Buat pesanan',
    booked: 'Sudah terdaftar di keberangkatan ini',
    total: 'SAR 7.500',
  },
} as const

let departure: { id: number; code: string }

beforeAll(async () => {
  env = await startBrowserEnv()
  owner = (await createCompany(env.app, { name: 'Keberangkatan Travel' })).owner
  const c = await departureCatalogue(env.app.db, owner.companyId)
  departure = await api<{ id: number; code: string }>('POST', '/departures', departureBody(c, { status: 'open', seats: 8 }))
}, 120_000)
afterAll(async () => {
  await env?.close()
})

async function journey(lang: 'en' | 'id') {
  const texts = TEXTS[lang]
  const name = (n: string) => `departure-booking-${lang}-${n}`
  const tag = lang.toUpperCase()
  const father = await createPilgrim(env.app.db, owner.companyId, { full_name: `Ahmad Fauzi ${tag}` })
  const family = [
    [father, `Ahmad Fauzi ${tag}`],
    [
      await createPilgrim(env.app.db, owner.companyId, {
        full_name: `Siti Aminah ${tag}`,
        gender: 'female',
        mahram_id: father,
        mahram_relation: 'husband',
      }),
      `Siti Aminah ${tag}`,
    ],
    [
      await createPilgrim(env.app.db, owner.companyId, { full_name: `Nur Aisyah ${tag}`, birth_date: '2012-04-02' }),
      `Nur Aisyah ${tag}`,
    ],
  ] as const

  const page = await openSignedIn(env, owner, lang, '/app', { viewport: { width: 1366, height: 768 }, timeout: 60_000 })
  await openFromMenu(page, texts.orderGroup, '/app/order_departure', texts.desk)
  await page.getByRole('button', { name: texts.create, exact: true }).click()
  await page.getByRole('heading', { name: texts.newOrder }).waitFor()
  await field(page, texts.customer).fill(`Keluarga Fauzi ${tag}`)
  const item = page.getByRole('group', { name: texts.item })
  await chooseOption(page, item, texts.departure, new RegExp(escapeRegExp(departure.code)))
  // Only the room types the departure prices are offered (it prices quad and double, not triple).
  await field(item, texts.roomType).first().click()
  await expect.poll(() => page.getByRole('option').allTextContents(), { timeout: 15_000 }).toEqual([...texts.priced])
  await page.getByRole('option', { name: texts.quad }).first().click()
  const travellers = combo(item, texts.travellers)
  for (const [, who] of family) {
    await travellers.click()
    await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(who)}`) }).click()
  }
  await page.keyboard.press('Escape')
  // Three seats at the departure's quad price of 2,500.
  await expect.poll(() => page.getByTestId('order-total').textContent(), { timeout: 15_000 }).toContain(texts.total)
  await shot(page, name('01-order-quoted'), { fullPage: true })
  await page.getByRole('button', { name: texts.createOrder }).click()
  await page.waitForURL(/\/app\/order_departure\/\d+$/)
  const id = Number(new URL(page.url()).pathname.split('/').pop())
  const order = await api<{ total: number; desks: string[]; items: Array<{ room_type: string; pilgrim_ids: number[] }> }>(
    'GET',
    `/orders/${id}`,
  )
  expect(order).toMatchObject({ total: 7500, desks: ['departure'] })
  expect(order.items[0]).toMatchObject({ room_type: 'quad', pilgrim_ids: family.map(([p]) => p) })
  await shot(page, name('02-order-saved'))
  await page.close()
  return family.map(([p]) => p)
}

describe('departure bookings', () => {
  it('books a family onto a departure at its desk, in English then Indonesian, and refuses a pilgrim twice', async () => {
    const en = await journey('en')
    await journey('id')
    const detail = await api<{ seats_sold: number }>('GET', `/departures/${departure.id}`)
    expect(detail.seats_sold).toBe(6)

    // The same pilgrim again: the form shows the server's refusal on the pilgrims field, naming her.
    const page = await openSignedIn(env, owner, 'en', '/app/order_departure/create', {
      viewport: { width: 1366, height: 768 },
      timeout: 60_000,
    })
    const texts = TEXTS.en
    await field(page, texts.customer).fill('Again')
    const item = page.getByRole('group', { name: texts.item })
    await chooseOption(page, item, texts.departure, new RegExp(escapeRegExp(departure.code)))
    await combo(item, texts.travellers).click()
    await page.getByRole('option', { name: /^Siti Aminah EN/ }).click()
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: texts.createOrder }).click()
    await item.getByText(new RegExp(`${texts.booked}: Siti Aminah EN`)).waitFor()
    await shot(page, 'departure-booking-en-03-refused', { fullPage: true })
    expect((await api<{ seats_sold: number }>('GET', `/departures/${departure.id}`)).seats_sold).toBe(6)
    expect(en).toHaveLength(3)
    // The API gives the same answer.
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: owner.headers,
      payload: bookingBody(departure.id, 'quad', [en[1]!]),
    })
    expect(res.statusCode).toBe(422)
    await page.close()
  }, 300_000)
})
