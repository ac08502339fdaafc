import type { Db } from './client.js'

/**
 * A statement written once as text with `$1…$n` parameters, for a hot write whose shape never changes (issue 33:
 * `POST /orders`): drizzle does not build its text on every call, and it goes out as a named prepared statement,
 * so PostgreSQL parses and plans it once per connection (PGlite keeps it by its text, db/pglite-statements.ts).
 * It runs through the handle's own session, so inside a transaction on the transaction's connection, and its
 * values come back as `db.execute` answers them on either driver. `name` is unique to the text.
 */
export function statement(name: string, text: string) {
  return async <T>(db: Db, params: unknown[]): Promise<T[]> => {
    const prepared = db._.session.prepareQuery({ sql: text, params }, undefined, name, false)
    return ((await prepared.execute()) as { rows: T[] }).rows
  }
}
