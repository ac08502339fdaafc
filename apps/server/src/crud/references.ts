import { count, eq, getTableName, is } from 'drizzle-orm'
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.js'

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Rows of `table` whose `column` holds the id of the row being deleted. */
export interface Reference {
  table: PgTable
  column: PgColumn
}

/**
 * Who still needs a row: a list, or a function read at the first delete (so a
 * declaration can name tables that other modules add later).
 */
export type ReferencedBy = Reference[] | (() => Reference[])

/**
 * Every foreign key in `schema` that points at `target` and would block its
 * delete (neither CASCADE nor SET NULL): a hotel's `location_id`, a child
 * location's `parent_id`. Owned children (CASCADE) are not references, they go
 * with the row. Read from the schema itself, so a table added later with a
 * foreign key to `target` is counted without touching the target's module.
 */
export function foreignKeysTo(schema: Record<string, unknown>, target: PgTable): Reference[] {
  const out: Reference[] = []
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue
    for (const fk of getTableConfig(table).foreignKeys) {
      const ref = fk.reference()
      if (ref.foreignTable !== target || fk.onDelete === 'cascade' || fk.onDelete === 'set null') continue
      if (ref.columns.length === 1) out.push({ table, column: ref.columns[0]! })
    }
  }
  return out
}

/** How many rows of each table still reference `id`, over every declared reference (tables with none left out). */
export async function countReferences(tx: Db, refs: Reference[], id: number): Promise<Array<{ table: string; count: number }>> {
  const byTable = new Map<string, number>()
  for (const r of refs) {
    const [row] = await (tx.select({ n: count() }).from(r.table as any) as any).where(eq(r.column, id))
    const n = Number(row?.n ?? 0)
    if (n > 0) byTable.set(getTableName(r.table), (byTable.get(getTableName(r.table)) ?? 0) + n)
  }
  return [...byTable].map(([table, n]) => ({ table, count: n }))
}
