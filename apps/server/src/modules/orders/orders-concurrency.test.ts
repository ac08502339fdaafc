import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderInputSchema } from '@app/shared'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createHotelRoom } from '../../../test/helpers/bookables.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'
import { counterDrift } from '../../crud/counters.js'
import type { Db } from '../../db/client.js'
import { loadSession } from '../../lib/sessions.js'
import { addDays } from './kinds.js'
import { createOrder } from './order-writes.js'

/**
 * Issue 33: orders of one company for different items do not serialise on one row. One order's
 * transaction is held open after all its writes; another order of the same company, for another room,
 * completes meanwhile. Then the first commits: both codes are unique and consecutive, the counters exact.
 * PostgreSQL only (PGlite runs one transaction at a time, so the second would always wait).
 */
const onPostgres = process.env.TEST_DB === 'pg' && !!process.env.TEST_DATABASE_URL

let t: TestApp
let owner: Actor
const day = (n: number) => addDays(new Date().toISOString().slice(0, 10), n)
const db = () => t.app.db as Db
const stay = (roomId: number) => ({
  customer: { name: 'Rahmat Hidayat' },
  items: [{ kind: 'room', room_id: roomId, check_in: day(20), check_out: day(21), quantity: 1, adults: 1, children: 0 }],
})

describe.skipIf(!onPostgres)('orders of one company for different items', () => {
  beforeAll(async () => {
    t = await buildTestApp()
    owner = (await createCompany(t.app)).owner
  })
  afterAll(async () => {
    await t?.close()
  })

  it('complete while another order of the company holds its transaction open', async () => {
    const a = await createHotelRoom(db(), owner.companyId)
    const b = await createHotelRoom(db(), owner.companyId)
    const auth = (await loadSession(db(), owner.token))!
    let held!: () => void
    let release!: () => void
    const isHeld = new Promise<void>((r) => (held = r))
    const released = new Promise<void>((r) => (release = r))
    const first = db().transaction(async (tx) => {
      const id = await createOrder(tx as unknown as Db, auth, orderInputSchema.parse(stay(a.roomId)))
      held()
      await released
      return id
    })
    await isHeld
    const second = t.app.inject({ method: 'POST', url: '/api/v1/orders', headers: owner.headers, payload: stay(b.roomId) })
    const waited = await Promise.race([second.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 5_000))])
    release()
    const firstId = await first
    const res = await second
    expect(waited, 'the second order waited for the first one to commit').toBe(false)
    expect(res.statusCode, res.body).toBe(200)
    const codes = (
      (await db().execute(`SELECT code FROM orders WHERE company_id = ${owner.companyId} ORDER BY code`)) as unknown as {
        rows: Array<{ code: string }>
      }
    ).rows.map((r) => r.code)
    const year = new Date().getUTCFullYear()
    expect(codes).toEqual([`ORD-${year}-000001`, `ORD-${year}-000002`])
    expect(firstId).toBeGreaterThan(0)
    expect(await counterDrift(db())).toEqual([])
  })
})
