import type { Db } from '../db/client.js'
import { unprocessable } from '../lib/errors.js'
import { ownedFiles } from '../lib/files.js'

/**
 * Image references in a body or a row, by path: `banner_image` for a column,
 * `trip_ideas.*.image` for a field of each entry of a child list. A resource
 * declares them once (`defineResource({ images })`); the engine then checks
 * every name is an upload of the caller's company and, after the write, lets
 * go of the names it no longer uses (lib/files.ts).
 */
export type ImagePaths = readonly string[]

/** Every file name found at `paths`, with the field path that holds it (`trip_ideas.2.image`). */
export function imageValues(obj: unknown, paths: ImagePaths): Array<{ field: string; name: string }> {
  const out: Array<{ field: string; name: string }> = []
  const walk = (value: unknown, segs: string[], at: string) => {
    if (value === null || value === undefined) return
    if (!segs.length) {
      if (typeof value === 'string' && value !== '') out.push({ field: at, name: value })
      return
    }
    const [head, ...rest] = segs
    if (head === '*') {
      if (Array.isArray(value)) value.forEach((v, i) => walk(v, rest, `${at}.${i}`))
      return
    }
    if (typeof value === 'object' && !Array.isArray(value)) {
      walk((value as Record<string, unknown>)[head!], rest, at ? `${at}.${head}` : head!)
    }
  }
  for (const p of paths) walk(obj, p.split('.'), '')
  return out
}

/** 422 `field.not_found` on each field whose file is not an upload of the company (another company's reads the same as none). */
export async function checkImages(db: Db, companyId: number, body: unknown, paths: ImagePaths): Promise<void> {
  const refs = imageValues(body, paths)
  if (!refs.length) return
  const owned = await ownedFiles(
    db,
    companyId,
    refs.map((r) => r.name),
  )
  const errors: Record<string, string[]> = {}
  for (const r of refs) if (!owned.has(r.name)) errors[r.field] = ['field.not_found']
  if (Object.keys(errors).length) throw unprocessable(errors)
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Removes each named file no row references any more (provided by the
     * uploads plugin, plugins/uploads.ts); absent without it.
     */
    releaseFiles?: (names: string[]) => Promise<void>
  }
}
