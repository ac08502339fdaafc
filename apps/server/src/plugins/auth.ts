import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import { readQueryId } from '@app/shared'
import { forbidden, unauthorized } from '../lib/errors.js'
import { loadSession, loadSessionWithRow, needsTouch, touchSession, type RowRead, type SessionUser } from '../lib/sessions.js'

/**
 * What a route requires (DESIGN §5). Every /api route must declare one:
 * - 'public': anyone;
 * - 'session': any signed-in active user;
 * - a permission name, or a list of names of which any one suffices.
 */
export type Access = 'public' | 'session' | string | readonly string[]

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
    /**
     * A one-row read (`/:id`) whose row comes in the session's own statement
     * (one round trip instead of two); the handler takes it with `sessionRow(req, id)`.
     */
    sessionRow?: RowRead
  }
  interface FastifyRequest {
    auth: SessionUser | null
    /** The row a `sessionRow` route read with the session, once the session passed every check. */
    prefetchedRow: { id: number; row: Record<string, unknown> } | null
    /** Where the session token came from: the cookie needs CSRF protection, a bearer header does not. */
    authVia: 'cookie' | 'bearer' | null
  }
  interface FastifyInstance {
    /** Every API route with the access it declared; read by the route-table tests. */
    apiRoutes: Array<{ method: string; url: string; access: Access | undefined }>
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export function readToken(req: FastifyRequest): { token: string; via: 'cookie' | 'bearer' } | undefined {
  const header = req.headers.authorization
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim()
    if (token) return { token, via: 'bearer' }
  }
  const cookie = req.cookies?.token
  if (cookie) return { token: cookie, via: 'cookie' }
  return undefined
}

/** The row `id` if the session's statement read it (a `sessionRow` route), else undefined: read it then. */
export function sessionRow(req: FastifyRequest, id: number): Record<string, unknown> | undefined {
  return req.prefetchedRow?.id === id ? req.prefetchedRow.row : undefined
}

/** The signed-in user of a route whose access is not 'public'. */
export function requireAuth(req: FastifyRequest): SessionUser {
  if (!req.auth) throw unauthorized()
  return req.auth
}

export default fp(async function auth(app) {
  app.decorateRequest('auth', null)
  app.decorateRequest('authVia', null)
  app.decorateRequest('prefetchedRow', null)
  app.decorate('apiRoutes', [])

  // Each API route gets its own session check, made when the route is declared: what it requires (and whether
  // its row comes with the session) is read once here instead of from `req.routeOptions` (a new object per
  // read) on every request, and the web's own routes (pages, assets) run no hook at all. Fastify runs a
  // route's hooks after the global ones, so the cookie is parsed by then.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/v1')) return
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) {
      if (method === 'HEAD') continue
      app.apiRoutes.push({ method, url: route.url, access: route.config?.access })
    }
    const check = sessionCheck(route.config?.access, route.config?.sessionRow)
    route.onRequest = [
      ...(route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]),
      check,
    ]
  })

  function sessionCheck(access: Access | undefined, rowRead: RowRead | undefined) {
    const needed =
      access === undefined || access === 'public' || access === 'session'
        ? undefined
        : typeof access === 'string'
          ? [access]
          : access
    return async function session(req: FastifyRequest, _reply: FastifyReply) {
      // Fail closed: a route that forgot to declare its access is not served.
      if (access === undefined) throw forbidden()
      const found = readToken(req)
      if (access === 'public') {
        // Public routes may still want to know who is calling (e.g. logout).
        if (found) {
          const s = await loadSession(app.db, found.token)
          if (s && s.status === 'active') {
            req.auth = s
            req.authVia = found.via
          }
        }
        return
      }
      if (!found) throw unauthorized()
      // A one-row read gets its row with the session; a miss (no such session or row) asks for the session alone.
      const named = rowRead && (rowRead.param ? (req.query as Record<string, unknown>) : (req.params as Record<string, unknown>))
      const id = named && readQueryId(named[rowRead.param ?? 'id'])
      // What else the statement reads takes the query's values, only once they are valid.
      const also = id && rowRead.also ? rowRead.also.params(req.query) : {}
      const withRow = id && also ? await loadSessionWithRow(app.db, found.token, rowRead, id, also) : undefined
      const session = withRow?.session ?? (await loadSession(app.db, found.token))
      if (!session || session.status !== 'active') throw unauthorized()
      if (found.via === 'cookie' && !SAFE_METHODS.has(req.method) && req.headers['x-requested-with'] !== 'XMLHttpRequest') {
        throw forbidden('csrf')
      }
      req.auth = session
      req.authVia = found.via
      if (needed && !needed.some((p) => session.permissions.has(p))) throw forbidden()
      if (withRow) req.prefetchedRow = { id: id as number, row: withRow.row }
      if (needsTouch(app.db, session)) touchSession(app.db, session).catch((err) => req.log.warn({ err }, 'session touch failed'))
    }
  }
})
