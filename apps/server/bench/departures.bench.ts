/**
 * The departures bench (issue 29), against the real server (`dist/server.js`, as `npm start` runs it):
 *   - opening a departure (draft to open) of 2 hotels x 12 nights x 12 rooms, a train and 2 transfers:
 *     its whole allotment (288 room-nights, the seats, 2 vehicles' days) reserved in one transaction;
 *     one open after another, p50 and p99 over OPENS departures (the issue's bar: p99 at most 100 ms);
 *   - 1,100 bookings of one pilgrim each onto one departure with a quota of 1,000, at 50 connections:
 *     exactly 1,000 succeed, the rest are 409, seats sold ends at 1,000 (none oversold); throughput;
 *   - the floor, in the same run: GET /healthz at 50 connections, so the ratio survives a loaded machine.
 *
 *   npm run bench -- departures
 *   BENCH_DRIVERS=pg,pglite npm run bench -- departures
 */
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import autocannon, { type Result } from 'autocannon'
import { createPgDatabase, openDatabase, seedBenchData } from './fixtures.js'
import { startApp, stop } from './harness.js'
import { createHotelRoom, createTrainRoute, createVehicle } from '../test/helpers/bookables.js'
import { addDays } from '../src/modules/orders/kinds.js'

const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pg').split(',') as Array<'pglite' | 'pg'>
const OPENS = Number(process.env.BENCH_OPENS ?? 100)
const QUOTA = 1000
const BOOKINGS = 1100
const CONNECTIONS = 50

const today = new Date().toISOString().slice(0, 10)
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!
const ms = (v: number) => `${v.toFixed(1)} ms`

async function call(base: string, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${text}`)
  return JSON.parse(text).data
}

function burst(url: string, headers: Record<string, string>, amount: number, body?: (n: number) => unknown) {
  let n = 0
  return new Promise<Result>((resolve, reject) =>
    autocannon(
      {
        url,
        method: body ? 'POST' : 'GET',
        connections: CONNECTIONS,
        ...(amount ? { amount } : { duration: 5 }),
        timeout: 30,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body
          ? { requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: JSON.stringify(body(n++)) }) }] }
          : {}),
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    ),
  )
}

export default async function departuresBench() {
  const children: ChildProcess[] = []
  try {
    for (const driver of DRIVERS) {
      console.log(`\n=== departures on ${driver}`)
      const pgDb = driver === 'pg' ? await createPgDatabase('bench_departures') : undefined
      const dataDir = driver === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-departures-')) : undefined
      try {
        const database = openDatabase({ url: pgDb?.url, dataDir })
        const { token, companyId } = await seedBenchData(database, 10)
        const db = database.db
        // Stock for every open at once: 12 rooms x OPENS departures a night per hotel, seats and vehicle days.
        const madinah = await createHotelRoom(db, companyId, {}, { room_stock: 12 * OPENS + 600, price: 400 })
        const makkah = await createHotelRoom(db, companyId, {}, { room_stock: 12 * OPENS + 600, price: 500 })
        const route = await createTrainRoute(db, companyId, { max_passengers: Math.min(5000, 40 * OPENS + 100) })
        // A vehicle serves one booking a day: two of their own for each departure.
        const cars: number[] = []
        for (let i = 0; i < 2 * (OPENS + 1); i++) cars.push(await createVehicle(db, companyId, { max_day: 5 }))
        // Pilgrims to book: one per booking, passports valid for years.
        await db.execute(sql`
          INSERT INTO pilgrims (company_id, full_name, gender, birth_date, passport_number, passport_expiry)
          SELECT ${companyId}, 'Jamaah ' || g, 'male', '1980-01-01', 'B' || lpad(g::text, 7, '0'), ${addDays(today, 3650)}::date
          FROM generate_series(1, ${BOOKINGS}) g`)
        await db.execute(sql`ANALYZE`)
        const pilgrimIds = (
          (await db.execute(sql`SELECT id FROM pilgrims WHERE company_id = ${companyId} ORDER BY id`)) as unknown as {
            rows: Array<{ id: number }>
          }
        ).rows.map((r) => r.id)
        await database.close()

        const app = await startApp({ url: pgDb?.url, dataDir }, { LOG_LEVEL: 'warn' })
        children.push(app.child)
        const base = `http://127.0.0.1:${app.port}`
        const headers = { authorization: `Bearer ${token}` }
        const D = addDays(today, 40)
        const body = (code: string, n: number, over: Record<string, unknown> = {}) => ({
          code,
          name: 'Bench departure',
          departure_date: D,
          return_date: addDays(D, 24),
          seats: 40,
          prices: [{ room_type: 'quad', price: 2500, currency: 'SAR' }],
          stays: [
            {
              hotel_id: madinah.hotelId,
              room_id: madinah.roomId,
              room_type: 'quad',
              check_in: D,
              check_out: addDays(D, 12),
              rooms: 12,
            },
            {
              hotel_id: makkah.hotelId,
              room_id: makkah.roomId,
              room_type: 'quad',
              check_in: addDays(D, 12),
              check_out: addDays(D, 24),
              rooms: 12,
            },
          ],
          trains: [{ route_id: route, train_type: 'economy', date: addDays(D, 12), seats: 40 }],
          transfers: [0, 1].map((i) => ({
            transportation_id: cars[2 * n + i]!,
            start_date: addDays(D, i * 24),
            end_date: addDays(D, i * 24),
          })),
          status: 'draft',
          ...over,
        })

        // Opening: drafts made first, then opened one after another, each timed from the client.
        const drafts: Array<Record<string, unknown>> = []
        for (let i = 0; i < OPENS; i++) drafts.push(await call(base, token, 'POST', '/departures', body(`B-${i}`, i)))
        const times: number[] = []
        for (const d of drafts) {
          const t0 = performance.now()
          await call(base, token, 'PUT', `/departures/${d.id}`, { ...d, status: 'open' })
          times.push(performance.now() - t0)
        }
        times.sort((a, b) => a - b)
        const p99 = percentile(times, 0.99)
        console.log(
          `  open (2 hotels x 12 nights x 12 rooms, train, 2 transfers), ${OPENS} one after another: ` +
            `p50 ${ms(percentile(times, 0.5))}  p99 ${ms(p99)}  ${p99 <= 100 ? 'within' : 'OVER'} the 100 ms bar`,
        )

        // Booking: 1,100 one-pilgrim bookings onto a departure of 1,000 seats (500 quad rooms a night sleep 2,000).
        const big = await call(
          base,
          token,
          'POST',
          '/departures',
          body('B-BIG', OPENS, {
            seats: QUOTA,
            status: 'open',
            trains: [],
            transfers: [],
            stays: [
              {
                hotel_id: madinah.hotelId,
                room_id: madinah.roomId,
                room_type: 'quad',
                check_in: D,
                check_out: addDays(D, 12),
                rooms: 500,
              },
              {
                hotel_id: makkah.hotelId,
                room_id: makkah.roomId,
                room_type: 'quad',
                check_in: addDays(D, 12),
                check_out: addDays(D, 24),
                rooms: 500,
              },
            ],
          }),
        )
        const floor = await burst(`${base}/healthz`, headers, 0)
        const booking = await burst(`${base}/api/v1/orders`, headers, BOOKINGS, (n) => ({
          customer: { name: `Bench ${n}` },
          items: [
            { kind: 'departure', departure_id: big.id, room_type: 'quad', pilgrim_ids: [pilgrimIds[n % pilgrimIds.length]] },
          ],
        }))
        const after = await call(base, token, 'GET', `/departures/${big.id}`)
        const rps = booking.requests.total / (booking.duration || 1)
        console.log(`  floor GET /healthz, ${CONNECTIONS} connections: ${floor.requests.average.toFixed(0)} req/s`)
        console.log(
          `  ${BOOKINGS} bookings at ${CONNECTIONS} connections onto ${QUOTA} seats: 2xx ${booking['2xx']}  non-2xx ${booking.non2xx}  ` +
            `errors ${booking.errors + booking.timeouts}  ${rps.toFixed(0)} bookings/s (= ${(rps / floor.requests.average).toFixed(3)} x floor)  ` +
            `p50 ${booking.latency.p50} ms  p99 ${booking.latency.p99} ms  seats sold ${after.seats_sold}` +
            `${after.seats_sold === QUOTA && booking['2xx'] === QUOTA ? '  (none oversold)' : '  MISMATCH'}`,
        )
        await stop(app.child)
      } finally {
        await pgDb?.drop()
        if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
      }
    }
  } finally {
    for (const c of children) await stop(c).catch(() => {})
  }
}
