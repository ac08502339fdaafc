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

/**
 * The chunk of each language's public texts (`src/i18n/bundles/<lang>.ts`), from the build's manifest: the
 * page preloads the reader's one next to the entry instead of finding it only once the entry runs.
 */
function languageChunks(distDir: string): Map<string, string> {
  const out = new Map<string, string>()
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; src?: string }
    >
    for (const entry of Object.values(manifest)) {
      const m = entry.src?.match(/(?:^|\/)i18n\/bundles\/([a-z]{2})\.ts$/)
      if (m) out.set(m[1]!, entry.file)
    }
  } catch {
    // An older build without a manifest: the page still works, the language just loads a round later.
  }
  return out
}

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
  const chunks = hasWeb ? languageChunks(opts.distDir) : new Map<string, string>()
  const pages = new Map<string, string>(
    LOCALES.map((lang) => {
      const chunk = chunks.get(lang)
      const preload = chunk ? `<link rel="modulepreload" crossorigin href="/${chunk}">\n  </head>` : '</head>'
      return [lang, indexHtml.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`).replace('</head>', preload)]
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
  const sendIndex = (req: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const html = pageFor(req, pathname)
    reply.code(200).header('Cache-Control', 'no-cache').header('Vary', 'Cookie, Accept-Encoding').type('text/html; charset=utf-8')
    const accept = req.headers['accept-encoding']
    const encoding = accept ? negotiate(accept, ['br', 'gzip']) : null
    if (encoding === 'br' || encoding === 'gzip')
      return reply.header('Content-Encoding', encoding).send(encodingsOf(html)[encoding])
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
