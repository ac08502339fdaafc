import { sql } from 'drizzle-orm'
import type { OrderItemKind } from '@app/shared'
import type { Db } from '../db/client.js'
import { statement } from '../db/statements.js'
import { conflict } from '../lib/errors.js'
import { errorCauses } from '../lib/db-errors.js'
import { registerMessages } from '../lib/i18n.js'

/**
 * Stock the database keeps (issue 11, DESIGN §7): one `inventory_stock` row per
 * (kind, item, variant, day) with `capacity` and `booked`, and a CHECK that
 * `0 <= booked <= capacity`. Nothing here reads stock and then decides in
 * application code: orders add to `booked` with one conditional upsert per
 * order, calendars set `capacity` with one upsert per range, and the row's lock
 * plus the CHECK decide, on any number of server copies at once.
 */

registerMessages({
  en: {
    'inventory.shortfall': 'Not enough stock for some days: nothing was booked',
    'inventory.below_booked': 'Some days already have more booked than this allows',
    'inventory.booked': 'Booked by {count} open order(s): cancel or complete them first',
  },
  id: {
    'inventory.shortfall': 'Stok tidak cukup untuk beberapa hari: tidak ada yang dipesan',
    'inventory.below_booked': 'Beberapa hari sudah dipesan melebihi yang diizinkan ini',
    'inventory.booked': 'Dipesan oleh {count} pesanan yang masih berjalan: batalkan atau selesaikan dulu',
  },
})

/** What one item of an order takes on one day; `capacity` is used only when the day has no stock row yet. */
export interface StockClaim {
  kind: OrderItemKind
  itemId: number
  variant: string
  day: string
  capacity: number
  quantity: number
  /** Index of the order item the claim belongs to (for the 409's `items.N`). */
  item: number
}

const keyOf = (c: { kind: string; itemId: number; variant: string; day: string }) => `${c.kind}|${c.itemId}|${c.variant}|${c.day}`

/** Days of each item that lack stock: `items.N` -> days, the body of the 409. */
export class StockShortfall extends Error {
  constructor(readonly days: Record<string, string[]>) {
    super('stock shortfall')
  }
}

function shortfallOf(claims: StockClaim[], failedKeys: Set<string>): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const c of claims) {
    if (!failedKeys.has(keyOf(c))) continue
    const days = (out[`items.${c.item}`] ??= [])
    if (!days.includes(c.day)) days.push(c.day)
  }
  for (const days of Object.values(out)) days.sort()
  return out
}

/** One row per key: two items of one order on the same room and night add up (an upsert may touch a row once). */
function merge(claims: StockClaim[]) {
  const byKey = new Map<string, { kind: string; item_id: number; variant: string; day: string; capacity: number; q: number }>()
  for (const c of claims) {
    const k = keyOf(c)
    const row = byKey.get(k)
    if (row) row.q += c.quantity
    else byKey.set(k, { kind: c.kind, item_id: c.itemId, variant: c.variant, day: c.day, capacity: c.capacity, q: c.quantity })
  }
  return [...byKey.values()]
}

/** The rows of a raw `execute` (both drivers answer `{ rows }`). */
export const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows

/**
 * The reservation's statement, around two parameters of the caller's statement: the company (`company`) and
 * the merged claims as jsonb text (`rows`). It takes every claim in key order (so two orders over the same
 * days lock rows in the same order and cannot deadlock each other). A day whose row exists but lacks room is
 * not updated and not returned; a new row asked for more than its capacity fails the CHECK (23514). Answers
 * the days taken (`kind, item_id, variant, day`).
 */
export const reservationText = (company: string, rows: string) => `
    INSERT INTO inventory_stock AS s (company_id, kind, item_id, variant, day, capacity, booked)
    SELECT ${company}::int, v.kind, v.item_id, v.variant, v.day, v.capacity, v.q
    FROM jsonb_to_recordset(${rows}::jsonb) AS v(kind text, item_id int, variant text, day date, capacity int, q int)
    ORDER BY v.kind, v.item_id, v.variant, v.day
    ON CONFLICT (kind, item_id, variant, day) DO UPDATE SET booked = s.booked + excluded.booked
    WHERE s.booked + excluded.booked <= s.capacity
    RETURNING s.kind, s.item_id, s.variant, s.day::text AS day`

/** The SQLSTATE of `stock_shortfall(taken)` (migration 0037): a statement that refused itself for stock. */
const SHORTFALL_CODE = 'U0S01'

/**
 * A column of the caller's statement, around the names of its CTEs: the reservation's (`s`, `reservationText`) and
 * the one answering whether it took every claim (`ok`, one row with a boolean column `ok`). When it did not, the
 * statement fails with the days it took (`stock_shortfall`, migration 0037), so nothing it wrote is kept even if
 * its transaction commits in the same round trip; `reservation(claims).refused(err)` reads the days back.
 */
export const refusalText = (s: string, ok: string) =>
  `CASE WHEN (SELECT ${ok}.ok FROM ${ok}) THEN NULL ELSE stock_shortfall((SELECT coalesce(json_agg(${s}), '[]') FROM ${s})) END`

/** A day a reservation took, as its statement answers it. */
export interface TakenDay {
  kind: string
  item_id: number
  variant: string
  day: string
}

/**
 * What a reservation of `claims` sends (the merged rows, one per stock row, as jsonb text, and how many) and
 * how to read its answer: `check(taken)` throws the `StockShortfall` naming every day not taken. For a caller
 * that puts `reservationText` into a statement of its own (an order's rows in the same round trip).
 */
export function reservation(claims: StockClaim[]) {
  const rows = merge(claims)
  return {
    rows: JSON.stringify(rows),
    count: rows.length,
    check,
    /** Throws the `StockShortfall` of a statement that refused itself (`refusalText`); returns for any other error. */
    refused(err: unknown): void {
      for (const { code, detail } of errorCauses(err))
        if (code === SHORTFALL_CODE) check(JSON.parse(detail ?? '[]') as TakenDay[])
    },
  }
  function check(taken: TakenDay[]): void {
    if (taken.length === rows.length) return
    const ok = new Set(taken.map((r) => keyOf({ kind: r.kind, itemId: Number(r.item_id), variant: r.variant, day: r.day })))
    const failed = new Set(claims.map(keyOf).filter((k) => !ok.has(k)))
    throw new StockShortfall(shortfallOf(claims, failed))
  }
}

const reserveStatement = statement('stock_reserve', reservationText('$1', '$2'))

/**
 * Takes every claim in one statement (`reservationText`). Any day not taken
 * refuses the whole order (`StockShortfall`; the caller's transaction rolls
 * back). A new row asked for more than its capacity fails the CHECK (23514);
 * `isStockCheckError` tells the caller to find the days with `readShortfall`
 * after the rollback.
 */
export async function reserveStock(tx: Db, companyId: number, claims: StockClaim[]): Promise<void> {
  if (!claims.length) return
  const r = reservation(claims)
  r.check(await reserveStatement<TakenDay>(tx, [companyId, r.rows]))
}

/** Gives back what `claims` took (a cancelled order, the old items of an edited one). */
export async function releaseStock(tx: Db, claims: Array<Omit<StockClaim, 'capacity' | 'item'>>): Promise<void> {
  if (!claims.length) return
  const rows = merge(claims.map((c) => ({ ...c, capacity: 0, item: 0 })))
  await tx.execute(sql`
    UPDATE inventory_stock AS s SET booked = s.booked - v.q
    FROM (SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS r(kind text, item_id int, variant text, day date, q int)
          ORDER BY 1, 2, 3, 4) AS v
    WHERE s.kind = v.kind AND s.item_id = v.item_id AND s.variant = v.variant AND s.day = v.day`)
}

const stockChecks = new Set<string>()
/**
 * A CHECK of another table that keeps stock too (a departure's seats sold within its quota): a booking it
 * refuses is a shortfall like the ledger's own, a 409 with the days, not a 422 of bad input.
 */
export function countAsStockCheck(constraint: string): void {
  stockChecks.add(constraint)
}

/** The CHECK of `inventory_stock` (or one `countAsStockCheck` named) refused a write (a new day asked beyond its capacity, or a capacity below booked). */
export function isStockCheckError(err: unknown): boolean {
  for (const { code, constraint } of errorCauses(err))
    if (code === '23514' && (!constraint || constraint.startsWith('inventory_stock') || stockChecks.has(constraint))) return true
  return false
}

/**
 * After a refused reservation has rolled back: the days where what is left
 * (stored capacity minus booked, or the claim's capacity for a day without a
 * row) is less than the claims ask. Under concurrency the answer may already
 * differ; when no day is short any more, every claimed day of a short-looking
 * item is named rather than none.
 */
export async function readShortfall(
  db: Db,
  claims: StockClaim[],
  /** Stock counted as free: what an order being edited holds now (its edit gives it back first). */
  credit: Array<Omit<StockClaim, 'capacity' | 'item'>> = [],
): Promise<Record<string, string[]>> {
  if (!claims.length) return {}
  const rows = merge(claims)
  const held = merge(credit.map((c) => ({ ...c, capacity: 0, item: 0 })))
  const res = await db.execute(sql`
    SELECT v.kind, v.item_id, v.variant, v.day::text AS day
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(kind text, item_id int, variant text, day date, capacity int, q int)
    LEFT JOIN inventory_stock s ON s.kind = v.kind AND s.item_id = v.item_id AND s.variant = v.variant AND s.day = v.day
    LEFT JOIN jsonb_to_recordset(${JSON.stringify(held)}::jsonb) AS h(kind text, item_id int, variant text, day date, q int)
      ON h.kind = v.kind AND h.item_id = v.item_id AND h.variant = v.variant AND h.day = v.day
    WHERE coalesce(s.capacity - s.booked + coalesce(h.q, 0), v.capacity) < v.q`)
  const short = rowsOf<{ kind: string; item_id: number; variant: string; day: string }>(res)
  const failed = new Set(short.map((r) => keyOf({ kind: r.kind, itemId: Number(r.item_id), variant: r.variant, day: r.day })))
  return shortfallOf(claims, failed)
}

/** The 409 of a refused order. */
export function shortfallError(days: Record<string, string[]>) {
  return conflict('inventory.shortfall', days)
}
