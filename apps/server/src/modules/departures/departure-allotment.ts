import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DepartureInput, OrderItemInput, OrderItemKind } from '@app/shared'
import type { Db } from '../../db/client.js'
import { rooms, type HeldClaim } from '../../db/schema/index.js'
import {
  StockShortfall,
  isStockCheckError,
  readShortfall,
  releaseStock,
  reserveStock,
  shortfallError,
} from '../../stock/index.js'
import { unprocessable } from '../../lib/errors.js'
import { ItemRefusal, claimsOf, orderKind, type PlanContext } from '../orders/kinds.js'
// Each kind registers its order adapter in its own catalogue module.
import '../hotels/rooms.order.js'
import '../train-routes/train-routes.order.js'
import '../transportations/transportations.order.js'
import '../ziyarah-tours/ziyarah-tours.order.js'

/**
 * A departure's allotment (issue 29): its stays, train seats, transfers and
 * tours, held in the stock ledger as one package through the same
 * reserve/release functions orders use (stock/ledger.ts). Each entry is
 * checked and its days' capacities read by the order kind that books that
 * catalogue item (its `*.order.ts`), so a departure obeys the same rules as an
 * order of the same item.
 */

/** One entry of a departure as the ledger sees it: where it is in the body, and the days it takes. */
export interface EntryPlan {
  /** `stays.1`: the 409 and the 422 name the entry by it. */
  key: string
  kind: OrderItemKind
  itemId: number
  variant: string
  quantity: number
  days: Array<{ day: string; capacity: number }>
}

type Errors = Record<string, Array<{ key: string; params?: Record<string, string | number> }>>

/** How a departure entry is booked: the order item its kind plans, and the entry's names of the kind's fields. */
interface EntryKind<E> {
  list: 'stays' | 'trains' | 'transfers' | 'ziyarah'
  item: (e: E) => OrderItemInput
  /** The order item's field -> the entry's (`adults` are a stay's rooms or a train's seats). */
  fields?: Record<string, string>
}

const stayKind: EntryKind<DepartureInput['stays'][number]> = {
  list: 'stays',
  // One traveller per room passes the room's adult limit; a stay is rooms, not heads.
  item: (s) =>
    ({
      kind: 'room',
      room_id: s.room_id,
      check_in: s.check_in,
      check_out: s.check_out,
      quantity: s.rooms,
      adults: s.rooms,
      children: 0,
      extras: [],
    }) as OrderItemInput,
  fields: { adults: 'rooms', children: 'rooms', quantity: 'rooms' },
}
const trainKind: EntryKind<DepartureInput['trains'][number]> = {
  list: 'trains',
  item: (s) =>
    ({
      kind: 'train',
      route_id: s.route_id,
      train_type: s.train_type,
      date: s.date,
      adults: s.seats,
      children: 0,
    }) as OrderItemInput,
  fields: { adults: 'seats', children: 'seats' },
}
const transferKind: EntryKind<DepartureInput['transfers'][number]> = {
  list: 'transfers',
  item: (s) =>
    ({
      kind: 'transportation',
      transportation_id: s.transportation_id,
      start_date: s.start_date,
      end_date: s.end_date,
    }) as OrderItemInput,
}

const tourKind: EntryKind<DepartureInput['ziyarah'][number]> = {
  list: 'ziyarah',
  item: (s) => ({ kind: 'ziyarah', tour_id: s.tour_id, date: s.date, adults: s.seats, children: 0 }) as OrderItemInput,
  fields: { adults: 'seats', children: 'seats' },
}

/**
 * Every entry of `input` checked and turned into the days it takes; every refusal of every entry comes back
 * at once as one 422 (`stays.1.room_id`). With `ctx.lock` the catalogue rows are held FOR SHARE, in (kind,
 * row) order like an order's, so a change of an item's stock waits for the departure and the other way round.
 */
export async function planAllotment(tx: Db, ctx: PlanContext, input: DepartureInput): Promise<EntryPlan[]> {
  const errors: Errors = {}
  const refuse = (key: string, field: string, msg: string, params?: Record<string, string | number>) =>
    (errors[`${key}.${field}`] ??= []).push({ key: msg, ...(params ? { params } : {}) })

  // A stay's room must be a room of its hotel, in the caller's company (another company's reads as missing).
  const roomIds = [...new Set(input.stays.map((s) => s.room_id))]
  const owned = roomIds.length
    ? await tx
        .select({ id: rooms.id, hotel_id: rooms.hotel_id })
        .from(rooms)
        .where(and(inArray(rooms.id, roomIds), eq(rooms.company_id, ctx.companyId)))
    : []
  const hotelOf = new Map(owned.map((r) => [r.id, r.hotel_id]))
  input.stays.forEach((s, i) => {
    const hotel = hotelOf.get(s.room_id)
    if (hotel === undefined) refuse(`stays.${i}`, 'room_id', 'field.not_found')
    else if (hotel !== s.hotel_id) refuse(`stays.${i}`, 'room_id', 'departures.room_of_hotel')
  })

  type Pending = { key: string; sortKind: string; ref: number; run: () => Promise<EntryPlan> }
  const pending: Pending[] = []
  const viaOrderKind = <E>(k: EntryKind<E>, entries: E[]) =>
    entries.forEach((e, i) => {
      const key = `${k.list}.${i}`
      if (errors[`${key}.room_id`]) return
      const item = k.item(e)
      const adapter = orderKind(item.kind)
      if (!adapter) throw new Error(`no order kind ${item.kind}`)
      pending.push({
        key,
        sortKind: item.kind,
        ref: adapter.refOf(item),
        run: async () => {
          try {
            const plan = await adapter.plan(tx, ctx, item)
            return { key, kind: plan.kind, itemId: plan.itemId, variant: plan.variant, quantity: plan.quantity, days: plan.days }
          } catch (err) {
            if (!(err instanceof ItemRefusal)) throw err
            const field = k.fields?.[err.field] ?? err.field
            throw new ItemRefusal(`${key}.${field}`, err.key, err.params)
          }
        },
      })
    })
  viaOrderKind(stayKind, input.stays)
  viaOrderKind(trainKind, input.trains)
  viaOrderKind(transferKind, input.transfers)
  viaOrderKind(tourKind, input.ziyarah)

  pending.sort((a, b) => a.sortKind.localeCompare(b.sortKind) || a.ref - b.ref || a.key.localeCompare(b.key))
  const plans = new Map<string, EntryPlan>()
  for (const p of pending) {
    try {
      plans.set(p.key, await p.run())
    } catch (err) {
      if (!(err instanceof ItemRefusal)) throw err
      ;(errors[err.field] ??= []).push({ key: err.key, params: err.params })
    }
  }
  if (Object.keys(errors).length) throw unprocessable(errors)
  // In the body's order: stays, trains, transfers, tours.
  const order = ['stays', 'trains', 'transfers', 'ziyarah']
  return [...plans.values()].sort((a, b) => {
    const [la, ia] = a.key.split('.')
    const [lb, ib] = b.key.split('.')
    return order.indexOf(la!) - order.indexOf(lb!) || Number(ia) - Number(ib)
  })
}

/** `items.N` of the ledger's answer -> the entry's key (`stays.1`). */
function named(plans: EntryPlan[], days: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(days).map(([k, v]) => [plans[Number(k.split('.')[1])]!.key, v]))
}

/**
 * Takes the planned entries' days in the ledger, all or nothing, and answers what is now held. A shortfall
 * is the 409 naming each short entry and its days (`{"stays.1": ["2027-02-27"]}`); the reservation runs in a
 * savepoint so a new day refused by the ledger's CHECK can still be read and named in this transaction.
 */
export async function holdAllotment(tx: Db, companyId: number, plans: EntryPlan[]): Promise<HeldClaim[]> {
  const claims = claimsOf(plans)
  try {
    await tx.transaction(async (sp) => reserveStock(sp as unknown as Db, companyId, claims))
  } catch (err) {
    if (err instanceof StockShortfall) throw shortfallError(named(plans, err.days))
    if (isStockCheckError(err)) {
      const days = await readShortfall(tx, claims)
      if (!Object.keys(days).length)
        for (const c of claims) {
          const list = (days[`items.${c.item}`] ??= [])
          if (!list.includes(c.day)) list.push(c.day)
        }
      throw shortfallError(named(plans, days))
    }
    throw err
  }
  return claims.map((c) => ({ kind: c.kind, itemId: c.itemId, variant: c.variant, day: c.day, quantity: c.quantity }))
}

/** Gives back what a departure held. */
export async function releaseAllotment(tx: Db, held: HeldClaim[]): Promise<void> {
  await releaseStock(
    tx,
    held.map((c) => ({ ...c, kind: c.kind as OrderItemKind })),
  )
}

/** What the departure's row says it holds, under the row's lock (the write's UPDATE took it). */
export async function heldBy(tx: Db, departureId: number): Promise<HeldClaim[]> {
  const res = (await tx.execute(sql`SELECT allotment FROM departures WHERE id = ${departureId} FOR UPDATE`)) as unknown as {
    rows: Array<{ allotment: HeldClaim[] | string }>
  }
  const raw = res.rows[0]?.allotment ?? []
  return typeof raw === 'string' ? (JSON.parse(raw) as HeldClaim[]) : raw
}
