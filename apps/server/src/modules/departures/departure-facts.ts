import { sql, type SQL } from 'drizzle-orm'
import {
  ORDER_CURRENCY,
  departureKind,
  ROOM_TYPES,
  type DepartureDocProblem,
  type DepartureFacts,
  type DeparturePilgrimProblems,
} from '@app/shared'
import type { Db } from '../../db/client.js'
import { notFound } from '../../lib/errors.js'
import { seatsByRoomType } from './departure-bookings.js'

/**
 * What a departure's page reads about the pilgrims booked on it (issue 29): seats per room type, pilgrims
 * whose papers are not ready, and the balance due. Its booked pilgrims are its `departure_pilgrims` rows
 * whose order is not cancelled (the row carries the order's status and the room type).
 */

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows
const money = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100

/** `total - paid` summed over the live orders that book departure `departureId` (SQL), each order once. */
export const departureDue = (departureId: SQL) => sql`(SELECT coalesce(sum(o.total - o.paid), 0)::float8 FROM orders o
  WHERE o.id IN (SELECT dp.order_id FROM departure_pilgrims dp WHERE dp.departure_id = ${departureId} AND dp.status <> 'cancelled'))`

/**
 * The booked pilgrims of a departure as rows of `p` (pilgrims), `dp` (their booking: room type) and `o`
 * (its order), ordered as their orders were made: an order's pilgrims, so a family, stay together.
 */
export const bookedPilgrims = (companyId: number, departureId: number, columns: SQL, joins = sql``) => sql`SELECT ${columns}
  FROM departure_pilgrims dp
  JOIN order_item_pilgrims ip ON ip.order_item_id = dp.order_item_id AND ip.pilgrim_id = dp.pilgrim_id
  JOIN order_items i ON i.id = dp.order_item_id
  JOIN orders o ON o.id = dp.order_id
  JOIN pilgrims p ON p.id = dp.pilgrim_id
  ${joins}
  WHERE dp.departure_id = ${departureId} AND dp.company_id = ${companyId} AND dp.status <> 'cancelled'
  ORDER BY o.created_at, o.id, i.position, ip.position`

interface DepartureHead {
  id: number
  code: string
  departure_date: string
  return_date: string
  seats: number
  seats_sold: number
  valid_until: string
}

/** The departure of the caller's company (another company's, or none: 404) and the day passports must reach. */
export async function departureHead(db: Db, companyId: number, id: number): Promise<DepartureHead> {
  const [row] = rowsOf<DepartureHead>(
    await db.execute(sql`SELECT d.id, d.code, d.departure_date::text AS departure_date, d.return_date::text AS return_date,
        d.seats, d.seats_sold,
        (d.return_date + make_interval(months => c.passport_validity_months))::date::text AS valid_until
      FROM departures d JOIN companies c ON c.id = d.company_id
      WHERE d.id = ${id} AND d.company_id = ${companyId}`),
  )
  if (!row) throw notFound()
  return { ...row, seats: Number(row.seats), seats_sold: Number(row.seats_sold) }
}

/** Per room type: its seats (the stock row's capacity once booked, else what `seatsByRoomType` gives it) and sold. */
async function roomTypes(db: Db, companyId: number, d: DepartureHead): Promise<DepartureFacts['room_types']> {
  const stock = rowsOf<{ variant: string; capacity: number }>(
    await db.execute(sql`SELECT variant, capacity FROM inventory_stock
      WHERE kind = ${departureKind.kind} AND item_id = ${d.id} AND day = ${d.departure_date}::date`),
  )
  const sold = rowsOf<{ variant: string; n: number }>(
    await db.execute(sql`SELECT room_type AS variant, count(*)::int AS n FROM departure_pilgrims
      WHERE departure_id = ${d.id} AND company_id = ${companyId} AND status <> 'cancelled' GROUP BY room_type`),
  )
  const beds = await seatsByRoomType(db, d)
  return ROOM_TYPES.flatMap((type) => {
    const capacity = stock.find((s) => s.variant === type)?.capacity
    const seats = capacity === undefined ? beds[type] : Number(capacity)
    const n = Number(sold.find((s) => s.variant === type)?.n ?? 0)
    return seats > 0 || n > 0 ? [{ room_type: type, seats, sold: n, left: Math.max(0, seats - n) }] : []
  })
}

/** Booked pilgrims with a document not verified, no passport on record, or a passport too short. */
async function documentProblems(db: Db, companyId: number, d: DepartureHead): Promise<DeparturePilgrimProblems[]> {
  const rows = rowsOf<{
    id: number
    full_name: string
    passport_number: string | null
    passport_expiry: string | null
    documents: Array<{ type: string; status: string }> | string
  }>(
    await db.execute(
      bookedPilgrims(
        companyId,
        d.id,
        sql`p.id, p.full_name, p.passport_number, p.passport_expiry::text AS passport_expiry,
          (SELECT coalesce(json_agg(json_build_object('type', doc.type, 'status', doc.status) ORDER BY doc.position, doc.id), '[]'::json)
             FROM pilgrim_documents doc WHERE doc.pilgrim_id = p.id AND doc.status <> 'verified') AS documents`,
      ),
    ),
  )
  const asProblem: Record<string, DepartureDocProblem> = { missing: 'missing', received: 'unverified', rejected: 'rejected' }
  const out: DeparturePilgrimProblems[] = []
  for (const r of rows) {
    const docs =
      typeof r.documents === 'string' ? (JSON.parse(r.documents) as Array<{ type: string; status: string }>) : r.documents
    const problems: DeparturePilgrimProblems['problems'] = []
    if (!r.passport_number || !r.passport_expiry) problems.push({ problem: 'no_passport' })
    else if (r.passport_expiry < d.valid_until) problems.push({ problem: 'passport_short' })
    for (const doc of docs) {
      const problem = asProblem[doc.status]
      if (problem) problems.push({ problem, type: doc.type })
    }
    if (problems.length && !out.some((p) => p.id === r.id))
      out.push({ id: Number(r.id), full_name: r.full_name, passport_expiry: r.passport_expiry, problems })
  }
  return out.sort((a, b) => a.full_name.localeCompare(b.full_name))
}

/** `GET /departures/{id}/facts`. */
export async function departureFacts(db: Db, companyId: number, id: number): Promise<DepartureFacts> {
  const d = await departureHead(db, companyId, id)
  const [balance] = rowsOf<{ due: number | string; orders: number | string }>(
    await db.execute(sql`SELECT coalesce(sum(o.total - o.paid), 0)::float8 AS due, count(*)::int AS orders FROM orders o
      WHERE o.company_id = ${companyId} AND o.id IN (SELECT order_id FROM departure_pilgrims
        WHERE departure_id = ${id} AND status <> 'cancelled')`),
  )
  const types = await roomTypes(db, companyId, d)
  return {
    seats: d.seats,
    sold: d.seats_sold,
    left: Math.max(0, d.seats - d.seats_sold),
    room_types: types,
    pilgrims: types.reduce((n, t) => n + t.sold, 0),
    passport_valid_until: d.valid_until,
    documents: await documentProblems(db, companyId, d),
    balance: { due: money(balance?.due), orders: Number(balance?.orders ?? 0), currency: ORDER_CURRENCY },
  }
}
