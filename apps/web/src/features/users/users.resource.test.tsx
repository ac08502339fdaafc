/** @vitest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Notifications } from '@mantine/notifications'
import { ResourceListPage } from '../../components/resource/ResourceListPage'
import { configureApiClient } from '../../lib/api-client'
import type { Me } from '../../lib/permissions'
import { render, screen, userEvent, waitFor, within } from '../../test-utils/render'
import users from './users.resource'

const me: Me = {
  id: 1,
  name: 'Owner',
  email: 'owner@x.test',
  username: 'owner',
  permissions: ['user_list', 'user_create', 'user_update', 'user_delete'],
  role_name: 'owner',
  company: { id: 3, name: 'Demo', trial_ends_at: null } as Me['company'],
}

const rina = {
  id: 12,
  name: 'Rina Staff',
  username: 'rina',
  email: 'rina@x.test',
  phone: null,
  status: 'blocked',
  role_id: 5,
  role: { id: 5, name: 'operator', display_name: 'Operator' },
  company_id: 3,
  created_at: '2026-11-01T08:00:00Z',
}

type Call = { method: string; url: string; body: Record<string, unknown> | undefined }
let calls: Call[]

beforeEach(() => {
  calls = []
  configureApiClient({
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input)
      const call = { method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined }
      calls.push(call)
      const page = (data: unknown[]) => ({
        data,
        pagination: { total: data.length, currentPage: 0, currentPageFront: 1, totalPages: 0, totalPagesFront: 1 },
      })
      const body =
        call.method !== 'GET'
          ? { data: { ...rina, id: 13, ...call.body } }
          : url.includes('/roles')
            ? page([{ id: 5, name: 'operator', display_name: 'Operator' }])
            : page([rina])
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    }) as typeof fetch,
  })
})
afterEach(() => configureApiClient({ fetch: (...a) => globalThis.fetch(...a) }))

const renderUsers = () =>
  render(
    <>
      <Notifications />
      <ResourceListPage resource={users} />
    </>,
    { path: '/app/users', me },
  )

/** A select's input (its listbox carries the same label). */
const selectInput = (dialog: HTMLElement, label: RegExp) =>
  within(dialog)
    .getAllByLabelText(label)
    .find((e): e is HTMLInputElement => e.tagName === 'INPUT')!

const hint = (dialog: HTMLElement, label: RegExp) => {
  const input = within(dialog).getByLabelText(label)
  const id = input.getAttribute('aria-describedby')
  return id ? (document.getElementById(id.split(' ')[0]!)?.textContent ?? null) : null
}

describe('the user dialog', () => {
  it('starts a new user active and says the password needs 8 characters, without the keep hint', async () => {
    const user = userEvent.setup()
    renderUsers()
    await user.click(await screen.findByRole('button', { name: 'Create' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create User' })
    expect(selectInput(dialog, /^Status/).value).toBe('Active')
    expect(hint(dialog, /^Password \*?$/)).toBe('At least 8 characters.')
    expect(hint(dialog, /^Password Confirmation/)).toBeNull()
    expect(within(dialog).queryByText(/Leave empty to keep/)).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Name/)))
  })

  it('sends the status it starts with', async () => {
    const user = userEvent.setup()
    renderUsers()
    await user.click(await screen.findByRole('button', { name: 'Create' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create User' })
    await user.type(within(dialog).getByLabelText(/^Name/), 'Budi Santoso')
    await user.type(within(dialog).getByLabelText(/^Username/), 'budi')
    await user.type(within(dialog).getByLabelText(/^Email/), 'budi@x.test')
    await user.click(selectInput(dialog, /^Role/))
    await user.click(await screen.findByRole('option', { name: 'Operator' }))
    await user.type(within(dialog).getByLabelText(/^Password \*?$/), 'password123')
    await user.type(within(dialog).getByLabelText(/^Password Confirmation/), 'password123')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await screen.findByText('User “Budi Santoso” has been created')
    const post = calls.find((c) => c.method === 'POST')
    expect(post?.body).toMatchObject({ name: 'Budi Santoso', status: 'active', role_id: 5 })
  })

  it('on edit keeps the stored status and says an empty password keeps the current one', async () => {
    const user = userEvent.setup()
    renderUsers()
    const row = (await screen.findByText('Rina Staff')).closest('tr')!
    await user.click(within(row).getByRole('button', { name: 'Edit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' })
    expect(selectInput(dialog, /^Status/).value).toBe('Blocked')
    expect(hint(dialog, /^Password$/)).toBe('Leave empty to keep the current password; a new one needs at least 8 characters.')
    expect(within(dialog).queryByText('At least 8 characters.')).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await screen.findByText('User “Rina Staff” has been updated')
    const put = calls.find((c) => c.method === 'PUT')
    expect(put?.body?.password).toBeUndefined()
  })

  it('says the same in Indonesian', async () => {
    const user = userEvent.setup()
    const { default: i18n } = await import('../../i18n')
    renderUsers()
    await i18n.changeLanguage('id')
    const row = (await screen.findByText('Rina Staff')).closest('tr')!
    await user.click(within(row).getByRole('button', { name: 'Ubah' }))
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByText('Kosongkan untuk tetap memakai kata sandi saat ini; kata sandi baru minimal 8 karakter.')
    await i18n.changeLanguage('en')
  })
})
