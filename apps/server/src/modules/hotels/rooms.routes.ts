import { and, count, eq, gt, gte, inArray, sql, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import {
  RADIO_ONE_KEY,
  ROOM_AVAILABILITY,
  ROOM_SORTABLE,
  queryBoolean,
  queryId,
  roomDetailSchema,
  roomInputSchema,
  roomSchema,
} from '@app/shared'
import { defineAvailability } from '../../crud/availability.js'
import { applyDefaultCapacity, bookedGuard, calendarStock } from '../../stock/index.js'
import { defineResource, type WriteContext } from '../../crud/resource.js'
import { attributes, groupAttributes, hotels, roomAttributes, roomAvailability, rooms } from '../../db/schema/index.js'
import { unprocessable } from '../../lib/errors.js'
import { registerFieldLabels, registerMessages } from '../../lib/i18n.js'
// The room as an order item (a stay): registered with the orders engine when this module is loaded.
import './rooms.order.js'

type RoomValues = z.infer<typeof roomInputSchema>

registerMessages({
  en: {
    [RADIO_ONE_KEY]: '{field} allows one value of {group}',
    'rooms.attribute_type': '{field} holds a value that is not a room attribute',
    'rooms.stock_below_capacity': '{field} cannot be below the capacity already set on {count} day(s)',
    'table.room_attributes': 'Rooms',
  },
  id: {
    'table.room_attributes': 'Kamar',
    [RADIO_ONE_KEY]: '{field} hanya boleh satu nilai dari {group}',
    'rooms.attribute_type': '{field} berisi nilai yang bukan atribut kamar',
    'rooms.stock_below_capacity': '{field} tidak boleh di bawah kapasitas yang sudah diatur pada {count} hari',
  },
})
registerFieldLabels({
  en: {
    hotel_id: 'Hotel',
    room_stock: 'Room Stock',
    min_stay: 'Min Stay',
    room_size: 'Room Size',
    max_adult: 'Max Adult',
    max_children: 'Max Children',
    attributes_list: 'Attributes',
    room_id: 'Room',
  },
  id: {
    hotel_id: 'Hotel',
    code: 'Kode',
    price: 'Harga',
    room_stock: 'Stok Kamar',
    min_stay: 'Minimal Menginap',
    beds: 'Tempat Tidur',
    room_size: 'Ukuran Kamar',
    max_adult: 'Maks Dewasa',
    max_children: 'Maks Anak',
    attributes_list: 'Atribut',
    room_id: 'Kamar',
    capacity: 'Kapasitas',
    blocked: 'Diblokir',
    start_date: 'Tanggal Mulai',
    end_date: 'Tanggal Akhir',
  },
})

/**
 * Attribute values must be the company's, of groups of type room, and at most
 * one per radio group (checklist D-07).
 */
async function checkAttributes(tx: WriteContext['tx'], companyId: number, ids: number[]) {
  if (!ids.length) return
  const found = await tx
    .select({
      id: attributes.id,
      group_id: groupAttributes.id,
      group: groupAttributes.name,
      type: groupAttributes.type,
      option: groupAttributes.option_type,
    })
    .from(attributes)
    .innerJoin(groupAttributes, eq(groupAttributes.id, attributes.group_id))
    .where(and(inArray(attributes.id, ids), eq(attributes.company_id, companyId)))
  if (found.length !== ids.length) throw unprocessable({ attributes_list: ['field.not_found'] })
  if (found.some((a) => a.type !== 'room')) throw unprocessable({ attributes_list: ['rooms.attribute_type'] })
  const perRadio = new Map<number, number>()
  for (const a of found) {
    if (a.option !== 'radio') continue
    const n = (perRadio.get(a.group_id) ?? 0) + 1
    perRadio.set(a.group_id, n)
    if (n > 1) throw unprocessable({ attributes_list: [{ key: RADIO_ONE_KEY, params: { group: a.group } }] })
  }
}

async function prepare(input: RoomValues, { tx, auth, existing }: WriteContext) {
  const [hotel] = await tx
    .select({ id: hotels.id })
    .from(hotels)
    .where(and(eq(hotels.id, input.hotel_id), eq(hotels.company_id, auth.companyId)))
  // Another company's hotel is reported exactly like a missing one.
  if (!hotel) throw unprocessable({ hotel_id: ['field.not_found'] })
  if (input.attributes_list) await checkAttributes(tx, auth.companyId, input.attributes_list)
  if (existing && input.room_stock < (existing.room_stock as number)) {
    // Capacity never exceeds the stock (DESIGN §7 limits): days from today on already set higher block the change.
    const [over] = await tx
      .select({ n: count() })
      .from(roomAvailability)
      .where(
        and(
          eq(roomAvailability.room_id, existing.id as number),
          gte(roomAvailability.date, sql`current_date`),
          gt(roomAvailability.capacity, input.room_stock),
        ),
      )
    if (over && over.n > 0)
      throw unprocessable({ room_stock: [{ key: 'rooms.stock_below_capacity', params: { count: over.n } }] })
  }
  const { attributes_list: _a, ...values } = input
  return values
}

async function afterWrite(id: number, input: RoomValues, { tx, existing }: WriteContext) {
  // Days without their own calendar row hold the room's stock: booked stock follows it, or the change is a 409.
  if (existing && input.room_stock !== existing.room_stock)
    await applyDefaultCapacity(tx, {
      kind: 'room',
      itemId: id,
      capacity: input.room_stock,
      field: 'room_stock',
      hasDayRow: sql`EXISTS (SELECT 1 FROM room_availability a WHERE a.room_id = s.item_id AND a.date = s.day)`,
    })
  if (!input.attributes_list) return
  await tx.delete(roomAttributes).where(eq(roomAttributes.room_id, id))
  if (input.attributes_list.length)
    await tx.insert(roomAttributes).values(input.attributes_list.map((attribute_id) => ({ room_id: id, attribute_id })))
}

/** Rooms of the company's hotels (spec §2 Rooms; checklist D). */
export const roomsResource = defineResource({
  name: 'rooms',
  entity: 'room',
  table: rooms,
  deleteGuard: bookedGuard('room', rooms),
  input: roomInputSchema,
  join: (qb) => qb.innerJoin(hotels, eq(hotels.id, rooms.hotel_id)),
  fields: {
    id: rooms.id,
    hotel_id: rooms.hotel_id,
    hotel: { id: hotels.id, name: hotels.name },
    name: rooms.name,
    code: rooms.code,
    price: rooms.price,
    min_stay: rooms.min_stay,
    is_active: rooms.is_active,
    room_stock: rooms.room_stock,
    beds: rooms.beds,
    room_size: rooms.room_size,
    max_adult: rooms.max_adult,
    max_children: rooms.max_children,
    featured_image: rooms.featured_image,
    created_at: rooms.created_at,
  },
  row: roomSchema,
  detail: {
    fields: {
      updated_at: rooms.updated_at,
      attributes_list: sql<
        number[]
      >`coalesce((SELECT json_agg(ra.attribute_id ORDER BY ra.attribute_id) FROM room_attributes ra WHERE ra.room_id = "rooms"."id"), '[]'::json)`,
      attributes: sql<unknown[]>`coalesce((
        SELECT json_agg(json_build_object('id', a.id, 'name', a.name,
                 'group', json_build_object('id', g.id, 'name', g.name, 'option_type', g.option_type))
               ORDER BY g.name, g.id, a.name, a.id)
        FROM room_attributes ra JOIN attributes a ON a.id = ra.attribute_id JOIN group_attributes g ON g.id = a.group_id
        WHERE ra.room_id = "rooms"."id"), '[]'::json)`,
    },
    row: roomDetailSchema,
  },
  body: { json: ['attributes_list'], files: ['featured_image'] },
  images: ['featured_image'],
  searchable: [rooms.name, rooms.code],
  sortable: ROOM_SORTABLE,
  sortExpressions: { hotel: hotels.name },
  defaultSort: 'created_at',
  filters: {
    hotel_id: { schema: queryId(), where: (v: number): SQL => eq(rooms.hotel_id, v), choices: { table: hotels } },
    is_active: { schema: queryBoolean, where: (v: boolean): SQL => eq(rooms.is_active, v) },
  },
  counters: { by: { hotel_id: rooms.hotel_id, is_active: rooms.is_active } },
  exportColumns: [
    ...['id', 'name', 'code'].map((h) => ({ header: h, value: (r: Record<string, unknown>) => r[h] })),
    { header: 'hotel', value: (r) => (r.hotel as { name: string } | null)?.name ?? '' },
    ...['price', 'room_stock', 'beds', 'room_size', 'max_adult', 'max_children', 'min_stay', 'is_active', 'created_at'].map(
      (h) => ({ header: h, value: (r: Record<string, unknown>) => r[h] }),
    ),
  ],
  prepare,
  afterWrite,
})

/**
 * The room calendar (`/rooms_availibility`, the spec's spelling) through the
 * availability engine: price, capacity (not above the room's stock), blocked;
 * a day without a row shows the room's price and its stock as capacity.
 */
export const roomCalendar = defineAvailability({
  name: 'rooms_availibility',
  entity: 'room',
  table: roomAvailability,
  date: roomAvailability.date,
  item: {
    param: 'room_id',
    table: rooms,
    column: roomAvailability.room_id,
    fields: { hotel_id: rooms.hotel_id, price: rooms.price, room_stock: rooms.room_stock },
  },
  checks: ROOM_AVAILABILITY.checks,
  values: {
    price: { column: roomAvailability.price, schema: ROOM_AVAILABILITY.values.price! },
    capacity: { column: roomAvailability.capacity, schema: ROOM_AVAILABILITY.values.capacity! },
    blocked: { column: roomAvailability.blocked, schema: ROOM_AVAILABILITY.values.blocked! },
  },
  defaults: (room) => ({ price: room.price, capacity: room.room_stock, blocked: false }),
  limits: (v, room) => (v.capacity > room.room_stock ? { capacity: { limit: room.room_stock } } : undefined),
  // What orders may take of each written day: its capacity, none when blocked (stock/calendar.ts).
  stock: calendarStock({ kind: 'room', capacity: (v) => (v.blocked ? 0 : v.capacity) }),
  answer: ['hotel_id'],
})

const roomsModule: FastifyPluginAsync = async (app) => {
  await app.register(roomsResource.plugin)
  await app.register(roomCalendar.plugin)
}
export default roomsModule
