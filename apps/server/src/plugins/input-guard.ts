import fp from 'fastify-plugin'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { unprocessable } from '../lib/errors.js'
import { requestLocale, t } from '../lib/i18n.js'

/** Dotted paths of the strings (values or keys) that hold a NUL byte, at most `limit`. */
function nulPaths(value: unknown, prefix: string, out: string[], limit = 20, depth = 0): string[] {
  if (out.length >= limit || depth > 32) return out
  if (typeof value === 'string') {
    if (value.includes('\0')) out.push(prefix)
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nulPaths(v, prefix ? `${prefix}.${i}` : String(i), out, limit, depth + 1))
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = prefix ? `${prefix}.${k.replace(/\0/g, '')}` : k.replace(/\0/g, '')
      if (k.includes('\0')) out.push(p || 'body')
      else nulPaths(v, p, out, limit, depth + 1)
    }
  }
  return out
}

/**
 * A NUL byte is never valid text here (PostgreSQL refuses it in `text`): any in a
 * query value, path parameter or JSON body answers 422 naming the field, before the
 * route's own validation or the database sees it (DESIGN §3: one error shape).
 */
export default fp(async function inputGuard(app) {
  app.addHook('preValidation', (req: FastifyRequest, _reply, done) => {
    const hasBody = req.body && typeof req.body === 'object'
    // The path and query reach us percent-encoded (the HTTP parser refuses a raw NUL in the request line),
    // so only a `%00` in the URL can put a NUL in a parameter: without one, there is nothing to look for.
    const inUrl = req.url.includes('%00')
    if (!inUrl && !hasBody) return done()
    const bad: string[] = []
    if (inUrl) {
      nulPaths(req.params, '', bad)
      nulPaths(req.query, '', bad)
    }
    if (hasBody) nulPaths(req.body, '', bad)
    done(bad.length ? unprocessable(Object.fromEntries(bad.map((f) => [f, ['field.invalid']]))) : undefined)
  })
})

/**
 * Errors the router raises before any route or hook runs (a path that is not valid
 * percent-encoding, an over-long parameter): the one error shape instead of Fastify's.
 */
export function frameworkError(_err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(400)
    .header('x-content-type-options', 'nosniff')
    .type('application/json; charset=utf-8')
    .send({ message: t(requestLocale(req), 'bad_request') })
}
