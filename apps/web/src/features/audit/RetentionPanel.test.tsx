/** @vitest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Notifications } from '@mantine/notifications'
import { configureApiClient } from '../../lib/api-client'
import type { Me } from '../../lib/permissions'
import { render, screen, userEvent, waitFor, within } from '../../test-utils/render'
import { RetentionPanel } from './RetentionPanel'

const me = (permissions: string[]): Me => ({
  id: 1,
  name: 'Owner',
  email: 'o@x.test',
  username: null,
  permissions,
  role_name: 'owner',
  company: null,
})

type Call = { method: string; url: string; body: unknown }
let calls: Call[]
let stored: number | null
let refuse: { status: number; body: unknown } | null

beforeEach(() => {
  calls = []
  stored = 30
  refuse = null
  configureApiClient({
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url: String(input),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      }
      calls.push(call)
      if (call.method === 'PUT' && refuse) return Response.json(refuse.body, { status: refuse.status })
      if (call.method === 'PUT') stored = (call.body as { days: number | null }).days
      return Response.json({ data: { days: stored } })
    }) as typeof fetch,
  })
})
afterEach(() => configureApiClient({ fetch: (...a) => globalThis.fetch(...a) }))

const show = (permissions = ['audit_view', 'audit_update']) =>
  render(
    <>
      <Notifications />
      <RetentionPanel />
    </>,
    { me: me(permissions) },
  )
const box = () => screen.findByRole('textbox', { name: 'Days to keep' }) as Promise<HTMLInputElement>
const puts = () => calls.filter((c) => c.method === 'PUT')

describe('RetentionPanel', () => {
  it('shows the stored days; a shorter time asks before it deletes, then saves', async () => {
    const user = userEvent.setup()
    show()
    const input = await box()
    await waitFor(() => expect(input.value).toBe('30'))
    await user.clear(input)
    await user.type(input, '10')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete older audit rows?' })
    expect(dialog.textContent).toContain('older than 10 days')
    expect(puts()).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Delete and save' }))
    await screen.findByText('Rows are kept for 10 days.')
    expect(puts()).toEqual([{ method: 'PUT', url: '/api/v1/audit/retention', body: { days: 10 } }])
  })

  it('keeps rows longer, or for ever when emptied, without asking', async () => {
    const user = userEvent.setup()
    show()
    const input = await box()
    await waitFor(() => expect(input.value).toBe('30'))
    await user.clear(input)
    await user.type(input, '400')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Rows are kept for 400 days.')
    expect(screen.queryByRole('dialog')).toBeNull()
    await user.clear(input)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(puts().at(-1)?.body).toEqual({ days: null }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(puts().map((c) => c.body)).toEqual([{ days: 400 }, { days: null }])
  })

  it('refuses a day count out of range on the box, and shows the server refusal there', async () => {
    const user = userEvent.setup()
    show()
    const input = await box()
    await waitFor(() => expect(input.value).toBe('30'))
    await user.clear(input)
    await user.type(input, '40000')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Enter whole days from 1 to 36500, or leave it empty.')
    expect(puts()).toEqual([])
    refuse = { status: 422, body: { message: 'The days is invalid.', errors: { days: ['The days must be at least 1.'] } } }
    await user.clear(input)
    await user.type(input, '45')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('The days must be at least 1.')
  })

  it('is read-only without audit_update, and absent without audit_view', async () => {
    const { unmount } = show(['audit_view'])
    const input = await box()
    await waitFor(() => expect(input.value).toBe('30'))
    expect(input.disabled).toBe(true)
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    unmount()
    show(['audit_list'])
    expect(screen.queryByRole('region', { name: 'Keep audit rows' })).toBeNull()
    expect(calls.filter((c) => c.url.includes('retention')).length).toBe(1)
  })
})
