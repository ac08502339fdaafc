import { getTableColumns, type Table } from 'drizzle-orm'

/**
 * Rows a statement answers as JSON (`row_to_json`, `json_agg`), decoded as a select of their table would
 * answer them: money as numbers, timestamps as dates, jsonb as values (each column's own driver mapping).
 * One statement can so answer several tables' rows (issue 33: an order written and read in one round trip).
 */

/** A `json`/`jsonb` value as a driver answered it: parsed, or still text. */
export const jsonValue = (v: unknown): unknown => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v)

/** One row of `table` as `row_to_json` wrote it (keys are the columns' names). */
export function decodeRow<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const v = json[column.name]
    out[key] = v === null || v === undefined ? null : column.mapFromDriverValue(v)
  }
  return out as T['$inferSelect']
}

/** The rows of `table` in a `json_agg` (or `[]`/null for none). */
export function decodeRows<T extends Table>(table: T, json: unknown): Array<T['$inferSelect']> {
  return ((jsonValue(json) as Array<Record<string, unknown>> | null) ?? []).map((r) => decodeRow(table, r))
}
