import { and, eq, sql } from 'drizzle-orm'
import type { OrderStatus } from '@app/shared'
import type { Db } from '../../db/client.js'
import { orders, orderStatusHistory } from '../../db/schema/index.js'
import { StockShortfall, isStockCheckError, readShortfall, shortfallError, type StockClaim } from '../../stock/index.js'
import { StaleVersion } from '../../crud/versions.js'
import { notFound } from '../../lib/errors.js'
import type { SessionUser } from '../../lib/sessions.js'

/** What every write of an order shares: retries, the 409 of a stock refusal, the locked order row, a status move. */

type Tx = Db

/** Deadlocks and serialization failures are retried; everything else is the answer. */
export async function withRetry<T>(fn: () => Promise<T>, attempts = 4): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn()
    } catch (err) {
      const code =
        (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code
      if (i + 1 < attempts && (code === '40P01' || code === '40001')) continue
      throw err
    }
  }
}

/**
 * Runs a write that reserves stock, turning a refusal into the 409 with the
 * days: a conditional upsert that skipped rows names them itself; a CHECK
 * violation aborted the transaction, so the days are read after the rollback.
 */
export async function reserving<T>(db: Db, run: (claims: (c: StockClaim[]) => void) => Promise<T>): Promise<T> {
  let claims: StockClaim[] = []
  try {
    return await withRetry(() => run((c) => (claims = c)))
  } catch (err) {
    if (err instanceof StockShortfall) throw shortfallError(err.days)
    if (isStockCheckError(err)) {
      const days = await readShortfall(db, claims)
      // Nothing short any more (another order let go meanwhile): name every claimed day rather than none.
      if (!Object.keys(days).length)
        for (const c of claims) {
          const list = (days[`items.${c.item}`] ??= [])
          if (!list.includes(c.day)) list.push(c.day)
        }
      throw shortfallError(days)
    }
    throw err
  }
}

/** The order row of the caller's company, locked for the rest of the transaction. */
export async function lockOrder(tx: Tx, auth: SessionUser, id: number, expectedVersion?: number) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.company_id, auth.companyId)))
    .for('update')
  if (!row) throw notFound()
  // Checked under the row lock: of two edits sent with one version, the second finds it bumped (issue 30).
  if (expectedVersion !== undefined && row.version !== expectedVersion) throw new StaleVersion()
  return row
}

export async function moveStatus(tx: Tx, id: number, from: OrderStatus, to: OrderStatus, userId: number) {
  await tx
    .update(orders)
    .set({ status: to, updated_at: new Date(), version: sql`${orders.version} + 1` })
    .where(eq(orders.id, id))
  await tx.insert(orderStatusHistory).values({ order_id: id, from_status: from, to_status: to, user_id: userId })
}
