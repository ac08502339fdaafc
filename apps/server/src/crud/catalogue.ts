import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { PERCENT_MAX_KEY, RADIO_ONE_KEY, YOUTUBE_INVALID_KEY, type GroupAttributeType } from '@app/shared'
import type { Db } from '../db/client.js'
import { attributes, groupAttributes, locations } from '../db/schema/index.js'
import { unprocessable } from '../lib/errors.js'
import { registerMessages } from '../lib/i18n.js'
import { loadChildren, type ChildList } from './children.js'

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Parts every catalogue product declaration shares (hotels, rooms,
 * transportation, train routes): the two price lists, attribute-value links
 * checked against the caller's company and the group type, and location
 * references. Each product declares its own tables; these give the one
 * behaviour.
 */

registerMessages({
  en: {
    'field.not_found': '{field} does not exist',
    [RADIO_ONE_KEY]: '{field} allows one value of {group}',
    [YOUTUBE_INVALID_KEY]: '{field} must be a YouTube link (https://youtube.com/… or https://youtu.be/…)',
    [PERCENT_MAX_KEY]: '{field} cannot be above 100 percent',
  },
  id: {
    'field.not_found': '{field} tidak ditemukan',
    [RADIO_ONE_KEY]: '{field} hanya boleh satu nilai dari {group}',
    [YOUTUBE_INVALID_KEY]: '{field} harus tautan YouTube (https://youtube.com/… atau https://youtu.be/…)',
    [PERCENT_MAX_KEY]: '{field} tidak boleh lebih dari 100 persen',
  },
})

type PriceTable = PgTable & { id: PgColumn; position: PgColumn } & Record<string, PgColumn>

/**
 * `prices_extra` and `service_prices` as child lists of the engine (crud/children.ts):
 * loaded for the one-row answer, replaced with the row in its transaction.
 */
export function priceLists(parentColumn: string, extra: PriceTable, service: PriceTable): Record<string, ChildList> {
  const pick = (t: PriceTable, keys: string[]) => Object.fromEntries(keys.map((k) => [k, t[k]!]))
  const extraCols = ['name', 'value', 'type', 'person_price']
  const serviceCols = ['name', 'name_en', 'description', 'description_en', 'value', 'type', 'person_price']
  return {
    prices_extra: {
      table: extra,
      parent: extra[parentColumn]!,
      position: extra.position,
      columns: extraCols,
      fields: pick(extra, ['id', ...extraCols]),
    },
    service_prices: {
      table: service,
      parent: service[parentColumn]!,
      position: service.position,
      columns: serviceCols,
      fields: pick(service, ['id', ...serviceCols]),
    },
  }
}

/** An extra price or service fee as the catalogue stores it (what an order prices with). */
export interface PriceRule {
  /** The row of the product's price list (an extra is chosen by it). */
  id?: number
  name: string
  value: number
  type: string
  person_price: boolean
}

/**
 * The extras and service fees that apply to a product, in the user's order:
 * each list only when its switch is on, read through the same child lists
 * (`priceLists`) its one-row answer uses, so orders and the catalogue form
 * never read them two ways.
 */
export async function priceRules(
  db: Db,
  lists: Record<string, ChildList>,
  parentId: number,
  on: { extra_price: boolean; service_fee: boolean },
): Promise<{ extras: PriceRule[]; fees: PriceRule[] }> {
  const wanted: Record<string, ChildList> = {}
  if (on.extra_price) wanted.prices_extra = lists.prices_extra!
  if (on.service_fee) wanted.service_prices = lists.service_prices!
  const loaded = (await loadChildren(db, wanted, parentId)) as Record<string, PriceRule[]>
  return { extras: loaded.prices_extra ?? [], fees: loaded.service_prices ?? [] }
}

/**
 * What is hidden behind an off switch is not kept (checklist C-18): with
 * `extra_price` / `service_fee` off the list is saved empty, whatever was sent.
 */
export function priceSwitches<
  T extends { extra_price: boolean; service_fee: boolean; prices_extra?: unknown[]; service_prices?: unknown[] },
>(input: T): void {
  if (!input.extra_price) input.prices_extra = []
  if (!input.service_fee) input.service_prices = []
}

/** A location of the caller's company; another company's is reported exactly like a missing one (422). */
export async function checkLocation(tx: Db, companyId: number, id: number, field: string): Promise<void> {
  const [row] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.company_id, companyId)))
  if (!row) throw unprocessable({ [field]: ['field.not_found'] })
}

/** A product's links to attribute values: a table (parent id, attribute id) and the group type it accepts. */
export interface AttributeLinks {
  table: PgTable
  parent: PgColumn
  attribute: PgColumn
  type: GroupAttributeType
}

/**
 * Every id must be an attribute value of the caller's company in a group of
 * the product's type (a room's value on a vehicle is a 422, like a missing
 * one), and a radio group holds at most one value.
 */
export async function checkAttributes(
  tx: Db,
  companyId: number,
  links: AttributeLinks,
  ids: number[],
  field = 'attributes_list',
): Promise<void> {
  if (!ids.length) return
  const found = await tx
    .select({
      id: attributes.id,
      group_id: groupAttributes.id,
      group: groupAttributes.name,
      option_type: groupAttributes.option_type,
    })
    .from(attributes)
    .innerJoin(groupAttributes, eq(groupAttributes.id, attributes.group_id))
    .where(and(inArray(attributes.id, ids), eq(attributes.company_id, companyId), eq(groupAttributes.type, links.type)))
  if (found.length !== ids.length) throw unprocessable({ [field]: ['field.not_found'] })
  const perRadio = new Map<number, number>()
  for (const row of found) {
    if (row.option_type !== 'radio') continue
    const n = (perRadio.get(row.group_id) ?? 0) + 1
    perRadio.set(row.group_id, n)
    if (n > 1) throw unprocessable({ [field]: [{ key: RADIO_ONE_KEY, params: { group: row.group } }] })
  }
}

/** Replaces the product's links with `ids` (already checked). */
export async function writeAttributes(tx: Db, links: AttributeLinks, parentId: number, ids: number[]): Promise<void> {
  await tx.delete(links.table as any).where(eq(links.parent, parentId))
  if (ids.length)
    await (tx.insert(links.table as any) as any).values(
      ids.map((attributeId) => ({ [links.parent.name]: parentId, [links.attribute.name]: attributeId })),
    )
}

/**
 * The one-row answer's `attributes_list` (ids) and `attributes` (`{id, name,
 * group: {id, name, type}}`, grouped by group), read by subqueries of the
 * detail select, so one statement answers the row.
 */
export function attributeFields(links: AttributeLinks, parentId: PgColumn): { attributes_list: SQL; attributes: SQL } {
  const linkTable = links.table
  return {
    attributes_list: sql<
      number[]
    >`(SELECT coalesce(array_agg(l.${sql.identifier(links.attribute.name)} ORDER BY l.${sql.identifier(
      links.attribute.name,
    )}), '{}') FROM ${linkTable} l WHERE l.${sql.identifier(links.parent.name)} = ${parentId})`.mapWith((v: unknown) =>
      parseIntArray(v),
    ),
    attributes: sql`(SELECT coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'group',
        json_build_object('id', g.id, 'name', g.name, 'type', g.type)) ORDER BY g.name, g.id, a.name, a.id), '[]'::json)
      FROM ${linkTable} l JOIN attributes a ON a.id = l.${sql.identifier(links.attribute.name)}
      JOIN group_attributes g ON g.id = a.group_id
      WHERE l.${sql.identifier(links.parent.name)} = ${parentId})`.mapWith((v: unknown) =>
      typeof v === 'string' ? JSON.parse(v) : v,
    ),
  }
}

/** An int[] as the driver hands it: an array (node-postgres, PGlite) or the text form `{1,2}`. */
function parseIntArray(v: unknown): number[] {
  if (Array.isArray(v)) return v.map(Number)
  if (typeof v === 'string') return v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number)
  return []
}
