/**
 * The floor of the calls bench (bench/calls.bench.ts): each path answers with
 * the naive SQL the engine sent before counters (captured from it), run by bare
 * `node:http` and the driver — no framework, no validation, no session. A call's
 * queries run side by side on the pool, as the engine runs page and count.
 *   FLOOR_DRIVER=pg|pglite  FLOOR_URL=postgres://…  |  FLOOR_DATA_DIR=…  FLOOR_POOL
 *   FLOOR_CALLS: JSON { "/path": { kind: 'page' | 'windowed' | 'row', queries: [{ sql, params }] } }
 * It prints `LISTENING <port>` when ready.
 */
import http from 'node:http'
import pg from 'pg'
import { PGlite } from '@electric-sql/pglite'
import { pgliteExtensions } from '../src/db/extensions.js'

export interface FloorCall {
  /** page: rows + a count query; windowed: rows carrying __total; row: one row. */
  kind: 'page' | 'windowed' | 'row'
  size: number
  queries: Array<{ sql: string; params: unknown[] }>
}
const calls = JSON.parse(process.env.FLOOR_CALLS!) as Record<string, FloorCall>

let query: (text: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>
if (process.env.FLOOR_DRIVER === 'pglite') {
  const client = new PGlite(process.env.FLOOR_DATA_DIR!, { extensions: pgliteExtensions })
  await client.waitReady
  query = async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows
} else {
  const pool = new pg.Pool({ connectionString: process.env.FLOOR_URL, max: Number(process.env.FLOOR_POOL ?? 20) })
  query = async (text, params) => (await pool.query(text, params)).rows
}

const paging = (total: number, size: number) => {
  const pages = Math.ceil(total / size)
  return { total, currentPage: 0, currentPageFront: 1, totalPages: Math.max(pages - 1, 0), totalPagesFront: pages }
}

const server = http.createServer(async (req, res) => {
  try {
    const call = calls[new URL(req.url ?? '/', 'http://x').pathname]
    if (!call) return res.writeHead(404).end()
    const results = await Promise.all(call.queries.map((q) => query(q.sql, q.params)))
    let body: unknown
    if (call.kind === 'row') {
      body = { data: results[0]![0] }
    } else if (call.kind === 'page') {
      body = { data: results[0], pagination: paging(Number(Object.values(results[1]![0]!)[0]), call.size) }
    } else {
      const rows = results[0]!
      const total = rows.length ? Number(rows[0]!.__total) : 0
      body = { data: rows.map(({ __total: _t, ...row }) => row), pagination: paging(total, call.size) }
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body))
  } catch (err) {
    res.writeHead(500).end(String(err))
  }
})
server.listen(0, '127.0.0.1', () => {
  const addr = server.address() as { port: number }
  console.log(`LISTENING ${addr.port}`)
})
