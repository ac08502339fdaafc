import { randomBytes } from 'node:crypto'
import { and, eq, getTableName, inArray, is, sql, type SQL } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.js'
import * as schema from '../db/schema/index.js'
import { FILE_ARRAY_COLUMNS, uploads } from '../db/schema/index.js'
import type { ProcessedImage } from './images.js'
import type { FastifyReply } from 'fastify'
import { storageKey, STORED_NAME, type Storage, type StoredObject } from './storage/index.js'

/**
 * Columns that hold a stored file's name: every foreign key of the schema to
 * `uploads.file_name` (a location's banner, a trip idea's image, a gallery row;
 * hotels' images once their table declares it). Read from the schema, so a
 * table added later is counted without touching this file, and the database
 * itself refuses to drop an upload that one of them still names.
 */
let referencing: Array<{ table: string; column: string }> | undefined
export function fileReferences(): Array<{ table: string; column: string }> {
  if (referencing) return referencing
  const out: Array<{ table: string; column: string }> = []
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue
    for (const fk of getTableConfig(table).foreignKeys) {
      const ref = fk.reference()
      if (ref.foreignTable !== uploads || ref.foreignColumns[0]?.name !== 'file_name' || ref.columns.length !== 1) continue
      out.push({ table: getTableName(table), column: ref.columns[0]!.name })
    }
  }
  return (referencing = out)
}

/** `NOT EXISTS` over every referencing column: the upload row `u` is used by no row. */
function unreferenced(): SQL {
  const parts = [
    ...fileReferences().map(
      (r) => sql`NOT EXISTS (SELECT 1 FROM ${sql.identifier(r.table)} x WHERE x.${sql.identifier(r.column)} = u.file_name)`,
    ),
    ...FILE_ARRAY_COLUMNS.map(
      (r) =>
        sql`NOT EXISTS (SELECT 1 FROM ${sql.identifier(r.table)} x WHERE x.${sql.identifier(r.column)} @> ARRAY[u.file_name]::varchar[])`,
    ),
  ]
  return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`
}

/**
 * Answers with a stored object's bytes: its type and length, never sniffed, and never run as a page
 * (`sandbox`, no sources) even when opened straight in a tab. `cache` is the public images' year or a
 * private file's no-store; `disposition` inline for a picture or a document opened in the browser,
 * attachment for a download.
 */
export function sendStoredFile(
  reply: FastifyReply,
  object: StoredObject,
  opts: { mime: string; cache?: string; disposition: string },
): FastifyReply {
  if (opts.cache) reply.header('cache-control', opts.cache)
  return reply
    .type(opts.mime)
    .header('content-length', object.size)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', opts.disposition)
    .send(object.body)
}

/** A control character, a path separator or a reserved character has no place in a download's name. */
export function cleanOriginalName(name: string | undefined): string | null {
  if (!name) return null
  const cleaned = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .split(/[\\/]/)
    .pop()!
    .trim()
  return cleaned ? cleaned.slice(0, 255) : null
}

/**
 * Stores a checked image under a new random name in the company's folder and
 * records it. The object is written first and removed again if the record
 * cannot be written, so a failure leaves neither behind.
 */
export async function storeImage(
  db: Db,
  storage: Storage,
  companyId: number,
  image: ProcessedImage,
  originalName?: string,
): Promise<typeof uploads.$inferSelect> {
  const fileName = `${randomBytes(16).toString('hex')}.${image.ext}`
  const key = storageKey(companyId, fileName)
  await storage.put(key, image.body, image.mime)
  try {
    const [row] = await db
      .insert(uploads)
      .values({
        company_id: companyId,
        file_name: fileName,
        mime_type: image.mime,
        size: image.body.length,
        width: image.width,
        height: image.height,
        original_name: cleanOriginalName(originalName),
      })
      .returning()
    return row!
  } catch (err) {
    await storage.delete(key).catch(() => {})
    throw err
  }
}

/** The company's uploads among `names` (the others are another company's or unknown). */
export async function ownedFiles(db: Db, companyId: number, names: string[]): Promise<Set<string>> {
  const valid = [...new Set(names.filter((n) => STORED_NAME.test(n)))]
  if (!valid.length) return new Set()
  const rows = await db
    .select({ file_name: uploads.file_name })
    .from(uploads)
    .where(and(eq(uploads.company_id, companyId), inArray(uploads.file_name, valid)))
  return new Set(rows.map((r) => r.file_name))
}

/**
 * Removes each of `names` that no row references any more: its record, then
 * its object. One statement per name, so a row that starts to use a file
 * while this runs makes the database refuse that one delete (the foreign key),
 * and the file stays.
 */
export async function releaseFiles(db: Db, storage: Storage, names: Iterable<string>, olderThan?: Date): Promise<string[]> {
  const removed: string[] = []
  for (const name of new Set(names)) {
    if (!STORED_NAME.test(name)) continue
    let row: { company_id: number; file_name: string } | undefined
    try {
      const res = (await db.execute(sql`
        DELETE FROM uploads u WHERE u.file_name = ${name} AND ${unreferenced()}
        ${olderThan ? sql`AND u.created_at < ${olderThan.toISOString()}` : sql``}
        RETURNING u.company_id, u.file_name`)) as unknown as { rows: Array<{ company_id: number; file_name: string }> }
      row = res.rows[0]
    } catch (err) {
      // 23503: attached meanwhile. Still in use, so it stays.
      if ((err as { code?: string }).code === '23503' || (err as { cause?: { code?: string } }).cause?.code === '23503') continue
      throw err
    }
    if (!row) continue
    await storage.delete(storageKey(Number(row.company_id), row.file_name))
    removed.push(row.file_name)
  }
  return removed
}

/** Grace for an upload not attached yet: a form being filled in keeps its images for a day. */
export const SWEEP_GRACE_MS = 24 * 60 * 60 * 1000

/**
 * Removes uploads older than the grace period that no row uses (a form
 * abandoned after its upload, an image replaced while a request failed
 * half-way), then stored objects of that age that have no upload record at
 * all (a crash between writing the object and its record, or between
 * dropping the record and its object). Runs at start and on a timer
 * (plugins/uploads.ts); several server copies may run it at once. Answers how
 * many records and objects went.
 */
export async function sweepFiles(db: Db, storage: Storage, graceMs = SWEEP_GRACE_MS, batch = 500): Promise<number> {
  const records = await sweepRecords(db, storage, graceMs, batch)
  const objects = await sweepObjects(db, storage, graceMs, batch)
  return records + objects.length
}

async function sweepRecords(db: Db, storage: Storage, graceMs: number, batch: number): Promise<number> {
  const cutoff = new Date(Date.now() - graceMs)
  let total = 0
  for (;;) {
    const res = (await db.execute(sql`
      SELECT u.file_name FROM uploads u
      WHERE u.created_at < ${cutoff.toISOString()} AND ${unreferenced()}
      ORDER BY u.created_at LIMIT ${batch}`)) as unknown as { rows: Array<{ file_name: string }> }
    if (!res.rows.length) return total
    const removed = await releaseFiles(
      db,
      storage,
      res.rows.map((r) => r.file_name),
      cutoff,
    )
    total += removed.length
    if (res.rows.length < batch || removed.length === 0) return total
  }
}

/**
 * Objects in the storage (folder or bucket) last written before the grace
 * period whose `<company>/<name>` has no upload record of that company: the
 * keys removed. Safe beside uploads in flight: an object is written before its
 * record, seconds apart, so a day-old object without a record never gets one.
 * The folder or bucket belongs to this database alone.
 */
export async function sweepObjects(db: Db, storage: Storage, graceMs = SWEEP_GRACE_MS, batch = 500): Promise<string[]> {
  const cutoff = Date.now() - graceMs
  const removed: string[] = []
  let keys: string[] = []
  const flush = async () => {
    const names = keys.map((k) => k.slice(k.indexOf('/') + 1))
    const rows = await db
      .select({ file_name: uploads.file_name, company_id: uploads.company_id })
      .from(uploads)
      .where(inArray(uploads.file_name, names))
    const recorded = new Set(rows.map((r) => storageKey(r.company_id, r.file_name)))
    for (const key of keys) {
      if (recorded.has(key)) continue
      await storage.delete(key)
      removed.push(key)
    }
    keys = []
  }
  for await (const object of storage.list()) {
    if (object.modified.getTime() > cutoff) continue
    keys.push(object.key)
    if (keys.length >= batch) await flush()
  }
  if (keys.length) await flush()
  return removed
}

/** The upload row of a stored name, for serving it. */
export async function findUpload(db: Db, name: string) {
  const [row] = await db
    .select({
      company_id: uploads.company_id,
      mime_type: uploads.mime_type,
      size: uploads.size,
      original_name: uploads.original_name,
      private: uploads.private,
    })
    .from(uploads)
    .where(eq(uploads.file_name, name))
  return row
}
