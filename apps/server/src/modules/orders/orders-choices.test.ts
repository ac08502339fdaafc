import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createHotelRoom, createTrainRoute, createVehicle } from '../../../test/helpers/bookables.js'
import { createCompany, createUserWithPermissions, type Actor } from '../../../test/helpers/fixtures.js'
import type { Db } from '../../db/client.js'

/**
 * GET /orders/choices/{source}: what an order item is chosen from, under the
 * desk's permission (a clerk with only order rights still sees the names), only
 * bookable rows, only the caller's company.
 */

let t: TestApp
let owner: Actor
let hotelClerk: Actor
let trainClerk: Actor
const ids = {
  room: 0,
  hotel: 0,
  draftRoom: 0,
  draftHotel: 0,
  inactiveRoom: 0,
  route: 0,
  inactiveRoute: 0,
  vehicle: 0,
  draftVehicle: 0,
  theirRoom: 0,
}

const db = () => t.app.db as Db
const get = (url: string, who: Actor) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who.headers })
const idsOf = (res: { json: () => { data: Array<{ id: number }> } }) => res.json().data.map((r) => r.id)

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  const other = (await createCompany(t.app)).owner
  const open = await createHotelRoom(db(), owner.companyId)
  ids.room = open.roomId
  ids.hotel = open.hotelId
  const draft = await createHotelRoom(db(), owner.companyId, { status: 'draft' })
  ids.draftRoom = draft.roomId
  ids.draftHotel = draft.hotelId
  ids.inactiveRoom = (await createHotelRoom(db(), owner.companyId, {}, { is_active: false })).roomId
  ids.route = await createTrainRoute(db(), owner.companyId)
  ids.inactiveRoute = await createTrainRoute(db(), owner.companyId, { is_active: false })
  ids.vehicle = await createVehicle(db(), owner.companyId)
  ids.draftVehicle = await createVehicle(db(), owner.companyId, { status: 'draft' })
  ids.theirRoom = (await createHotelRoom(db(), other.companyId)).roomId
  hotelClerk = await createUserWithPermissions(t.app, owner.companyId, ['order_hotel_list', 'order_hotel_create'])
  trainClerk = await createUserWithPermissions(t.app, owner.companyId, ['order_train_list', 'order_train_create'])
})
afterAll(async () => {
  await t?.close()
})

describe('GET /orders/choices/{source}', () => {
  it('gives a hotel desk clerk without catalogue rights the bookable rooms with their hotel', async () => {
    expect((await get('/rooms?export_data=true', hotelClerk)).statusCode).toBe(403)
    const res = await get('/orders/choices/rooms?export_data=true&is_active=true', hotelClerk)
    expect(res.statusCode, res.body).toBe(200)
    expect(idsOf(res)).toEqual([ids.room])
    const [room] = res.json().data
    expect(room).toMatchObject({ hotel_id: ids.hotel, hotel: { id: ids.hotel } })
    expect(typeof room.name).toBe('string')
    // Hotels: the published ones (the one whose only room is inactive too), never the draft one.
    const hotels = idsOf(await get('/orders/choices/hotels', hotelClerk))
    expect(hotels).toContain(ids.hotel)
    expect(hotels).not.toContain(ids.draftHotel)
  })

  it('lists only active routes and published vehicles of the caller', async () => {
    expect(idsOf(await get('/orders/choices/trains_route', trainClerk))).toEqual([ids.route])
    const vehicles = await get('/orders/choices/transportations', owner)
    expect(idsOf(vehicles)).toEqual([ids.vehicle])
    expect(idsOf(await get('/orders/choices/rooms', owner))).not.toContain(ids.theirRoom)
  })

  it('refuses a source of a desk the caller does not hold, and an unknown source', async () => {
    expect((await get('/orders/choices/trains_route', hotelClerk)).statusCode).toBe(403)
    expect((await get('/orders/choices/rooms', trainClerk)).statusCode).toBe(403)
    const bad = await get('/orders/choices/users', owner)
    expect(bad.statusCode).toBe(422)
  })
})
