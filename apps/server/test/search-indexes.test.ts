import { and, eq, getTableName, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './helpers/app.js'
import { createCompany, type Actor } from './helpers/fixtures.js'
import { categories } from '../src/db/schema/index.js'
import type { ListSource } from '../src/crud/list-query.js'
import { listRows, searchCondition } from '../src/crud/list-query.js'
import { referenceResources } from '../src/modules/reference/reference.routes.js'
import { attributesResource } from '../src/modules/reference/attributes.routes.js'
import { groupAttributesResource } from '../src/modules/reference/group-attributes.routes.js'
import { locationsResource } from '../src/modules/locations/locations.routes.js'
import { hotelsResource } from '../src/modules/hotels/hotels.routes.js'
import { roomsResource } from '../src/modules/hotels/rooms.routes.js'
import { transportationsResource } from '../src/modules/transportations/transportations.routes.js'
import { trainRoutesResource } from '../src/modules/train-routes/train-routes.routes.js'
import { ordersSource } from '../src/modules/orders/orders.routes.js'
import { pilgrimsResource } from '../src/modules/pilgrims/pilgrims.routes.js'
import { ziyarahToursResource } from '../src/modules/ziyarah-tours/ziyarah-tours.routes.js'

/**
 * Every search is one company's, and its index says so: each searchable column
 * of the catalogue, reference and order lists has a GIN index over the company
 * id and the trigrams of `lower(column)` (db/schema/search-index.ts), so a
 * search reads its own company's matches, never every company's with a filter.
 */
let t: TestApp
let a: Actor
let b: Actor

const sources: ListSource[] = [
  ...referenceResources.map((r) => r.source),
  attributesResource.source,
  groupAttributesResource.source,
  locationsResource.source,
  hotelsResource.source,
  roomsResource.source,
  transportationsResource.source,
  trainRoutesResource.source,
  ordersSource,
  pilgrimsResource.source,
  ziyarahToursResource.source,
]

const rows = async (query: ReturnType<typeof sql>) =>
  ((await t.app.db.execute(query)) as unknown as { rows: Array<Record<string, string>> }).rows

beforeAll(async () => {
  t = await buildTestApp()
  a = (await createCompany(t.app)).owner
  b = (await createCompany(t.app)).owner
})
afterAll(() => t?.close())

describe('search indexes', () => {
  it('gives every searchable column a (company_id, lower(column) trigrams) GIN index', async () => {
    const defs = (await rows(sql`SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = current_schema()`)).map(
      (r) => `${r.tablename}: ${r.indexdef}`,
    )
    const checked: string[] = []
    for (const src of sources) {
      const table = getTableName(src.table)
      for (const column of src.searchable as PgColumn[]) {
        const wanted = new RegExp(
          `^${table}: .* USING gin \\(company_id, lower\\(\\(${column.name}\\)::text\\) gin_trgm_ops\\) WITH \\(fastupdate='?false'?\\)$`,
        )
        expect(
          defs.some((d) => wanted.test(d)),
          `${table}.${column.name}:\n${defs.filter((d) => d.startsWith(`${table}:`)).join('\n')}`,
        ).toBe(true)
        checked.push(`${table}.${column.name}`)
      }
    }
    expect(checked).toHaveLength(26)
    // No trigram index without the company is left to be picked instead (and to be kept up on every write).
    expect(defs.filter((d) => d.includes('gin_trgm_ops') && !d.includes('(company_id, lower('))).toEqual([])
  })

  it("reads only the searching company's matches through it", async () => {
    // Two companies with the same names (a trigram index without the company finds both companies' rows), each
    // with enough rows that reading the whole company's and filtering is not the cheaper plan.
    for (const who of [a, b])
      await t.app.db.execute(sql`
        INSERT INTO categories (company_id, name, slug, description)
        SELECT ${who.companyId}::int, 'Makkah Suite ' || g, 'makkah-suite-' || g, 'x' FROM generate_series(1, 100) g
        UNION ALL
        SELECT ${who.companyId}::int, 'Madinah Hall ' || g, 'madinah-hall-' || g, 'x' FROM generate_series(1, 9900) g`)
    await t.app.db.execute(sql`ANALYZE categories`)
    const where = and(eq(categories.company_id, a.companyId), searchCondition([categories.name], 'makkah suite'))
    const plan = (await rows(sql`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) SELECT id FROM ${categories} WHERE ${where}`))
      .map((r) => Object.values(r)[0])
      .join('\n')
    expect(plan).toMatch(/Bitmap Index Scan on categories_company_name_trgm_idx/)
    expect(plan).toMatch(/Index Cond: \(\(company_id = \d+\) AND \(lower\(\(name\)::text\) ~~ '%makkah suite%'::text\)\)/)
    // The index hands over a's 100 rows only: nothing of b's to filter out.
    expect(plan).toMatch(/Bitmap Index Scan on categories_company_name_trgm_idx \(actual rows=100 loops=1\)/)
    expect(plan).not.toMatch(/Rows Removed by/)

    const cats = referenceResources.find((r) => r.source.table === categories)!
    const list = await listRows(
      t.app.db,
      cats.source,
      { search: 'makkah suite', sort_by: 'name', order_by: 'asc', page: 0, size: 25 },
      cats.scope({ companyId: a.companyId } as never),
    )
    expect(list.pagination.total).toBe(100)
    expect(list.data).toHaveLength(25)
  })
})
