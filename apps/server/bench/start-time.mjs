// Start time (spawn -> "Listening on") and RSS at ready and after 200 requests: the server through tsx's
// loader vs the built JavaScript (npm run build -w @app/server first), alternating, one process each.
//   DATABASE_URL=postgres://… node bench/start-time.mjs - 5     (an existing, migrated database)
//   node bench/start-time.mjs <migrated PGlite data dir> 3       (copied for every run)
// Results: docs/performance.md, "Production build of the server".
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
const server = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const tsx = pathToFileURL(createRequire(server + '/package.json').resolve('tsx')).href
const template = process.argv[2]
const rounds = Number(process.argv[3] ?? 3)
const modes = {
  tsx: ['--import', tsx, path.join(server, 'src/server.ts')],
  built: ['--enable-source-maps', path.join(server, 'dist/server.js')],
}
const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024
async function once(mode) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-startbench-'))
  if (!process.env.DATABASE_URL) fs.cpSync(template, path.join(dir, 'data'), { recursive: true })
  const t0 = performance.now()
  const child = spawn(process.execPath, modes[mode], {
    cwd: dir,
    env: {
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      TSX_TSCONFIG_PATH: path.join(server, 'tsconfig.json'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  const url = await new Promise((resolve, reject) => {
    const on = (c) => {
      out += c
      const m = out.match(/Listening on (\S+)/)
      if (m) resolve(m[1])
    }
    child.stdout.on('data', on)
    child.stderr.on('data', on)
    child.on('exit', () => reject(new Error(out)))
  })
  const ms = performance.now() - t0
  const ready = rss(child.pid)
  for (let i = 0; i < 200; i++) await (await fetch(url + '/api/v1/auth/me')).text()
  const after = rss(child.pid)
  child.kill('SIGTERM')
  await new Promise((r) => child.on('exit', r))
  fs.rmSync(dir, { recursive: true, force: true })
  return { ms, ready, after }
}
const res = { tsx: [], built: [] }
for (let i = 0; i < rounds; i++) for (const m of ['tsx', 'built']) res[m].push(await once(m))
const med = (a) => a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)]
for (const m of ['tsx', 'built']) {
  const r = res[m]
  console.log(
    `${m}: start median ${Math.round(med(r.map((x) => x.ms)))} ms [${r.map((x) => Math.round(x.ms)).join(', ')}], RSS at ready ${Math.round(med(r.map((x) => x.ready)))} MB, after 200 requests ${Math.round(med(r.map((x) => x.after)))} MB`,
  )
}
console.log(
  `ratio built/tsx start: ${(med(res.built.map((x) => x.ms)) / med(res.tsx.map((x) => x.ms))).toFixed(2)}, RSS: ${(med(res.built.map((x) => x.ready)) / med(res.tsx.map((x) => x.ready))).toFixed(2)}`,
)
