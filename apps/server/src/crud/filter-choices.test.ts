import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/helpers/app.js'
import { createHotelRoom } from '../../test/helpers/bookables.js'
import { createCompany, createUserWithPermissions, type Actor } from '../../test/helpers/fixtures.js'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { locations as locationRows } from '../db/schema/index.js'

/**
 * A list's filter choices are readable by whoever may read the list (issue 32, item 7): a clerk holding
 * `hotel_list` but not `location_list` or `category_list` gets the hotel list's Location and Category
 * choices, of their company only, sorted by name; without `hotel_list`, 403.
 */
let t: TestApp
let owner: Actor
let other: Actor
let clerk: Actor
const get = (who: Actor, url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who.headers })

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
  clerk = await createUserWithPermissions(t.app, owner.companyId, ['hotel_list', 'hotel_view'])
  await createHotelRoom(t.app.db as Db, owner.companyId)
  await createHotelRoom(t.app.db as Db, other.companyId)
  for (const name of ['Zamzam Tower', 'Bintang Lima']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/categories',
      headers: owner.headers,
      payload: { name, description: name, is_active: true },
    })
    expect(res.statusCode, res.body).toBe(200)
  }
})
afterAll(async () => {
  await t?.close()
})

describe('filter choices', () => {
  it('a clerk who may not read the catalogue lists still gets the hotel filters choices', async () => {
    expect((await get(clerk, '/locations?export_data=true')).statusCode).toBe(403)
    expect((await get(clerk, '/categories?export_data=true')).statusCode).toBe(403)
    const locations = await get(clerk, '/hotels/choices/location_id')
    expect(locations.statusCode, locations.body).toBe(200)
    const ownLocations = (
      await t.app.db.select({ name: locationRows.name }).from(locationRows).where(eq(locationRows.company_id, owner.companyId))
    ).map((l) => l.name)
    expect(locations.json().data.map((r: { name: string }) => r.name)).toEqual(ownLocations.sort())
    const categories = await get(clerk, '/hotels/choices/category_id')
    expect(categories.json().data.map((r: { name: string }) => r.name)).toEqual(['Bintang Lima', 'Zamzam Tower'])
    expect(Object.keys(categories.json().data[0]).sort()).toEqual(['id', 'name'])
  })

  it('the rooms list offers its hotels the same way', async () => {
    const roomClerk = await createUserWithPermissions(t.app, owner.companyId, ['room_list'])
    const res = await get(roomClerk, '/rooms/choices/hotel_id')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toHaveLength(1)
  })

  it('is refused without the list permission, and is not offered for a filter without choices', async () => {
    const nobody = await createUserWithPermissions(t.app, owner.companyId, ['location_list'])
    expect((await get(nobody, '/hotels/choices/location_id')).statusCode).toBe(403)
    expect((await get(clerk, '/hotels/choices/status')).statusCode).toBe(404)
  })
})
