import type { DashboardData } from '@app/shared'
import { api, unwrap } from '../../lib/api-client'

/** `GET /dashboard`: the company's new rows per month (last 12) and totals. */
export const fetchDashboard = () => unwrap(api.get<{ data: DashboardData }>('/dashboard')).then((r) => r.data)
