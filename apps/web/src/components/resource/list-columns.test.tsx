/** @vitest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configureApiClient } from '../../lib/api-client'
import type { Me } from '../../lib/permissions'
import { render, screen, userEvent, waitFor, within } from '../../test-utils/render'
import { col, defineResource } from './define'
import { ResourceListPage } from './ResourceListPage'
import { columnChoiceKey } from './use-column-choice'

const places = defineResource({
  name: 'places',
  permission: 'location',
  columns: [col.avatar('featured_image'), col.text('name'), col.text('slug', { secondary: true }), col.text('region')],
  fields: [],
})

const me: Me = {
  id: 41,
  name: 'Clerk',
  email: 'c@x.test',
  username: null,
  permissions: ['location_list', 'location_delete'],
  role_name: 'clerk',
  company: null,
}
const LONG = 'Swissotel Al Maqam Makkah Clock Tower Hotel Suites'

const wideScreen = window.matchMedia
function phoneScreen() {
  window.matchMedia = ((query: string) => ({
    matches: /max-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia
}

beforeEach(() => {
  localStorage.clear()
  configureApiClient({
    fetch: vi.fn(async () => {
      const body = {
        data: [{ id: 3, name: LONG, slug: 'swissotel', region: 'Makkah', featured_image: null }],
        pagination: { total: 1, currentPage: 1, currentPageFront: 0, totalPages: 1, totalPagesFront: 0 },
      }
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    }) as typeof fetch,
  })
})
afterEach(() => {
  window.matchMedia = wideScreen
  configureApiClient({ fetch: (...a) => globalThis.fetch(...a) })
})

const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim())

describe('list columns (issue 32)', () => {
  it('hides a secondary column until the user shows it, and remembers that for this user only', async () => {
    const user = userEvent.setup()
    const first = render(<ResourceListPage resource={places} />, { path: '/app/places', me })
    await screen.findByText(LONG)
    expect(headers()).not.toContain('Slug')
    await user.click(screen.getByRole('button', { name: 'Columns' }))
    const slug = await screen.findByRole('checkbox', { name: 'Slug' })
    // The column that names the row cannot be hidden: it is not offered.
    expect(screen.queryByRole('checkbox', { name: 'Name' })).toBeNull()
    await user.click(slug)
    await waitFor(() => expect(headers()).toContain('Slug'))
    await user.click(await screen.findByRole('checkbox', { name: 'Region' }))
    await waitFor(() => expect(headers()).not.toContain('Region'))
    expect(JSON.parse(localStorage.getItem(columnChoiceKey(41, 'places'))!)).toEqual({ slug: true, region: false })
    first.unmount()

    const again = render(<ResourceListPage resource={places} />, { path: '/app/places', me })
    await screen.findByText(LONG)
    expect(headers()).toContain('Slug')
    expect(headers()).not.toContain('Region')
    again.unmount()

    render(<ResourceListPage resource={places} />, { path: '/app/places', me: { ...me, id: 42 } })
    await screen.findByText(LONG)
    expect(headers()).not.toContain('Slug')
    expect(headers()).toContain('Region')
  })

  it('never cuts the identity column: its cell wraps instead of the one-line ellipsis', async () => {
    render(<ResourceListPage resource={places} />, { path: '/app/places', me })
    const cell = (await screen.findByText(LONG)).closest('td')!
    expect(cell.classList.contains('resource-identity')).toBe(true)
    // The other columns keep the one-line, cut-with-a-tooltip cell.
    const region = screen.getByText('Makkah')
    expect(region.style.whiteSpace).toBe('nowrap')
    expect(screen.getByText(LONG).style.whiteSpace).not.toBe('nowrap')
  })

  it('shows cards on a phone: the name in full heading each, the shown columns labelled, the row buttons', async () => {
    phoneScreen()
    render(<ResourceListPage resource={places} />, { path: '/app/places', me })
    const name = await screen.findByText(LONG)
    expect(document.querySelector('table')).toBeNull()
    const card = name.closest('li')!
    expect(within(card).getByText('Region')).toBeTruthy()
    expect(within(card).getByText('Makkah')).toBeTruthy()
    expect(within(card).queryByText('swissotel')).toBeNull()
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeTruthy()
    expect(screen.getByLabelText('Sort by')).toBeTruthy()
  })
})
