import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite'

/**
 * Faster queries on PGlite (the embedded database), with the same answers.
 *
 * PGlite's own `query()` talks to its WebAssembly PostgreSQL in six calls per
 * query (parse, describe the statement, bind, describe the portal, execute,
 * sync), and parses and plans the text every time. Here a query text seen
 * before goes in one call: a named statement, prepared the second time the
 * text is used, bound, described, executed and synced in one batch of
 * protocol messages; a text used once costs two calls (its parameter types are
 * learned first, as PGlite does, so values are serialized by the same rules).
 * Drizzle builds the same text for the same query shape (values are
 * parameters), so the hot reads and writes run as prepared statements, as the
 * engine's named statements do on PostgreSQL (crud/list-query.ts `prepared`).
 *
 * Texts with LIKE (the list searches) are never kept as named statements: a
 * generic plan cannot see the pattern, and on PostgreSQL they run unnamed too
 * (a custom plan every time). At most MAX_NAMED texts are named; past that,
 * new texts run unnamed (one call, types known).
 *
 * Results are parsed by PGlite's own `parseResults` with the caller's
 * options (drizzle's row mode and parsers), errors are PGlite's, with the
 * query and parameters attached as PGlite attaches them. Anything unusual (a
 * blob, a notice callback) goes through PGlite's `query()` unchanged.
 */
const { serialize } = protocol
const MAX_NAMED = 2000
const MAX_KNOWN = 5000

interface Known {
  /** Parameter type ids PostgreSQL inferred for the text. */
  types: number[]
  /** The named statement, once the text was used twice (and may be named). */
  name?: string
  uses: number
}

function concat(parts: Uint8Array[]): Uint8Array {
  let n = 0
  for (const p of parts) n += p.length
  const out = new Uint8Array(n)
  let o = 0
  for (const p of parts) {
    out.set(p, o)
    o += p.length
  }
  return out
}

const tail = concat([serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()])

type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>

export function fasterQueries(pg: PGlite): void {
  const known = new Map<string, Known>()
  let named = 0
  const original = pg.query.bind(pg) as Query
  const originalTransaction = pg.transaction.bind(pg)

  const run = async (text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean) => {
    const key = options?.paramTypes?.length ? `${options.paramTypes.join(',')}|${text}` : text
    let k = known.get(key)
    try {
      if (!k) {
        // First use: learn the parameter types (as PGlite's query does), leaving the unnamed statement parsed.
        const described = await pg.execProtocol(
          concat([serialize.parse({ text, types: options?.paramTypes }), serialize.describe({ type: 'S' }), serialize.sync()]),
          { syncToFs: false },
        )
        const types = parse.parseDescribeStatementResults(described.messages)
        k = { types, uses: 0 }
        if (known.size >= MAX_KNOWN) known.delete(known.keys().next().value!)
        known.set(key, k)
      }
      k.uses++
      const values = params.map((v, i) => {
        if (v === null || v === undefined) return null
        const type = k!.types[i]!
        const s = options?.serializers?.[type] ?? pg.serializers[type]
        return s ? s(v) : String(v)
      })
      let head: Uint8Array[]
      if (k.name) head = [serialize.bind({ statement: k.name, values })]
      else if (k.uses === 1)
        head = [serialize.bind({ values })] // the unnamed statement parsed above
      else if (k.uses >= 2 && named < MAX_NAMED && !/\blike\b/i.test(text)) {
        k.name = `pgl_${++named}`
        head = [serialize.parse({ name: k.name, text, types: k.types }), serialize.bind({ statement: k.name, values })]
      } else head = [serialize.parse({ text, types: k.types }), serialize.bind({ values })]
      const res = await pg.execProtocol(concat([...head, tail]), { syncToFs: false })
      if (!inTransaction) await pg.syncToFs()
      return parse.parseResults(res.messages, pg.parsers, options)[0]!
    } catch (err) {
      const e = err as Error & { code?: string; query?: string; params?: unknown; queryOptions?: unknown }
      if (k?.name && (e.code === '26000' || e.code === '0A000')) {
        // The statement is gone or its result shape changed (a migration): forget it, run it as PGlite does.
        known.delete(key)
        throw Object.assign(e, { retry: true })
      }
      e.query = text
      e.params = params
      e.queryOptions = options
      throw e
    }
  }

  /** `query` on the fast path; `fallback` is PGlite's own (the client's, or the transaction's inside one). */
  const query = (fallback: Query, inTransaction: boolean) =>
    async function <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      if (options?.blob || options?.onNotice) return fallback<T>(text, params, options)
      await pg._checkReady()
      const once = () => pg._runExclusiveQuery(() => run(text, params, options, inTransaction))
      try {
        return (await (inTransaction ? once() : pg._runExclusiveTransaction(once))) as Results<T>
      } catch (err) {
        if ((err as { retry?: boolean }).retry) return fallback<T>(text, params, options)
        throw err
      }
    }

  pg.query = query(original, false) as PGlite['query']
  pg.transaction = (<T>(fn: (tx: Transaction) => Promise<T>) =>
    originalTransaction((tx) => {
      // The transaction object with its query on the fast path (its other members, `closed` included, as they are).
      const inner = query(tx.query.bind(tx) as Query, true)
      return fn(Object.create(tx, { query: { value: inner } }) as Transaction)
    })) as PGlite['transaction']
}
