import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.js'
import { calendarVersions } from '../db/schema/audit.js'
import type { AvailabilityOptions } from './calendar-options.js'

/**
 * The range write of one calendar (crud/availability.ts): the calendar's version bumped under its lock,
 * then every day of the range (on the chosen weekdays) written by one upsert.
 */
export function calendarRange(
  opts: AvailabilityOptions,
  { tableName, hasUpdatedAt, dayVersion }: { tableName: string; hasUpdatedAt: boolean; dayVersion: PgColumn | undefined },
) {
  const keys = opts.keys ?? {}
  const cv = calendarVersions
  const weekdaysOf = (input: Record<string, unknown>) => input.weekdays as number[] | undefined
  const onWeekdays = (day: SQL, input: Record<string, unknown>) =>
    sql`extract(isodow FROM ${day})::int IN (${sql.join(
      weekdaysOf(input)!.map((w) => sql`${w}`),
      sql`, `,
    )})`

  /**
   * The calendar's next version, bumped under its row's lock (two writes of one item's calendar queue here),
   * and whether a day of the range was written after the version the client read (`expected`): the check
   * is a statement of its own after the lock, so it sees the write that held the lock before.
   */
  const bumpVersion = async (tx: Db, input: Record<string, unknown>, itemId: number, expected: number | undefined) => {
    const [row] = (await tx
      .insert(cv)
      .values({ calendar: opts.name, item_id: itemId, version: 1 })
      .onConflictDoUpdate({ target: [cv.calendar, cv.item_id], set: { version: sql`${cv.version} + 1` } })
      .returning({ version: cv.version })) as Array<{ version: number }>
    if (expected === undefined) return { version: row!.version, stale: false }
    const stale = (await tx.execute(sql`
      SELECT 1 FROM ${opts.table} WHERE ${and(
        eq(opts.item.column, itemId),
        ...Object.entries(keys).map(([k, v]) => eq(v.column, input[k])),
        gte(opts.date, input.start_date as string),
        lte(opts.date, input.end_date as string),
        sql`${dayVersion} > ${expected}`,
      )} ${weekdaysOf(input) ? sql`AND ${onWeekdays(sql`${opts.date}`, input)}` : sql``} LIMIT 1`)) as unknown as {
      rows: unknown[]
    }
    return { version: row!.version, stale: stale.rows.length > 0 }
  }

  /**
   * The range write: one INSERT … SELECT over generate_series, landing on the
   * (item, keys…, date) unique key, so every day of the range is written (or
   * rewritten) by one statement, and two overlapping writes never make two rows.
   */
  /** Writes the range; answers the number of days written (the range's days on the chosen weekdays). */
  const writeRange = async (
    tx: Db,
    input: Record<string, unknown>,
    itemId: number,
    version: number | undefined,
  ): Promise<number> => {
    const cast = (col: PgColumn) => sql.raw(col.getSQLType())
    const insertCols = [
      opts.item.column,
      ...Object.values(keys).map((k) => k.column),
      opts.date,
      ...Object.values(opts.values).map((v) => v.column),
      ...(version !== undefined ? [dayVersion!] : []),
    ]
    const selected = [
      sql`${itemId}::integer`,
      ...Object.entries(keys).map(([k, v]) => sql`${input[k]}::${cast(v.column)}`),
      sql`d::date`,
      ...Object.entries(opts.values).map(([k, v]) => sql`${input[k]}::${cast(v.column)}`),
      ...(version !== undefined ? [sql`${version}::integer`] : []),
    ]
    const conflict = [opts.item.column, ...Object.values(keys).map((k) => k.column), opts.date]
    const updates = [
      ...Object.values(opts.values).map((v) => sql`${sql.identifier(v.column.name)} = excluded.${sql.identifier(v.column.name)}`),
      ...(hasUpdatedAt ? [sql`"updated_at" = now()`] : []),
      ...(version !== undefined ? [sql`"version" = excluded."version"`] : []),
    ]
    const list = (cols: PgColumn[]) =>
      sql.join(
        cols.map((c) => sql.identifier(c.name)),
        sql`, `,
      )
    const written = (await tx.execute(sql`
      INSERT INTO ${sql.identifier(tableName)} (${list(insertCols)})
      SELECT ${sql.join(selected, sql`, `)}
      FROM generate_series(${input.start_date}::date, ${input.end_date}::date, interval '1 day') AS d
      ${weekdaysOf(input) ? sql`WHERE ${onWeekdays(sql`d`, input)}` : sql``}
      ON CONFLICT (${list(conflict)}) DO UPDATE SET ${sql.join(updates, sql`, `)}
      RETURNING 1`)) as unknown as { rows: unknown[] }
    return written.rows.length
  }

  return { bumpVersion, writeRange }
}
