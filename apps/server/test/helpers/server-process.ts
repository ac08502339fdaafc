/**
 * The real server as a separate OS process, for tests that need what `app.inject`
 * cannot give: several copies sharing one PostgreSQL and Redis, SIGKILL in the
 * middle of writes, slow sockets, the production start path.
 *
 *   const db = await processDatabase()                 // clone of the run's template
 *   const s = await startServer({ database: db.target, env: { REDIS_URL } })
 *   await fetch(`${s.url}/healthz`)
 *   await s.kill()                                     // SIGKILL, or s.stop() for SIGTERM
 *   await db.drop()
 *
 * The server listens on 127.0.0.1, port 0; its start banner prints
 * `Listening on http://127.0.0.1:<port>` (src/server.ts), which is how the port is learnt.
 * By default it runs the TypeScript source through tsx's loader in one `node`
 * process (not the `tsx` CLI, which forks a second process a SIGKILL would miss);
 * `built: true` runs the compiled `dist/server.js` instead.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { inject } from 'vitest'
import { createPgDatabase } from '../global-setup.js'

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
/** tsx's loader by absolute URL: the process runs in an empty cwd, where `--import tsx` would not resolve. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

/** Where the server process keeps its data: a PostgreSQL URL or a PGlite data directory. */
export type DatabaseTarget = { url: string } | { dataDir: string }

export interface ProcessDatabase {
  target: DatabaseTarget
  kind: 'postgres' | 'pglite'
  /** DATA_DIR for the process (PGlite lives in it; mail outbox and uploads go there on PostgreSQL too). */
  dataDir: string
  drop(): Promise<void>
}

/**
 * A fresh database for server processes, cloned from the run's migrated template
 * (PGlite or PostgreSQL, as the suite runs), not opened by this process: a PGlite
 * directory has one owner at a time, so the test must not hold it while a server does.
 */
export async function processDatabase(): Promise<ProcessDatabase> {
  const ctx = inject('testDb')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-proc-'))
  if (ctx.kind === 'postgres') {
    const url = await createPgDatabase(ctx.adminUrl, `${ctx.prefix}_${randomBytes(4).toString('hex')}`, ctx.template)
    return {
      kind: 'postgres',
      target: { url },
      dataDir,
      // The database itself goes with the run's (global-setup.ts createPgDatabase).
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  fs.cpSync(ctx.templateDir, dataDir, { recursive: true })
  return {
    kind: 'pglite',
    target: { dataDir },
    dataDir,
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  }
}

export interface ServerOptions {
  database: DatabaseTarget
  /** Shared rate limits / sessions across copies. */
  redisUrl?: string
  /** DATA_DIR when the database is PostgreSQL (outbox, uploads); a temporary directory otherwise. */
  dataDir?: string
  /** More environment (wins over the defaults below). */
  env?: Record<string, string>
  /** Run `dist/server.js` (after `npm run build -w @app/server`) instead of the TypeScript source. */
  built?: boolean
  /** How long to wait for the `Listening on` line (migrations run first). Default 90 s. */
  readyTimeoutMs?: number
}

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  url: string
  port: number
  pid: number
  child: ChildProcess
  /** Everything the process wrote so far (stdout and stderr), for failure messages. */
  output(): string
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>
  /** SIGTERM (graceful close: requests finish, database closed); SIGKILL after `timeoutMs`. */
  stop(timeoutMs?: number): Promise<number | string>
  /** SIGKILL: the process dies at once, mid-request and mid-transaction. */
  kill(): Promise<number | string>
}

/** Starts one server process and resolves when it accepts requests. */
export async function startServer(opts: ServerOptions): Promise<ServerProcess> {
  const ownDir = 'dataDir' in opts.database ? undefined : (opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-srv-')))
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'test',
    ARGON2_FAST: process.env.ARGON2_FAST ?? '1',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    WEB_DIST: path.join(os.tmpdir(), 'tbo-no-web'),
    ...('url' in opts.database ? { DATABASE_URL: opts.database.url, DATA_DIR: ownDir! } : { DATA_DIR: opts.database.dataDir }),
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    TSX_TSCONFIG_PATH: path.join(SERVER_DIR, 'tsconfig.json'),
    ...opts.env,
  }
  const args = opts.built
    ? ['--enable-source-maps', path.join(SERVER_DIR, 'dist/server.js')]
    : ['--import', TSX_LOADER, path.join(SERVER_DIR, 'src/server.ts')]
  // cwd: an empty directory, so no `.env` of the developer leaks into the test.
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-cwd-'))
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => {
      fs.rmSync(cwd, { recursive: true, force: true })
      if (ownDir && !opts.dataDir) fs.rmSync(ownDir, { recursive: true, force: true })
      resolve(code ?? signal ?? 'unknown')
    })
  })
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`server did not start within ${opts.readyTimeoutMs ?? 90_000} ms:\n${out}`))
    }, opts.readyTimeoutMs ?? 90_000)
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const m = out.match(/Listening on (http:\/\/[^\s]+)/)
      if (m) {
        clearTimeout(timer)
        resolve(m[1]!)
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`server exited (${code}) before it was ready:\n${out}`))
    })
  })
  const port = Number(new URL(url).port)

  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    return exited
  }
  return {
    url,
    port,
    pid: child.pid!,
    child,
    output: () => out,
    exited,
    kill,
    async stop(timeoutMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
      const code = await exited
      clearTimeout(timer)
      return code
    },
  }
}
