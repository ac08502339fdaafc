import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'
import { roomAttributes, rooms } from '../../db/schema/index.js'

/**
 * Rooms' own rules (the list/CRUD/permission contract is in the shared suite):
 * attribute values grouped by group, one per radio group, codes unique within
 * a hotel, and the hotel of the caller's company only.
 */

let t: TestApp
let owner: Actor
let other: Actor
type Row = Record<string, unknown> & { id: number }
const ids: Record<string, number> = {}

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const post = async (url: string, payload: Record<string, unknown>, who: Actor = owner) => {
  const res = await api('POST', url, payload, who)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as Row
}

async function hotelOf(who: Actor, name: string) {
  const loc = await post(
    '/locations',
    { name: `Kota ${name}`, description: '<p>Kota</p>', status: 'publish', lat: 21, long: 39, zoom: 10 },
    who,
  )
  return (
    await post(
      '/hotels',
      {
        name,
        rating: 4,
        check_in: '14:00',
        check_out: '12:00',
        min_reservation: 0,
        max_stay: 1,
        price: 100,
        location_id: loc.id,
        real_address: 'Jl. Haram',
        lat: 21,
        long: 39,
        zoom: 12,
      },
      who,
    )
  ).id
}

const room = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  hotel_id: ids.hotel,
  name: 'Kamar Quad',
  code: 'QD1',
  price: 900,
  min_stay: 1,
  is_active: 'true',
  room_stock: 10,
  beds: 4,
  room_size: 32,
  max_adult: 4,
  max_children: 2,
  ...over,
})

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
  ids.hotel = await hotelOf(owner, 'Hotel Quad')
  ids.hotel2 = await hotelOf(owner, 'Hotel Dua')
  ids.foreignHotel = await hotelOf(other, 'Hotel Lain')
  const group = async (name: string, type: string, option_type: string, who = owner) =>
    (await post('/group_attributes', { name, type, option_type, is_active: true }, who)).id
  const value = async (name: string, group_id: number, who = owner) =>
    (await post('/attributes', { name, description: name, is_active: true, group_id }, who)).id
  const facilities = await group('Fasilitas Kamar', 'room', 'checkbox')
  const view = await group('Pemandangan', 'room', 'radio')
  const bus = await group('Fasilitas Bus', 'transportation', 'checkbox')
  ids.ac = await value('AC', facilities)
  ids.fridge = await value('Kulkas', facilities)
  ids.haram = await value('Haram', view)
  ids.city = await value('Kota', view)
  ids.wifi = await value('Wi-Fi Bus', bus)
  ids.foreign = await value('Asing', await group('Lain', 'room', 'checkbox', other), other)
})
afterAll(() => t?.close())

describe('rooms', () => {
  it('saves attribute values and answers them grouped, with the hotel', async () => {
    const saved = await post('/rooms', room({ attributes_list: JSON.stringify([ids.fridge, ids.haram, ids.ac]) }))
    expect(saved).toMatchObject({ hotel: { id: ids.hotel, name: 'Hotel Quad' }, is_active: true, price: 900, room_size: 32 })
    expect(saved.attributes_list).toEqual([ids.ac, ids.fridge, ids.haram].sort((a, b) => a! - b!))
    expect((saved.attributes as Row[]).map((a) => [(a.group as Row).name, a.name])).toEqual([
      ['Fasilitas Kamar', 'AC'],
      ['Fasilitas Kamar', 'Kulkas'],
      ['Pemandangan', 'Haram'],
    ])
    const changed = (await api('PUT', `/rooms/${saved.id}`, room({ attributes_list: [ids.city] }))).json().data
    expect(changed.attributes_list).toEqual([ids.city])
    // A list left out keeps the values.
    const { attributes_list: _a, ...rest } = room()
    expect((await api('PUT', `/rooms/${saved.id}`, rest)).json().data.attributes_list).toEqual([ids.city])
  })

  it.each([
    ['two values of one radio group', () => ({ attributes_list: [ids.haram, ids.city] }), 'attributes_list', 422],
    ['a transportation attribute', () => ({ attributes_list: [ids.wifi] }), 'attributes_list', 422],
    ["another company's attribute", () => ({ attributes_list: [ids.foreign] }), 'attributes_list', 422],
    ['a hotel of another company', () => ({ hotel_id: ids.foreignHotel }), 'hotel_id', 422],
    ['a hotel id as text', () => ({ hotel_id: 'abc' }), 'hotel_id', 422],
    ['max_adult of 0', () => ({ max_adult: 0 }), 'max_adult', 422],
    ['a negative price', () => ({ price: -1 }), 'price', 422],
    ['is_active as maybe', () => ({ is_active: 'maybe' }), 'is_active', 422],
  ])('refuses %s and writes nothing', async (_l, change, field, status) => {
    const before = Number((await t.app.db.select({ n: count() }).from(rooms))[0]!.n)
    const links = Number((await t.app.db.select({ n: count() }).from(roomAttributes))[0]!.n)
    const res = await api('POST', '/rooms', room({ code: 'BAD', ...change() }))
    expect(res.statusCode, res.body).toBe(status)
    expect(Object.keys(res.json().errors)).toContain(field)
    expect(Number((await t.app.db.select({ n: count() }).from(rooms))[0]!.n)).toBe(before)
    expect(Number((await t.app.db.select({ n: count() }).from(roomAttributes))[0]!.n)).toBe(links)
  })

  it('keeps codes unique within a hotel, whatever their case, but not across hotels', async () => {
    await post('/rooms', room({ code: 'DBL' }))
    const before = Number((await t.app.db.select({ n: count() }).from(rooms))[0]!.n)
    const links = Number((await t.app.db.select({ n: count() }).from(roomAttributes))[0]!.n)
    const clash = await api('POST', '/rooms', room({ code: 'dbl', attributes_list: [ids.ac] }))
    expect(clash.statusCode).toBe(409)
    expect(clash.json()).toEqual({ message: 'Name in Used', errors: { code: ['Name in Used'] } })
    // Nothing half-written: neither the room nor its attribute links.
    expect(Number((await t.app.db.select({ n: count() }).from(rooms))[0]!.n)).toBe(before)
    expect(Number((await t.app.db.select({ n: count() }).from(roomAttributes))[0]!.n)).toBe(links)
    await post('/rooms', room({ code: 'DBL', hotel_id: ids.hotel2 }))
  })

  it('filters by hotel, and deletes a room with its attribute links', async () => {
    const r = await post('/rooms', room({ code: 'FLT', hotel_id: ids.hotel2, attributes_list: [ids.ac] }))
    const list = (await api('GET', `/rooms?hotel_id=${ids.hotel2}&export_data=true`)).json().data as Row[]
    expect(list.every((x) => x.hotel_id === ids.hotel2)).toBe(true)
    expect(list.some((x) => x.id === r.id)).toBe(true)
    expect((await api('GET', `/rooms?hotel_id=${ids.hotel2}&size=1`)).json().pagination.total).toBe(list.length)
    expect((await api('DELETE', `/rooms/${r.id}`)).statusCode).toBe(200)
    expect((await t.app.db.select({ n: count() }).from(roomAttributes).where(eq(roomAttributes.room_id, r.id)))[0]!.n).toBe(0)
  })
})
