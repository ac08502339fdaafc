import { ROOM_SORTABLE } from '@app/shared'
import type { BookableCase } from '../helpers/bookable-suite.js'
import { pad, type Row, type SuiteContext } from '../helpers/crud-suite.js'
import type { Actor } from '../helpers/fixtures.js'

/** Rooms: nights of a hotel room, `room_stock` a night unless the calendar's day says `capacity`. */

async function post(ctx: SuiteContext, who: Actor, url: string, payload: Record<string, unknown>) {
  const res = await ctx.t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: who.headers, payload })
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
  return res.json().data.id as number
}

/** A published hotel (with its location) of `who`'s company, made once per company and file. */
const hotels = new Map<number, Promise<number>>()
function hotelOf(ctx: SuiteContext, who: Actor): Promise<number> {
  let hotel = hotels.get(who.companyId)
  if (!hotel) {
    hotel = (async () => {
      const location = await post(ctx, who, '/locations', {
        name: `Madinah ${who.companyId}`,
        description: '<p>City</p>',
        status: 'publish',
        lat: 24.47,
        long: 39.61,
        zoom: 12,
      })
      return post(ctx, who, '/hotels', {
        name: `Hotel for rooms ${who.companyId}`,
        rating: 4,
        check_in: '14:00',
        check_out: '12:00',
        min_reservation: 0,
        max_stay: 1,
        price: 1000,
        status: 'publish',
        location_id: location,
        real_address: 'Jl. Ajyad 1',
        lat: 24.47,
        long: 39.61,
        zoom: 12,
      })
    })()
    hotels.set(who.companyId, hotel)
  }
  return hotel
}

let codes = 0

const room: BookableCase = {
  kind: 'room',
  crud: {
    name: 'rooms',
    entity: 'room',
    sortable: ROOM_SORTABLE,
    setup: async (who, ctx) => ({ hotelId: await hotelOf(ctx, who) }),
    body: (i, label, ctx, who) => ({
      hotel_id: ctx.fixtures[who].hotelId,
      name: `${label} ${pad(i)}`,
      code: `${label.slice(-4).toUpperCase()}${pad(i)}`,
      price: 500 + ((i * 13) % 300),
      min_stay: (i % 3) + 1,
      is_active: i % 3 !== 0,
      room_stock: (i * 7) % 40,
      beds: (i % 4) + 1,
      room_size: 20 + (i % 9) + 0.5,
      max_adult: (i % 4) + 1,
      max_children: i % 3,
    }),
    edit: { room_stock: 3, is_active: false },
    sortValue: (r, key) => (key === 'hotel' ? (r.hotel as Row).name : r[key]),
    activeFilter: true,
    unique: [{ field: 'code', clash: (label) => `${label.slice(-4).toLowerCase()}05`, perCompany: true }],
    export: {
      format: 'csv',
      header: 'id,name,code,hotel,price,room_stock,beds,room_size,max_adult,max_children,min_stay,is_active,created_at',
      value: (r, h) => (h === 'hotel' ? (r.hotel as Row).name : r[h]),
    },
    invalid: [
      ['hotel_id of another company', (ctx) => ({ hotel_id: ctx.fixtures.other.hotelId }), 'hotel_id'],
      ['max_adult of 0', { max_adult: 0 }, 'max_adult'],
      ['hotel_id as text', { hotel_id: 'abc' }, 'hotel_id'],
    ],
  },
  item: async (ctx, who, spec) => ({
    hotel_id: await hotelOf(ctx, who),
    name: 'Quad Room',
    code: `BK${++codes}`,
    price: spec.price,
    min_stay: 1,
    is_active: true,
    room_stock: spec.capacity,
    beds: 4,
    room_size: 32,
    max_adult: 4,
    max_children: 2,
  }),
  capacity: { item: 'room_stock', day: 'capacity' },
  calendar: {
    path: 'rooms_availibility',
    param: 'room_id',
    table: 'room_availability',
    column: 'room_id',
    values: (v) => ({ price: v.price, capacity: v.capacity, blocked: v.blocked }),
    price: 'price',
  },
  order: {
    item: (id, date, units) => ({
      kind: 'room',
      room_id: id,
      check_in: date,
      check_out: new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
      quantity: units,
      adults: 1,
      children: 0,
    }),
    amount: (price, units) => price * units,
  },
}
export default room
