import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema/index.js'
import { createSession } from '../../src/lib/sessions.js'
import { createCompany, type Actor } from '../helpers/fixtures.js'
import { startBrowserEnv, type BrowserEnv } from './harness.js'
import { apiAs, field, notification, shot, openFromMenu, MAKKAH, hotelBody, daysFromToday, dmy } from './page.js'

/**
 * Edits that cannot overwrite each other, and who changed what (issue 30), in real Chromium: two tabs of two
 * clerks edit one hotel; the second save meets the first, names who saved it and when, reloads their record
 * and keeps what was typed to re-apply, then saves; the hotel's History panel lists both changes. The audit
 * screen filters the rows of hotels and opens one as before → after. One language per journey (the CI
 * alternates them; the locale parity test and the screens walk prove the other).
 */
let env: BrowserEnv
let owner: Actor
let siti: { token: string; headers: Record<string, string> }
let locationId: number

const api = apiAs(
  () => env,
  () => owner,
)

const hotel = async (name: string) => (await api<{ id: number }>('POST', '/hotels', hotelBody(name, locationId))).id

beforeAll(async () => {
  env = await startBrowserEnv({ env: { MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' } })
  owner = (await createCompany(env.app, { name: 'Amanah Travel' })).owner
  // A second clerk in the owner's role: her save is the one the other tab meets.
  const [u] = await env.app.db
    .insert(users)
    .values({
      company_id: owner.companyId,
      role_id: owner.roleId,
      name: 'Siti Aminah',
      username: 'siti',
      email: 'siti@example.test',
      status: 'active',
    })
    .returning()
  const { token } = await createSession(env.app.db, u!.id)
  siti = { token, headers: { authorization: `Bearer ${token}` } }
  locationId = (await api<{ id: number }>('POST', '/locations', MAKKAH)).id
}, 120_000)
afterAll(async () => {
  await env?.close()
})

/** A tab of its own (own cookies) signed in with `token`, in `lang`. */
async function tab(lang: 'en' | 'id', token: string, url: string): Promise<Page> {
  const page = await env.newPage({ locale: lang === 'id' ? 'id-ID' : 'en-US' })
  // Patience, not timing: with other agents' tests on both cores a first page load can pass 15 s.
  page.setDefaultTimeout(60_000)
  await page.context().addCookies([
    { name: 'locale', value: lang, url: env.baseUrl },
    { name: 'token', value: token, url: env.baseUrl, httpOnly: true, sameSite: 'Strict' },
  ])
  await page.goto(url)
  return page
}

const ID = {
  editHotel: 'Ubah Hotel',
  name: 'Nama',
  address: 'Alamat Lengkap',
  save: 'Simpan',
  updated: 'Berhasil Diperbarui',
  conflict: 'Orang lain telah menyimpan data ini',
  reload: 'Muat ulang',
  useMine: 'Pakai milik saya',
  useAll: 'Terapkan semua milik saya',
  history: 'Riwayat',
  updatedAction: 'Diubah',
}

const EN = {
  menuGroup: 'User Management',
  menu: 'Audit Trail',
  entity: 'Data',
  hotels: 'Hotels',
  apply: 'Apply',
  updatedAction: 'Updated',
  name: 'Name',
  before: 'Before',
  after: 'After',
  editHotel: 'Edit Hotel',
  history: 'History',
  dates: 'Dates',
  typeDates: 'Type Dates',
  reversed: 'Dates ends before it starts',
}

/** A day `offset` days from today as the range box takes it, DD-MM-YYYY. */
const dmyIn = (offset: number) => dmy(daysFromToday(offset))

describe('audit trail and conflicting edits', () => {
  it('a second tab saving an edit made stale by another clerk sees who, reloads, re-applies its text and saves (id)', async () => {
    const id = await hotel('Hotel Angka')
    const url = `/app/hotels/edit/${id}`
    const [a, b] = [await tab('id', siti.token, url), await tab('id', owner.token, url)]
    for (const p of [a, b]) {
      await p.getByRole('heading', { name: ID.editHotel }).waitFor()
      await expect.poll(() => field(p, ID.name).first().inputValue()).toBe('Hotel Angka')
    }

    // Tab B starts typing; tab A saves first.
    await field(b, ID.name).first().fill('Hotel Angka Raya')
    await field(b, ID.address).fill('Jl. Ibrahim Khalil 7')
    await field(a, ID.name).first().fill('Hotel Angka Baru')
    await a.getByRole('button', { name: ID.save, exact: true }).click()
    await notification(a, ID.updated).waitFor()

    // Tab B's save meets it: the panel names Siti and what she is, nothing of B's text is gone.
    await b.getByRole('button', { name: ID.save, exact: true }).click()
    const panel = b.getByTestId('version-conflict')
    await panel.waitFor()
    expect(await panel.textContent()).toContain(ID.conflict)
    expect(await panel.textContent()).toMatch(/Siti Aminah \(Pemilik\) menyimpannya pada \d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/)
    expect(await field(b, ID.name).first().inputValue()).toBe('Hotel Angka Raya')
    const read = await api<{ name: string; version: number }>('GET', `/hotels/${id}`)
    expect(read).toMatchObject({ name: 'Hotel Angka Baru', version: 2 })
    await shot(b, 'audit-conflict-id-01-panel')

    // Reload: Siti's record in the form; B's values beside it, each with "use mine".
    await panel.getByRole('button', { name: ID.reload, exact: true }).click()
    await expect.poll(() => field(b, ID.name).first().inputValue()).toBe('Hotel Angka Baru')
    expect(await field(b, ID.address).inputValue()).toBe('Jl. Ajyad 1')
    const mine = panel.getByRole('table')
    await mine.getByRole('row').filter({ hasText: 'Hotel Angka Raya' }).filter({ hasText: 'Hotel Angka Baru' }).waitFor()
    await mine.getByRole('row').filter({ hasText: 'Jl. Ibrahim Khalil 7' }).waitFor()
    await shot(b, 'audit-conflict-id-02-reloaded')
    await panel.getByRole('button', { name: `${ID.useMine}: ${ID.name}` }).click()
    await expect.poll(() => field(b, ID.name).first().inputValue()).toBe('Hotel Angka Raya')
    await panel.getByRole('button', { name: ID.useAll, exact: true }).click()
    await expect.poll(() => field(b, ID.address).inputValue()).toBe('Jl. Ibrahim Khalil 7')

    // Saved on top of Siti's version.
    await b.getByRole('button', { name: ID.save, exact: true }).click()
    await notification(b, ID.updated).waitFor()
    expect(await api('GET', `/hotels/${id}`)).toMatchObject({
      name: 'Hotel Angka Raya',
      real_address: 'Jl. Ibrahim Khalil 7',
      version: 3,
    })

    // The hotel's History panel: both saves, newest first, with who and the name before → after.
    await b.goto(url)
    const history = b.getByRole('region', { name: ID.history })
    await history.getByText('Hotel Angka Raya').first().waitFor()
    const entries = history.locator('.mantine-Timeline-item')
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(3)
    const [latest, previous] = [await entries.nth(0).textContent(), await entries.nth(1).textContent()]
    expect(latest).toContain('Owner')
    expect(latest).toContain(ID.updatedAction)
    expect(latest).toContain('Hotel Angka Baru')
    expect(latest).toContain('Hotel Angka Raya')
    expect(previous).toContain('Siti Aminah')
    expect(previous).toContain('Hotel Angka')
    await history.scrollIntoViewIfNeeded()
    await shot(b, 'audit-conflict-id-03-history')
  }, 400_000)

  it('the audit screen filters the rows of hotels and opens a change as before and after; the History panel lists it (en)', async () => {
    const id = await hotel('Dar Al Tawhid')
    const res = await env.app.inject({
      method: 'PUT',
      url: `/api/v1/hotels/${id}`,
      headers: siti.headers,
      payload: { ...hotelBody('Dar Al Tawhid Intercontinental', locationId), version: 1 },
    })
    expect(res.statusCode, res.body).toBe(200)

    const page = await tab('en', owner.token, '/app')
    await openFromMenu(page, EN.menuGroup, '/app/audit', EN.menu)

    await page.getByRole('combobox', { name: EN.entity }).click()
    await page.getByRole('option', { name: EN.hotels, exact: true }).click()
    // The dates are typed as well as picked: a reversed range is refused on its box, a good one is taken.
    const typedDates = page.getByRole('textbox', { name: EN.typeDates, exact: true })
    await typedDates.fill(`${dmyIn(1)} – ${dmyIn(-1)}`)
    await typedDates.press('Enter')
    await page.getByText(EN.reversed, { exact: true }).waitFor()
    await typedDates.fill(`${dmyIn(-1)} s/d ${dmyIn(1)}`)
    await typedDates.press('Enter')
    await expect
      .poll(() => page.getByRole('button', { name: EN.dates, exact: true }).textContent())
      .toBe(`${dmyIn(-1)} – ${dmyIn(1)}`)
    await page.getByRole('button', { name: EN.apply, exact: true }).click()
    const table = page.getByRole('table', { name: EN.menu })
    const row = table.getByRole('row').filter({ hasText: 'Siti Aminah' }).filter({ hasText: EN.updatedAction })
    await row.first().waitFor()
    // Only hotels' rows are listed (the locations created here are not).
    await expect
      .poll(async () => (await table.locator('tbody tr').allTextContents()).every((t) => t.includes(EN.hotels)))
      .toBe(true)
    await row.first().click()
    const diff = page.getByRole('table', { name: 'Change' })
    await diff.waitFor()
    // The field is named as the hotel form names it, not by its key.
    const line = diff.getByRole('row').filter({ has: page.getByRole('cell', { name: EN.name, exact: true }) })
    expect(await line.textContent()).toContain('Dar Al Tawhid')
    expect(await line.textContent()).toContain('Dar Al Tawhid Intercontinental')
    await shot(page, 'audit-conflict-en-04-audit-screen')

    // The hotel's History panel lists the same change, labelled as the form labels it.
    await page.goto(`/app/hotels/edit/${id}`)
    await page.getByRole('heading', { name: EN.editHotel }).waitFor()
    const history = page.getByRole('region', { name: EN.history })
    const entry = history.locator('.mantine-Timeline-item').filter({ hasText: 'Siti Aminah' })
    await entry.waitFor()
    const text = await entry.textContent()
    expect(text).toContain(EN.updatedAction)
    expect(text).toContain(EN.name)
    expect(text).toContain('Dar Al Tawhid Intercontinental')
    await history.scrollIntoViewIfNeeded()
    await shot(page, 'audit-conflict-en-05-history')
  }, 400_000)

  it('sets how long audit rows are kept on the audit screen, asking first when older rows go (id, phone)', async () => {
    const page = await tab('id', owner.token, '/app/audit')
    const panel = page.getByRole('region', { name: 'Masa simpan catatan audit' })
    const days = panel.getByRole('textbox', { name: 'Jumlah hari disimpan' })
    await days.scrollIntoViewIfNeeded()
    await shot(page, 'audit-conflict-id-06-retention-laptop')
    await page.setViewportSize({ width: 390, height: 844 })
    await days.scrollIntoViewIfNeeded()
    await days.fill('3650')
    await panel.getByRole('button', { name: 'Simpan', exact: true }).click()
    const ask = page.getByRole('dialog', { name: 'Hapus catatan audit lama?' })
    await ask.getByText(/lebih lama dari 3650 hari/).waitFor()
    await shot(page, 'audit-conflict-id-07-retention-phone')
    await ask.getByRole('button', { name: 'Hapus dan simpan' }).click()
    await notification(page, 'Masa simpan audit disimpan').waitFor()
    expect(await api<{ days: number | null }>('GET', '/audit/retention')).toEqual({ days: 3650 })
    // Emptied: kept for ever again, saved without asking (nothing is deleted).
    await days.fill('')
    await panel.getByRole('button', { name: 'Simpan', exact: true }).click()
    await expect.poll(async () => (await api<{ days: number | null }>('GET', '/audit/retention')).days).toBeNull()
    expect(await ask.count()).toBe(0)
  }, 200_000)
})
