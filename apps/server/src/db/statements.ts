import type { Db } from './client.js'
import { DescribedClient } from './pg-statements.js'

/**
 * A statement written once as text with `$1…$n` parameters, for a hot write whose shape never changes (issue 33:
 * `POST /orders`): drizzle does not build its text on every call, and it goes out as a named prepared statement,
 * so PostgreSQL parses and plans it once per connection (PGlite keeps it by its text, db/pglite-statements.ts).
 * It runs through the handle's own session, so inside a transaction on the transaction's connection, and its
 * values come back as `db.execute` answers them on either driver. `name` is unique to the text.
 *
 * `last`: nothing follows the statement in its transaction; on PostgreSQL its `COMMIT` goes in the same write
 * (db/pg-statements.ts), so the statement answers only once the transaction has committed, and fails with the
 * commit's error when the commit fails. Nothing may run in the transaction after it (drizzle's own `commit`
 * then sends nothing); on PGlite, and outside a transaction, it changes nothing.
 */
export function statement(name: string, text: string) {
  return async <T>(db: Db, params: unknown[], opts: { last?: boolean } = {}): Promise<T[]> => {
    // Only a transaction's own COMMIT: inside a nested one (a savepoint, e.g. an order the seed writes in its
    // transaction) the COMMIT would end the outer transaction, and the savepoint's release would then fail.
    if (opts.last && (db as unknown as { nestedIndex?: number }).nestedIndex === 0) {
      const client = (db._.session as unknown as { client?: unknown }).client
      if (client instanceof DescribedClient) client.commitAfterNext()
    }
    const prepared = db._.session.prepareQuery({ sql: text, params }, undefined, name, false)
    return ((await prepared.execute()) as { rows: T[] }).rows
  }
}
