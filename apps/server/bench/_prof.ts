import autocannon from 'autocannon'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { openDatabase } from '../src/db/client.js'
const url = 'postgres://postgres@127.0.0.1:5432/explore_mwrbl1je'
const token = 'UmzuFOnXXPm6KqVh16bnpbbVsavK1ocnaxJQHi6qEkQ'
const q = '/api/v1/categories?search=makkah%20suite&sort_by=name&order_by=asc&page=0&size=25'
const mode = process.argv[2] ?? 'full'
const database = openDatabase({ url })
const config = loadConfig({ DATABASE_URL: url, SEED_DEMO: 'false', LOG_LEVEL: mode === 'nolog' ? 'silent' : 'info', NODE_ENV: 'production' })
const app = await buildApp({ config, database, logger: mode === 'nolog' ? false : { stream: { write() {} } } })
await app.listen({ port: 0, host: '127.0.0.1' })
const port = (app.server.address() as any).port
const run = (d: number) => new Promise<any>((res) => autocannon({ url: `http://127.0.0.1:${port}${q}`, connections: 10, duration: d, headers: { authorization: `Bearer ${token}` } }, (e, r) => res(r)))
await run(2)
const r = await run(Number(process.env.D ?? 8))
console.log(mode, r.requests.average, r.latency.p50, r.latency.p99, r.non2xx)
await app.close(); await database.close()
