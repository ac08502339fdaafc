import type { Db } from '../db/client.js'
import { unprocessable } from './errors.js'
import { ownedFiles } from './files.js'

/**
 * Every image file name a body refers to must be an upload of the caller's
 * company (DESIGN §6): another company's file, or no file at all, is a 422 on
 * the field that names it, never a link to someone else's picture.
 * `refs` maps a field (`featured_image`, `gallery_images.2`) to a file name.
 *
 * Resources declared with the engine say `images` instead (crud/images.ts);
 * this is for image fields a module checks itself.
 */
export async function checkCompanyFiles(tx: Db, companyId: number, refs: Record<string, string | null | undefined>) {
  const named = Object.entries(refs).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')
  if (!named.length) return
  const found = await ownedFiles(
    tx,
    companyId,
    named.map(([, n]) => n),
  )
  const errors: Record<string, string[]> = {}
  for (const [field, name] of named) if (!found.has(name)) errors[field] = ['field.not_found']
  if (Object.keys(errors).length) throw unprocessable(errors)
}
