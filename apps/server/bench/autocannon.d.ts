// The few parts of autocannon's API the benches use (it ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number
    p50: number
    p99: number
  }
  interface Result {
    requests: Histogram & { total: number }
    latency: Histogram
    non2xx: number
    '2xx': number
    errors: number
    timeouts: number
    /** Seconds the run took. */
    duration: number
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    /** Stop after this many requests instead of after `duration`. */
    amount?: number
    headers?: Record<string, string>
    method?: string
    body?: string
    /** Seconds. */
    timeout?: number
    /** Requests per second over all connections (paced load); unlimited without it. */
    overallRate?: number
    /** Per-request setup: return the request to send (e.g. a different body each time). */
    requests?: Array<{ setupRequest?: (req: Record<string, unknown>) => Record<string, unknown> }>
  }
  export type { Result }
  function autocannon(opts: Options, cb: (err: Error | null, result: Result) => void): unknown
  export default autocannon
}
