import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { negotiate } from '@fastify/accept-negotiator'
import zlib from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { LOCALES } from '@app/shared'
import { notFound } from '../lib/errors.js'
import { registerMessages, requestLocale, t } from '../lib/i18n.js'

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

interface ManifestChunk {
  file: string
  src?: string
  imports?: string[]
  css?: string[]
}

function readManifest(distDir: string): Record<string, ManifestChunk> {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>
  } catch {
    // An older build without a manifest: the page still works, its parts just load a round later.
    return {}
  }
}

/**
 * What a signed-in page (`/app/...`) loads before it can draw anything, from the build's manifest: the
 * signed-in part (`src/app/AppRoot.tsx`) with every chunk it imports and its stylesheet, and each language's
 * app texts (`src/i18n/bundles/app-<lang>.ts`). Without them in the page, the browser finds them only once
 * the entry has run: one more round trip on a phone's network.
 */
export function signedInAssets(manifest: Record<string, ManifestChunk>): {
  js: string[]
  css: string[]
  texts: Map<string, string>
} {
  const texts = new Map<string, string>()
  for (const entry of Object.values(manifest)) {
    const m = entry.src?.match(/(?:^|\/)i18n\/bundles\/app-([a-z]{2})\.ts$/)
    if (m) texts.set(m[1]!, entry.file)
  }
  const root = manifest['src/app/AppRoot.tsx']
  if (!root) return { js: [], css: [], texts }
  // The entry's own chunks are in index.html already.
  const inPage = new Set<string>()
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return
    into.add(key)
    for (const i of manifest[key]!.imports ?? []) walk(i, into)
  }
  walk('index.html', inPage)
  const needed = new Set<string>()
  walk('src/app/AppRoot.tsx', needed)
  const keys = [...needed].filter((k) => !inPage.has(k))
  return {
    js: keys.map((k) => manifest[k]!.file),
    css: [...new Set(keys.flatMap((k) => manifest[k]!.css ?? []))],
    texts,
  }
}

/**
 * The chunk of each language's public texts (`src/i18n/bundles/<lang>.ts`), from the build's manifest: the
 * page preloads the reader's one next to the entry instead of finding it only once the entry runs.
 */
function languageChunks(manifest: Record<string, ManifestChunk>): Map<string, string> {
  const out = new Map<string, string>()
  for (const entry of Object.values(manifest)) {
    const m = entry.src?.match(/(?:^|\/)i18n\/bundles\/([a-z]{2})\.ts$/)
    if (m) out.set(m[1]!, entry.file)
  }
  return out
}

const hasSessionCookie = (cookies: Record<string, string | undefined> | undefined) => !!cookies?.token

export interface WebOptions {
  distDir: string
  appConfig: Record<string, unknown>
}

/**
 * Draws the sign-in page in every language in a thread of its own, which ends
 * when it is done: the prerender loads React, Mantine and the icon set (about
 * 30 MB of heap) that the server would otherwise keep for its whole life, where
 * every full garbage collection marks them again (docs/performance/calendars.md, night).
 */
function drawSignInPages(modulePath: string, config: Record<string, unknown>) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads')
    import(workerData.url).then(async (mod) => {
      const drawn = {}
      for (const lang of workerData.locales) drawn[lang] = await mod.renderSignIn(lang, workerData.config)
      parentPort.postMessage(drawn)
    })`,
    { eval: true, workerData: { url: pathToFileURL(modulePath).href, locales: [...LOCALES], config } },
  )
  let stopping = false
  const pages = new Promise<Record<string, string> | undefined>((resolve, reject) => {
    worker.once('message', (drawn: Record<string, string>) => {
      resolve(drawn)
      void worker.terminate()
    })
    worker.once('error', reject)
    // Stopped by the server's close before it was done: nothing drawn, nothing wrong.
    worker.once('exit', (code) => (stopping ? resolve(undefined) : reject(new Error(`the prerender thread ended (${code})`))))
  })
  return {
    pages,
    stop: () => {
      stopping = true
      return worker.terminate()
    },
  }
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never
 * cached and returned for every non-API path so deep links survive a reload.
 * Assets go out as the `.br` / `.gz` twin the build wrote next to them
 * (apps/web/vite.config.ts) when the browser accepts it: no compression work
 * per request.
 */
export default fp<WebOptions>(async function web(app, opts) {
  const indexPath = path.join(opts.distDir, 'index.html')
  const hasWeb = fs.existsSync(indexPath)
  // A JSON data block, not a script: the CSP allows no inline script (plugins/security-headers.ts).
  const configTag = `<script type="application/json" id="app-config">${JSON.stringify(opts.appConfig).replace(/</g, '\\u003c')}</script>`
  const indexHtml = hasWeb ? fs.readFileSync(indexPath, 'utf8').replace('<!--APP_CONFIG-->', configTag) : ''
  // One page per language: <html lang> and the preload of that language's texts (chosen as the web app
  // chooses: the `locale` cookie, else the default language).
  const manifest = hasWeb ? readManifest(opts.distDir) : {}
  const chunks = languageChunks(manifest)
  const pages = new Map<string, string>(
    LOCALES.map((lang) => {
      const chunk = chunks.get(lang)
      const preload = chunk ? `<link rel="modulepreload" crossorigin href="/${chunk}">\n  </head>` : '</head>'
      return [lang, indexHtml.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`).replace('</head>', preload)]
    }),
  )
  // The signed-in pages (`/app/...` with a session cookie): the same page with what the signed-in part needs
  // preloaded (its chunks, stylesheet and the language's app texts), so it arrives with the entry.
  const signedIn = signedInAssets(manifest)
  const signedInPages = new Map<string, string>(
    [...pages].map(([lang, html]) => {
      const links = [
        ...signedIn.js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
        ...(signedIn.texts.has(lang) ? [`<link rel="modulepreload" crossorigin href="/${signedIn.texts.get(lang)}">`] : []),
        ...signedIn.css.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
      ]
      return [lang, links.length ? html.replace('</head>', `${links.join('\n  ')}\n  </head>`) : html]
    }),
  )
  const defaultLocale = String(opts.appConfig.defaultLocale ?? 'en')
  // The sign-in page (`/`, `/login`) already drawn, per language, once the prerender is done (see below).
  const signInPages = new Map<string, string>()
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
        for (const [lang, html] of Object.entries(drawn ?? {}))
          signInPages.set(lang, pages.get(lang)!.replace('<div id="root"></div>', `<div id="root">${html}</div>`))
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
   * without waiting a round trip for it. Only with a session cookie; the page is then the user's own
   * (`private, no-store`) and compressed per request, never kept.
   */
  const withSession = async (req: FastifyRequest, html: string): Promise<string | undefined> => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie: req.headers.cookie ?? '', 'user-agent': req.headers['user-agent'] ?? '' },
    })
    if (res.statusCode !== 200) return undefined
    const tag = `<script type="application/json" id="app-session">${res.body.replace(/</g, '\\u003c')}</script>`
    return html.replace('</head>', `${tag}\n  </head>`)
  }
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply, pathname: string) => {
    let html = pageFor(req, pathname)
    let own = false
    const cookies = (req as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies
    if (hasSessionCookie(cookies) && /^\/app(?:\/|$)/.test(pathname)) {
      const lang = pages.has(cookies?.locale ?? '') ? cookies!.locale! : defaultLocale
      const drawn = await withSession(req, signedInPages.get(lang) ?? html)
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
