/**
 * The floor of the list bench: the same SQL as the app's list call, served by
 * bare `node:http` and the database driver, with no framework, no validation
 * beyond reading three numbers, and no session. Run as a child process:
 *   FLOOR_DRIVER=pg|pglite  FLOOR_URL=postgres://…  |  FLOOR_DATA_DIR=…
 *   FLOOR_SQL, FLOOR_PARAMS (JSON; the positions of the patterns, limit and offset), FLOOR_POOL
 * It prints `LISTENING <port>` when ready.
 */
import http from 'node:http'
import pg from 'pg'
import { PGlite } from '@electric-sql/pglite'
import { pgliteExtensions } from '../src/db/extensions.js'

interface Template {
  params: unknown[]
  /** Every position of the search pattern (one per searchable column). */
  patterns: number[]
  limit: number
  offset: number
}
const text = process.env.FLOOR_SQL!
const tpl = JSON.parse(process.env.FLOOR_PARAMS!) as Template

let query: (params: unknown[]) => Promise<Array<Record<string, unknown>>>
if (process.env.FLOOR_DRIVER === 'pglite') {
  const client = new PGlite(process.env.FLOOR_DATA_DIR!, { extensions: pgliteExtensions })
  await client.waitReady
  query = async (params) => (await client.query<Record<string, unknown>>(text, params)).rows
} else {
  const pool = new pg.Pool({ connectionString: process.env.FLOOR_URL, max: Number(process.env.FLOOR_POOL ?? 20) })
  query = async (params) => (await pool.query(text, params)).rows
}

const server = http.createServer(async (req, res) => {
  try {
    const q = new URL(req.url ?? '/', 'http://x').searchParams
    const size = Number(q.get('size') ?? 10)
    const page = Number(q.get('page') ?? 0)
    const term = (q.get('search') ?? '')
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`)
    const params = [...tpl.params]
    for (const i of tpl.patterns) params[i] = `%${term}%`
    params[tpl.limit] = size
    params[tpl.offset] = page * size
    const rows = await query(params)
    const total = rows.length ? Number(rows[0]!.__total) : 0
    const data = rows.map(({ __total: _t, ...row }) => row)
    const pages = Math.ceil(total / size)
    const body = JSON.stringify({
      data,
      pagination: {
        total,
        currentPage: page,
        currentPageFront: page + 1,
        totalPages: Math.max(pages - 1, 0),
        totalPagesFront: pages,
      },
    })
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body)
  } catch (err) {
    res.writeHead(500).end(String(err))
  }
})
server.listen(0, '127.0.0.1', () => {
  const addr = server.address() as { port: number }
  console.log(`LISTENING ${addr.port}`)
})
