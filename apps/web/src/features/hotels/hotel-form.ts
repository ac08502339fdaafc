import { SURROUNDINGS, type HotelDetail } from '@app/shared'

/**
 * The one-row answer of `GET /hotels/{id}` names its lists as spec §3 does
 * (`policies`, `educations`, `transportations`, `healths`); the form and the
 * request use spec §7's names (`hotel_policy`, `hotel_education`, …), which
 * are also the paths of the server's field errors. This renames the answer's
 * lists to the form's, so an edit form is filled like any other.
 */
export function hotelRowForForm<R extends Partial<HotelDetail>>(row: R): R & Record<string, unknown> {
  const out: Record<string, unknown> = { ...row, hotel_policy: row.policies ?? [] }
  for (const s of SURROUNDINGS) out[s.wire] = row[s.answer] ?? []
  return out as R & Record<string, unknown>
}
