/** @vitest-environment jsdom */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { configureApiClient } from '../../lib/api-client'
import type { Me } from '../../lib/permissions'
import { render, screen, userEvent, waitFor } from '../../test-utils/render'
import { ResourceListPage } from '../../components/resource/ResourceListPage'
import { deskResource } from './desks'

const me: Me = {
  id: 1,
  name: 'Owner',
  email: 'o@x.test',
  username: null,
  permissions: ['order_train_list', 'order_train_create', 'order_train_update', 'order_train_delete', 'order_train_export'],
  role_name: 'owner',
  company: null,
}

let urls: string[]
beforeEach(() => {
  urls = []
  configureApiClient({
    fetch: vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input))
      if (String(input).startsWith('/api/v1/orders/counters')) {
        const counts = { all: 12, pending: 3, confirmed: 4, paid: 2, completed: 2, cancelled: 1 }
        return new Response(JSON.stringify({ data: { train: counts } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        })
      }
      const body = {
        data: [
          {
            id: 41,
            code: 'ORD-2026-000041',
            customer_name: 'Rahmat Hidayat',
            start_date: '2026-12-03',
            end_date: '2026-12-07',
            items_summary: 'Hilton Suites Makkah - Quad; Haramain (HHR-01, economy) x2',
            desks: ['hotel', 'train'],
            total: '5301.00',
            paid: '1000.00',
            balance: 4301,
            status: 'confirmed',
          },
        ],
        pagination: { total: 1, currentPage: 1, currentPageFront: 0, totalPages: 1, totalPagesFront: 0 },
      }
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    }) as unknown as typeof fetch,
  })
})

describe('a reservations desk', () => {
  it('lists the orders of its kind, the code opening the order, money and status as the desk reads them', async () => {
    render(<ResourceListPage resource={deskResource('train')} />, { me, path: '/app/order_train' })
    await screen.findByText('Rahmat Hidayat')
    expect(urls.find((u) => u.startsWith('/api/v1/orders?'))).toMatch(
      /^\/api\/v1\/orders\?kind=train&page=0&size=10&sort_by=created_at&order_by=desc$/,
    )
    expect(screen.getByRole('heading', { name: 'Train Orders' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'ORD-2026-000041' }).getAttribute('href')).toBe('/app/order_train/41')
    expect(screen.getByText('03 – 07-12-2026')).toBeTruthy()
    expect(screen.getByText('SAR 5,301')).toBeTruthy()
    expect(screen.getByText('SAR 4,301')).toBeTruthy()
    expect(screen.getAllByText('Confirmed').some((el) => el.closest('td'))).toBe(true)
    // Orders are cancelled, never deleted: no delete (nor edit) button even with the permission.
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull()
  })

  it('exports CSV or Excel, and creates on the page form', async () => {
    render(<ResourceListPage resource={deskResource('train')} />, {
      me,
      path: '/app/order_train',
      routes: [{ path: '/app/order_train/create', element: <p>order form</p> }],
    })
    await screen.findByText('Rahmat Hidayat')
    await userEvent.click(screen.getByRole('button', { name: 'Export' }))
    expect(await screen.findByRole('menuitem', { name: 'CSV file (.csv)' })).toBeTruthy()
    expect(screen.getByRole('menuitem', { name: 'Excel file (.xlsx)' })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(screen.getByText('order form')).toBeTruthy())
  })
  it('filters by status with the number of orders of each, from the counters', async () => {
    render(<ResourceListPage resource={deskResource('train')} />, { me, path: '/app/order_train' })
    await screen.findByText('Rahmat Hidayat')
    const group = screen.getByRole('radiogroup', { name: 'Status' })
    const all = await screen.findByRole('radio', { name: 'All 12' })
    expect(all).toHaveProperty('checked', true)
    expect(group.textContent).toContain('Pending 3')
    expect(urls).toContain('/api/v1/orders/counters')
    await userEvent.click(screen.getByRole('radio', { name: 'Pending 3' }))
    await waitFor(() => expect(urls.some((u) => /\/orders\?kind=train&.*status=pending/.test(u))).toBe(true))
    await userEvent.click(screen.getByRole('radio', { name: 'All 12' }))
    await waitFor(() => expect(urls.at(-1)).not.toMatch(/status=/))
  })

  it('keeps the chosen status in the URL: a link opens that tab, back and forward step between tabs', async () => {
    const { router } = render(<ResourceListPage resource={deskResource('train')} />, {
      me,
      path: '/app/order_train?status=paid',
      routePath: '/app/order_train',
    })
    await screen.findByText('Rahmat Hidayat')
    expect(await screen.findByRole('radio', { name: 'Paid 2' })).toHaveProperty('checked', true)
    expect(urls.find((u) => u.startsWith('/api/v1/orders?'))).toMatch(/[?&]status=paid(&|$)/)
    await userEvent.click(screen.getByRole('radio', { name: 'Pending 3' }))
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending'))
    expect(urls.at(-1)).toMatch(/[?&]status=pending(&|$)/)
    await userEvent.click(screen.getByRole('radio', { name: 'All 12' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    await router.navigate(-1)
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Pending 3' })).toHaveProperty('checked', true))
    await router.navigate(-1)
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Paid 2' })).toHaveProperty('checked', true))
    await waitFor(() => expect(urls.at(-1)).toMatch(/[?&]status=paid(&|$)/))
    await router.navigate(1)
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Pending 3' })).toHaveProperty('checked', true))
  })
})
