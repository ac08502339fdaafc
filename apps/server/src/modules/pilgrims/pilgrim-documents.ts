import { and, eq, isNull, ne, or, sql } from 'drizzle-orm'
import type { ChildList } from '../../crud/children.js'
import type { Db } from '../../db/client.js'
import { pilgrimDocuments, users } from '../../db/schema/index.js'

/**
 * A pilgrim's documents as a child list of the engine: written with the
 * pilgrim in its transaction, loaded for the one-row answer with who verified
 * each and when.
 */
export const pilgrimDocumentsList: ChildList = {
  table: pilgrimDocuments,
  parent: pilgrimDocuments.pilgrim_id,
  position: pilgrimDocuments.position,
  columns: ['type', 'file', 'status', 'note'],
  fields: {
    id: pilgrimDocuments.id,
    type: pilgrimDocuments.type,
    file: pilgrimDocuments.file,
    status: pilgrimDocuments.status,
    note: pilgrimDocuments.note,
    verified_at: pilgrimDocuments.verified_at,
    verified_by: pilgrimDocuments.verified_by,
    verified_by_name: sql<
      string | null
    >`(SELECT ${users.name} FROM ${users} WHERE ${users.id} = ${pilgrimDocuments.verified_by})`,
  },
}

/**
 * After the list is written: a document that became verified records the
 * caller and the time (one already verified keeps its first record); one that
 * is no longer verified forgets them. Never taken from the body.
 */
export async function recordVerification(tx: Db, pilgrimId: number, userId: number) {
  await tx
    .update(pilgrimDocuments)
    .set({ verified_by: userId, verified_at: new Date() })
    .where(
      and(
        eq(pilgrimDocuments.pilgrim_id, pilgrimId),
        eq(pilgrimDocuments.status, 'verified'),
        isNull(pilgrimDocuments.verified_at),
      ),
    )
  await tx
    .update(pilgrimDocuments)
    .set({ verified_by: null, verified_at: null })
    .where(
      and(
        eq(pilgrimDocuments.pilgrim_id, pilgrimId),
        ne(pilgrimDocuments.status, 'verified'),
        or(sql`${pilgrimDocuments.verified_at} IS NOT NULL`, sql`${pilgrimDocuments.verified_by} IS NOT NULL`),
      ),
    )
}
