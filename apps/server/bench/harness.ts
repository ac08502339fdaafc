/**
 * What every bench shares: starting the app as `npm start` runs it (the built
 * `dist/server.js`, rebuilt first when its sources changed) and a floor beside
 * it, and stopping them. The load generator is load.ts.
 *
 * `BENCH_APP=tsx` runs the app from its TypeScript sources instead of the
 * build (what the benches did before); `BENCH_PROFILE=<dir>` leaves a V8 CPU
 * profile of the app's run in <dir>.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
export const serverDir = path.resolve(here, '..')

/** Newest modification time of the files under these folders. */
function newest(dirs: string[]): number {
  let t = 0
  for (const dir of dirs) {
    for (const f of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (f.isFile()) t = Math.max(t, fs.statSync(path.join(f.parentPath, f.name)).mtimeMs)
    }
  }
  return t
}

/**
 * The node arguments that run the app as `npm start` does: the built server,
 * rebuilt here when a source is newer than the build.
 */
export function appArgs(): string[] {
  // BENCH_PROFILE=<dir>: the app leaves a V8 CPU profile of its run there (speedscope, Chrome DevTools).
  // BENCH_NODE_FLAGS: more flags for the app's node (`--trace-gc`, `--trace-gc-nvp`), its output kept by BENCH_APP_OUT.
  const profile = process.env.BENCH_PROFILE
  const nodeFlags = [
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : []),
    ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
  ]
  if (process.env.BENCH_APP === 'tsx') return [...nodeFlags, '--import', 'tsx', 'src/server.ts']
  const built = path.join(serverDir, 'dist/server.js')
  const sources = [path.join(serverDir, 'src'), path.resolve(serverDir, '../../packages/shared/src')]
  if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < newest(sources)) {
    const r = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'inherit' })
    if (r.status !== 0) throw new Error('building the server failed')
  }
  return [...nodeFlags, '--enable-source-maps', 'dist/server.js']
}

/**
 * The app as `npm start` runs it (`appArgs`), on PostgreSQL (`db.url`) or
 * PGlite (`db.dataDir`), at a free port of 127.0.0.1, without the demo seed;
 * resolves once /healthz answers. `env` adds or overrides variables.
 */
export async function startApp(db: { url?: string; dataDir?: string }, env: Record<string, string> = {}) {
  const port = await freePort()
  const database: Record<string, string> = db.url ? { DATABASE_URL: db.url } : { DATA_DIR: db.dataDir!, DATABASE_URL: '' }
  const base = { HOST: '127.0.0.1', PORT: String(port), NODE_ENV: 'production', SEED_DEMO: 'false' }
  return start(process.execPath, appArgs(), { ...base, ...database, ...env }, port)
}

/**
 * Starts a server child and resolves once it answers: the floor prints
 * `LISTENING <port>`; the app is polled on /healthz at the port it was given.
 * Its output (the app's request log) is drained, as a log shipper would.
 */
export function start(
  cmd: string,
  args: string[],
  env: Record<string, string>,
  port?: number,
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: serverDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let head = ''
    let err = ''
    let done = false
    const finish = (p: number) => {
      if (done) return
      done = true
      clearTimeout(timer)
      resolve({ child, port: p })
    }
    // A loaded machine (other agents' tests) can take over a minute to compile and start the app.
    const timer = setTimeout(
      () => {
        child.kill()
        reject(new Error(`${args.join(' ')} did not start: ${head}${err}`))
      },
      Number(process.env.BENCH_START_TIMEOUT ?? 180_000),
    )
    // BENCH_APP_OUT=<file>: the app's output (its request log, with each answer's responseTime) kept there.
    if (process.env.BENCH_APP_OUT && port !== undefined) child.stdout!.pipe(fs.createWriteStream(process.env.BENCH_APP_OUT))
    child.stdout!.on('data', (d: Buffer) => {
      if (head.length < 10_000) head += d.toString()
      const m = head.match(/LISTENING (\d+)/)
      if (m) finish(Number(m[1]))
    })
    child.stderr!.on('data', (d: Buffer) => {
      if (err.length < 10_000) err += d.toString()
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      if (!done) reject(new Error(`${args.join(' ')} exited with ${code}: ${err.slice(-2000)}${head.slice(-2000)}`))
    })
    if (port !== undefined) {
      const poll = async () => {
        while (!done && child.exitCode === null) {
          try {
            if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return finish(port)
          } catch {
            // not listening yet
          }
          await new Promise((r) => setTimeout(r, 200))
        }
      }
      void poll()
    }
  })
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.removeAllListeners('exit')
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
  if (child.exitCode === null) child.kill('SIGKILL')
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    import('node:net').then(({ createServer }) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number }
        s.close(() => resolve(port))
      })
    })
  })
}

/** Every position of `value` in a captured statement's parameters (a search pattern is sent once per column). */
export function positions(params: unknown[], value: unknown): number[] {
  return params.flatMap((p, i) => (p === value ? [i] : []))
}
