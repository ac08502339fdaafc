import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify'
import { auditRequest, purgeAudit, recordAudit, routeEntry } from '../lib/audit.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'explicit': the handler records its own audit row (sign-in names the user
     * it signs in), so no transaction it runs takes the generic one; the
     * after-answer fallback still guarantees a row.
     */
    audit?: 'explicit'
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])
const WRAPPED = Symbol('audit-wrapped')
const PURGE_EVERY_MS = 24 * 60 * 60 * 1000
const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks])

/**
 * The one place every write route passes through (issue 30). A write request
 * (any API call but GET/HEAD/OPTIONS) runs its handler inside `auditRequest`;
 * 1. an engine records the precise change in its transaction (crud/resource.ts,
 *    crud/availability.ts, the auth routes);
 * 2. otherwise the first transaction the request commits takes the route's
 *    generic row (`routeEntry`) before its commit: orders and any route added
 *    later are covered in their own transaction without doing anything;
 * 3. otherwise (a write outside any transaction) the row is written before the
 *    answer leaves, for a successful answer only.
 */
export default fp(async function audit(app) {
  app.decorateRequest('auditState', null)

  const db = app.db as unknown as Record<symbol, boolean> & { transaction: (cb: unknown, config?: unknown) => Promise<unknown> }
  if (!db[WRAPPED]) {
    const original = db.transaction.bind(db)
    db.transaction = (cb, config) =>
      original(async (tx: never) => {
        const result = await (cb as (tx: never) => Promise<unknown>)(tx)
        const req = auditRequest.getStore()
        if (req?.auditState && !req.auditState.recorded && req.routeOptions.config?.audit !== 'explicit')
          await recordAudit(tx, req, routeEntry(req))
        return result
      }, config)
    db[WRAPPED] = true
  }

  // A callback hook, so the handler and the hooks after this one run inside the store.
  const enter = (req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (SAFE.has(req.method)) return done()
    req.auditState = { recorded: false }
    auditRequest.run(req, done)
  }
  // A callback hook: it has nothing to wait for unless the write recorded nothing yet.
  const leave = (
    req: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (err: Error | null, payload?: unknown) => void,
  ) => {
    if (!req.auditState || req.auditState.recorded || reply.statusCode >= 300) return done(null, payload)
    recordAudit(app.db, req, routeEntry(req)).then(() => done(null, payload), done)
  }
  // Only API routes that take a write have the two hooks, first among their own (where the global ones were):
  // a read runs neither (no preHandler at all on a plain read).
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/v1')) return
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (methods.every((m) => SAFE.has(m))) return
    route.preHandler = [enter, ...asList(route.preHandler)]
    route.onSend = [leave, ...asList(route.onSend)] as RouteOptions['onSend']
  })

  // Retention: once at start (in the background) and daily; every copy may run it (a purge is idempotent).
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  const purge = () => (running = purgeAudit(app.db).catch((err) => app.log.warn({ err }, 'audit retention purge failed')))
  app.addHook('onReady', async () => {
    void purge()
    timer = setInterval(() => void purge(), PURGE_EVERY_MS).unref()
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
    await running
  })
})
