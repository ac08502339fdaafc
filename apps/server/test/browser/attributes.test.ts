import fs from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCompany, type Actor } from '../helpers/fixtures.js'
import { startBrowserEnv, type BrowserEnv } from './harness.js'
import { column, dialog, field, header, notification, shot, waitForColumn } from './page.js'

/**
 * Attribute groups and attribute values in real Chromium against the real
 * server: a group is created, then values in it (the group select offers only
 * active groups, the slug is made from the name), searched, sorted by group,
 * paged, edited, deleted after a confirmation and exported; a group that still
 * has values is not deleted; the screens in Indonesian.
 */
let env: BrowserEnv
let page: Page
let owner: Actor

async function post(url: string, payload: Record<string, unknown>) {
  const res = await env.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: owner.headers, payload })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { id: number }
}

beforeAll(async () => {
  env = await startBrowserEnv()
  owner = (await createCompany(env.app, { name: 'Safa Marwah Tours' })).owner
  const room = await post('/group_attributes', { name: 'Room Facilities', type: 'room', option_type: 'checkbox' })
  const bus = await post('/group_attributes', { name: 'Bus Seats', type: 'transportation', option_type: 'radio' })
  await post('/group_attributes', { name: 'Retired Options', type: 'train', is_active: false })
  const values: Array<[string, number]> = [
    ['Air Conditioning', room.id],
    ['Balcony', room.id],
    ['City View', room.id],
    ['Kettle', room.id],
    ['Minibar', room.id],
    ['Prayer Mat', room.id],
    ['Safe Box', room.id],
    ['Aisle Seat', bus.id],
    ['Window Seat', bus.id],
    ['Reclining Seat', bus.id],
    ['USB Charger', bus.id],
  ]
  for (const [name, group_id] of values)
    await post('/attributes', { name, description: `${name} available`, is_active: true, group_id })
  page = await env.newPage()
  await page.context().addCookies([{ name: 'token', value: owner.token, url: env.baseUrl, httpOnly: true, sameSite: 'Strict' }])
})
afterAll(async () => {
  await env?.close()
})

describe('attribute groups', () => {
  it('lists groups with their type and creates one', async () => {
    await page.goto('/app/group_attribute')
    await page.getByRole('heading', { name: 'Attribute Groups' }).waitFor()
    await waitForColumn(page, 1, (v) => v.length === 3)
    const bus = page.getByRole('row').filter({ hasText: 'Bus Seats' })
    expect(await bus.getByText('Transportation').isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    const d = dialog(page)
    await d.getByText('Create Attribute Group').waitFor()
    await field(d, 'Name').fill('Train Class')
    await field(d, 'Type').click()
    await page.getByRole('option', { name: 'Train' }).click()
    await field(d, 'Option Type').click()
    await page.getByRole('option', { name: 'Radio (one)' }).click()
    await shot(page, 'attributes-01-group-dialog-en')
    await d.getByRole('button', { name: 'Save', exact: true }).click()
    await notification(page, 'Created').waitFor()
    await page.getByRole('row').filter({ hasText: 'Train Class' }).getByText('Train', { exact: true }).waitFor()
    await env.screenshot(page, 'attributes-02-groups-en')
  })
})

describe('attribute values', () => {
  it('lists values with their group, newest first', async () => {
    await page.goto('/app/attribute')
    await page.getByRole('heading', { name: 'Attribute Values' }).waitFor()
    await waitForColumn(page, 2, (v) => v.length === 10 && v[0] === 'USB Charger')
    expect(await header(page, 'group').textContent()).toBe('Group Attribute')
    expect((await column(page, 1))[0]).toBe('Bus Seats')
    // Slug is a secondary column (issue 32): this journey shows it through the column chooser.
    await page.getByRole('button', { name: 'Columns', exact: true }).click()
    await page.getByRole('checkbox', { name: 'Slug', exact: true }).check()
    await page.keyboard.press('Escape')
    await header(page, 'slug').waitFor()
    await env.screenshot(page, 'attributes-03-list-en')
  })

  it('creates a value in a 530 px dialog whose group select offers active groups only', async () => {
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    const d = dialog(page)
    await d.getByText('Create Attribute Value').waitFor()
    const box = await page.locator('.mantine-Modal-content').boundingBox()
    expect(Math.round(box!.width)).toBe(530)
    await field(d, 'Group Attribute').click()
    const options = page.getByRole('option')
    await expect.poll(() => options.count()).toBe(3)
    expect((await options.allTextContents()).sort()).toEqual(['Bus Seats', 'Room Facilities', 'Train Class'])
    await page.getByRole('option', { name: 'Train Class' }).click()
    await field(d, 'Name').fill('Executive Class')
    await field(d, 'Description').fill('Wide seats and a meal')
    await d.getByRole('radio', { name: 'Yes' }).check()
    await shot(page, 'attributes-04-create-dialog-en')
    await d.getByRole('button', { name: 'Save', exact: true }).click()
    await notification(page, 'Created').waitFor()
    const row = page.getByRole('row').filter({ hasText: 'Executive Class' })
    await row.waitFor()
    // The slug was left empty: it is made from the name.
    expect(await row.textContent()).toMatch(/^Train ClassExecutive Classexecutive-classWide seats and a meal/)
  })

  it('searches, sorts by group, changes the page size and pages', async () => {
    const search = page.getByRole('textbox', { name: 'Search' })
    await search.fill('SEAT')
    await waitForColumn(page, 2, (v) => v.length === 3 && v.every((n) => n.endsWith('Seat')))
    await env.screenshot(page, 'attributes-05-search-en')
    await search.fill('')
    await waitForColumn(page, 2, (v) => v.length === 10)
    await header(page, 'group').click()
    await waitForColumn(page, 1, (v) => v[0] === 'Bus Seats' && v[3] === 'Bus Seats' && v[4] === 'Room Facilities')
    await header(page, 'group').click()
    await waitForColumn(page, 1, (v) => v[0] === 'Train Class')
    await page.getByRole('button', { name: 'Next page' }).click()
    await waitForColumn(page, 1, (v) => v.length === 2 && v.every((g) => g === 'Bus Seats'))
    await page.getByRole('button', { name: '10', exact: true }).click()
    await page.getByRole('menuitem', { name: '25' }).click()
    await waitForColumn(page, 2, (v) => v.length === 12)
    expect(await page.getByText('1–12 of 12').isVisible()).toBe(true)
  })

  it('edits a value and moves it to another group', async () => {
    const row = page.getByRole('row').filter({ hasText: 'Kettle' })
    await row.getByRole('button', { name: 'Edit', exact: true }).click()
    const d = dialog(page)
    await d.getByText('Edit Attribute Value').waitFor()
    await expect.poll(() => field(d, 'Name').inputValue()).toBe('Kettle')
    expect(await field(d, 'Group Attribute').inputValue()).toBe('Room Facilities')
    await field(d, 'Name').fill('Electric Kettle')
    await field(d, 'Slug').fill('')
    await field(d, 'Group Attribute').click()
    await page.getByRole('option', { name: 'Train Class' }).click()
    await d.getByRole('button', { name: 'Save', exact: true }).click()
    await notification(page, 'Updated').waitFor()
    const edited = page.getByRole('row').filter({ hasText: 'Electric Kettle' })
    await edited.waitFor()
    expect(await edited.textContent()).toMatch(/^Train ClassElectric Kettleelectric-kettle/)
  })

  it('deletes a value after a confirmation titled with its name', async () => {
    const row = page.getByRole('row').filter({ hasText: 'Minibar' })
    await row.getByRole('button', { name: 'Delete', exact: true }).click()
    const confirm = dialog(page).filter({ hasText: 'Delete Minibar' })
    await confirm.waitFor()
    await shot(page, 'attributes-06-delete-confirm-en')
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
    await notification(page, 'Deleted').waitFor()
    await waitForColumn(page, 2, (v) => v.length === 11 && !v.includes('Minibar'))
  })

  it('exports the searched values with their group', async () => {
    await page.getByRole('textbox', { name: 'Search' }).fill('seat')
    await waitForColumn(page, 2, (v) => v.length === 3)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export', exact: true }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`attributes_table_${new Date().toISOString().slice(0, 10)}.csv`)
    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n')
    // Headed as the screen labels its columns, days as DD-MM-YYYY HH:mm (crud/export.ts).
    expect(lines[0]).toBe('ID,Name,Slug,Description,Active,Created,Group Attribute')
    expect(lines).toHaveLength(4)
    expect(lines.find((l) => l.includes(',Window Seat,'))).toMatch(
      /,window-seat,Window Seat available,true,\d\d-\d\d-\d{4} \d\d:\d\d,Bus Seats$/,
    )
  })

  it('does not delete a group that still has values, and says why', async () => {
    await page.goto('/app/group_attribute')
    const row = page.getByRole('row').filter({ hasText: 'Bus Seats' })
    await row.getByRole('button', { name: 'Delete', exact: true }).click()
    await dialog(page).getByRole('button', { name: 'Delete', exact: true }).click()
    const failed = notification(page, 'Could not delete')
    await failed.waitFor()
    expect(await failed.textContent()).toContain('Still in use (Attribute Values: 4); remove or change those first.')
    await env.screenshot(page, 'attributes-07-group-in-use-en')
    expect(await page.getByRole('row').filter({ hasText: 'Bus Seats' }).count()).toBe(1)
  })
})

describe('in Indonesian', () => {
  it('shows the attribute values and their dialog in Indonesian', async () => {
    const id = await env.newPage({ locale: 'id-ID' })
    await id.context().addCookies([
      { name: 'locale', value: 'id', url: env.baseUrl },
      { name: 'token', value: owner.token, url: env.baseUrl, httpOnly: true, sameSite: 'Strict' },
    ])
    await id.goto('/app/attribute')
    await id.getByRole('heading', { name: 'Nilai Atribut' }).waitFor()
    await waitForColumn(id, 2, (v) => v.length === 10)
    expect(await header(id, 'group').textContent()).toBe('Grup Atribut')
    await env.screenshot(id, 'attributes-08-list-id')
    await id.getByRole('button', { name: 'Tambah', exact: true }).click()
    const d = dialog(id)
    await d.getByRole('button', { name: 'Simpan', exact: true }).click()
    await d.getByText('Grup Atribut Wajib Diisi').waitFor()
    await d.getByText('Opsional: dibuat dari nama bila dikosongkan').waitFor()
    await shot(id, 'attributes-09-create-dialog-id')
    await id.goto('/app/group_attribute')
    await id.getByRole('heading', { name: 'Grup Atribut' }).waitFor()
    await id.getByRole('row').filter({ hasText: 'Bus Seats' }).getByText('Transportasi').waitFor()
    await env.screenshot(id, 'attributes-10-groups-id')
  })
})
