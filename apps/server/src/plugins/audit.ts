import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
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
  app.addHook('preHandler', (req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (SAFE.has(req.method) || !req.routeOptions.url?.startsWith('/api/v1')) return done()
    req.auditState = { recorded: false }
    auditRequest.run(req, done)
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

  // A callback hook: on a read (every request but writes) it has nothing to wait for, so no promise per answer.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!req.auditState || req.auditState.recorded || reply.statusCode >= 300) return done(null, payload)
    recordAudit(app.db, req, routeEntry(req)).then(() => done(null, payload), done)
  })
})
