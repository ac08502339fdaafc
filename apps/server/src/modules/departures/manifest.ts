import { sql } from 'drizzle-orm'
import type { ExportColumn } from '../../crud/csv.js'
import type { Db } from '../../db/client.js'
import { bookedPilgrims, departureHead } from './departure-facts.js'

/**
 * A departure's manifest (issue 29): one row per booked pilgrim in the shape airlines and immigration ask
 * for, written by the list exports' one writer (crud/export.ts): headers and coded values in the reader's
 * language, dates DD-MM-YYYY. An order's pilgrims follow each other, so a family stays together.
 */

const label = (key: string) => `resources.departures.manifest.columns.${key}`
const column = (key: string, labels?: string): ExportColumn => ({
  header: key,
  labelKey: label(key),
  value: (r) => r[key],
  ...(labels ? { labels } : {}),
})

export const MANIFEST_COLUMNS: readonly ExportColumn[] = [
  column('no'),
  column('full_name'),
  column('gender', 'resources.pilgrims.genders.'),
  column('birth_date'),
  column('birth_place'),
  column('passport_number'),
  column('passport_issued'),
  column('passport_expiry'),
  column('passport_office'),
  column('room_type', 'resources.departures.room_types.'),
  column('mahram'),
  column('mahram_relation', 'resources.pilgrims.relations.'),
]

/** A sheet and file name from the departure's code: letters, digits, `-` and `_`, at most Excel's 31. */
export const manifestName = (code: string) => `manifest_${code.replace(/[^A-Za-z0-9_-]/g, '-')}`.slice(0, 31)

/** The departure (404 for another company's) and its manifest rows, numbered from 1. */
export async function manifestRows(db: Db, companyId: number, id: number) {
  const head = await departureHead(db, companyId, id)
  const res = (await db.execute(
    bookedPilgrims(
      companyId,
      id,
      sql`p.full_name, p.gender, p.birth_date::text AS birth_date, p.birth_place, p.passport_number,
        p.passport_issued::text AS passport_issued, p.passport_expiry::text AS passport_expiry, p.passport_office,
        dp.room_type, m.full_name AS mahram, p.mahram_relation`,
      sql`LEFT JOIN pilgrims m ON m.id = p.mahram_id`,
    ),
  )) as unknown as { rows: Array<Record<string, unknown>> }
  async function* rows() {
    let no = 0
    for (const r of res.rows) yield { no: ++no, ...r }
  }
  return { head, rows: rows() }
}
