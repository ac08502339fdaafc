import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHotelRoom } from '../helpers/bookables.js'
import { createCompany, type Actor } from '../helpers/fixtures.js'
import { startBrowserEnv, type BrowserEnv } from './harness.js'
import { apiAs, dialog, field, shot, openSignedIn, MONTHS, daysFromToday } from './page.js'

/**
 * Issue 32's minor items, as a person meets them, in English:
 * - 9: "Leave without saving?" only when something changed (an untouched pending order, a confirmed one: none);
 * - 11: a field one tabs past is not marked; Save shows the errors, and from then on they follow the typing;
 * - 13: the rich-text toolbar is one Tab stop with the arrow keys inside it, and the hotel's status comes in
 *   the Tab order right after the name and the text (it is seen beside them), not after every section.
 */
let env: BrowserEnv
let owner: Actor
const orders = { pending: 0, confirmed: 0 }

const api = apiAs(
  () => env,
  () => owner,
)
const day = daysFromToday

async function openPage(route: string): Promise<Page> {
  const page = await openSignedIn(env, owner, 'en', route, { gotoTimeout: 60_000 })
  page.setDefaultTimeout(30_000)
  return page
}

beforeAll(async () => {
  env = await startBrowserEnv()
  owner = (await createCompany(env.app, { name: 'Minor Travel' })).owner
  const { roomId } = await createHotelRoom(env.app.db, owner.companyId)
  const order = (n: number) =>
    api<{ id: number }>('POST', '/orders', {
      customer: { name: `Hasan Basri ${n}`, passport_number: 'B7654321' },
      items: [
        { kind: 'room', room_id: roomId, check_in: day(20 + n), check_out: day(22 + n), quantity: 1, adults: 2, children: 0 },
      ],
    })
  orders.pending = (await order(1)).id
  orders.confirmed = (await order(5)).id
  await api('POST', `/orders/${orders.confirmed}/status`, { status: 'confirmed' })
}, 120_000)

afterAll(async () => {
  await env?.close()
})

/** Leaves the page by the side menu's Dashboard link; answers whether the leave question showed. */
async function leaveByMenu(page: Page): Promise<boolean> {
  const before = page.url()
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).first().click()
  const asked = page.getByRole('dialog').filter({ hasText: 'Leave without saving?' })
  const outcome = await Promise.race([
    asked.waitFor().then(() => 'asked' as const),
    page.waitForURL((u) => u.href !== before).then(() => 'left' as const),
  ])
  return outcome === 'asked'
}

describe('item 9: the leave question', () => {
  it('does not ask on an untouched pending order or a confirmed one, and asks once something changed', async () => {
    const page = await openPage(`/app/order_hotel/${orders.pending}`)
    await field(page, 'Customer name').first().waitFor()
    // The room's hotel is filled in once the rooms load: that is not a change of the clerk's.
    await page.waitForLoadState('networkidle')
    expect(await leaveByMenu(page)).toBe(false)

    await page.goto(`/app/order_hotel/${orders.confirmed}`)
    await page.getByText('Hasan Basri 5').first().waitFor()
    await page.waitForLoadState('networkidle')
    expect(await leaveByMenu(page)).toBe(false)

    await page.goto(`/app/order_hotel/${orders.pending}`)
    const name = field(page, 'Customer name').first()
    await expect.poll(() => name.inputValue()).toBe('Hasan Basri 1')
    await name.fill('Hasan Basri (changed)')
    expect(await leaveByMenu(page)).toBe(true)
    await shot(page, 'clerk-minor-09-leave')
    await page.close()
  })
})

describe('item 11: errors on submit, then live', () => {
  it('tabbing past an empty required field marks nothing; Save marks it; typing clears it at once', async () => {
    const page = await openPage('/app/category')
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    const d = dialog(page)
    await d.getByText('Create Category').waitFor()
    const name = field(d, 'Name')
    await name.focus()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.waitForTimeout(300)
    expect(await d.getByText('Name is Required').count()).toBe(0)
    expect(await name.getAttribute('aria-invalid')).not.toBe('true')

    await d.getByRole('button', { name: 'Save', exact: true }).click()
    await d.getByText('Name is Required').waitFor()
    await d.getByText('Description is Required').waitFor()
    // Live from now on: the error goes while typing, with the focus still in the field.
    await name.pressSequentially('Um')
    await d.getByText('Name is Required').waitFor({ state: 'detached' })
    expect(await name.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true)
    // …and comes back as soon as the field is empty again.
    await name.fill('')
    await d.getByText('Name is Required').waitFor()
    await shot(page, 'clerk-minor-11-live')
    await page.close()
  })
})

describe('item 13: keyboard on the hotel form', () => {
  it('the editor toolbar is one Tab stop with arrows between its buttons; status follows the text', async () => {
    const page = await openPage('/app/hotels/create')
    const name = field(page, 'Name').first()
    await name.waitFor()
    const toolbar = page.getByRole('toolbar', { name: /Content/ })
    await toolbar.getByRole('button').first().waitFor()
    const focused = () =>
      // Page code as text: the server's TypeScript has no DOM types.
      page.evaluate<string>(`(() => {
        const el = document.activeElement
        return el?.getAttribute('aria-label') ?? el?.getAttribute('data-path') ?? el?.tagName ?? ''
      })()`)

    await name.focus()
    await page.keyboard.press('Tab')
    expect(await focused()).toBe('Bold')
    await page.keyboard.press('ArrowRight')
    expect(await focused()).toBe('Italic')
    // End: the last button one can press (Undo and Redo wait for something to undo on an empty text).
    await page.keyboard.press('End')
    expect(await focused()).toBe('Justify')
    await page.keyboard.press('Home')
    expect(await focused()).toBe('Bold')
    // One Tab leaves the toolbar for the text box (17 Tabs before).
    await page.keyboard.press('Tab')
    expect(await page.evaluate<string | null>(`document.activeElement?.getAttribute('role') ?? null`)).toBe('textbox')
    // Back into the toolbar lands on the button last used.
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Shift+Tab')
    expect(await focused()).toBe('Bold')

    // After the text: the publishing card's status, not the media, policies, stay, price, location… sections.
    await page.getByRole('textbox', { name: /Content/ }).focus()
    const reached: string[] = []
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab')
      reached.push(await page.evaluate<string>(`document.activeElement?.closest('section')?.getAttribute('aria-label') ?? ''`))
    }
    expect(reached[0]).toBe('Publishing')
    await shot(page, 'clerk-minor-13-hotel-form', { fullPage: true })
    await page.close()
  })
})

describe('item 14: names in the reader language, and the language kept on the user', () => {
  it('shows a facility by its English name to English readers; the saved language opens the app after sign-in', async () => {
    await api('POST', '/facilities', {
      name: 'Akses Kursi Roda',
      name_en: 'Wheelchair Access',
      description: 'Ramps and lifts',
      is_active: true,
    })
    const page = await openPage('/app/hotels/create')
    await page.getByRole('checkbox', { name: 'Wheelchair Access' }).waitFor()
    expect(await page.getByRole('checkbox', { name: 'Akses Kursi Roda' }).count()).toBe(0)
    await page.close()

    // The user keeps Indonesian: signing in on a sign-in page showing its default English (no language
    // picked there: no locale cookie) opens the app in Indonesian. A language picked on the sign-in page
    // would be the latest choice and kept (test/issue32-minor.test.ts).
    await api('PUT', '/auth/me/locale', { locale: 'id' })
    const again = await env.newPage()
    again.setDefaultTimeout(30_000)
    await again.goto('/login', { timeout: 60_000 })
    await field(again, 'Email').fill(owner.email)
    await field(again, 'Password').fill('password123')
    await again.getByRole('button', { name: 'Login', exact: true }).click()
    await again.waitForURL(/\/app/)
    await expect.poll(() => again.getAttribute('html', 'lang')).toBe('id')
    await again.goto('/app/hotels/create')
    await again.getByRole('checkbox', { name: 'Akses Kursi Roda' }).waitFor()
    // Picking English in the header keeps it on the user.
    await again.getByText('EN', { exact: true }).click()
    await again.getByRole('checkbox', { name: 'Wheelchair Access' }).waitFor()
    await expect
      .poll(
        async () => (await env.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: owner.headers })).json().data.locale,
      )
      .toBe('en')
    await again.close()
  })
})

describe('item 10: the weekend follows the company', () => {
  it('date pickers shade Friday and Saturday (the Saudi default), not Saturday and Sunday', async () => {
    const page = await openPage('/app/order_hotel/create')
    await field(page, 'Check-in').first().click()
    // Next month: a whole month of days one may pick (this month's past days are disabled).
    const dropdown = page.locator('.mantine-Popover-dropdown').last()
    await dropdown.locator('[data-direction="next"]').first().click()
    const weekend = dropdown.locator('button[data-weekend]')
    await weekend.first().waitFor()
    const days = await weekend.evaluateAll((els) =>
      els.filter((e) => !e.hasAttribute('data-outside')).map((e) => e.getAttribute('aria-label') ?? ''),
    )
    expect(days.length).toBeGreaterThanOrEqual(8)
    // 'D Month YYYY' in English: 5 = Friday, 6 = Saturday.
    expect([...new Set(days.map((d) => new Date(`${d} 12:00`).getDay()))].sort()).toEqual([5, 6])
    await shot(page, 'clerk-minor-10-weekend')
    await page.close()
  })
})

describe('item 10: dates typed', () => {
  it('a check-in typed as DD-MM-YYYY is taken without opening a month', async () => {
    const page = await openPage('/app/order_hotel/create')
    const checkIn = field(page, 'Check-in').first()
    const wanted = day(90).split('-').reverse().join('-')
    await checkIn.fill(wanted)
    await checkIn.press('Tab')
    await expect.poll(() => checkIn.inputValue()).toBe(wanted)
    // The check-out's calendar now opens on the night after it: its month is the typed one's.
    await field(page, 'Check-out').first().click()
    const months = MONTHS.en
    const [y, m] = day(91).split('-').map(Number) as [number, number]
    await expect
      .poll(() => page.locator('.mantine-Popover-dropdown .mantine-DateInput-calendarHeaderLevel').last().textContent())
      .toBe(`${months[m - 1]} ${y}`)
    await page.close()
  })
})
