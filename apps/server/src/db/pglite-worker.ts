/**
 * PGlite in its own thread: the owner of the embedded database when the app
 * runs on PGlite (db/client.ts starts it; db/pglite-proxy.ts is the other end).
 *
 * PGlite is PostgreSQL compiled to WebAssembly: a query's execution is CPU on
 * the thread that owns the instance. Here that thread is not the one serving
 * HTTP, so on a machine with two cores the engine and the app run side by side
 * instead of taking turns.
 *
 * Messages are answered in the order PGlite's own locks allow: a plain query
 * waits for an open transaction to end, exactly as it does in-process; queries
 * of a transaction go through the transaction PGlite opened for it.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite'
import { pgliteExtensions } from './extensions.js'
import { fasterQueries } from './pglite-statements.js'
import type { WorkerReply, WorkerRequest } from './pglite-proxy.js'

const port = parentPort!
const { dataDir } = workerData as { dataDir?: string }
// 'memory://', not undefined, for a database without a folder: with undefined, PGlite 0.3.16 cannot find the
// files of the extensions it was given (db/extensions.ts).
const pg = new PGlite(dataDir ?? 'memory://', { extensions: pgliteExtensions })
fasterQueries(pg)

/** Open transactions by id (the id of the message that began them). */
const open = new Map<number, { tx: Transaction; end(commit: boolean, replyTo: number): void }>()
const ROLLBACK = Symbol('rollback')

const raw = (v: string) => v
/** Parsers that leave these type ids as the text PostgreSQL sent (the caller parses them, or wants the text). */
const rawParsers = new Map<string, Record<number, (v: string) => string>>()
function parsersFor(ids: number[]): Record<number, (v: string) => string> {
  const key = ids.join(',')
  let p = rawParsers.get(key)
  if (!p) {
    p = Object.fromEntries(ids.map((id) => [id, raw]))
    rawParsers.set(key, p)
  }
  return p
}

/** The error's own fields (code, constraint, detail, table, column…), which survive the copy to the other thread. */
function plain(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) }
  const out: Record<string, unknown> = { message: err.message, stack: err.stack, name: err.name }
  for (const [k, v] of Object.entries(err)) {
    if (k === 'queryOptions' || typeof v === 'function') continue
    out[k] = v
  }
  return out
}

function reply(msg: WorkerReply) {
  try {
    port.postMessage(msg)
  } catch (err) {
    // A value that cannot be copied (it never is, for rows PGlite parsed): answer with the reason instead.
    port.postMessage({ id: msg.id, error: plain(err) } satisfies WorkerReply)
  }
}

function txOf(id: number) {
  const t = open.get(id)
  if (!t) throw new Error('Transaction is closed')
  return t
}

async function handle(m: WorkerRequest): Promise<unknown> {
  switch (m.op) {
    case 'query': {
      const options: QueryOptions = { rowMode: m.rowMode }
      if (m.raw.length) options.parsers = parsersFor(m.raw)
      if (m.paramTypes) options.paramTypes = m.paramTypes
      const q = m.tx === undefined ? pg : txOf(m.tx).tx
      return (await q.query(m.text, m.params, options)) as Results
    }
    case 'exec':
      return m.tx === undefined ? pg.exec(m.text) : txOf(m.tx).tx.exec(m.text)
    case 'begin': {
      const id = m.id
      let replyTo: number | undefined
      // PGlite's own transaction (BEGIN, its lock, COMMIT or ROLLBACK), held open until the other side ends it.
      pg.transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            open.set(id, {
              tx,
              end(commit, to) {
                replyTo = to
                open.delete(id)
                if (commit) resolve()
                else reject(ROLLBACK)
              },
            })
            reply({ id, result: id })
          }),
      ).then(
        () => reply({ id: replyTo!, result: null }),
        (err) => {
          open.delete(id)
          if (replyTo === undefined)
            reply({ id, error: plain(err) }) // BEGIN itself failed
          else reply(err === ROLLBACK ? { id: replyTo, result: null } : { id: replyTo, error: plain(err) })
        },
      )
      return undefined // answered from inside the transaction
    }
    case 'end':
      txOf(m.tx).end(m.commit, m.id)
      return undefined // answered when PGlite has committed or rolled back
    case 'close':
      await pg.close()
      return null
  }
}

port.on('message', (m: WorkerRequest) => {
  handle(m).then(
    (result) => {
      if (result !== undefined) reply({ id: m.id, result })
    },
    (err: unknown) => reply({ id: m.id, error: plain(err) }),
  )
})
