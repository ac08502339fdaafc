/** @vitest-environment jsdom */
import { beforeEach, describe, expect, it } from 'vitest'
import { Notifications } from '@mantine/notifications'
import { fakeApi, signedInWith, type ApiCall } from '../../test-utils/fake-api'
import { render, screen, userEvent, waitFor, within } from '../../test-utils/render'
import { RetentionPanel } from './RetentionPanel'

let calls: ApiCall[]
let stored: number | null
let refuse: { status: number; body: unknown } | null

beforeEach(() => {
  stored = 30
  refuse = null
  calls = fakeApi((call) => {
    if (call.method === 'PUT' && refuse) return refuse
    if (call.method === 'PUT') stored = (call.body as { days: number | null }).days
    return { status: 200, body: { data: { days: stored } } }
  })
})

const show = (permissions = ['audit_view', 'audit_update']) =>
  render(
    <>
      <Notifications />
      <RetentionPanel />
    </>,
    { me: signedInWith(permissions) },
  )
const box = () => screen.findByRole('textbox', { name: 'Days to keep' }) as Promise<HTMLInputElement>
/** The box once it shows the stored 30 days. */
const opened = async () => {
  const input = await box()
  await waitFor(() => expect(input.value).toBe('30'))
  return input
}
const puts = () => calls.filter((c) => c.method === 'PUT')

describe('RetentionPanel', () => {
  it('shows the stored days; a shorter time asks before it deletes, then saves', async () => {
    const user = userEvent.setup()
    show()
    const input = await opened()
    await user.clear(input)
    await user.type(input, '10')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete older audit rows?' })
    expect(dialog.textContent).toContain('older than 10 days')
    expect(puts()).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Delete and save' }))
    await screen.findByText('Rows are kept for 10 days.')
    expect(puts()).toMatchObject([{ method: 'PUT', url: '/api/v1/audit/retention', body: { days: 10 } }])
  })

  it('keeps rows longer, or for ever when emptied, without asking', async () => {
    const user = userEvent.setup()
    show()
    const input = await opened()
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
    const input = await opened()
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
    const input = await opened()
    expect(input.disabled).toBe(true)
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    unmount()
    show(['audit_list'])
    expect(screen.queryByRole('region', { name: 'Keep audit rows' })).toBeNull()
    expect(calls.filter((c) => c.url.includes('retention')).length).toBe(1)
  })
})
