import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify'
import fs from 'node:fs'
import type { Bindings, ChildLoggerOptions } from 'pino'

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
type Lines = Record<Level, (...args: unknown[]) => void>

/**
 * A request's logger (`req.log`), made only when something logs through it. Fastify makes a pino child per
 * request (its bindings turned to JSON, its formatters rebuilt) for the request id; a read that logs nothing
 * but its access line (written through the parent with the id, `AccessLog`) never needed it.
 */
class RequestLog {
  #logger: FastifyBaseLogger | undefined

  constructor(
    readonly parent: FastifyBaseLogger,
    readonly bindings: Bindings,
    readonly options: ChildLoggerOptions,
  ) {}

  /** The pino child Fastify would have made, made now. */
  get logger(): FastifyBaseLogger {
    return (this.#logger ??= this.parent.child(this.bindings, this.options))
  }
  /** No child was needed so far, and one would log as its parent does (no level or serializers of its own). */
  get unmade(): boolean {
    return this.#logger === undefined && this.options.level === undefined && this.options.serializers === undefined
  }

  get level(): string {
    return this.#logger?.level ?? this.options.level ?? this.parent.level
  }
  set level(level: string) {
    this.logger.level = level
  }
  fatal(...args: unknown[]) {
    ;(this.logger as unknown as Lines).fatal(...args)
  }
  error(...args: unknown[]) {
    ;(this.logger as unknown as Lines).error(...args)
  }
  warn(...args: unknown[]) {
    ;(this.logger as unknown as Lines).warn(...args)
  }
  info(...args: unknown[]) {
    ;(this.logger as unknown as Lines).info(...args)
  }
  debug(...args: unknown[]) {
    ;(this.logger as unknown as Lines).debug(...args)
  }
  trace(...args: unknown[]) {
    ;(this.logger as unknown as Lines).trace(...args)
  }
  silent(...args: unknown[]) {
    ;(this.logger as unknown as Lines).silent(...args)
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options)
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made when first used. */
export function requestLogger(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new RequestLog(parent, bindings, options) as unknown as FastifyBaseLogger
}

/**
 * One access-log line per request, written when it completes and carrying the request, instead of Fastify's
 * two ('incoming request' + 'request completed'): half the log writes on every call
 * (docs/performance/reference-list.md's git history). The line is the one the request's pino child would
 * write (its request id first, then the request, answer and time), written through the parent unless the
 * request made its child anyway.
 */
export class AccessLog extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(req)) return
    const own = reply.log as unknown
    const responseTime = reply.elapsedTime
    // Through the parent, the line starts with the request id, where the child would have written it. (An object
    // literal: spreading Fastify's bindings made a slow object that pino then walked at 3x the cost.)
    if (own instanceof RequestLog && own.unmade) {
      if (error) own.parent.error({ reqId: req.id, req, res: reply, err: error, responseTime }, 'request errored')
      else own.parent.info({ reqId: req.id, req, res: reply, responseTime }, 'request completed')
    } else if (error) reply.log.error({ req, res: reply, err: error, responseTime }, 'request errored')
    else reply.log.info({ req, res: reply, responseTime }, 'request completed')
  }
}

/** The largest batch of lines written at once, and the most kept while standard output does not take them. */
const BATCH_BYTES = 64 * 1024
const MAX_BUFFERED = 16 * 1024 * 1024

/**
 * Where the server's log lines go: standard output, in batches. Lines are kept in memory and written together
 * every LOG_FLUSH_MS, or as soon as 64 KiB are waiting, and what is left at exit is written before the process
 * ends. pino's own destination wrote as soon as its previous write finished: under load about one write of a
 * few lines every few requests, each handed to a libuv thread, 4 % of a one-row read's CPU (and the waits of
 * waking that thread on a busy machine); here it is a few writes a second. A line waits at most
 * LOG_FLUSH_MS; a process killed with SIGKILL loses the lines of its last LOG_FLUSH_MS. If standard output
 * stops taking lines, at most 16 MiB are kept; lines past that are dropped and counted in a line of their own.
 */
export const LOG_FLUSH_MS = 200

class BatchedOutput {
  private parts: Array<string | Buffer> = []
  private size = 0
  private writing = false
  private dropped = 0
  private closed = false

  constructor(private readonly fd: number) {
    setInterval(() => this.flush(), LOG_FLUSH_MS).unref()
    process.once('exit', () => this.flushSync())
  }

  write(line: string): boolean {
    if (this.closed) return true
    if (this.size + line.length > MAX_BUFFERED) {
      this.dropped++
      return true
    }
    this.parts.push(line)
    this.size += line.length
    if (this.size >= BATCH_BYTES) this.flush()
    return true
  }

  /** The waiting lines as one buffer (with a line about any that were dropped), and none left waiting. */
  private take(): Buffer {
    if (this.dropped) {
      this.parts.push(
        `${JSON.stringify({ level: 40, time: Date.now(), msg: `${this.dropped} log lines dropped: standard output did not take them` })}\n`,
      )
      this.dropped = 0
    }
    const data = this.parts.every((p) => typeof p === 'string')
      ? Buffer.from(this.parts.join(''))
      : Buffer.concat(this.parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)))
    this.parts = []
    this.size = 0
    return data
  }

  flush() {
    if (this.writing || this.closed || (this.size === 0 && !this.dropped)) return
    const data = this.take()
    this.writing = true
    fs.write(this.fd, data, 0, data.length, null, (err, written) => {
      this.writing = false
      if (err && err.code !== 'EAGAIN') {
        // Nobody reads standard output any more (EPIPE): stop logging rather than fail the server.
        this.closed = true
        this.parts = []
        this.size = 0
        return
      }
      const rest = data.subarray(err ? 0 : written)
      if (rest.length) {
        this.parts.unshift(rest)
        this.size += rest.length
      } else if (this.size >= BATCH_BYTES) this.flush()
    })
  }

  flushSync() {
    if (this.closed) return
    // A write still in flight is left to the kernel; what waits behind it is written now.
    let data = this.take()
    while (data.length) {
      try {
        data = data.subarray(fs.writeSync(this.fd, data))
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') return
      }
    }
  }
}

let stdout: BatchedOutput | undefined
/** The destination of the server's log lines (one for the process: standard output). */
export function logDestination(): { write(line: string): boolean } {
  return (stdout ??= new BatchedOutput(1))
}
