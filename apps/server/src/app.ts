import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config.js'
import type { Database, Db } from './db/client.js'
import { badRequest } from './lib/errors.js'
import { setDefaultLocale } from './lib/i18n.js'
import audit from './plugins/audit.js'
import auth from './plugins/auth.js'
import docs from './plugins/docs.js'
import errors from './plugins/errors.js'
import inputGuard, { frameworkError } from './plugins/input-guard.js'
import requestLimits, { clientErrorHandler, serverTimeouts } from './plugins/request-limits.js'
import { AccessLog, logDestination, requestLogger } from './plugins/request-log.js'
import securityHeaders from './plugins/security-headers.js'
import uploads from './plugins/uploads.js'
import web from './plugins/web.js'
import zod from './plugins/zod.js'
import { apiModules } from './modules/index.js'
import { syncCounters } from './crud/counters.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    database: Database
    config: Config
  }
}

export interface BuildOptions {
  config: Config
  database: Database
  /** pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>
  /** Extra API modules (tests mount resources of their own). */
  modules?: FastifyPluginAsync[]
}

const here = path.dirname(fileURLToPath(import.meta.url))
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist')

export async function buildApp({ config, database, logger, modules = [] }: BuildOptions): Promise<FastifyInstance> {
  setDefaultLocale(config.DEFAULT_LOCALE)
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            // No `redact`: a line's request and answer go through Fastify's serializers (method, url, host,
            // remote address; status code), which write no header, so the token's headers (authorization,
            // cookie, set-cookie) never reach a line (test/access-log.test.ts). Redacting them anyway cloned
            // both objects on every access line to find nothing: 2 % of a one-row read's CPU.
            ...(typeof logger === 'object' ? logger : {}),
            // Standard output through a buffer (plugins/request-log.ts), unless the caller gave a stream.
            ...(typeof logger === 'object' && 'stream' in logger ? {} : { stream: logDestination() }),
          },
    // A request's pino child is made only if something logs through it (plugins/request-log.ts).
    ...(logger === false ? {} : { childLoggerFactory: requestLogger }),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id']
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID()
    },
    trustProxy: config.TRUST_PROXY,
    logController: new AccessLog(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkError,
    ...serverTimeouts(config.REQUEST_TIMEOUT_MS),
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>()

  // List counters of every declared resource, installed or rebuilt when a declaration changed.
  await syncCounters(database.db)
  app.decorate('db', database.db)
  app.decorate('database', database)
  app.decorate('config', config)

  // No path may climb out of where it points, whatever its encoding. (Hooks on every request are written
  // with callbacks rather than async functions: no promise per hook and request.)
  app.addHook('onRequest', (req, _reply, done) => {
    const query = req.url.indexOf('?')
    let pathname = query < 0 ? req.url : req.url.slice(0, query)
    if (pathname.includes('%')) {
      try {
        pathname = decodeURIComponent(pathname)
      } catch {
        return done(badRequest())
      }
    }
    if (pathname.includes('..') && /(^|[/\\])\.\.($|[/\\])/.test(pathname)) return done(badRequest())
    if (pathname.includes('\0')) return done(badRequest())
    done()
  })
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id)
    reply.header('x-content-type-options', 'nosniff')
    // API answers hold company data (issue 31): no browser or shared cache keeps them. Answers that chose
    // their own caching (public images, cached for a year) keep it.
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
    done(null, payload)
  })

  // Answers above 1 KiB go out as brotli or gzip, as the client accepts; brotli at
  // quality 4 (the plugin's default) costs about what gzip does. The built web
  // assets are compressed once at build time instead (plugins/web.ts).
  // Answers up to 64 KiB already in memory (a page, a month, a 366-day write's
  // 40 KB) are compressed in one call (~0.2 ms): a zlib stream per answer kept
  // its objects alive through young-generation collections, ~2 MB promoted to
  // the old generation per collection under 366-day writes and a full GC every
  // second (docs/performance/calendars.md's git history, 2026-11-25 night). Streams
  // (exports) still go through zlib streams.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], syncThreshold: 64 * 1024 })
  await app.register(securityHeaders, { config })
  await app.register(requestLimits)
  await app.register(cookie)
  await app.register(errors)
  await app.register(inputGuard)
  await app.register(zod)
  await app.register(docs)
  await app.register(auth)
  await app.register(audit)
  await app.register(uploads)

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await database.db.execute('select 1')
      return { status: 'ok', database: database.kind }
    } catch {
      return reply.code(503).send({ status: 'unavailable' })
    }
  })

  await app.register(
    async (api) => {
      for (const mod of [...apiModules, ...modules]) await api.register(mod)
    },
    { prefix: '/api/v1' },
  )

  await app.register(web, {
    distDir: config.WEB_DIST ? path.resolve(config.WEB_DIST) : DEFAULT_WEB_DIST,
    appConfig: {
      defaultLocale: config.DEFAULT_LOCALE,
      googleClientId: config.GOOGLE_CLIENT_ID ?? null,
      mapTileUrl: config.MAP_TILE_URL,
    },
  })

  return app
}
