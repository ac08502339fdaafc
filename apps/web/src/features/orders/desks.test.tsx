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
      const body = {
        data: [
          {
            id: 41,
            code: 'ORD-2026-000041',
            customer_name: 'Rahmat Hidayat',
            start_date: '2026-12-03',
            end_date: '2026-12-07',
            items_summary: 'Hilton Suites Makkah - Quad; Haramain (HHR-01, economy) x2',
            has_room: true,
            has_train: true,
            has_transportation: false,
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
    expect(urls[0]).toMatch(/^\/api\/v1\/orders\?kind=train&page=0&size=10&sort_by=created_at&order_by=desc$/)
    expect(screen.getByRole('heading', { name: 'Train Orders' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'ORD-2026-000041' }).getAttribute('href')).toBe('/app/order_train/41')
    expect(screen.getByText('03 – 07-12-2026')).toBeTruthy()
    expect(screen.getByText('SAR 5.301')).toBeTruthy()
    expect(screen.getByText('SAR 4.301')).toBeTruthy()
    expect(screen.getByText('Confirmed')).toBeTruthy()
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
})
