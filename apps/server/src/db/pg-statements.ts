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
 */

type Field = { name: string }
interface Connection {
  parsedStatements: Record<string, string | undefined>
  bind(config: Record<string, unknown>): void
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

  constructor(config: NamedConfig, values: unknown[] | undefined, callback: Callback | undefined) {
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

type Query = (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) => unknown
const clientQuery = pg.Client.prototype.query as unknown as Query

/** A node-postgres client whose plain named queries skip the Describe after their first run on its connection. */
export class DescribedClient extends pg.Client {}

;(DescribedClient.prototype as unknown as { query: Query }).query = function query(config, values, callback) {
  const plain = config as (Partial<NamedConfig> & { submit?: unknown; rows?: unknown; binary?: unknown; portal?: unknown }) | null
  if (
    plain === null ||
    typeof plain !== 'object' ||
    typeof plain.submit === 'function' ||
    typeof plain.name !== 'string' ||
    !plain.name ||
    typeof plain.text !== 'string' ||
    plain.rows ||
    plain.binary ||
    plain.portal ||
    (this as unknown as { binary?: boolean }).binary
  ) {
    return clientQuery.call(this, config, values, callback)
  }
  if (typeof values === 'function') {
    callback = values
    values = undefined
  }
  const query = new DescribedQuery(plain as NamedConfig, values as unknown[] | undefined, callback as Callback | undefined)
  if (query.callback) {
    clientQuery.call(this, query)
    return undefined
  }
  return new Promise((resolve, reject) => {
    query.callback = (err, result) => (err ? reject(err) : resolve(result))
    clientQuery.call(this, query)
  })
}
