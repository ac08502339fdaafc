import fs from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCompany, type Actor } from '../helpers/fixtures.js'
import { startBrowserEnv, type BrowserEnv } from './harness.js'
import { dialog, field, header, notification, shot } from './page.js'

/**
 * Categories in real Chromium against the real server — the journey every
 * reference list shares (they are one declaration each): create, search,
 * sort, page size, paging, edit, delete after a confirmation, export; then the
 * same screen in Indonesian.
 */
let env: BrowserEnv
let page: Page
let owner: Actor

/** A table header; sortable ones are buttons (mantine-datatable) named after their text. */
/** What the user sees with a dialog open over a long page, once its opening animation is over. */
/** Names in the table's first column, top to bottom. */
const names = async (p: Page) => (await p.locator('tbody tr td:first-child').allTextContents()).map((s) => s.trim())
const waitForNames = (p: Page, check: (n: string[]) => boolean) =>
  expect.poll(async () => check(await names(p)), { timeout: 15_000 }).toBe(true)

beforeAll(async () => {
  env = await startBrowserEnv()
  owner = (await createCompany(env.app, { name: 'Barakah Travel', password: 'owner-password-1' })).owner
  // 23 categories, the oldest first, so that paging and sorting have something to show.
  for (let i = 1; i <= 23; i++) {
    const n = String(i).padStart(2, '0')
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/v1/categories',
      headers: owner.headers,
      payload: { name: `Package ${n}`, slug: `package-${n}`, description: `Sample package ${n}`, is_active: i % 4 !== 0 },
    })
    expect(res.statusCode).toBe(200)
  }
  page = await env.newPage()
})
afterAll(async () => {
  await env?.close()
})

describe('categories journey', () => {
  it('signs in and opens Categories from the menu', async () => {
    await page.goto('/login')
    await field(page, 'Email').fill(owner.email)
    await page.getByLabel(/^Password( \*)?$/).fill('owner-password-1')
    await page.getByRole('button', { name: /^Login$/ }).click()
    await page.waitForURL(/\/app/)
    const nav = page.getByRole('navigation', { name: 'Main navigation' })
    await nav.getByText('Data Master').click()
    await nav.getByRole('link', { name: 'Categories' }).click()
    await page.waitForURL(/\/app\/category$/)
    await page.getByRole('heading', { name: 'Categories' }).waitFor()
    // Newest first, ten to a page.
    await waitForNames(page, (n) => n.length === 10 && n[0] === 'Package 23')
    expect(await page.getByText('1–10 of 23').isVisible()).toBe(true)
    // Slug is a secondary column (issue 32): this journey shows it through the column chooser.
    await page.getByRole('button', { name: 'Columns', exact: true }).click()
    await page.getByRole('checkbox', { name: 'Slug', exact: true }).check()
    await page.keyboard.press('Escape')
    const row = page.getByRole('row').filter({ hasText: 'Package 23' })
    expect(await row.textContent()).toMatch(/package-23.*Sample package 23.*Yes.*\d\d-\d\d-\d{4}/)
    await env.screenshot(page, 'categories-01-list-en')
  })

  it('validates the dialog, then creates a category with a normalized slug', async () => {
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    const d = dialog(page)
    await d.getByText('Create Category').waitFor()
    await d.getByRole('button', { name: 'Save', exact: true }).click()
    await d.getByText('Name is Required').waitFor()
    await d.getByText('Description is Required').waitFor()
    await field(d, 'Name').fill('Umrah Plus Madinah')
    await field(d, 'Slug').fill('Umrah Plus  MADINAH')
    await field(d, 'Description').fill('Umrah with three nights in Madinah')
    await d.getByRole('radio', { name: 'Yes' }).check()
    await env.screenshot(page, 'categories-02-create-dialog-en')
    await d.getByRole('button', { name: 'Save', exact: true }).click()
    await notification(page, 'Created').waitFor()
    await dialog(page).waitFor({ state: 'detached' })
    const row = page.getByRole('row').filter({ hasText: 'Umrah Plus Madinah' })
    await row.waitFor()
    expect(await row.textContent()).toContain('umrah-plus-madinah')
  })

  it('refuses a name already used, on the field', async () => {
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    const d = dialog(page)
    await field(d, 'Name').fill('package 07')
    await field(d, 'Slug').fill('another-slug')
    await field(d, 'Description').fill('A copy')
    await d.getByRole('radio', { name: 'No' }).check()
    await d.getByRole('button', { name: 'Save', exact: true }).click()
    await d.getByText('Name in Used').waitFor()
    await d.getByRole('button', { name: 'Cancel', exact: true }).click()
    await dialog(page).waitFor({ state: 'detached' })
  })

  it('searches (contains, any case) and clears the search', async () => {
    const search = page.getByRole('textbox', { name: 'Search' })
    await search.fill('KAGE 1')
    await waitForNames(page, (n) => n.length === 10 && n.every((x) => /^Package 1\d$/.test(x)))
    await search.fill('madinah')
    await waitForNames(page, (n) => n.length === 1 && n[0] === 'Umrah Plus Madinah')
    await env.screenshot(page, 'categories-03-search-en')
    await search.fill('')
    await waitForNames(page, (n) => n.length === 10 && n[0] === 'Umrah Plus Madinah')
  })

  it('sorts by a column, ascending then descending', async () => {
    await header(page, 'name').click()
    await waitForNames(page, (n) => n[0] === 'Package 01' && n[1] === 'Package 02')
    await header(page, 'name').getByLabel('Sorted ascending').waitFor()
    await header(page, 'name').click()
    await waitForNames(page, (n) => n[0] === 'Umrah Plus Madinah' && n[1] === 'Package 23')
    await env.screenshot(page, 'categories-04-sorted-en')
  })

  it('changes the page size and moves between pages', async () => {
    await page.getByRole('button', { name: 'Next page' }).click()
    await waitForNames(page, (n) => n[0] === 'Package 14')
    expect(await page.getByText('11–20 of 24').isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Next page' }).click()
    await waitForNames(page, (n) => n.length === 4 && n[3] === 'Package 01')
    // A new page size starts again at the first page.
    await page.getByRole('button', { name: '10', exact: true }).click()
    await page.getByRole('menuitem', { name: '25' }).click()
    await waitForNames(page, (n) => n.length === 24 && n[0] === 'Umrah Plus Madinah')
    expect(await page.getByText('1–24 of 24').isVisible()).toBe(true)
    await env.screenshot(page, 'categories-05-page-size-en')
  })

  it('edits a row from its dialog', async () => {
    const row = page.getByRole('row').filter({ hasText: 'Package 07' })
    await row.getByRole('button', { name: 'Edit', exact: true }).click()
    const d = dialog(page)
    await d.getByText('Edit Category').waitFor()
    await expect.poll(() => field(d, 'Name').inputValue()).toBe('Package 07')
    expect(await field(d, 'Slug').inputValue()).toBe('package-07')
    await field(d, 'Name').fill('Package 07 Premium')
    await d.getByRole('radio', { name: 'No' }).check()
    await d.getByRole('button', { name: 'Save', exact: true }).click()
    await notification(page, 'Updated').waitFor()
    const edited = page.getByRole('row').filter({ hasText: 'Package 07 Premium' })
    await edited.waitFor()
    expect(await edited.getByText('No', { exact: true }).isVisible()).toBe(true)
  })

  it('deletes a row after a confirmation titled with its name', async () => {
    const row = page.getByRole('row').filter({ hasText: 'Package 07 Premium' })
    await row.getByRole('button', { name: 'Delete', exact: true }).click()
    const confirm = dialog(page).filter({ hasText: 'Delete Package 07 Premium' })
    await confirm.waitFor()
    await shot(page, 'categories-06-delete-confirm-en')
    // Cancel keeps it ...
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click()
    await confirm.waitFor({ state: 'detached' })
    expect(await page.getByRole('row').filter({ hasText: 'Package 07 Premium' }).count()).toBe(1)
    // ... Delete removes it.
    await row.getByRole('button', { name: 'Delete', exact: true }).click()
    await dialog(page).getByRole('button', { name: 'Delete', exact: true }).click()
    await notification(page, 'Deleted').waitFor()
    await waitForNames(page, (n) => n.length === 23 && !n.includes('Package 07 Premium'))
  })

  it('exports the searched rows as a CSV file', async () => {
    await page.getByRole('textbox', { name: 'Search' }).fill('package 2')
    await waitForNames(page, (n) => n.length === 4)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export', exact: true }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`categories_table_${new Date().toISOString().slice(0, 10)}.csv`)
    const file = await download.path()
    const lines = fs
      .readFileSync(file!, 'utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n')
    // Headed as the screen labels its columns, days as DD-MM-YYYY HH:mm (crud/export.ts).
    expect(lines[0]).toBe('ID,Name,Slug,Description,Active,Created')
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[1])
        .sort(),
    ).toEqual(['Package 20', 'Package 21', 'Package 22', 'Package 23'])
    expect(lines.find((l) => l.includes('Package 20'))).toMatch(/,package-20,Sample package 20,false,\d\d-\d\d-\d{4} \d\d:\d\d/)
  })

  it('shows the same screen in Indonesian', async () => {
    const id = await env.newPage({ locale: 'id-ID' })
    await id.context().addCookies([
      { name: 'locale', value: 'id', url: env.baseUrl },
      { name: 'token', value: owner.token, url: env.baseUrl, httpOnly: true, sameSite: 'Strict' },
    ])
    await id.goto('/app/category')
    await id.getByRole('heading', { name: 'Kategori' }).waitFor()
    await waitForNames(id, (n) => n.length === 10)
    expect(await header(id, 'name').textContent()).toBe('Nama')
    expect(await header(id, 'created_at').textContent()).toBe('Dibuat')
    expect(await id.getByText('Ya', { exact: true }).first().isVisible()).toBe(true)
    await env.screenshot(id, 'categories-07-list-id')
    await id.getByRole('button', { name: 'Tambah', exact: true }).click()
    const d = dialog(id)
    await d.getByRole('button', { name: 'Simpan', exact: true }).click()
    await d.getByText('Nama Wajib Diisi').waitFor()
    await env.screenshot(id, 'categories-08-create-dialog-id')
  })
})
