import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCompany } from '../helpers/fixtures.js'
import { startBrowserEnv, type BrowserEnv } from './harness.js'
import { dialog, field, notification } from './page.js'

/**
 * Issue 5's journey in real Chromium against the real server: the owner
 * creates the role 'Sales Agent' holding only category_list in the permission
 * matrix, creates an active user with it, signs out; that user signs in, sees
 * only Categories (besides the dashboard everyone has), no create button, a
 * denied view on /app/users, and the API refuses a POST from the same session.
 */
let env: BrowserEnv
let page: Page
let ownerEmail: string
const agent = {
  name: 'Sari Sales',
  username: 'sarisales',
  email: `sari.${Date.now()}@example.test`,
  password: 'sales-agent-2026',
}

beforeAll(async () => {
  env = await startBrowserEnv()
  const a = await createCompany(env.app, { name: 'Amanah Tours', password: 'owner-password-1' })
  ownerEmail = a.owner.email
  page = await env.newPage()
})
afterAll(async () => {
  await env?.close()
})

async function signIn(p: Page, email: string, password: string) {
  await p.goto('/login')
  await field(p, 'Email').fill(email)
  await p.getByLabel(/^Password( \*)?$/).fill(password)
  await p.getByRole('button', { name: /^Login$/ }).click()
  await p.waitForURL(/\/app/)
}

describe('roles and permissions journey', () => {
  it('the owner creates the role Sales Agent with only category_list', async () => {
    await signIn(page, ownerEmail, 'owner-password-1')
    await page.goto('/app/roles')
    await page.getByRole('cell', { name: 'owner', exact: true }).waitFor()
    await env.screenshot(page, 'roles-01-list')
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    const d = dialog(page)
    await d.getByText('Select the permissions that can be accessed, edited and deleted for this role.').waitFor()
    await field(d, 'Name').fill('Sales Agent')
    await field(d, 'Display Name').fill('Sales Agent')
    await d.getByRole('radio', { name: 'No' }).check()
    // A whole row on, then off again, then the one cell.
    await d.getByRole('checkbox', { name: 'All permissions of Categories' }).check()
    await expect.poll(() => d.getByRole('checkbox', { name: 'Categories: Delete' }).isChecked()).toBe(true)
    await d.getByRole('checkbox', { name: 'All permissions of Categories' }).uncheck()
    await expect.poll(() => d.getByRole('checkbox', { name: 'Categories: Delete' }).isChecked()).toBe(false)
    await d.getByRole('checkbox', { name: 'Categories: List', exact: true }).check()
    // Platform-only permissions cannot be granted by a company.
    expect(await d.getByRole('checkbox', { name: 'Permissions: Create', exact: true }).isDisabled()).toBe(true)
    await env.screenshot(page, 'roles-02-matrix')
    await d.getByRole('button', { name: 'Save', exact: true }).click()
    await notification(page, 'Created').waitFor()
    await page.getByRole('cell', { name: 'Sales Agent' }).first().waitFor()
  })

  it('default roles cannot be deleted, and a role can be duplicated after an orange confirmation', async () => {
    const ownerRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'owner', exact: true }) })
    expect(await ownerRow.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(true)
    const salesRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Sales Agent', exact: true }) })
      .first()
    expect(await salesRow.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(false)
    await salesRow.getByRole('button', { name: 'Duplicate', exact: true }).click()
    const confirm = dialog(page).filter({ hasText: 'Duplicate Sales Agent' })
    await confirm.waitFor()
    await env.screenshot(page, 'roles-03-duplicate-confirm')
    // The safe choice has the focus: Enter does not duplicate by accident.
    await expect
      .poll(() =>
        confirm
          .getByRole('button', { name: 'Cancel', exact: true })
          .evaluate((b) => b === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement),
      )
      .toBe(true)
    // While the call runs the action spins and nothing closes the dialog.
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    let continued: Promise<void> | undefined
    await page.route('**/api/v1/actions_user/role_duplicate/**', (route) => (continued = held.then(() => route.continue())))
    await confirm.getByRole('button', { name: 'Duplicate', exact: true }).click()
    await expect.poll(() => confirm.getByRole('button', { name: 'Cancel', exact: true }).isDisabled()).toBe(true)
    expect(await confirm.getByRole('button', { name: 'Duplicate', exact: true }).getAttribute('data-loading')).toBe('true')
    await page.keyboard.press('Escape')
    expect(await confirm.isVisible()).toBe(true)
    release()
    await continued
    await page.unroute('**/api/v1/actions_user/role_duplicate/**')
    // The message names the role and its copy.
    await notification(page, 'Duplicated')
      .filter({ hasText: 'Role “Sales Agent” has been duplicated as “Sales Agent (Copy)”' })
      .waitFor()
    await page.getByRole('cell', { name: 'Sales Agent_copy' }).waitFor()
  })

  it('reloads the page at /app/roles after a role edit', async () => {
    const copyRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Sales Agent_copy', exact: true }) })
    await copyRow.getByRole('button', { name: 'Edit', exact: true }).click()
    const d = dialog(page)
    await field(d, 'Display Name').fill('Sales Agent (spare)')
    // The page reloads RELOAD_DELAY_MS after the save, taking the success toast with it:
    // wait for the reload and the saved value, not for a toast that may already be gone.
    const reloaded = page.waitForEvent('load')
    await d.getByRole('button', { name: 'Save', exact: true }).click()
    await reloaded
    expect(new URL(page.url()).pathname).toBe('/app/roles')
    await page.getByRole('cell', { name: 'Sales Agent (spare)' }).waitFor()
  })

  it("locks the owner role's name and permissions in its edit dialog", async () => {
    const ownerRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'owner', exact: true }) })
    await ownerRow.getByRole('button', { name: 'Edit', exact: true }).click()
    const d = dialog(page)
    await d.getByText('This role always holds every permission of the company').waitFor()
    expect(await field(d, 'Name').isDisabled()).toBe(true)
    expect(await d.getByRole('checkbox', { name: 'Users: Delete', exact: true }).isDisabled()).toBe(true)
    await env.screenshot(page, 'roles-04-owner-locked')
    await d.getByRole('button', { name: 'Cancel', exact: true }).click()
  })

  it('shows the permission catalogue grouped by area and searchable, without create, edit or delete, to a company owner', async () => {
    await page.goto('/app/permissions')
    const main = page.getByRole('main')
    await main.getByRole('heading', { name: 'Data Master', level: 2 }).waitFor()
    await main.getByRole('cell', { name: 'Areas', exact: true }).waitFor()
    expect(await main.locator('[data-permission="area_approval"]').textContent()).toBe('Approval')
    // Searching by code keeps only what matches; the section and area stay as headings.
    await page.getByLabel('Search').fill('category_l')
    await main.locator('[data-permission="category_list"]').waitFor()
    await main.locator('[data-permission="area_approval"]').waitFor({ state: 'detached' })
    expect(await main.locator('[data-permission]').count()).toBe(1)
    // ... and by an area's name in the reader's language, which shows all its actions.
    await page.getByLabel('Search').fill('categories')
    await expect.poll(() => main.locator('[data-permission^="category_"]').count()).toBe(8)
    expect(await page.getByRole('button', { name: 'Create', exact: true }).count()).toBe(0)
    expect(await main.getByRole('button', { name: /edit|delete/i }).count()).toBe(0)
    await env.screenshot(page, 'roles-04b-permissions')
  })

  it('the owner creates an active user holding Sales Agent', async () => {
    await page.goto('/app/users')
    await page.getByRole('cell', { name: ownerEmail }).waitFor()
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    const d = dialog(page)
    // The first field has the focus; a new user starts active; the password says its length, not "keep".
    await expect
      .poll(() =>
        field(d, 'Name').evaluate(
          (i) => i === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
        ),
      )
      .toBe(true)
    expect(await field(d, 'Status').inputValue()).toBe('Active')
    await d.getByText('At least 8 characters.').waitFor()
    expect(await d.getByText(/Leave empty to keep/).count()).toBe(0)
    await field(d, 'Name').fill(agent.name)
    await field(d, 'Username').fill(agent.username)
    await field(d, 'Email').fill(agent.email)
    await field(d, 'Phone').fill('+62 812 0000 1111')
    await field(d, 'Role').click()
    await page.getByRole('option', { name: 'Sales Agent', exact: true }).click()
    await field(d, 'Password').fill(agent.password)
    await field(d, 'Password Confirmation').fill(agent.password)
    await env.screenshot(page, 'roles-05-user-dialog')
    await d.getByRole('button', { name: 'Save', exact: true }).click()
    await notification(page, 'Created').waitFor()
    const row = page.getByRole('row').filter({ hasText: agent.email })
    await row.getByText('Sales Agent').waitFor()
    await row.getByText('Active').waitFor()
    expect(await row.textContent()).toMatch(/\d\d-\d\d-\d{4} \d\d:\d\d:\d\d/)
    await page.getByRole('button', { name: 'Export/Import', exact: true }).click()
    expect(await page.getByRole('menuitem', { name: 'Import' }).isDisabled()).toBe(true)
    expect(await page.getByRole('menuitem', { name: 'Export' }).isDisabled()).toBe(false)
    await env.screenshot(page, 'roles-06-users-list')
    await page.keyboard.press('Escape')
  })

  it('edits the user: an empty password keeps it, and the message names the user', async () => {
    const row = page.getByRole('row').filter({ hasText: agent.email })
    await row.getByRole('button', { name: 'Edit', exact: true }).click()
    const d = dialog(page).filter({ hasText: 'Edit User' })
    await d.getByText('Leave empty to keep the current password; a new one needs at least 8 characters.').waitFor()
    expect(await d.getByText('At least 8 characters.', { exact: true }).count()).toBe(0)
    expect(await field(d, 'Status').inputValue()).toBe('Active')
    await env.screenshot(page, 'roles-06b-user-edit')
    await field(d, 'Phone').fill('+62 812 0000 2222')
    await d.getByRole('button', { name: 'Save', exact: true }).click()
    await notification(page, 'Updated')
      .filter({ hasText: `User “${agent.name}” has been updated` })
      .waitFor()
    await d.waitFor({ state: 'hidden' })
  })

  it('asks before deleting, naming the user, and Cancel keeps them', async () => {
    const row = page.getByRole('row').filter({ hasText: agent.email })
    await row.getByRole('button', { name: 'Delete', exact: true }).click()
    const confirm = dialog(page).filter({ hasText: `Delete ${agent.name}` })
    await confirm.waitFor()
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click()
    await confirm.waitFor({ state: 'hidden' })
    await row.waitFor()
  })

  it('signs out', async () => {
    await page.getByRole('button', { name: /Account menu$/ }).click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    // Through /logout (which ends the session) to the sign-in page.
    await page.waitForURL((u) => u.pathname === '/')
  })

  it('the new user sees only Categories, without a create button', async () => {
    await signIn(page, agent.email, agent.password)
    const nav = page.getByRole('navigation', { name: 'Main navigation' })
    await nav.getByText('Data Master').waitFor()
    const text = (await nav.textContent()) ?? ''
    for (const hidden of ['User Management', 'Products', 'Order']) expect(text).not.toContain(hidden)
    await nav.getByText('Data Master').click()
    await nav.getByRole('link', { name: 'Categories' }).click()
    await page.waitForURL(/\/app\/category$/)
    await page.getByRole('heading', { name: 'Categories' }).waitFor()
    const links = await nav.getByRole('link').allTextContents()
    expect(links.filter((l) => !/dashboard/i.test(l)).map((l) => l.trim())).toEqual(['Categories'])
    await page.getByText('Data Not Found').or(page.getByRole('row').nth(1)).first().waitFor()
    expect(await page.getByRole('button', { name: 'Create', exact: true }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Export', exact: true }).count()).toBe(0)
    await env.screenshot(page, 'roles-07-agent-categories')
  })

  it('shows the denied view on a screen the user may not open', async () => {
    await page.goto('/app/users')
    await page.getByText('Your Access Rights are Restricted, you cannot access these features and pages').waitFor()
    await env.screenshot(page, 'roles-08-agent-denied')
  })

  it('refuses a direct POST from that session', async () => {
    const result = await page.evaluate(async () => {
      const post = (headers: Record<string, string>) =>
        fetch('/api/v1/categories', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ name: 'Sneaky', slug: 'sneaky', description: 'Not allowed', is_active: true }),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { message: string } }))
      const list = await fetch('/api/v1/categories', {
        credentials: 'include',
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      })
      return { app: await post({ 'X-Requested-With': 'XMLHttpRequest' }), bare: await post({}), list: list.status }
    })
    expect(result.list).toBe(200)
    expect(result.app.status).toBe(403)
    expect(result.app.body.message).toBe(
      'Permission Denied: Your Access Rights are Restricted, you cannot access these features and pages',
    )
    expect(result.bare.status).toBe(403)
  })
})
