import type { Socket } from 'node:net'
import fp from 'fastify-plugin'
import type { RouteOptions } from 'fastify'
import { registerMessages, t } from '../lib/i18n.js'

registerMessages({
  en: { request_timeout: 'The request took too long to arrive.', request_invalid: 'The request could not be read.' },
  id: { request_timeout: 'Permintaan terlalu lama diterima.', request_invalid: 'Permintaan tidak dapat dibaca.' },
})

/** Largest body a public (not signed-in) route takes: sign-in and account forms are a few hundred bytes. */
export const PUBLIC_BODY_LIMIT = 64 * 1024

/**
 * Deadlines for receiving a request (docs/decisions/hardening.md, "Slow bodies"),
 * as Fastify/Node server options: the whole request (headers and body) within
 * `requestTimeout`, its headers within `headersTimeout`, checked every second
 * instead of Node's 30 s so the deadline holds to about a second.
 */
export function serverTimeouts(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    // A socket that sends nothing at all is closed after this.
    connectionTimeout: requestTimeoutMs + 10_000,
    http: { headersTimeout: Math.min(15_000, requestTimeoutMs), connectionsCheckingInterval: 1_000 },
  }
}

/**
 * What a request that breaks the rules before reaching Fastify gets (a request
 * that took too long, a malformed or oversized head): the one error shape,
 * `{ message }`, then the connection is closed. Fastify's default writes its own body.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const [status, text, key] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || err.code === 'ERR_HTTP_HEADERS_TIMEOUT'
      ? [408, 'Request Timeout', 'request_timeout']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'request_invalid']
        : [400, 'Bad Request', 'request_invalid']
  const body = JSON.stringify({ message: t('en', key) })
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy()
}

/** Public API routes take small bodies unless they say otherwise (an unauthenticated client cannot send 1 MiB). */
export default fp(async function requestLimits(app) {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/v1') || route.config?.access !== 'public') return
    route.bodyLimit ??= PUBLIC_BODY_LIMIT
  })
})
