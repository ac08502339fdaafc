/**
 * The load generator of the benches and what a run measures (`Figures`): req/s, latency percentiles and the
 * CPU per request of the server, of PostgreSQL and of the load itself.
 *
 * autocannon in this process (the method the issues' targets were set with), or `BENCH_LOAD=wrk` (a C program,
 * Debian package `wrk`). On a 2-core machine the load generator shares the cores with the server and
 * PostgreSQL: autocannon spends about as much CPU per request as a small server does, wrk a fraction of it,
 * so under wrk a fast server (the floor) gets more of the cores than under autocannon.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import autocannon from 'autocannon'

/** Seconds before one request is given up (PGlite at 50 connections queues for seconds). */
const TIMEOUT = Number(process.env.BENCH_TIMEOUT ?? 30)

export const LOAD = (process.env.BENCH_LOAD === 'wrk' ? 'wrk' : 'autocannon') as 'wrk' | 'autocannon'

export interface Figures {
  rps: number
  /** CPU time of the server process per answered request (user + system), ms. */
  cpu: number
  /** CPU of every PostgreSQL process per answered request, ms (0 when none runs, e.g. PGlite). */
  dbCpu?: number
  /** CPU of the load generator per answered request, ms. */
  loadCpu?: number
  p50: number
  p99: number
  non2xx: number
  errors: number
}

/** user + system CPU of a process so far, in ms (Linux /proc; 0 elsewhere). */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return 0
  }
}

/**
 * Holds `connections` connections on `url` for `duration` seconds; req/s,
 * latency percentiles (ms) and the server process's CPU per answered request.
 * Closed loop (each connection sends its next request when the answer comes),
 * or paced: `rate` requests per second over all connections, evenly spaced
 * (`pacedRun`; not autocannon's rate, which sends each second's quota in one
 * burst at the start of the second and then idles).
 */
export function cannon(
  url: string,
  connections: number,
  duration: number,
  headers: Record<string, string>,
  pid: number,
  rate?: number,
): Promise<Figures> {
  if (rate) return pacedRun(url, connections, duration, headers, pid, rate)
  return LOAD === 'wrk' ? wrk(url, connections, duration, headers, pid) : autocannonRun(url, connections, duration, headers, pid)
}

/**
 * An open-loop load: request i is due at i / rate seconds, sent as soon as the
 * timer lets it (a late timer sends every request that fell due at once), on
 * at most `connections` kept-alive connections; a request that finds them all
 * busy waits for one, and that wait counts in its latency (from the moment it
 * was sent into the client's queue to its answer's last byte). What a desk sees
 * while the server is busy but not saturated: the server is never idle for a
 * second and then hit by a burst.
 */
function pacedRun(
  url: string,
  connections: number,
  duration: number,
  headers: Record<string, string>,
  pid: number,
  rate: number,
): Promise<Figures> {
  const usage = cpuSince(pid)
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const total = Math.round(rate * duration)
  const latencies: number[] = []
  let non2xx = 0
  let errors = 0
  let sent = 0
  let done = 0
  const t0 = performance.now()
  return new Promise((resolve) => {
    const finish = () => {
      agent.destroy()
      const elapsed = (performance.now() - t0) / 1000
      const n = Math.max(done, 1)
      latencies.sort((a, b) => a - b)
      const at = (p: number) =>
        latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]! : 0
      const round = (ms: number) => Math.round(ms * 10) / 10
      resolve({
        rps: done / elapsed,
        ...usage(n),
        p50: round(at(0.5)),
        p99: round(at(0.99)),
        non2xx,
        errors,
      })
    }
    const send = () => {
      const start = performance.now()
      const req = http.get(url, { agent, headers, timeout: TIMEOUT * 1000 }, (res) => {
        res.on('data', () => {})
        res.on('end', () => {
          latencies.push(performance.now() - start)
          if (res.statusCode! < 200 || res.statusCode! >= 300) non2xx++
          if (++done === total) finish()
        })
      })
      req.on('timeout', () => req.destroy(new Error('timeout')))
      req.on('error', () => {
        errors++
        if (++done === total) finish()
      })
    }
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * rate) + 1)
      while (sent < due) {
        sent++
        send()
      }
      if (sent < total) setTimeout(tick, Math.max(0, (sent / rate) * 1000 - (performance.now() - t0)))
    }
    tick()
  })
}

/** user + system CPU so far of each process named `postgres` (server and backends), ms, by pid. */
function postgresCpu(): Map<string, number> {
  const byPid = new Map<string, number>()
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
      if (!stat.includes('(postgres)')) continue
      const fields = stat.split(') ')[1]!.split(' ')
      byPid.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100)
    } catch {
      // ended between listing and reading
    }
  }
  return byPid
}

/** PostgreSQL CPU spent since `before` by the processes still running (one that ended takes its share with it). */
function postgresCpuSince(before: Map<string, number>): number {
  let total = 0
  for (const [pid, ms] of postgresCpu()) total += ms - (before.get(pid) ?? 0)
  return total
}

/** This process's CPU so far (autocannon runs in it), ms. */
const ownCpuMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

/** From now on: per request of `n`, the server's (`pid`), PostgreSQL's and this process's (the load's) CPU, ms. */
export function cpuSince(pid: number): (n: number) => Pick<Figures, 'cpu' | 'dbCpu' | 'loadCpu'> {
  const before = cpuMs(pid)
  const dbBefore = postgresCpu()
  const loadBefore = ownCpuMs()
  return (n) => ({
    cpu: (cpuMs(pid) - before) / n,
    dbCpu: postgresCpuSince(dbBefore) / n,
    loadCpu: (ownCpuMs() - loadBefore) / n,
  })
}

function autocannonRun(
  url: string,
  connections: number,
  duration: number,
  headers: Record<string, string>,
  pid: number,
): Promise<Figures> {
  const usage = cpuSince(pid)
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers, timeout: TIMEOUT }, (err, r) => {
      if (err) return reject(err)
      resolve({
        rps: r.requests.average,
        ...usage(Math.max(r.requests.total, 1)),
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      })
    })
  })
}

/** A wrk duration ("812.00us", "2.31ms", "1.02s", "1.5m") in ms. */
export function wrkMs(text: string): number {
  const m = text.trim().match(/^([\d.]+)(us|ms|s|m)$/)
  if (!m) throw new Error(`wrk: cannot read the time ${JSON.stringify(text)}`)
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as 'us' | 'ms' | 's' | 'm']
}

/** wrk's summary (`--latency`) as figures. */
export function readWrk(out: string): Omit<Figures, 'cpu'> & { total: number } {
  const pct = (p: string) => {
    const m = out.match(new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm'))
    if (!m) throw new Error(`wrk: no ${p}% latency in:\n${out}`)
    return wrkMs(m[1]!)
  }
  const total = Number(out.match(/(\d+) requests in/)?.[1] ?? 0)
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0)
  const non2xx = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0)
  const sock = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/)
  const errors = sock ? sock.slice(1).reduce((n, x) => n + Number(x), 0) : 0
  return { rps, p50: total ? pct('50') : 0, p99: total ? pct('99') : 0, non2xx, errors, total }
}

function wrk(url: string, connections: number, duration: number, headers: Record<string, string>, pid: number): Promise<Figures> {
  const before = cpuMs(pid)
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, `--timeout`, `${TIMEOUT}s`, '--latency']
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`)
  args.push(url)
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (out += d.toString()))
    child.on('error', reject)
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`wrk exited with ${code}: ${out}`))
      try {
        const r = readWrk(out)
        resolve({ ...r, cpu: (cpuMs(pid) - before) / Math.max(r.total, 1) })
      } catch (err) {
        reject(err as Error)
      }
    })
  })
}

/** The median of a list of figures (the upper one of an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
export /** The median of each figure over rounds; answers that were not 2xx and errors are summed. */
const medianOf = (fs: Figures[]): Figures => ({
  rps: median(fs.map((f) => f.rps)),
  p50: median(fs.map((f) => f.p50)),
  p99: median(fs.map((f) => f.p99)),
  cpu: median(fs.map((f) => f.cpu)),
  dbCpu: median(fs.map((f) => f.dbCpu ?? 0)),
  loadCpu: median(fs.map((f) => f.loadCpu ?? 0)),
  non2xx: fs.reduce((n, f) => n + f.non2xx, 0),
  errors: fs.reduce((n, f) => n + f.errors, 0),
})

/** A write call at one connection, back to back: latency figures of the real request. */
export function writeLoop(url: string, method: 'POST' | 'PUT', body: unknown, headers: Record<string, string>, duration: number) {
  return new Promise<{ n: number; p50: number; p99: number; mean: number; non2xx: number }>((resolve, reject) => {
    autocannon(
      {
        url,
        method,
        connections: 1,
        duration,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        timeout: 30,
      },
      (err, r) => {
        if (err) return reject(err)
        resolve({ n: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, mean: r.latency.average, non2xx: r.non2xx })
      },
    )
  })
}
