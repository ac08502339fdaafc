import { and, eq, like, ne, or } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { slugify } from '@app/shared'
import type { Db } from '../db/client.js'
import { escapeLike } from './list-query.js'

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Longest slug base before a `-N` suffix, so base + suffix fits varchar(191). */
const SLUG_BASE_MAX = 180

/**
 * A slug made from the name, unique within the company: `mecca`, then
 * `mecca-2`, `mecca-3`… `fallback` when the name has nothing to keep (Arabic
 * script). The unique index stays the last word: a race answers 409.
 */
export async function uniqueSlugFromName(
  tx: Db,
  table: PgTable & { id: PgColumn; company_id: PgColumn; slug: PgColumn },
  companyId: number,
  name: string,
  fallback: string,
  exceptId?: number,
): Promise<string> {
  const base = (slugify(name) || fallback).slice(0, SLUG_BASE_MAX).replace(/-+$/, '')
  const taken = (await (tx.select({ slug: table.slug }).from(table as any) as any).where(
    and(
      eq(table.company_id, companyId),
      or(eq(table.slug, base), like(table.slug, `${escapeLike(base)}-%`)),
      exceptId === undefined ? undefined : ne(table.id, exceptId),
    ),
  )) as Array<{ slug: string }>
  const used = new Set(taken.map((r) => r.slug))
  if (!used.has(base)) return base
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`
}
