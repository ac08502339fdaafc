import pg from 'pg'

/**
 * Named statements on PostgreSQL without a Describe on every execution (issue 33, docs/performance/calls.md).
 *
 * node-postgres sends Bind, Describe, Execute and Sync each time a named (prepared) statement runs, so the
 * server answers every execution with the statement's RowDescription, and the client parses it again and
 * rebuilds the result's column parsers and an empty row object from it (`Result.addFields`: 18 columns for
 * the one-row read with its session, 3.5 % of that read's CPU with the parsing). A statement's result
 * columns are fixed once it is prepared (PostgreSQL refuses to run a prepared statement whose result type
 * changed: "cached plan must not change result type"), so what the first execution of a name on a
 * connection learned is kept for that connection, and later executions send Bind, Execute and Sync only (as
 * pgx and postgres.js do), their result set up from what was kept. Such a query also skips node-postgres's
 * copy of its config by descriptors (1 % more).
 *
 * Only plain named queries take this path (text results, every row at once); anything else, and every
 * unnamed query, is node-postgres's own. A failed execution forgets what was kept, so the next one describes
 * again. Rows, results and errors are node-postgres's: only the Describe is left out.
 *
 * A transaction's ends ride with its statements (issue 33: the round trips of `POST /orders`). drizzle opens a
 * transaction with a bare `begin` and closes it with `commit` or `rollback`, each its own round trip. Here the
 * `begin` is held back and sent in the same write as the transaction's first statement, ahead of it under the
 * same Sync (PostgreSQL answers both before its one ReadyForQuery): a statement that fails leaves the
 * transaction open and aborted, as it would after a `begin` of its own, and the `rollback` that follows closes
 * it. A `commit` or `rollback` with nothing sent since the `begin` sends nothing. And a statement whose caller
 * says nothing follows it in the transaction (`commitAfterNext`, db/statements.ts) takes the `COMMIT` in the same
 * write, after it under the same Sync: PostgreSQL skips the COMMIT when the statement fails (the transaction stays
 * open, aborted, until drizzle's `rollback`), an error of the commit itself (a deferred trigger) is the statement's
 * error, and drizzle's own `commit` then sends nothing. Only statements already described on the connection
 * (and plain unnamed queries with parameters, for the `begin`) ride along; anything else gets its `begin` sent
 * on its own first, and its `commit` from drizzle, as before.
 */

type Field = { name: string }
interface Connection {
  parsedStatements: Record<string, string | undefined>
  bind(config: Record<string, unknown>): void
  parse(config: { text: string; name?: string; types?: unknown[] }): void
  execute(config: { portal?: string; rows?: number }): void
  close(config: { type: 'S'; name?: string }): void
  sync(): void
}
type Callback = (err: Error | null, result?: unknown) => void
type Parser = (value: unknown) => unknown
/** node-postgres's result, as set up by `addFields` from a RowDescription. */
interface NodePgResult {
  fields: Field[]
  _types: unknown
  _parsers: Parser[] | undefined
  _prebuiltEmptyResultObject: Record<string, null> | null
}
interface NodePgQuery {
  name?: string
  text?: string
  types?: unknown
  portal: string
  values?: unknown[]
  callback?: Callback
  _rowMode?: string
  _result: NodePgResult
  _results: NodePgResult | NodePgResult[]
  _accumulateRows: unknown
  prepare(connection: Connection): void
  handleRowDescription(msg: { fields: Field[] }): void
  handleCommandComplete(msg: { text?: string }, connection: Connection): void
  handleError(err: Error, connection: Connection): void
  _getRows(connection: Connection, rows: number | undefined): void
  listenerCount(event: string): number
}
const NodePgQuery = pg.Query as unknown as new (config: unknown, values?: unknown, callback?: Callback) => NodePgQuery
const { Result, utils } = pg as unknown as {
  Result: new (rowMode: string | undefined, types: unknown) => NodePgResult
  utils: { prepareValue: (value: unknown) => unknown }
}

/** What a RowDescription set up, for one statement on one connection (its parsers: for one `types`). */
interface Described {
  fields: Field[]
  types: unknown
  parsers: Parser[] | undefined
  emptyRow: Record<string, null> | null
}
const descriptions = new WeakMap<Connection, Map<string, Described>>()

/** A transaction's `BEGIN` or `COMMIT` in the extended protocol (the unnamed statement and portal), without a Sync. */
function sendBare(connection: Connection, text: 'BEGIN' | 'COMMIT') {
  connection.parse({ text, name: '', types: [] })
  connection.bind({ portal: '', statement: '', values: [] })
  connection.execute({ portal: '' })
}

/** What rides with a statement: the held-back `BEGIN` ahead of it, the `COMMIT` after it. */
interface Riders {
  begin: boolean
  commit: boolean
}

interface NamedConfig {
  name: string
  text: string
  types?: unknown
  rowMode?: string
  values?: unknown[]
  callback?: Callback
}

class DescribedQuery extends NodePgQuery {
  /** The connection this execution asked to describe its statement, to keep the answer for. */
  private describing: Connection | undefined

  /** Command tags of the riders still to be answered (`BEGIN`, `COMMIT`), not this statement's own. */
  private riders: string[] = []

  constructor(
    config: NamedConfig,
    values: unknown[] | undefined,
    callback: Callback | undefined,
    private readonly ride: Riders = { begin: false, commit: false },
  ) {
    // From the text alone (node-postgres copies a config object by its property descriptors), then the rest.
    super(config.text, values ?? config.values, callback ?? config.callback)
    this.name = config.name
    this.types = config.types
    this._rowMode = config.rowMode
    this._result = this._results = new Result(config.rowMode, config.types)
  }

  override prepare(connection: Connection) {
    const name = this.name!
    const kept = connection.parsedStatements[name] === this.text ? descriptions.get(connection)?.get(name) : undefined
    if (this.ride.begin) {
      sendBare(connection, 'BEGIN')
      this.riders.push('BEGIN')
    }
    if (!kept) {
      this.describing = connection
      return super.prepare(connection)
    }
    try {
      connection.bind({
        portal: this.portal,
        statement: name,
        values: this.values,
        binary: false,
        valueMapper: utils.prepareValue,
      })
    } catch (err) {
      // As node-postgres does (the statement is closed), and the next execution prepares it again.
      connection.close({ type: 'S', name })
      connection.sync()
      delete connection.parsedStatements[name]
      descriptions.get(connection)?.delete(name)
      this.handleError(err as Error, connection)
      return
    }
    // The result as the server's description set it up when this connection first ran the statement.
    const result = this._result
    if (kept.types === result._types) {
      result.fields = kept.fields
      result._parsers = kept.parsers
      result._prebuiltEmptyResultObject = kept.emptyRow
      this._accumulateRows = this.callback || this.listenerCount('row') === 0
    } else {
      this.handleRowDescription({ fields: kept.fields })
    }
    this._getRows(connection, undefined)
  }

  override _getRows(connection: Connection, rows: number | undefined) {
    if (!this.ride.commit || rows) return super._getRows(connection, rows)
    connection.execute({ portal: this.portal })
    sendBare(connection, 'COMMIT')
    this.riders.push('COMMIT')
    connection.sync()
  }

  override handleCommandComplete(msg: { text?: string }, connection: Connection) {
    // The riders' answers are not this statement's result (the BEGIN's comes first, the COMMIT's last).
    if (this.riders.length && msg.text === this.riders[0]) {
      this.riders.shift()
      return
    }
    super.handleCommandComplete(msg, connection)
  }

  override handleRowDescription(msg: { fields: Field[] }) {
    super.handleRowDescription(msg)
    const connection = this.describing
    if (!connection) return
    this.describing = undefined
    let kept = descriptions.get(connection)
    if (!kept) descriptions.set(connection, (kept = new Map()))
    // Parsers and the empty row are only read by the results that use them, never changed: shared.
    const result = this._result
    kept.set(this.name!, {
      fields: msg.fields,
      types: result._types,
      parsers: result._parsers,
      emptyRow: result._prebuiltEmptyResultObject,
    })
  }

  override handleError(err: Error, connection: Connection) {
    if (connection) descriptions.get(connection)?.delete(this.name!)
    super.handleError(err, connection)
  }
}

/** An unnamed query with parameters (extended protocol) with the held-back `BEGIN` ahead of it under its Sync. */
class BeginFirstQuery extends NodePgQuery {
  private begun = false

  override prepare(connection: Connection) {
    sendBare(connection, 'BEGIN')
    super.prepare(connection)
  }

  override handleCommandComplete(msg: { text?: string }, connection: Connection) {
    if (!this.begun && msg.text === 'BEGIN') {
      this.begun = true
      return
    }
    super.handleCommandComplete(msg, connection)
  }
}

type Query = (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) => unknown
const clientQuery = pg.Client.prototype.query as unknown as Query

/** What a client holds back of its transaction (`DescribedClient`). */
interface Held {
  /** drizzle's `begin`, not sent yet: it goes with the next statement. */
  begin: boolean
  /** The next plain named statement takes the `COMMIT` along (`commitAfterNext`). */
  commitNext: boolean
  /** A statement took the `COMMIT` along: drizzle's `commit` sends nothing. */
  committed: boolean
}

/** The answer of a `begin`, `commit` or `rollback` that sent nothing, as node-postgres answers one it sent. */
function answered(command: string, callback: unknown): unknown {
  const result = { command, rowCount: null, oid: null, rows: [], fields: [] }
  if (typeof callback === 'function') {
    process.nextTick(() => (callback as Callback)(null, result))
    return undefined
  }
  return Promise.resolve(result)
}

/** drizzle's transaction statements, as its node-postgres session sends them (`sql\`begin\``: no parameters). */
function bareText(config: unknown, values: unknown): string | undefined {
  const c = config as { text?: unknown; name?: unknown; values?: unknown[]; submit?: unknown } | string | null
  if (typeof c === 'string') return Array.isArray(values) && values.length ? undefined : c
  if (!c || typeof c !== 'object' || typeof c.submit === 'function' || c.name || typeof c.text !== 'string') return undefined
  const params = (Array.isArray(values) ? values : undefined) ?? c.values
  return params?.length ? undefined : c.text
}

/**
 * A node-postgres client whose plain named queries skip the Describe after their first run on its connection, and
 * whose transactions' `begin` and (when asked) `commit` ride with their statements.
 */
export class DescribedClient extends pg.Client {
  held: Held = { begin: false, commitNext: false, committed: false }

  /**
   * The next plain named statement on this client is the transaction's last: its `COMMIT` goes in the same write
   * (when the statement is described on this connection; else drizzle's `commit` goes out as before).
   */
  commitAfterNext(): void {
    this.held.commitNext = true
  }

  /** Nothing held back (a client back in the pool). */
  forgetHeld(): void {
    this.held = { begin: false, commitNext: false, committed: false }
  }
}

;(DescribedClient.prototype as unknown as { query: Query }).query = function query(config, values, callback) {
  const held = (this as unknown as DescribedClient).held
  const bare = bareText(config, values)?.trim().toLowerCase()
  if (bare === 'begin' && !held.begin) {
    held.begin = true
    return answered('BEGIN', typeof values === 'function' ? values : callback)
  }
  if (bare === 'commit' || bare === 'rollback') {
    const sent = !held.begin && !(bare === 'commit' && held.committed)
    ;(this as unknown as DescribedClient).forgetHeld()
    if (!sent) return answered(bare.toUpperCase(), typeof values === 'function' ? values : callback)
    return clientQuery.call(this, config, values, callback)
  }
  const plain = config as (Partial<NamedConfig> & { submit?: unknown; rows?: unknown; binary?: unknown; portal?: unknown }) | null
  const extended =
    plain !== null &&
    typeof plain === 'object' &&
    typeof plain.submit !== 'function' &&
    typeof plain.text === 'string' &&
    !plain.rows &&
    !plain.binary &&
    !plain.portal &&
    !(this as unknown as { binary?: boolean }).binary
  const named = extended && typeof plain.name === 'string' && !!plain.name
  // Rides along only on an idle client (nothing queued before it) and, for a named statement, one described here.
  const client = this as unknown as { _queryQueue: unknown[]; _activeQuery: unknown; connection: Connection }
  const idle = !client._queryQueue.length && !client._activeQuery
  const params = (Array.isArray(values) ? values : undefined) ?? plain?.values
  const described =
    named &&
    idle &&
    client.connection.parsedStatements[plain.name!] === plain.text &&
    !!descriptions.get(client.connection)?.get(plain.name!)
  const begin = held.begin && (described || (extended && !named && idle && !!params?.length))
  if (held.begin && !begin) {
    // Sent on its own, first: node-postgres answers queries in the order they were asked.
    held.begin = false
    void (clientQuery.call(this, 'begin') as Promise<unknown>).catch(() => {})
  }
  held.begin = false
  const commit = held.commitNext && described
  held.commitNext = false
  if (commit) held.committed = true
  if (!named) {
    if (!begin) return clientQuery.call(this, config, values, callback)
    const cb = typeof values === 'function' ? values : callback
    const query = new BeginFirstQuery(config, Array.isArray(values) ? values : undefined, cb as Callback | undefined)
    return submit(this, query)
  }
  if (typeof values === 'function') {
    callback = values
    values = undefined
  }
  const query = new DescribedQuery(plain as NamedConfig, values as unknown[] | undefined, callback as Callback | undefined, {
    begin,
    commit,
  })
  return submit(this, query)
}

/** A query object given to node-postgres's own `query`: answered by its callback, else by the promise returned. */
function submit(client: pg.Client, query: NodePgQuery): unknown {
  if (query.callback) {
    clientQuery.call(client, query)
    return undefined
  }
  return new Promise((resolve, reject) => {
    query.callback = (err, result) => (err ? reject(err) : resolve(result))
    clientQuery.call(client, query)
  })
}
