import autocannon from 'autocannon'
import http from 'node:http'
import pg from 'pg'
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/explore_mwrbl1je', max: 20 })
const text = `select "id", "name", "slug", "description", "is_active", "created_at", (count(*) over ())::int as "__total" from "categories" where ("categories"."company_id" = $1 and lower("categories"."name") LIKE $2) order by coalesce("categories"."name", "categories"."name") asc, "categories"."id" asc limit $3 offset $4`
const srv = http.createServer(async (req, res) => {
  const r = await pool.query(text, [1, '%makkah suite%', 25, 0])
  res.end(JSON.stringify({ data: r.rows }))
})
await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()))
const port = (srv.address() as any).port
const run = (d: number) => new Promise<any>((res) => autocannon({ url: `http://127.0.0.1:${port}/x`, connections: 10, duration: d }, (e, r) => res(r)))
await run(2)
const r = await run(8)
console.log('floor', r.requests.average, r.latency.p50, r.latency.p99)
srv.close(); await pool.end()
