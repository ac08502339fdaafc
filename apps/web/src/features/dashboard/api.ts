import type { DashboardData, DashboardDepartures, DashboardOrders } from '@app/shared'
import { api, unwrap } from '../../lib/api-client'

/** `GET /dashboard`: the company's new rows per month (last 12) and totals. */
export const fetchDashboard = () => unwrap(api.get<{ data: DashboardData }>('/dashboard')).then((r) => r.data)

/** `GET /dashboard/orders`: bookings and revenue per month, room occupancy, arrivals of the week (order desks only). */
export const fetchDashboardOrders = () => unwrap(api.get<{ data: DashboardOrders }>('/dashboard/orders')).then((r) => r.data)

/** `GET /orders/counters`: per desk the caller lists, its orders per status (counter rows, no counting). */
export const fetchOrderCounters = () =>
  unwrap(api.get<{ data: Partial<Record<string, Record<string, number>>> }>('/orders/counters')).then((r) => r.data)

/** `GET /dashboard/departures`: the next departures on sale, seats sold and left, money due (departure readers). */
export const fetchDashboardDepartures = () =>
  unwrap(api.get<{ data: DashboardDepartures }>('/dashboard/departures')).then((r) => r.data)
