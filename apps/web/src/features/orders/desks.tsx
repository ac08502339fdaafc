import { lazy, Suspense, type ComponentType } from 'react'
import { Anchor, Skeleton, Stack } from '@mantine/core'
import { Link, Route, Routes } from 'react-router'
import { DESK_ENTITY, ORDER_BALANCE_FILTERS, ORDER_DESKS, ORDER_STATUSES, ORDER_WEEK_FILTERS, type OrderDesk } from '@app/shared'
import { col, defineResource, type ResourceRow } from '../../components/resource/define'
import { ResourceListPage } from '../../components/resource/ResourceListPage'
import { listScreen } from '../../components/resource/screen'
import { NotFound } from '../../components/NotFound'
import { STATUS_COLORS, formatDateSpan } from './order-format'

/**
 * The reservations desks (issue 11), one per declared kind: `/app/order_<desk>`.
 * One list declaration, parameterised by desk: the same `/orders` list filtered by `kind`, so a
 * package (items of several kinds) appears on every desk it touches. A row's
 * code opens the order page (`/app/order_<desk>/<id>`), a lazily loaded chunk of its own.
 */
export const deskPath = (desk: OrderDesk) => `/app/${DESK_ENTITY[desk]}`

export function deskResource(desk: OrderDesk) {
  const base = deskPath(desk)
  return defineResource<ResourceRow>({
    // One name for every desk: their lists, the order page and its saves share the `orders` cache.
    name: 'orders',
    endpoint: '/orders',
    permission: DESK_ENTITY[desk],
    titleKey: `resources.orders.desks.${desk}`,
    listParams: { kind: desk },
    columns: [
      col.custom(
        'code',
        (row) => (
          <Anchor component={Link} to={`${base}/${row.id}`} size="sm">
            {row.code}
          </Anchor>
        ),
        { width: 150, sort: 'code' },
      ),
      col.text('customer_name'),
      col.custom('start_date', (row) => formatDateSpan(row.start_date, row.end_date), { width: 140 }),
      col.text('items_summary', { sort: false, hiddenBelow: 'sm' }),
      // On a phone: code, customer, dates, balance and status (the rest scrolls on wider screens only).
      col.money('total', { width: 110, hiddenBelow: 'sm' }),
      col.money('paid', { width: 110, hiddenBelow: 'sm' }),
      col.money('balance', { width: 110 }),
      // Wide enough for the longest status in either language ("DIKONFIRMASI" was cut to "DIKONFIR…").
      col.badge('status', { colors: STATUS_COLORS, labelPrefix: 'orders.status.', width: 150 }),
    ],
    defaultSort: 'created_at',
    exportFormats: ['csv', 'xlsx'],
    // The desk's orders by status, each with its number (GET /orders/counters: counter rows, no counting).
    filters: [
      {
        name: 'status',
        options: ORDER_STATUSES.map((st) => ({ value: st, labelKey: `orders.status.${st}` })),
        tabs: {
          counts: {
            path: '/orders/counters',
            pick: (answer) => (answer as { data?: Partial<Record<OrderDesk, Record<string, number>>> }).data?.[desk],
          },
        },
      },
      // What the dashboard's cards open (issue 32): balances still to collect, and this week's arrivals and departures.
      { name: 'balance', options: ORDER_BALANCE_FILTERS.map((v) => ({ value: v, labelKey: `resources.orders.balance.${v}` })) },
      { name: 'week', options: ORDER_WEEK_FILTERS.map((v) => ({ value: v, labelKey: `resources.orders.week.${v}` })) },
    ],
    rowTitle: (row) => String(row.code),
    // The code opens the order (no action column: the list keeps its room for the customer and items).
    createHref: `${base}/create`,
    hideDelete: true,
  })
}

const OrderPage = lazy(() => import('./OrderPage'))

function PageFallback() {
  return (
    <Stack gap="md" aria-busy="true">
      <Skeleton h={34} w={260} />
      <Skeleton h={320} />
    </Stack>
  )
}

const RESOURCES = new Map(ORDER_DESKS.map((desk) => [desk, deskResource(desk)]))

function Desk({ desk }: { desk: OrderDesk }) {
  const resource = RESOURCES.get(desk)!
  return (
    <Routes>
      <Route index element={<ResourceListPage resource={resource} />} />
      <Route
        path="create"
        element={
          <Suspense fallback={<PageFallback />}>
            <OrderPage desk={desk} />
          </Suspense>
        }
      />
      <Route
        path=":id"
        element={
          <Suspense fallback={<PageFallback />}>
            <OrderPage desk={desk} />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFound home="/app" fullScreen={false} />} />
    </Routes>
  )
}

/** The screen of each desk, one per declared kind (the registry routes `/app/order_<desk>` to it). */
const screens = {} as Record<OrderDesk, ComponentType>
for (const desk of ORDER_DESKS) screens[desk] = listScreen(() => <Desk desk={desk} />, RESOURCES.get(desk)!)
export const DESK_SCREENS: Readonly<Record<OrderDesk, ComponentType>> = screens
