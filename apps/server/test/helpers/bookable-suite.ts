import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { ORDER_ITEM_KINDS } from '@app/shared'
import { crudSuite, type CrudCase, type SuiteContext } from './crud-suite.js'
import { createUserWithPermissions, type Actor } from './fixtures.js'

/**
 * The one table-driven suite for every bookable kind (issue 27): each kind is
 * one declaration in test/bookable-kinds/ and gets, through the HTTP API,
 *  - the list contract and CRUD of its item (the CRUD suite, test/helpers/crud-suite.ts);
 *  - its calendar: a range written (with a weekday mask) and read back with the
 *    item's defaults for days without a row, one row per day however it is
 *    rewritten or raced, 366 days in one call, bad ranges refused writing
 *    nothing, other companies' items 404, permissions, rows going with the item;
 *  - for a kind orders book (`ORDER_ITEM_KINDS`): the day's price against the
 *    item's, N simultaneous orders for the last units of a day (exactly the
 *    capacity succeeds, the rest 409 with the day), cancelling returns the
 *    stock, a capacity below what is booked refused with 409 and the days (the
 *    calendar's and the item's own), and a booked item's delete refused (409).
 * A kind's own rules (its fields, prices of extras, train classes…) stay in its module's tests.
 */

/** What a test asks of a new item: units a day and the default price of one unit. */
export interface ItemSpec {
  capacity: number
  price: number
}
/** A calendar day's values as the suite writes them. */
export interface DayValues {
  price: number
  capacity: number
  blocked: boolean
}

export interface BookableCase {
  /** The kind's name: its order item's `kind` (and its stock ledger's). */
  kind: string
  /** Its item resource in the CRUD suite (list contract, CRUD, permissions, tenancy, export). */
  crud: CrudCase
  /** A valid create body of a bookable (published, active) item of `who`'s company. */
  item(ctx: SuiteContext, who: Actor, spec: ItemSpec): Promise<Record<string, unknown>>
  /**
   * Where capacity lives: the item's field for days without a calendar row (`room_stock`), the calendar
   * day's field (`capacity`), or a fixed number of units a day (a vehicle: 1) when neither has one.
   */
  capacity: { item: string; day: string } | { fixed: number }
  calendar: {
    /** URL name under /api/v1 (`rooms_availibility`). */
    path: string
    /** The item's parameter on both calls (`room_id`). */
    param: string
    /** Keys of a day besides the item (a train's class), sent on both calls. */
    keys?: Record<string, string>
    /** The day table and its item column, to count the rows an item has. */
    table: string
    column: string
    /** The write's values for the suite's day values. */
    values(v: DayValues): Record<string, unknown>
    /** The day's (and the defaults') field orders charge one unit of. */
    price: string
  }
  order: {
    /** An order item taking `units` of the item's stock on `date` (one day). */
    item(id: number, date: string, units: number): Record<string, unknown>
    /** What `units` cost on a day priced `price`. */
    amount(price: number, units: number): number
  }
}

const DAY = 86_400_000
/** The UTC day `n` days from today. */
export const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10)
const isoWeekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay() || 7
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => day(from + i))

type Json = Record<string, unknown>
interface Stock {
  date: string
  capacity: number
  booked: number
  remaining: number
}

/** Declares the CRUD suite and the bookable suite for `cases` in the calling test file (one app for the file). */
export function bookableSuite(cases: BookableCase[]) {
  const ctx = crudSuite(cases.map((c) => c.crud))
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Actor = ctx.owner) =>
    ctx.t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    })

  describe.each(cases)('$kind: calendar and orders', (c) => {
    const cal = c.calendar
    const keys = cal.keys ?? {}
    const keyQuery = Object.entries(keys)
      .map(([k, v]) => `&${k}=${v}`)
      .join('')
    const fixed = 'fixed' in c.capacity ? c.capacity.fixed : undefined
    const dayCap = 'day' in c.capacity ? c.capacity.day : undefined
    const itemCap = 'item' in c.capacity ? c.capacity.item : undefined
    const books = (ORDER_ITEM_KINDS as readonly string[]).includes(c.kind)

    /** A new item of `who`'s company through the API: its id and the body it was made with. */
    const make = async (spec: ItemSpec, who: Actor = ctx.owner) => {
      const body = await c.item(ctx, who, spec)
      const res = await api('POST', `/${c.crud.name}`, body, who)
      expect(res.statusCode, res.body).toBe(200)
      return { id: res.json().data.id as number, body }
    }
    const read = (id: number, from: string, to: string, who: Actor = ctx.owner) =>
      api('GET', `/${cal.path}?${cal.param}=${id}${keyQuery}&start_date=${from}&end_date=${to}`, undefined, who)
    const write = (id: number, from: string, to: string, v: DayValues, over: Json = {}, who: Actor = ctx.owner) =>
      api('POST', `/${cal.path}`, { [cal.param]: id, ...keys, start_date: from, end_date: to, ...cal.values(v), ...over }, who)
    const rows = async (id: number) => {
      const res = (await ctx.t.app.db.execute(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(cal.table)} WHERE ${sql.identifier(cal.column)} = ${id}`,
      )) as unknown as { rows: Array<{ n: number }> }
      return Number(res.rows[0]!.n)
    }
    const order = (items: unknown[]) => ({ customer: { name: 'Nur Aisyah', passport_number: 'C7654321' }, items })
    const book = (id: number, date: string, units: number) => api('POST', '/orders', order([c.order.item(id, date, units)]))
    const cancel = (orderId: number) =>
      api('POST', `/orders/${orderId}/status`, { status: 'cancelled', reason: 'Customer changed plans' })
    const stockOf = async (id: number, from: string, to = from) => {
      const res = await read(id, from, to)
      expect(res.statusCode, res.body).toBe(200)
      return res.json().stock as Stock[]
    }

    describe('calendar', () => {
      it("writes a range on the weekdays asked for and reads it back, with the item's defaults for days without a row", async () => {
        const item = await make({ capacity: 6, price: 100 })
        const empty = await read(item.id, day(20), day(33))
        expect(empty.statusCode, empty.body).toBe(200)
        expect(empty.json()).toMatchObject({ data: [], stock: [] })
        expect(empty.json().defaults).toMatchObject({ [cal.price]: 100, blocked: false, ...(dayCap ? { [dayCap]: 6 } : {}) })

        const mask = [1, 3, 5]
        const res = await write(item.id, day(20), day(33), { price: 150.5, capacity: 4, blocked: false }, { weekdays: mask })
        expect(res.statusCode, res.body).toBe(200)
        const masked = range(20, 33).filter((d) => mask.includes(isoWeekday(d)))
        expect(res.json().written).toBe(masked.length)
        const month = (await read(item.id, day(20), day(33))).json()
        expect(month.data.map((d: Json) => d.date)).toEqual(masked)
        for (const d of month.data as Json[])
          expect(d).toMatchObject({
            id: expect.any(Number),
            [cal.param]: item.id,
            ...keys,
            [cal.price]: 150.5,
            blocked: false,
            ...(dayCap ? { [dayCap]: 4 } : {}),
          })

        // Rewriting overlapping days keeps one row per day, and each rewritten day its id.
        const again = await write(item.id, day(20), day(26), { price: 99, capacity: 2, blocked: true })
        expect(again.statusCode, again.body).toBe(200)
        expect(again.json().written).toBe(7)
        const after = (await read(item.id, day(20), day(33))).json().data as Json[]
        const union = [...new Set([...range(20, 26), ...masked])].sort()
        expect(after.map((d) => d.date)).toEqual(union)
        expect(await rows(item.id)).toBe(union.length)
        for (const d of after.filter((x) => (x.date as string) <= day(26)))
          expect(d).toMatchObject({ [cal.price]: 99, blocked: true, ...(dayCap ? { [dayCap]: 2 } : {}) })
        const firstId = (month.data as Json[])[0]!
        expect(after.find((d) => d.date === firstId.date)!.id).toBe(firstId.id)
        // A masked write over stored days answers every stored day of the range, and counts the days it wrote.
        const third = await write(item.id, day(20), day(33), { price: 77, capacity: 1, blocked: false }, { weekdays: mask })
        expect(third.statusCode, third.body).toBe(200)
        expect(third.json().data).toHaveLength(union.length)
        expect(third.json().written).toBe(masked.length)
      })

      it('writes 366 days in one call; refuses 367, a reversed range and a mask with no day of it, writing nothing', async () => {
        const item = await make({ capacity: 3, price: 80 })
        const v = { price: 90, capacity: 2, blocked: false }
        const year = await write(item.id, day(400), day(765), v)
        expect(year.statusCode, year.body).toBe(200)
        expect(year.json().data).toHaveLength(366)
        const other = await make({ capacity: 3, price: 80 })
        const start = day(40)
        const oneDay = [1, 2, 3, 4, 5, 6, 7].filter((w) => w !== isoWeekday(start))
        for (const [what, res, field] of [
          ['367 days', await write(other.id, day(400), day(766), v), 'end_date'],
          ['a reversed range', await write(other.id, day(41), day(40), v), 'end_date'],
          ['a mask with no day of the range', await write(other.id, start, start, v, { weekdays: oneDay }), 'weekdays'],
          ['no item', await write(other.id, day(40), day(41), v, { [cal.param]: undefined }), cal.param],
          ['a weekday of 8', await write(other.id, day(40), day(47), v, { weekdays: [8] }), 'weekdays.0'],
        ] as const) {
          expect(res.statusCode, `${what}: ${res.body}`).toBe(422)
          expect(res.json().errors[field], what).toEqual([expect.any(String)])
        }
        expect(await rows(other.id)).toBe(0)
        const badRead = await api(
          'GET',
          `/${cal.path}?${cal.param}=${other.id}${keyQuery}&start_date=${day(41)}&end_date=${day(40)}`,
        )
        expect(badRead.statusCode).toBe(422)
      })

      it("answers 404 for a missing item or another company's, on both calls, writing nothing", async () => {
        const foreign = await make({ capacity: 3, price: 80 }, ctx.other)
        const v = { price: 1, capacity: 1, blocked: false }
        for (const res of [
          await write(99_999_999, day(20), day(21), v),
          await write(foreign.id, day(20), day(21), v),
          await read(foreign.id, day(20), day(21)),
        ]) {
          expect(res.statusCode, res.body).toBe(404)
          expect(res.json()).toEqual({ message: 'Data Not Found' })
        }
        expect(await rows(foreign.id)).toBe(0)
      })

      it(`reads with the item's _view permission and writes only with its _update`, async () => {
        const item = await make({ capacity: 3, price: 80 })
        const who = (perms: string[]) => createUserWithPermissions(ctx.t.app, ctx.owner.companyId, perms)
        const [viewer, lister, updater] = [
          await who([`${c.crud.entity}_view`]),
          await who([`${c.crud.entity}_list`]),
          await who([`${c.crud.entity}_update`]),
        ]
        const v = { price: 1, capacity: 1, blocked: false }
        expect((await read(item.id, day(20), day(21), viewer)).statusCode).toBe(200)
        expect((await read(item.id, day(20), day(21), lister)).statusCode).toBe(403)
        expect((await write(item.id, day(20), day(21), v, {}, viewer)).statusCode).toBe(403)
        expect((await write(item.id, day(20), day(21), v, {}, updater)).statusCode).toBe(200)
        expect((await ctx.t.app.inject({ method: 'GET', url: `/api/v1/${cal.path}?${cal.param}=${item.id}` })).statusCode).toBe(
          401,
        )
      })

      it('makes one row per day when overlapping ranges are written at once', async () => {
        const item = await make({ capacity: 3, price: 80 })
        const results = await Promise.all(
          [0, 1, 2, 3].map((i) => write(item.id, day(20 + i), day(29 + i), { price: 100 + i, capacity: 1, blocked: false })),
        )
        for (const r of results) expect(r.statusCode, r.body).toBe(200)
        expect(await rows(item.id)).toBe(13)
      })

      it('goes with the item when it is deleted', async () => {
        const item = await make({ capacity: 3, price: 80 })
        expect((await write(item.id, day(20), day(22), { price: 1, capacity: 1, blocked: false })).statusCode).toBe(200)
        expect(await rows(item.id)).toBe(3)
        expect((await api('DELETE', `/${c.crud.name}/${item.id}`)).statusCode).toBe(200)
        expect(await rows(item.id)).toBe(0)
        expect((await read(item.id, day(20), day(22))).statusCode).toBe(404)
      })
    })

    describe.runIf(books)('orders', () => {
      it("prices a day from its calendar row, else from the item's price", async () => {
        const item = await make({ capacity: 5, price: 100 })
        const units = fixed ?? 2
        expect((await write(item.id, day(31), day(31), { price: 130.25, capacity: 5, blocked: false })).statusCode).toBe(200)
        const items = [c.order.item(item.id, day(30), units), c.order.item(item.id, day(31), units)]
        const quote = await api('POST', '/orders/quote', order(items))
        expect(quote.statusCode, quote.body).toBe(200)
        const amounts = [c.order.amount(100, units), c.order.amount(130.25, units)]
        expect(quote.json().data.items.map((i: Json) => i.amount)).toEqual(amounts)
        // The saved order is priced on the server, whatever total the client sends.
        const made = await api('POST', '/orders', { ...order(items), total: 1 })
        expect(made.statusCode, made.body).toBe(200)
        expect(made.json().data.total).toBe(amounts[0]! + amounts[1]!)
      })

      describe('the last units of a day', () => {
        const capacity = fixed ?? 3
        const date = day(45)
        let item: { id: number }
        let accepted: number[] = []

        beforeAll(async () => {
          item = await make({ capacity, price: 100 })
        })

        it(`gives them to exactly as many of N simultaneous orders; the others get 409 with the day`, async () => {
          const n = 8 * capacity
          const results = await Promise.all(Array.from({ length: n }, () => book(item.id, date, 1)))
          const ok = results.filter((r) => r.statusCode === 200)
          const refused = results.filter((r) => r.statusCode !== 200)
          expect(ok).toHaveLength(capacity)
          for (const r of refused) {
            expect(r.statusCode, r.body).toBe(409)
            expect(r.json().errors).toEqual({ 'items.0': [date] })
          }
          accepted = ok.map((r) => r.json().data.id as number)
          expect(await stockOf(item.id, date)).toEqual([{ date, capacity, booked: capacity, remaining: 0 }])
        })

        it('returns a unit to the stock when an order is cancelled, for the next order to take', async () => {
          expect(accepted).toHaveLength(capacity)
          const res = await cancel(accepted[0]!)
          expect(res.statusCode, res.body).toBe(200)
          // The read lists the days something is booked on.
          expect(await stockOf(item.id, date)).toEqual(
            capacity > 1 ? [{ date, capacity, booked: capacity - 1, remaining: 1 }] : [],
          )
          const next = await book(item.id, date, 1)
          expect(next.statusCode, next.body).toBe(200)
          expect((await book(item.id, date, 1)).statusCode).toBe(409)
          expect(await stockOf(item.id, date)).toEqual([{ date, capacity, booked: capacity, remaining: 0 }])
        })
      })

      it('refuses a calendar capacity below what is booked, or blocking a booked day, with 409 and the days', async () => {
        const item = await make({ capacity: 5, price: 100 })
        const held = fixed ?? 3
        for (const n of [51, 53]) expect((await book(item.id, day(n), held)).statusCode).toBe(200)
        const v = { price: 120, capacity: 5, blocked: false }
        if (dayCap) {
          const low = await write(item.id, day(50), day(54), { ...v, capacity: held - 1 })
          expect(low.statusCode, low.body).toBe(409)
          expect(low.json().errors).toEqual({ [dayCap]: [day(51), day(53)] })
          // Each refused day with what it holds, for the calendar to say.
          expect(low.json().booked).toEqual([
            { date: day(51), booked: held },
            { date: day(53), booked: held },
          ])
        }
        const blocked = await write(item.id, day(50), day(54), { ...v, blocked: true })
        expect(blocked.statusCode, blocked.body).toBe(409)
        expect(blocked.json().errors).toEqual({ blocked: [day(51), day(53)] })
        // Nothing of the refused writes stayed.
        const month = (await read(item.id, day(50), day(54))).json()
        expect(month.data).toEqual([])
        expect(month.stock.map((s: Stock) => [s.date, s.booked])).toEqual([
          [day(51), held],
          [day(53), held],
        ])
        // Down to exactly what is booked is allowed; the days are then full.
        const exact = await write(item.id, day(50), day(54), { ...v, capacity: held })
        expect(exact.statusCode, exact.body).toBe(200)
        expect((await book(item.id, day(51), 1)).statusCode).toBe(409)
        expect((await book(item.id, day(52), held)).statusCode).toBe(200)
      })

      it.runIf(itemCap)("refuses lowering the item's own capacity below what days without a calendar row hold", async () => {
        const item = await make({ capacity: 5, price: 100 })
        expect((await book(item.id, day(60), 4)).statusCode).toBe(200)
        const low = await api('PUT', `/${c.crud.name}/${item.id}`, { ...item.body, [itemCap!]: 3 })
        expect(low.statusCode, low.body).toBe(409)
        expect(low.json().errors).toEqual({ [itemCap!]: [day(60)] })
        expect(low.json().booked).toEqual([{ date: day(60), booked: 4 }])
        const exact = await api('PUT', `/${c.crud.name}/${item.id}`, { ...item.body, [itemCap!]: 4 })
        expect(exact.statusCode, exact.body).toBe(200)
        expect((await book(item.id, day(60), 1)).statusCode).toBe(409)
      })

      it('refuses deleting an item open orders hold (409), and deletes it once they are cancelled', async () => {
        const item = await make({ capacity: 5, price: 100 })
        const made = await book(item.id, day(70), 1)
        expect(made.statusCode, made.body).toBe(200)
        const refused = await api('DELETE', `/${c.crud.name}/${item.id}`)
        expect(refused.statusCode, refused.body).toBe(409)
        expect(refused.json().message).toBe('Booked by 1 open order(s): cancel or complete them first')
        expect((await api('GET', `/${c.crud.name}/${item.id}`)).statusCode).toBe(200)
        expect((await cancel(made.json().data.id)).statusCode).toBe(200)
        expect((await api('DELETE', `/${c.crud.name}/${item.id}`)).statusCode).toBe(200)
        // The cancelled order stays readable.
        expect((await api('GET', `/orders/${made.json().data.id}`)).statusCode).toBe(200)
      })
    })
  })

  return ctx
}
