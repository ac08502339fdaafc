/**
 * The files bench (issue 8, "Performance"), against the real server
 * (`src/server.ts` in a child process, embedded PGlite, local folder storage):
 * - upload of a ~5 MB photo (JPEG): time per upload (median of BENCH_UPLOADS,
 *   sequential) and the server's peak RSS growth over the run (VmHWM after −
 *   VmRSS before, from /proc), with the re-encoding that strips EXIF included;
 * - `GET /api/v1/images/{file}` at 50 connections against a plain static file
 *   server (bench/static-floor-server.ts, the same bytes and headers from disk)
 *   as the floor, printed as a ratio of requests per second (the ratio survives
 *   a busy machine; both run in the same round, alternately, median of rounds).
 *
 *   npm run bench -- files
 *   BENCH_DURATION=10 BENCH_ROUNDS=3 BENCH_UPLOADS=10 npm run bench -- files
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { MAX_IMAGE_BYTES } from '@app/shared'
import { DEMO_LOGIN } from '../src/seeds/seed.js'
import { start, startApp, stop } from './harness.js'
import { cannon, median, type Figures } from './load.js'

const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const node = process.execPath

function procKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`))
    return m ? Number(m[1]) : 0
  } catch {
    return 0
  }
}

/** A photo-like JPEG just under 5 MB: noise at high quality (noise does not compress). */
async function bigPhoto(): Promise<Buffer> {
  let side = 2000
  for (;;) {
    const noise = Buffer.alloc(side * side * 3)
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24
    const jpeg = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 92 })
      .withMetadata({ orientation: 1 })
      .toBuffer()
    if (jpeg.length <= MAX_IMAGE_BYTES && jpeg.length > MAX_IMAGE_BYTES * 0.8) return jpeg
    side = Math.round(side * Math.sqrt((MAX_IMAGE_BYTES * 0.92) / jpeg.length))
  }
}

function form(bytes: Buffer, name: string) {
  const fd = new FormData()
  fd.append('image', new Blob([bytes], { type: 'image/jpeg' }), name)
  return fd
}

export default async function filesBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-bench-files-'))
  const children: Array<Awaited<ReturnType<typeof start>>['child']> = []
  try {
    const app = await startApp({ dataDir }, { SEED_DEMO: 'true', LOG_LEVEL: 'warn' })
    children.push(app.child)
    const base = `http://127.0.0.1:${app.port}`
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_LOGIN),
    })
    const token = ((await login.json()) as { data: { token: string } }).data.token
    const auth = { authorization: `Bearer ${token}` }

    // Upload: sequential, timed one by one; the server's peak RSS over the run.
    const photo = await bigPhoto()
    const upload = async (bytes: Buffer) => {
      const res = await fetch(`${base}/api/v1/actions_gallery/upload`, {
        method: 'POST',
        headers: auth,
        body: form(bytes, 'photo.jpg'),
      })
      if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`)
      return ((await res.json()) as { data: { file_name: string; size: number } }).data
    }
    await upload(await sharp(photo).resize(64).jpeg().toBuffer()) // warm the route and the decoder
    const rssBefore = procKb(app.child.pid!, 'VmRSS')
    const times: number[] = []
    let stored = 0
    for (let i = 0; i < UPLOADS; i++) {
      const t0 = performance.now()
      stored = (await upload(photo)).size
      times.push(performance.now() - t0)
    }
    const peak = procKb(app.child.pid!, 'VmHWM')
    console.log(
      `upload ${(photo.length / 1024 / 1024).toFixed(2)} MB JPEG (${UPLOADS}×, sequential): median ${median(times).toFixed(0)} ms, ` +
        `min ${Math.min(...times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms; stored ${(stored / 1024 / 1024).toFixed(2)} MB; ` +
        `server RSS ${(rssBefore / 1024).toFixed(0)} MB before, peak ${(peak / 1024).toFixed(0)} MB (growth ${((peak - rssBefore) / 1024).toFixed(0)} MB)`,
    )

    // Serving: a typical catalogue image (a 1200 px photo) from the app and from the floor.
    const served = await upload(await sharp(photo).resize(1200).jpeg({ quality: 85 }).toBuffer())
    const file = path.join(dataDir, 'uploads')
    const found = fs
      .readdirSync(file, { recursive: true })
      .map(String)
      .find((f) => f.endsWith(served.file_name))!
    const floor = await start(node, ['--import', 'tsx', 'bench/static-floor-server.ts'], {
      FLOOR_FILE: path.join(file, found),
      FLOOR_TYPE: 'image/jpeg',
    })
    children.push(floor.child)
    const appUrl = `${base}/api/v1/images/${served.file_name}`
    const floorUrl = `http://127.0.0.1:${floor.port}/`
    const [a, f] = await Promise.all([fetch(appUrl), fetch(floorUrl)])
    const [ab, fb] = [Buffer.from(await a.arrayBuffer()), Buffer.from(await f.arrayBuffer())]
    if (a.status !== 200 || !ab.equals(fb)) throw new Error('the app and the floor do not serve the same bytes')
    console.log(
      `serving ${(ab.length / 1024).toFixed(0)} kB JPEG at ${CONNECTIONS} connections, ${DURATION} s × ${ROUNDS} rounds`,
    )
    await cannon(appUrl, CONNECTIONS, 2, {}, app.child.pid!)
    await cannon(floorUrl, CONNECTIONS, 2, {}, floor.child.pid!)
    const ratios: number[] = []
    const rows: Array<[string, Figures]> = []
    for (let r = 0; r < ROUNDS; r++) {
      const appFig = await cannon(appUrl, CONNECTIONS, DURATION, {}, app.child.pid!)
      const floorFig = await cannon(floorUrl, CONNECTIONS, DURATION, {}, floor.child.pid!)
      rows.push([`app   r${r + 1}`, appFig], [`floor r${r + 1}`, floorFig])
      ratios.push(appFig.rps / floorFig.rps)
    }
    for (const [label, x] of rows) {
      console.log(
        `  ${label}: ${x.rps.toFixed(0)} req/s, p50 ${x.p50} ms, p99 ${x.p99} ms, CPU ${x.cpu.toFixed(3)} ms/req, non-2xx ${x.non2xx}, errors ${x.errors}`,
      )
    }
    console.log(`  app / floor (req/s, median of ${ROUNDS}): ${median(ratios).toFixed(2)}`)
    const cached = await fetch(appUrl, { headers: { 'if-none-match': a.headers.get('etag')! } })
    console.log(`  revalidation with If-None-Match: ${cached.status}`)
  } finally {
    for (const c of children) await stop(c)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
