/** @vitest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IconCalendar } from '@tabler/icons-react'
import { configureApiClient } from '../../lib/api-client'
import type { Me } from '../../lib/permissions'
import { render, screen, userEvent, waitFor, within } from '../../test-utils/render'
import { col, defineResource, field } from './define'
import { ResourceListPage } from './ResourceListPage'

const rooms = defineResource({
  name: 'rooms',
  permission: 'room',
  columns: [col.avatar('featured_image'), col.text('name', { labelKey: 'actions.yes', hintKey: 'actions.no' })],
  fields: [field.text('name')],
  createHref: '/app/rooms/create',
  editHref: (row) => `/app/rooms/edit/${row.id}`,
  filters: [
    {
      name: 'is_active',
      options: [
        { value: true, labelKey: 'actions.yes' },
        { value: false, labelKey: 'actions.no' },
      ],
    },
  ],
  rowActions: [
    {
      key: 'availability',
      labelKey: 'actions.export',
      icon: IconCalendar,
      permission: 'update',
      href: (row) => `/app/rooms/${row.id}/availability`,
    },
  ],
})

const me: Me = {
  id: 1,
  name: 'Owner',
  email: 'o@x.test',
  username: null,
  permissions: ['room_list', 'room_create', 'room_update'],
  role_name: 'owner',
  company: null,
}

let urls: string[]
beforeEach(() => {
  urls = []
  configureApiClient({
    fetch: vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input))
      const body = {
        data: [
          { id: 7, name: 'Deluxe Twin', featured_image: 'twin.png' },
          { id: 8, name: 'Quad Room', featured_image: null },
        ],
        pagination: { total: 2, currentPage: 1, currentPageFront: 0, totalPages: 1, totalPagesFront: 0 },
      }
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    }) as typeof fetch,
  })
})
afterEach(() => configureApiClient({ fetch: (...a) => globalThis.fetch(...a) }))

const renderList = () =>
  render(<ResourceListPage resource={rooms} />, {
    path: '/app/rooms',
    me,
    routes: [
      { path: '/app/rooms/create', element: <p>create page</p> },
      { path: '/app/rooms/edit/:id', element: <p>edit page</p> },
      { path: '/app/rooms/:id/availability', element: <p>availability page</p> },
    ],
  })

describe('ResourceListPage options', () => {
  it('shows the image avatar, or the initials without one', async () => {
    renderList()
    const row = (await screen.findByText('Deluxe Twin')).closest('tr')!
    expect(within(row).getByRole('img').getAttribute('src')).toBe('/api/v1/images/twin.png')
    expect(within(screen.getByText('Quad Room').closest('tr')!).getByText('QR')).toBeTruthy()
  })

  it('sends a declared filter with the list, back on the first page', async () => {
    const user = userEvent.setup()
    renderList()
    await screen.findByText('Deluxe Twin')
    await user.click(screen.getAllByLabelText('Active')[0]!)
    await user.click(screen.getByRole('option', { name: 'No' }))
    await waitFor(() => expect(urls.at(-1)).toContain('is_active=false'))
    expect(urls.at(-1)).toContain('page=0')
  })

  it('row actions with href are links, and create/edit go to the page forms', async () => {
    const user = userEvent.setup()
    const first = renderList()
    const row = (await screen.findByText('Deluxe Twin')).closest('tr')!
    expect(within(row).getByRole('link', { name: 'Export' }).getAttribute('href')).toBe('/app/rooms/7/availability')
    await user.click(within(row).getByRole('button', { name: 'Edit' }))
    await screen.findByText('edit page')
    expect(first.router.state.location.pathname).toBe('/app/rooms/edit/7')
    first.unmount()

    const second = renderList()
    await user.click(await screen.findByRole('button', { name: 'Create' }))
    await screen.findByText('create page')
    expect(second.router.state.location.pathname).toBe('/app/rooms/create')
  })

  it('shows edit and the update actions only with <entity>_update, delete only with <entity>_delete', async () => {
    const withDelete = render(<ResourceListPage resource={rooms} />, {
      path: '/app/rooms',
      me: { ...me, permissions: ['room_list', 'room_delete'] },
    })
    const row = (await screen.findByText('Deluxe Twin')).closest('tr')!
    expect(within(row).queryByRole('link', { name: 'Export' })).toBeNull()
    expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull()
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeTruthy()
    withDelete.unmount()
    render(<ResourceListPage resource={rooms} />, { path: '/app/rooms', me })
    const updatable = (await screen.findByText('Deluxe Twin')).closest('tr')!
    expect(within(updatable).getByRole('link', { name: 'Export' })).toBeTruthy()
    expect(within(updatable).getByRole('button', { name: 'Edit' })).toBeTruthy()
    expect(within(updatable).queryByRole('button', { name: 'Delete' })).toBeNull()
  })

  it('gives a short header its full wording on hover', async () => {
    render(<ResourceListPage resource={rooms} />, { me, path: '/app/rooms' })
    await screen.findByText('Deluxe Twin')
    const hinted = document.querySelector('thead th [title="No"]')
    expect(hinted?.textContent).toBe('Yes')
  })
})
