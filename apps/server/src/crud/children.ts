import { and, asc, eq, notInArray } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.js'
import { unprocessable } from '../lib/errors.js'
import type { Fields } from './list-query.js'

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A list of rows owned by one parent row (a location's general info, a
 * hotel's policies): loaded for the one-row calls only, never for a page of
 * rows, and written with the parent in its transaction. The parent's foreign
 * key is `ON DELETE CASCADE`, so the entries go with it (DESIGN §3).
 */
export interface ChildList {
  table: PgTable & { id: PgColumn }
  /** The column holding the parent's id (property keys are the column names, STYLE "Naming"). */
  parent: PgColumn
  /** Keeps the order the user gave: written 0..n-1, answered in that order. */
  position: PgColumn
  /** Answer fields of one entry (include `id`). */
  fields: Fields
  /** Entry keys written as columns (everything else in an entry is ignored, `id` picks the row). */
  columns: readonly string[]
  /** The body key the list is written from when the request names it otherwise (`hotel_policy` -> `policies`). */
  from?: string
}

export async function loadChildren(
  db: Db,
  children: Record<string, ChildList>,
  parentId: number,
): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {}
  // Sequential on purpose: a transaction's client runs one query at a time.
  for (const [key, c] of Object.entries(children)) {
    out[key] = await (db.select(c.fields).from(c.table as any) as any)
      .where(eq(c.parent, parentId))
      .orderBy(asc(c.position), asc(c.table.id))
  }
  return out
}

/**
 * Replaces a parent's list (checklist B-13): an entry with the `id` of one of
 * this parent's rows updates it, an entry without `id` is inserted, rows not
 * sent are deleted. An `id` of another parent's row (or of no row) is a 422 on
 * that entry, reported exactly like a missing one.
 */
export async function writeChildren(
  tx: Db,
  key: string,
  c: ChildList,
  parentId: number,
  entries: Array<Record<string, unknown>>,
): Promise<void> {
  const existing = new Set(
    (
      (await (tx.select({ id: c.table.id }).from(c.table as any) as any).where(eq(c.parent, parentId))) as Array<{ id: number }>
    ).map((r) => r.id),
  )
  const parentKey = c.parent.name
  const positionKey = c.position.name
  const kept: number[] = []
  const inserts: Array<Record<string, unknown>> = []
  const updates: Array<[number, Record<string, unknown>]> = []
  entries.forEach((entry, i) => {
    const values: Record<string, unknown> = { [parentKey]: parentId, [positionKey]: i }
    for (const col of c.columns) values[col] = entry[col] ?? null
    const id = entry.id
    if (id === undefined || id === null) inserts.push(values)
    else if (typeof id === 'number' && existing.has(id)) {
      kept.push(id)
      updates.push([id, values])
    } else throw unprocessable({ [`${key}.${i}.id`]: ['field.not_found'] })
  })
  await tx.delete(c.table as any).where(and(eq(c.parent, parentId), kept.length ? notInArray(c.table.id, kept) : undefined))
  for (const [id, values] of updates)
    await tx
      .update(c.table as any)
      .set(values)
      .where(eq(c.table.id, id))
  if (inserts.length) await (tx.insert(c.table as any) as any).values(inserts)
}
