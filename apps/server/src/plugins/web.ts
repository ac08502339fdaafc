import fs from 'node:fs'
import path from 'node:path'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { negotiate } from '@fastify/accept-negotiator'
import zlib from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { FRAME_READER_NAME } from '@app/shared'
import { notFound } from '../lib/errors.js'
import { registerMessages, requestLocale, t } from '../lib/i18n.js'
import { drawSignInPages } from './sign-in-prerender.js'
import { indexPages } from './web-pages.js'

registerMessages({
  en: { method_not_allowed: 'This address does not accept {method}.' },
  id: { method_not_allowed: 'Alamat ini tidak menerima {method}.' },
})

/** The methods some API route answers at this concrete path (for a 405 with `Allow`). */
function allowedMethods(routes: Array<{ method: string; url: string }>, pathname: string): string[] {
  const methods = new Set<string>()
  for (const r of routes) {
    const pattern = r.url
      .split('/')
      .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')
    if (new RegExp(`^${pattern}/?$`).test(pathname)) methods.add(r.method)
  }
  if (methods.has('GET')) methods.add('HEAD')
  return [...methods].sort()
}

const hasSessionCookie = (cookies: Record<string, string | undefined> | undefined) => !!cookies?.token

export interface WebOptions {
  distDir: string
  appConfig: Record<string, unknown>
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never
 * cached and returned for every non-API path so deep links survive a reload.
 * Assets go out as the `.br` / `.gz` twin the build wrote next to them
 * (apps/web/vite.config.ts) when the browser accepts it: no compression work
 * per request.
 */
export default fp<WebOptions>(async function web(app, opts) {
  const { hasWeb, indexHtml, pages, signedInPages } = indexPages(opts.distDir, opts.appConfig)
  const defaultLocale = String(opts.appConfig.defaultLocale ?? 'en')
  // The sign-in page (`/`, `/login`) already drawn, per language, once the prerender is done (see below).
  const signInPages = new Map<string, string>()
  // The signed-in pages with the shell's frame drawn in them, per language, once the prerender is done.
  const framedPages = new Map<string, string>()
  // The same with a screen's head in the frame, per language: the screen's route (under /app) in parts.
  const screenPages = new Map<string, Array<{ parts: string[]; page: string; firstPage?: string }>>()
  const screenAt = (lang: string, pathname: string) => {
    const parts = routeParts(pathname.replace(/^\/app\/?/, ''))
    return screenPages.get(lang)?.find((s) => sameRoute(s.parts, parts))
  }
  const pageFor = (req: FastifyRequest, pathname: string) => {
    const cookie = (req as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies?.locale
    const lang = pages.has(cookie ?? '') ? cookie! : defaultLocale
    if (pathname === '/' || pathname === '/login') {
      const drawn = signInPages.get(lang)
      if (drawn) return drawn
    }
    return pages.get(lang) ?? indexHtml
  }

  // The web build's prerender module (apps/web/src/prerender.tsx) draws the sign-in page with this server's
  // runtime configuration, in the background: the server answers at once, with the plain page until it is done.
  const prerender = path.join(opts.distDir, '.ssr', 'prerender.js')
  if (hasWeb && fs.existsSync(prerender)) {
    const drawing = drawSignInPages(prerender, opts.appConfig)
    app.addHook('onClose', async () => {
      await drawing.stop()
    })
    drawing.pages
      .then((drawn) => {
        for (const [lang, html] of Object.entries(drawn?.signIn ?? {}))
          signInPages.set(lang, pages.get(lang)!.replace('<div id="root"></div>', `<div id="root">${html}</div>`))
        // The signed-in pages get the shell's frame before `#root`: drawn before the scripts run, removed by the
        // app once it has drawn under it (apps/web/src/lib/boot-frame.ts). It holds nothing of the user.
        // The frame paints from the page and its first stylesheet alone: the scripts it lists ahead (modulepreload,
        // the signed-in part's stylesheet) come after that stylesheet, at low priority, not beside it.
        const framed = (page: string, html: string) =>
          page
            .replace('<div id="root"></div>', `<div id="shell-frame">${html}</div><div id="root"></div>`)
            .replace(/<link rel="(modulepreload|preload" as="style)"/g, '<link rel="$1" fetchpriority="low"')
        for (const [lang, html] of Object.entries(drawn?.frames ?? {})) {
          const page = signedInPages.get(lang)
          if (page) framedPages.set(lang, framed(page, html))
        }
        // A screen's own address gets the frame with the screen's head (its title) drawn in it.
        for (const [lang, screens] of Object.entries(drawn?.screens ?? {})) {
          const page = signedInPages.get(lang)
          if (page)
            screenPages.set(
              lang,
              screens.map((s) => ({ parts: routeParts(s.path), page: framed(page, s.html), firstPage: s.firstPage })),
            )
        }
      })
      .catch((err: unknown) => app.log.warn({ err }, 'the sign-in page could not be prerendered; it is drawn in the browser'))
  }

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
        } else {
          res.setHeader('Cache-Control', 'no-cache')
        }
      },
    })
  }

  // The page is answered from the not-found handler, which @fastify/compress does not reach (it hooks routes):
  // each variant is compressed once, here, and sent as the browser accepts.
  const compressed = new Map<string, { br: Buffer; gzip: Buffer }>()
  const encodingsOf = (html: string) => {
    let c = compressed.get(html)
    if (!c) {
      const body = Buffer.from(html)
      c = {
        br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzip: zlib.gzipSync(body, { level: 9 }),
      }
      compressed.set(html, c)
    }
    return c
  }
  /**
   * A signed-in page carries the answer of `GET /auth/session` (the web app's first question, asked here
   * through the same route, so the same session rules) as a JSON data block: the app draws the screen
   * without waiting a round trip for it; at a list's own address, the list's first page as well. Only with a
   * session cookie; the page is then the user's own (`private, no-store`) and compressed per request, never kept.
   */
  const withSession = async (
    req: FastifyRequest,
    lang: string,
    pathname: string,
    fallback: string,
  ): Promise<string | undefined> => {
    const headers = { cookie: req.headers.cookie ?? '', 'user-agent': req.headers['user-agent'] ?? '' }
    const screen = screenAt(lang, pathname)
    // A list's own address, as the list first asks it (no query of its own): its first page is asked beside the
    // session, through the same route (the same session and permission rules), and goes in the page too.
    const firstPage =
      screen?.firstPage && !req.url.includes('?')
        ? app.inject({
            method: 'GET',
            url: screen.firstPage,
            headers: { ...headers, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-localization': lang },
          })
        : undefined
    const res = await app.inject({ method: 'GET', url: '/api/v1/auth/session', headers })
    const page = await firstPage
    if (res.statusCode !== 200) return undefined
    // The shell's frame and the list's page only for a session: a cookie that no longer opens one answers
    // `{"data":null}`, and that visitor (whom the app sends to /login) never sees a signed-in page's frame.
    const me = res.json<{ data?: { name?: unknown } | null }>().data ?? null
    const tags = [`<script type="application/json" id="app-session">${res.body.replace(/</g, '\\u003c')}</script>`]
    if (me !== null && page?.statusCode === 200 && screen?.firstPage)
      tags.push(
        `<script type="application/json" id="app-first-page" data-url="${escapeHtml(screen.firstPage)}">${page.body.replace(/</g, '\\u003c')}</script>`,
      )
    const framed = me !== null ? (screen?.page ?? framedPages.get(lang)) : undefined
    // The frame's greeting (the dashboard's) with the reader's name in it.
    const html =
      framed?.replaceAll(FRAME_READER_NAME, escapeHtml(typeof me?.name === 'string' ? me.name : '')) ??
      signedInPages.get(lang) ??
      fallback
    return html.replace('</head>', `${tags.join('\n')}\n  </head>`)
  }
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply, pathname: string) => {
    let html = pageFor(req, pathname)
    let own = false
    const cookies = (req as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies
    if (hasSessionCookie(cookies) && /^\/app(?:\/|$)/.test(pathname)) {
      const lang = pages.has(cookies?.locale ?? '') ? cookies!.locale! : defaultLocale
      const drawn = await withSession(req, lang, pathname, html)
      if (drawn) {
        html = drawn
        own = true
      }
    }
    reply
      .code(200)
      .header('Cache-Control', own ? 'private, no-store' : 'no-cache')
      .header('Vary', 'Cookie, Accept-Encoding')
      .type('text/html; charset=utf-8')
    const accept = req.headers['accept-encoding']
    const encoding = accept ? negotiate(accept, ['br', 'gzip']) : null
    if (encoding === 'br' || encoding === 'gzip') {
      const body = own
        ? encoding === 'br'
          ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
          : zlib.gzipSync(html, { level: 6 })
        : encodingsOf(html)[encoding]
      return reply.header('Content-Encoding', encoding).send(body)
    }
    return reply.send(html)
  }

  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url.split('?')[0]!
    const isApi = url.startsWith('/api') || url === '/healthz' || url.startsWith('/images/')
    if (!isApi && hasWeb && (req.method === 'GET' || req.method === 'HEAD') && !/\.[a-z0-9]{1,5}$/i.test(url)) {
      return sendIndex(req, reply, url)
    }
    if (isApi) {
      const locale = requestLocale(req)
      const allowed = allowedMethods(app.apiRoutes, url)
      if (allowed.length) {
        return reply
          .code(405)
          .header('allow', allowed.join(', '))
          .send({ message: t(locale, 'method_not_allowed', { method: req.method }) })
      }
      return reply.code(404).send({ message: t(locale, 'route_not_found', { method: req.method, url: url.slice(0, 200) }) })
    }
    throw notFound()
  })
})

/** A route's or an address's parts: `rooms/:id/availability` -> ['rooms', ':id', 'availability']. */
function routeParts(route: string): string[] {
  return route.split('/').filter(Boolean)
}

/** Whether an address's parts are those of a route (`:x` stands for any one part). */
function sameRoute(route: string[], address: string[]): boolean {
  return route.length === address.length && route.every((p, i) => p.startsWith(':') || p === address[i])
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
