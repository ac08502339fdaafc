import { sql } from 'drizzle-orm'
import { NEXT_DEPARTURES_SHOWN, NEXT_DEPARTURE_STATUSES, ORDER_CURRENCY, type DashboardDepartures } from '@app/shared'
import type { Db } from '../../db/client.js'
import type { SessionUser } from '../../lib/sessions.js'
import { departureDue } from '../departures/departure-facts.js'

/**
 * The next departures on sale or closed, from today (UTC, as orders count days), soonest first, over
 * departures (company_id, departure_date): seats sold and left of the quota and, for whoever sees revenue,
 * the money still due on the orders that book each (one subquery per shown row).
 */
export async function nextDepartures(
  db: Db,
  auth: Pick<SessionUser, 'companyId'>,
  money: boolean,
  now = new Date(),
): Promise<DashboardDepartures> {
  const today = now.toISOString().slice(0, 10)
  const due = money ? departureDue(sql`d.id`) : sql`NULL`
  const res = (await db.execute(sql`SELECT d.id, d.code, d.name, d.departure_date::text AS departure_date, d.status,
      d.seats, d.seats_sold, ${due} AS due
    FROM departures d
    WHERE d.company_id = ${auth.companyId} AND d.departure_date >= ${today}::date AND d.status IN (${sql.join(
      NEXT_DEPARTURE_STATUSES.map((st) => sql`${st}`),
      sql`, `,
    )})
    ORDER BY d.departure_date, d.code
    LIMIT ${NEXT_DEPARTURES_SHOWN}`)) as unknown as {
    rows: Array<Omit<DashboardDepartures['items'][number], 'sold' | 'left'> & { seats_sold: number }>
  }
  return {
    money,
    currency: ORDER_CURRENCY,
    items: res.rows.map(({ seats_sold, ...r }) => ({
      ...r,
      id: Number(r.id),
      seats: Number(r.seats),
      sold: Number(seats_sold),
      left: Math.max(0, Number(r.seats) - Number(seats_sold)),
      due: r.due === null ? null : Math.round(Number(r.due) * 100) / 100,
    })),
  }
}
