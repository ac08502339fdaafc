import type { IncomingMessage, ServerResponse } from 'node:http'
import fp from 'fastify-plugin'
import helmet, { strictTransportSecurity } from 'helmet'
import type { Config } from '../config.js'

/** Google Identity Services, as Google documents its CSP needs for the sign-in button. */
const GSI = {
  script: 'https://accounts.google.com/gsi/client',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
  style: 'https://accounts.google.com/gsi/style',
}

/**
 * The CSP source of a tile URL template (`https://{s}.tile.example.org/{z}/{x}/{y}.png`):
 * scheme and host, a placeholder label as `*`. A relative template is covered by
 * 'self'; anything that does not read as a plain host adds nothing (so a broken
 * MAP_TILE_URL cannot widen or break the policy).
 */
export function tileSource(template: string | undefined): string | undefined {
  if (!template) return undefined
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template.trim())
  if (!m) return undefined
  const host = m[2]!.replace(/\{[^}]*\}/g, '*').toLowerCase()
  if (!/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/.test(host)) return undefined
  return `${m[1]!.toLowerCase()}://${host}`
}

/** The Content-Security-Policy directives for this configuration (docs/decisions/hardening.md). */
export function cspDirectives(config: Pick<Config, 'MAP_TILE_URL' | 'GOOGLE_CLIENT_ID'>) {
  const tiles = tileSource(config.MAP_TILE_URL)
  const google = !!config.GOOGLE_CLIENT_ID
  const withGoogle = (list: string[], extra: string) => (google ? [...list, extra] : list)
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // The runtime config travels as a JSON data block, not a script: no inline script at all.
    scriptSrc: withGoogle(["'self'"], GSI.script),
    scriptSrcAttr: ["'none'"],
    // Mantine writes <style> elements at run time (theme variables, component styles);
    // scripts stay locked down, which is where an injection would do harm.
    styleSrc: withGoogle(["'self'", "'unsafe-inline'"], GSI.style),
    // Uploaded and stored images, data: for small icons, blob: for previews before upload, map tiles.
    imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    fontSrc: ["'self'", 'data:'],
    connectSrc: withGoogle(["'self'"], GSI.connect),
    frameSrc: google ? [GSI.frame] : ["'none'"],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    // helmet adds upgrade-insecure-requests by default; it would break a plain-http
    // deployment (an intranet, or localhost), so it is left out.
    upgradeInsecureRequests: null,
  }
}

/**
 * Browser features the back office never uses, refused for it and anything it embeds. Only features
 * Chromium knows: an unknown one (`bluetooth`) made it warn on every page (test/browser/permissions-policy.test.ts).
 */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ')

/** The headers a helmet middleware writes for any request, read once by running it on a stand-in answer. */
function headersOf(middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void): Record<string, string> {
  const out: Record<string, string> = {}
  const res = {
    setHeader: (name: string, value: unknown) => void (out[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete out[name.toLowerCase()],
  }
  let done = false
  middleware({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, () => (done = true))
  if (!done) throw new Error('helmet did not answer synchronously')
  return out
}

/**
 * Security headers on every answer (helmet): the CSP above, frame-ancestors
 * 'none' plus X-Frame-Options for old browsers, a referrer policy, a
 * Permissions-Policy, and HSTS only on requests that arrived over https through
 * a trusted proxy (an http deployment must not be pinned).
 *
 * helmet decides the headers, once: nothing in this configuration depends on
 * the request (no nonces), so its output is read at start and each request
 * copies the same dozen headers onto its reply (~1 µs) instead of running
 * helmet's twelve middlewares on the raw answer (4 % of a one-row read's CPU).
 */
export default fp<{ config: Config }>(async function securityHeaders(app, { config }) {
  const fixed = headersOf(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
      // The web app loads nothing cross-origin that would need CORP/COEP; Google's popup needs
      // to talk back to the opener, hence same-origin-allow-popups when sign-in is on.
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: config.GOOGLE_CLIENT_ID ? 'same-origin-allow-popups' : 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      frameguard: { action: 'deny' },
      strictTransportSecurity: false,
    }),
  )
  fixed['permissions-policy'] = PERMISSIONS_POLICY
  const hsts = headersOf(strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true }))

  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(fixed)
    // req.protocol reads X-Forwarded-Proto only when TRUST_PROXY is on.
    if (config.TRUST_PROXY && req.protocol === 'https') reply.headers(hsts)
    done()
  })
})
