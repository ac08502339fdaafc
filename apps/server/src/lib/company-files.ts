import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { uploads } from '../db/schema/index.js'
import { unprocessable } from './errors.js'

/**
 * Every image file name a body refers to must be an upload of the caller's
 * company (DESIGN §6): another company's file, or no file at all, is a 422 on
 * the field that names it, never a link to someone else's picture.
 * `refs` maps a field (`featured_image`, `gallery_images.2`) to a file name.
 *
 * Stand-in until the uploads module's own check lands; one call site per
 * resource, so swapping it is one import.
 */
export async function checkCompanyFiles(tx: Db, companyId: number, refs: Record<string, string | null | undefined>) {
  const named = Object.entries(refs).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')
  if (!named.length) return
  const names = [...new Set(named.map(([, n]) => n))]
  const found = new Set(
    (
      await tx
        .select({ file_name: uploads.file_name })
        .from(uploads)
        .where(and(eq(uploads.company_id, companyId), inArray(uploads.file_name, names)))
    ).map((r) => r.file_name),
  )
  const errors: Record<string, string[]> = {}
  for (const [field, name] of named) if (!found.has(name)) errors[field] = ['field.not_found']
  if (Object.keys(errors).length) throw unprocessable(errors)
}
