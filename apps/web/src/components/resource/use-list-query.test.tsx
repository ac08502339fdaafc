/** @vitest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configureApiClient } from '../../lib/api-client'
import type { Me } from '../../lib/permissions'
import { render } from '../../test-utils/render'
import { col, defineResource } from './define'
import { firstPageParams, listQueryOptions } from './list-request'
import { useListQuery } from './use-list-query'

const orders = defineResource({
  name: 'orders',
  permission: 'order_hotel',
  listParams: { kind: 'hotel' },
  columns: [col.text('code', { sort: 'code' }), col.text('customer_name'), col.date('created_at')],
  defaultSort: 'code',
  defaultOrder: 'asc',
  filters: [{ name: 'status', options: [{ value: 'pending', labelKey: 'actions.yes' }] }, { name: 'week' }],
})

const me: Me = {
  id: 1,
  name: 'Owner',
  email: 'o@x.test',
  username: null,
  permissions: ['order_hotel_list'],
  role_name: 'owner',
  company: null,
}

beforeEach(() => {
  configureApiClient({
    fetch: vi.fn(async () => {
      const body = {
        data: [{ id: 3, code: 'ORD-3', customer_name: 'Aisyah', created_at: '2026-11-01T00:00:00Z' }],
        pagination: { total: 1, currentPage: 1, currentPageFront: 0, totalPages: 1, totalPagesFront: 0 },
      }
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    }) as typeof fetch,
  })
})
afterEach(() => configureApiClient({ fetch: (...a) => globalThis.fetch(...a) }))

/*
 * A signed-in page fetches a list's first page before the list draws (AppRoot, issue 33 "Phone"): that request
 * is only of use if it is the very one the list then asks, under the same key.
 */
describe('the first page fetched ahead', () => {
  it("is the list's first request at that address: declared sort, page size, listParams and the URL's filters", () => {
    let asked: unknown
    function Probe() {
      asked = listQueryOptions(orders, useListQuery(orders).params).queryKey
      return null
    }
    render(<Probe />, { path: '/app/order_hotel?status=pending&week=&other=1', routePath: '/app/order_hotel', me })
    const ahead = listQueryOptions(orders, firstPageParams(orders, new URLSearchParams('status=pending&week=&other=1')))
    expect(ahead.queryKey).toEqual(asked)
    expect(ahead.queryKey[2]).toMatchObject({ kind: 'hotel', status: 'pending', page: 0, sort_by: 'code', order_by: 'asc' })
    expect(ahead.queryKey[2]).not.toHaveProperty('week')
  })
})
