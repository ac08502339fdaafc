/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest'
import { preloadScreen } from './registry'

/*
 * A signed-in page starts loading its screen from the address, and a list's first page with it (AppRoot, issue
 * 33 "Phone"): the address must find the screen AppArea routes it to, and name a list only at the list itself.
 */
describe('preloadScreen', () => {
  it("names the declaration of a list screen at the list's address", async () => {
    expect((await preloadScreen('/app/hotels'))?.name).toBe('hotels')
    expect((await preloadScreen('/app/category/'))?.name).toBe('categories')
    const desk = await preloadScreen('/app/order_hotel')
    expect(desk?.name).toBe('orders')
    expect(desk?.listParams).toEqual({ kind: 'hotel' })
  })

  it('names no list at a page form, an order, a calendar under a list, the dashboard or an unknown address', async () => {
    expect(await preloadScreen('/app/hotels/edit/3')).toBeUndefined()
    expect(await preloadScreen('/app/order_hotel/12')).toBeUndefined()
    expect(await preloadScreen('/app/rooms/5/availability')).toBeUndefined()
    expect(await preloadScreen('/app')).toBeUndefined()
    expect(await preloadScreen('/app/no-such-screen')).toBeUndefined()
    expect(await preloadScreen('/login')).toBeUndefined()
  })
})
