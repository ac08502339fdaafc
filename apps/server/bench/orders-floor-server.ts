/**
 * The floor of the orders bench (issue 33, "Bookings"): bare `node:http` + `pg` whose POST runs, in one
 * transaction, only the writes an order must make — the stock upsert (the conditional upsert of
 * stock/ledger.ts reserveStock), the order row and its item row — one statement each, on tables shaped
 * like the app's (`FLOOR_TABLES` in orders.bench.ts: the same columns, checks, indexes and foreign keys, without the app's
 * triggers), so the floor and the app never touch each other's rows. No framework, no validation, no
 * session, no order number, no counters, no audit.
 *   FLOOR_URL=postgres://…  FLOOR_POOL  FLOOR_COMPANY (the company the rows belong to)
 *   POST / with { room_id, day, quantity }: 200 { id }, 409 when the stock refused.
 * It prints `LISTENING <port>` when ready.
 */
import http from 'node:http'
import pg from 'pg'

const STOCK = `
  INSERT INTO floor_stock AS s (company_id, kind, item_id, variant, day, capacity, booked)
  VALUES ($1, 'room', $2, '', $3::date, $4, $5)
  ON CONFLICT (kind, item_id, variant, day) DO UPDATE SET booked = s.booked + excluded.booked
  WHERE s.booked + excluded.booked <= s.capacity
  RETURNING s.day`
const ORDER = `
  INSERT INTO floor_orders (company_id, code, status, customer_name, customer_passport_number, items_summary,
                            start_date, end_date, total)
  VALUES ($1, $2, 'pending', $3, $4, $5, $6::date, $6::date + 1, $7) RETURNING id`
const ITEM = `
  INSERT INTO floor_order_items (order_id, company_id, position, kind, item_id, item_name, start_date, end_date,
                                 quantity, adults, amount)
  VALUES ($1, $2, 0, 'room', $3, $4, $5::date, $5::date, $6, 1, $7)`

const company = Number(process.env.FLOOR_COMPANY)
const capacity = Number(process.env.FLOOR_CAPACITY ?? 10_000_000)
const pool = new pg.Pool({ connectionString: process.env.FLOOR_URL, max: Number(process.env.FLOOR_POOL ?? 20) })
let n = 0

async function book(o: { room_id: number; day: string; quantity: number }): Promise<number | undefined> {
  const c = await pool.connect()
  try {
    await c.query('BEGIN')
    const stock = await c.query(STOCK, [company, o.room_id, o.day, capacity, o.quantity])
    if (!stock.rowCount) {
      await c.query('ROLLBACK')
      return undefined
    }
    const code = `FLOOR-${process.pid}-${++n}`
    const order = await c.query(ORDER, [company, code, 'Bench Customer', 'B1234567', 'Room', o.day, 500])
    const id = order.rows[0].id as number
    await c.query(ITEM, [id, company, o.room_id, 'Room', o.day, o.quantity, 500])
    await c.query('COMMIT')
    return id
  } catch (err) {
    await c.query('ROLLBACK').catch(() => {})
    throw err
  } finally {
    c.release()
  }
}

const server = http.createServer((req, res) => {
  let body = ''
  req.on('data', (d: Buffer) => (body += d.toString()))
  req.on('end', async () => {
    try {
      const id = await book(JSON.parse(body))
      if (id === undefined) res.writeHead(409).end('{"message":"shortfall"}')
      else res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ id }))
    } catch (err) {
      res.writeHead(500).end(String(err))
    }
  })
})
server.listen(0, '127.0.0.1', () => {
  const addr = server.address() as { port: number }
  console.log(`LISTENING ${addr.port}`)
})
