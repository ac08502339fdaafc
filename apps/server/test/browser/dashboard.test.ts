import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/db/client.js'
import { addDays } from '../../src/modules/orders/kinds.js'
import { createHotelRoom, createTrainRoute } from '../helpers/bookables.js'
import { createCompany, createUserWithPermissions, type Actor } from '../helpers/fixtures.js'
import { startBrowserEnv, type BrowserEnv } from './harness.js'
import { shot } from './page.js'

/**
 * The business dashboard (issue 11) in real Chromium, English and Indonesian,
 * laptop and phone: bookings and revenue per month, room occupancy of the next
 * 30 days, arrivals this week; a user without an order desk does not get it.
 */
let env: BrowserEnv
let owner: Actor
const password = 'owner-password-1'
const day = (n: number) => addDays(new Date().toISOString().slice(0, 10), n)

async function signIn(page: Page, email: string, pass = password) {
  await page.goto('/login')
  await page.getByLabel(/^Email( \*)?$/).fill(email)
  await page.getByLabel(/^(Password|Kata Sandi)( \*)?$/).fill(pass)
  await page.getByRole('button', { name: /^(Login|Masuk)$/ }).click()
  await page.waitForURL(/\/app/)
}

beforeAll(async () => {
  env = await startBrowserEnv()
  owner = (await createCompany(env.app, { name: 'Barakah Travel', password })).owner
  const db = env.app.db as Db
  const { roomId } = await createHotelRoom(db, owner.companyId, {}, { room_stock: 4, price: 450 })
  const routeId = await createTrainRoute(db, owner.companyId, { price_adult: 180 })
  const book = async (name: string, items: unknown[]) => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: owner.headers,
      payload: { customer: { name }, items },
    })
    expect(res.statusCode, res.body).toBe(200)
  }
  const stay = (from: number, nights: number, quantity: number) => ({
    kind: 'room',
    room_id: roomId,
    check_in: day(from),
    check_out: day(from + nights),
    quantity,
    adults: quantity,
    children: 0,
  })
  await book('Ahmad Fauzi', [
    stay(2, 3, 2),
    { kind: 'train', route_id: routeId, train_type: 'economy', date: day(5), adults: 2, children: 0 },
  ])
  await book('Nur Aisyah', [stay(5, 4, 3)])
  await book('Budi Santoso', [stay(12, 5, 1)])
  // Earlier months, so the monthly charts have a shape.
  await env.app.db.execute(`UPDATE orders SET created_at = created_at - interval '2 months' WHERE customer_name = 'Budi Santoso'`)
})
afterAll(async () => {
  await env?.close()
})

/** A list's rows, not the placeholder table's (12 rows) drawn while its first page loads. */
const rows = (p: Page) => p.locator('.mantine-datatable tbody tr')

describe('business dashboard', () => {
  for (const locale of ['en', 'id'] as const) {
    it(`shows bookings, revenue, occupancy and arrivals (${locale})`, async () => {
      const page = await env.newPage({ locale })
      await page.setViewportSize({ width: 1366, height: 768 })
      await page.context().addCookies([{ name: 'locale', value: locale, url: env.baseUrl }])
      await signIn(page, owner.email)
      const en = locale === 'en'
      await page.getByText(en ? 'Bookings per Month' : 'Pemesanan per Bulan').waitFor()
      // A chart is drawn when its place nears the screen (issue 33, "Phone"): each is scrolled to, as a reader would.
      for (const [chart, drawn] of [
        ['chart-bookings', '.recharts-bar-rectangle'],
        ['chart-revenue', 'svg.recharts-surface'],
        ['chart-occupancy', '.recharts-bar-rectangle'],
      ] as const) {
        await page.getByTestId(chart).scrollIntoViewIfNeeded()
        await page.getByTestId(chart).locator(drawn).first().waitFor({ state: 'attached' })
      }
      // 2 rooms x 3 nights + 3 x 4 + 1 x 5 = 23 of 4 x 30 = 120 room-nights.
      await expect.poll(() => page.getByTestId('occupancy-rate').textContent()).toBe('19%')
      await expect
        .poll(() => page.getByTestId('chart-occupancy').textContent())
        .toContain(en ? '23 of 120 room-nights booked' : '23 dari 120 malam-kamar terpesan')
      const arrivals = page.getByTestId('arrivals')
      await expect.poll(() => arrivals.locator('tbody tr').count()).toBe(3)
      await expect.poll(() => arrivals.locator('tbody tr').first().textContent()).toContain('Ahmad Fauzi')
      expect(await arrivals.textContent()).toContain(en ? 'Train' : 'Kereta')
      expect(await arrivals.textContent()).toContain(en ? 'Pending' : 'Menunggu')
      expect(await arrivals.textContent()).not.toContain('Budi Santoso')
      await env.screenshot(page, `dashboard-business-${locale}-laptop`, 600) // once chart animations settle
      await page.setViewportSize({ width: 390, height: 844 })
      await env.screenshot(page, `dashboard-business-${locale}-phone`, 600)
      await page.context().close()
    })
  }

  it('is not shown to a user without an order desk', async () => {
    const clerk = await createUserWithPermissions(env.app, owner.companyId, ['category_list'])
    await env.app.db.execute(
      `UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE id = ${owner.userId}) WHERE id = ${clerk.userId}`,
    )
    const page = await env.newPage()
    await signIn(page, clerk.email)
    await page.getByTestId('chart-monthly').waitFor()
    expect(await page.getByTestId('business').count()).toBe(0)
    await page.context().close()
  })
})

/**
 * The owner dashboard of issue 32 (item 8), in both languages: the figures an owner acts on come first —
 * money received this month, balances due and overdue, arrivals and departures of the week, occupancy,
 * orders by status — each opening its filtered list; the company, role and trial cards are small; a
 * reservations clerk without approval sees no money. A phone screenshot of the first screen.
 */
describe('owner dashboard', () => {
  let ids: Record<string, number> = {}
  beforeAll(async () => {
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await env.app.inject({ method, url: `/api/v1${url}`, headers: owner.headers, ...(payload && { payload }) })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data
    }
    const rows = (await call('GET', '/orders?per_page=100')) as Array<{ id: number; customer_name: string }>
    ids = Object.fromEntries(rows.map((r) => [r.customer_name, r.id]))
    // Nur Aisyah confirmed with a deposit of 500 this month; Budi Santoso's stay has begun unpaid (overdue).
    await call('POST', `/orders/${ids['Nur Aisyah']}/status`, { status: 'confirmed' })
    await call('POST', `/orders/${ids['Nur Aisyah']}/payments`, { amount: 500, method: 'transfer', paid_at: day(0) })
    await env.app.db.execute(`UPDATE orders SET start_date = '${day(-1)}' WHERE id = ${ids['Budi Santoso']}`)
  })

  for (const locale of ['en', 'id'] as const) {
    it(`puts what an owner acts on first, each card opening its list (${locale})`, async () => {
      const en = locale === 'en'
      const page = await env.newPage({ locale })
      await page.setViewportSize({ width: 1366, height: 768 })
      await page.context().addCookies([{ name: 'locale', value: locale, url: env.baseUrl }])
      await signIn(page, owner.email)
      const month = new Intl.DateTimeFormat(en ? 'en-US' : 'id-ID', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${day(0).slice(0, 7)}-01T00:00:00Z`),
      )
      const money = (n: number) => `SAR ${n.toLocaleString(en ? 'en-US' : 'id-ID')}`
      const received = page.getByTestId('card-received')
      await expect.poll(() => received.textContent()).toContain(`${en ? 'Received' : 'Diterima'}, ${month}`)
      expect(await received.textContent()).toContain(money(500))
      // Due: 3,060 (Ahmad) + 4,900 (Nur, after 500) + 2,250 (Budi); overdue: Budi's, begun unpaid.
      await expect.poll(() => page.getByTestId('card-due').textContent()).toContain(money(10210))
      expect(await page.getByTestId('card-due').textContent()).toContain(en ? '3 orders' : '3 pesanan')
      expect(await page.getByTestId('card-overdue').textContent()).toContain(money(2250))
      expect(await page.getByTestId('card-arrivals').textContent()).toContain(en ? 'Arrivals this week' : 'Kedatangan minggu ini')
      expect(await page.getByTestId('card-departures').textContent()).toContain(
        en ? 'Departures this week' : 'Kepulangan minggu ini',
      )
      expect(await page.getByTestId('card-occupancy').textContent()).toContain('19%')
      const statuses = page.getByTestId('card-statuses')
      await expect.poll(() => statuses.textContent()).toContain(en ? 'Pending 2' : 'Tertunda 2')
      expect(await statuses.textContent()).toContain(en ? 'Confirmed 1' : 'Dikonfirmasi 1')
      // The company, role and trial cards are small: one short row above the figures.
      const account = page.getByTestId('account-cards')
      expect((await account.boundingBox())!.height).toBeLessThan(60)
      expect((await account.boundingBox())!.y).toBeLessThan((await received.boundingBox())!.y)
      await env.screenshot(page, `dashboard-owner-${locale}-laptop`, 600)

      // Each card opens its list: overdue -> the hotel desk filtered to overdue balances (Budi's order only).
      // The list call with the card's filter, answered before the rows are counted.
      const listed = (filter: string) =>
        page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/orders' && r.url().includes(filter))
      let answered = listed('balance=overdue')
      await page.getByTestId('card-overdue').click()
      await page.waitForURL(/\/app\/order_hotel\?balance=overdue$/)
      await answered
      await shot(page, `dashboard-owner-${locale}-overdue-list`)
      await expect.poll(() => rows(page).count()).toBe(1)
      expect(await rows(page).first().textContent()).toContain('Budi Santoso')
      await page.goBack()
      await page.getByTestId('card-departures').click()
      await page.waitForURL(/\/app\/order_hotel\?week=departures$/)
      await page.goBack()
      answered = listed('status=confirmed')
      await statuses
        .getByRole('link', { name: en ? 'Confirmed 1' : 'Dikonfirmasi 1' })
        .first()
        .click()
      await page.waitForURL(/\/app\/order_hotel\?status=confirmed$/)
      await answered
      await expect.poll(() => rows(page).count()).toBe(1)
      expect(await rows(page).first().textContent()).toContain('Nur Aisyah')
      await page.goBack()

      // A phone: the owner's figures on the first screen, not the company cards.
      await page.setViewportSize({ width: 390, height: 844 })
      await received.waitFor()
      expect((await received.boundingBox())!.y + 40).toBeLessThan(844)
      await shot(page, `dashboard-owner-${locale}-phone`)
      await page.context().close()
    }, 180_000)
  }

  it('shows a reservations clerk no money, and the week still', async () => {
    const clerk = await createUserWithPermissions(env.app, owner.companyId, [
      'order_hotel_list',
      'order_hotel_view',
      'order_hotel_update',
    ])
    await env.app.db.execute(
      `UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE id = ${owner.userId}) WHERE id = ${clerk.userId}`,
    )
    const page = await env.newPage()
    await signIn(page, clerk.email)
    await page.getByTestId('card-arrivals').waitFor()
    await page.getByTestId('card-departures').waitFor()
    expect(await page.getByTestId('card-received').count()).toBe(0)
    expect(await page.getByTestId('card-due').count()).toBe(0)
    expect(await page.getByTestId('card-overdue').count()).toBe(0)
    await page.context().close()
  })
})
