import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCompany, type Actor } from '../helpers/fixtures.js'
import { startBrowserEnv, type BrowserEnv } from './harness.js'
import { apiAs, field, notification, shot, openSignedIn, MAKKAH, hotelBody } from './page.js'

/**
 * Numbers as a clerk types them (issue 32 item 1): a price and a distance typed key by key in
 * each language's own writing, with thousands separators, are saved as the figure meant (the
 * old fixed `1.234,5` format read `2,400.50` as 2.4 and `4.5` km as 45) and shown back, in the
 * form and in the list, the way the language writes them. A position pasted as a pair fills both
 * coordinates and moves the pin (item 4).
 */
let env: BrowserEnv
let owner: Actor
let hotelId: number

interface Case {
  lang: 'en' | 'id'
  texts: {
    editHotel: string
    price: string
    distance: string
    save: string
    updated: string
    latitude: string
    longitude: string
    education: string
  }
  price: { typed: string; saved: number; shown: string; listed: string }
  distance: { typed: string; saved: number }
}

const cases: Case[] = [
  {
    lang: 'en',
    texts: {
      editHotel: 'Edit Hotel',
      price: 'Price',
      distance: 'Distance',
      save: 'Save',
      updated: 'Updated',
      latitude: 'Latitude',
      longitude: 'Longitude',
      education: 'Education',
    },
    price: { typed: '2,400.50', saved: 2400.5, shown: '2,400.50', listed: 'SAR 2,400.50' },
    distance: { typed: '4.5', saved: 4.5 },
  },
  {
    lang: 'id',
    texts: {
      editHotel: 'Ubah Hotel',
      price: 'Harga',
      distance: 'Jarak',
      save: 'Simpan',
      updated: 'Berhasil Diperbarui',
      latitude: 'Lintang',
      longitude: 'Bujur',
      education: 'Pendidikan',
    },
    price: { typed: '12.500.000', saved: 12500000, shown: '12.500.000', listed: 'SAR 12.500.000' },
    distance: { typed: '1,25', saved: 1.25 },
  },
]

const api = apiAs(
  () => env,
  () => owner,
)

async function openPage(lang: string, route: string): Promise<Page> {
  const page = await openSignedIn(env, owner, lang, route)
  page.setDefaultTimeout(30_000)
  return page
}

beforeAll(async () => {
  env = await startBrowserEnv({ env: { MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' } })
  owner = (await createCompany(env.app, { name: 'Angka Travel' })).owner
  const location = await api<{ id: number }>('POST', '/locations', MAKKAH)
  hotelId = (
    await api<{ id: number }>('POST', '/hotels', {
      // Still pinned where another place was.
      ...hotelBody('Hotel Angka', location.id),
      hotel_policy: [{ title: 'Check-in', description: 'From 14:00' }],
      hotel_education: [{ name: 'Umm Al-Qura University', distance: 2, type: 'km' }],
    })
  ).id
}, 120_000)

afterAll(async () => {
  await env?.close()
})

describe.each(cases)('numbers typed in $lang', (c) => {
  it('a price and a distance typed with separators are saved as meant and shown back in the language', async () => {
    const page = await openPage(c.lang, `/app/hotels/edit/${hotelId}`)
    await page.getByRole('heading', { name: c.texts.editHotel }).waitFor()
    const price = field(page, c.texts.price)
    await expect.poll(() => price.inputValue()).not.toBe('')
    await price.fill('')
    await price.pressSequentially(c.price.typed)
    await price.press('Tab')
    await expect.poll(() => price.inputValue()).toBe(c.price.shown)
    // The first distance on the form is the education entry's (education, transport, health follow).
    const distance = field(page, c.texts.distance).first()
    await distance.fill('')
    await distance.pressSequentially(c.distance.typed)
    await distance.press('Tab')
    await price.scrollIntoViewIfNeeded()
    await shot(page, `numbers-${c.lang}-price`)

    // A position copied from a map, pasted into longitude, fills both coordinates and the pin follows (item 4).
    const longitude = field(page, c.texts.longitude)
    await longitude.evaluate((el, text) => {
      // The browser's own classes (this file is type-checked without the DOM library).
      const w = globalThis as unknown as {
        DataTransfer: new () => { setData(type: string, value: string): void }
        ClipboardEvent: new (type: string, init: object) => unknown
      }
      const data = new w.DataTransfer()
      data.setData('text/plain', text)
      el.dispatchEvent(new w.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }) as never)
    }, '21.4225, 39.8262')
    await expect.poll(() => field(page, c.texts.latitude).inputValue()).toBe(c.lang === 'en' ? '21.4225' : '21,4225')
    await expect.poll(() => longitude.inputValue()).toBe(c.lang === 'en' ? '39.8262' : '39,8262')
    await expect.poll(() => page.locator('[data-pin]').getAttribute('data-pin')).toBe('21.4225,39.8262')
    await longitude.scrollIntoViewIfNeeded()
    await shot(page, `numbers-${c.lang}-position`)

    await page.getByRole('button', { name: c.texts.save, exact: true }).click()
    await notification(page, c.texts.updated).waitFor()
    await page.waitForURL(/\/app\/hotels$/)
    const saved = await api<{ price: number; lat: number; long: number; educations: { distance: number }[] }>(
      'GET',
      `/hotels/${hotelId}`,
    )
    expect(saved.price).toBe(c.price.saved)
    expect([saved.lat, saved.long]).toEqual([21.4225, 39.8262])
    expect(saved.educations[0]!.distance).toBe(c.distance.saved)

    const row = page.getByRole('row').filter({ hasText: 'Hotel Angka' })
    await expect.poll(() => row.textContent()).toContain(c.price.listed)
    await shot(page, `numbers-${c.lang}-list`)
    await page.context().close()
  }, 120_000)
})
