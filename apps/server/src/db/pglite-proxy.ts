import { Worker } from 'node:worker_threads'
import type { QueryOptions, Results } from '@electric-sql/pglite'

/**
 * The app's side of PGlite in a worker thread (db/pglite-worker.ts): the
 * members of a PGlite client drizzle's pglite driver calls — `query(text,
 * params, { rowMode, parsers })`, `transaction(fn)` with `tx.query` — and
 * `exec` and `close`, each a message to the worker and its answer.
 *
 * Functions cannot cross to another thread, so a caller's `parsers` go as the
 * list of their type ids: the worker leaves those values as PostgreSQL's text
 * and this side applies the caller's functions to them (drizzle's are the
 * identity for its date, time and interval types, recognized and skipped).
 * Every other value is parsed in the worker by PGlite's own parsers and copied
 * over (numbers, booleans, jsonb, int[] arrays, bytea, null), so rows are the
 * ones in-process PGlite gives.
 *
 * Errors keep PostgreSQL's fields (`code`, `constraint`, `detail`, `table`,
 * `column`…), the query and its parameters, as PGlite's do. A worker that
 * dies rejects every pending call, and later calls.
 */

export type WorkerRequest =
  | {
      id: number
      op: 'query'
      text: string
      params: unknown[]
      rowMode?: 'array' | 'object'
      /** Type ids the caller parses: left as text. */
      raw: number[]
      paramTypes?: number[]
      tx?: number
    }
  | { id: number; op: 'exec'; text: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' }

export type WorkerReply = { id: number; result: unknown; error?: undefined } | { id: number; error: Record<string, unknown> }

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never
type Parser = (value: string, type: number) => unknown

/** A parser written as `(v) => v` changes nothing: the worker's text is the answer already. */
const identity = new WeakMap<Parser, boolean>()
function isIdentity(fn: Parser): boolean {
  let known = identity.get(fn)
  if (known === undefined) {
    known = /^\(?\s*([A-Za-z_$][\w$]*)\s*\)?\s*=>\s*\1$/.test(fn.toString().trim())
    identity.set(fn, known)
  }
  return known
}

export interface WorkerTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
  exec(text: string): Promise<Results[]>
  rollback(): Promise<void>
  readonly closed: boolean
}

export class PGliteWorkerClient {
  /** @internal the thread itself (tests end it to see pending calls rejected). */
  readonly worker: Worker
  readonly #pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>()
  #next = 1
  /** Set once the worker is gone (closed, crashed or exited): every call rejects with it. */
  #dead: Error | undefined
  #closing: Promise<void> | undefined

  constructor(url: URL, dataDir: string | undefined) {
    this.worker = new Worker(url, { workerData: { dataDir } })
    // An idle worker does not keep the process alive (as in-process PGlite does not); a pending call does.
    this.worker.unref()
    this.worker.on('message', (m: WorkerReply) => this.#answer(m))
    this.worker.on('error', (err) => this.#fail(err))
    this.worker.on('exit', (code) => this.#fail(new Error(`The PGlite worker exited (code ${code})`)))
  }

  #answer(m: WorkerReply) {
    const p = this.#pending.get(m.id)
    if (!p) return
    this.#pending.delete(m.id)
    if (this.#pending.size === 0) this.worker.unref()
    if (m.error) p.reject(rebuildError(m.error))
    else p.resolve(m.result)
  }

  #fail(err: Error) {
    this.#dead ??= err
    for (const p of this.#pending.values()) p.reject(err)
    this.#pending.clear()
  }

  #call<T>(req: Request): Promise<T> {
    if (this.#dead) return Promise.reject(this.#dead)
    const id = this.#next++
    return new Promise<T>((resolve, reject) => {
      try {
        this.worker.postMessage({ ...req, id })
      } catch (err) {
        reject(err) // a parameter that cannot be copied to the worker (a function…)
        return
      }
      if (this.#pending.size === 0) this.worker.ref()
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
    })
  }

  async #query<T>(text: string, params: unknown[] = [], options: QueryOptions | undefined, tx?: number): Promise<Results<T>> {
    if (options?.serializers || options?.blob || options?.onNotice)
      throw new Error('PGlite in a worker: serializers, blob and onNotice options are not supported')
    const parsers = options?.parsers as Record<string, Parser> | undefined
    const raw = parsers ? Object.keys(parsers).map(Number) : []
    try {
      const res = await this.#call<Results<T>>({
        op: 'query',
        text,
        params,
        rowMode: options?.rowMode,
        raw,
        paramTypes: options?.paramTypes,
        tx,
      })
      if (parsers) applyParsers(res as Results, parsers, options?.rowMode === 'array')
      return res
    } catch (err) {
      if (err && typeof err === 'object' && 'query' in err) (err as { queryOptions?: unknown }).queryOptions = options
      throw err
    }
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(text, params, options)
  }

  exec(text: string): Promise<Results[]> {
    return this.#call({ op: 'exec', text })
  }

  /** PGlite's transaction, held open in the worker from BEGIN until `fn` settles; plain queries wait for it there. */
  async transaction<T>(fn: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: 'begin' })
    let closed = false
    const check = () => {
      if (closed) throw new Error('Transaction is closed')
    }
    const end = (commit: boolean) => {
      closed = true
      return this.#call<void>({ op: 'end', tx: id, commit })
    }
    const tx: WorkerTransaction = {
      query: async (text, params, options) => (check(), this.#query(text, params, options, id)),
      exec: async (text) => (check(), this.#call({ op: 'exec', text, tx: id })),
      rollback: async () => (check(), end(false)),
      get closed() {
        return closed
      },
    }
    try {
      const result = await fn(tx)
      if (!closed) await end(true)
      return result
    } catch (err) {
      if (!closed) await end(false)
      throw err
    }
  }

  /** Closes the database (its files written) and ends the thread. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        if (!this.#dead) await this.#call({ op: 'close' })
      } finally {
        this.#dead ??= new Error('PGlite is closed')
        await this.worker.terminate()
      }
    })()
    return this.#closing
  }
}

function applyParsers(res: Results, parsers: Record<string, Parser>, array: boolean) {
  for (let i = 0; i < res.fields.length; i++) {
    const { name, dataTypeID } = res.fields[i]!
    const fn = parsers[dataTypeID]
    if (!fn || isIdentity(fn)) continue
    for (const row of res.rows as Array<Record<string | number, unknown>>) {
      const key = array ? i : name
      const v = row[key]
      if (v !== null) row[key] = fn(v as string, dataTypeID)
    }
  }
}

/** The worker's error as an Error again, with every field it had (PostgreSQL's code, constraint…). */
function rebuildError(fields: Record<string, unknown>): Error {
  const err = new Error(String(fields.message ?? 'PGlite worker error'))
  Object.assign(err, fields)
  return err
}
