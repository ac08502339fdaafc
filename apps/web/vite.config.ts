import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

/** The Fastify server (apps/server) listens here in development. */
const API = 'http://127.0.0.1:3000'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) next to every
 * text asset of the build, so the server sends them as they are (@fastify/static
 * `preCompressed`) instead of compressing on each request. index.html is left
 * out: the server rewrites it (runtime config) and compresses that answer itself.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
      if (config.build.ssr) outDir = '' // the prerender module runs on the server: nothing to send
    },
    async closeBundle() {
      if (!outDir) return
      const files = (fs.readdirSync(outDir, { recursive: true }) as string[])
        .map((f) => path.join(outDir, f))
        .filter((f) => /\.(js|mjs|css|svg|json|txt|map)$/.test(f) && fs.statSync(f).size >= 1024)
      await Promise.all(
        files.map(async (file) => {
          const body = fs.readFileSync(file)
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
            }),
            gzip(body, { level: 9 }),
          ])
          fs.writeFileSync(`${file}.br`, br)
          fs.writeFileSync(`${file}.gz`, gz)
        }),
      )
    },
  }
}

/**
 * The page's stylesheet before its scripts: a browser fetches a page's links in their order, six at a time over
 * HTTP/1.1, and Vite writes the stylesheet after the entry and its ~20 module preloads, so the first paint (the
 * sign-in page or the signed-in shell's frame, both in the HTML) waited behind the scripts' downloads for the one
 * file it needs (issue 33, "Phone"). Scripts are deferred (modules) and need nothing of the order.
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? []
        const at = html.search(/[ \t]*<script type="module"/)
        if (!sheets.length || at < 0) return html
        let rest = html
        for (const s of sheets) rest = rest.replace(s, '')
        const i = rest.search(/[ \t]*<script type="module"/)
        return rest.slice(0, i) + sheets.map((s) => (s.endsWith('\n') ? s : `${s}\n`)).join('') + rest.slice(i)
      },
    },
  }
}

/**
 * react-router's package points every condition at its development build (invariant messages, dev-only checks);
 * its production build sits beside it. A build takes that one: react-router's share of the signed-in part's
 * start-up at a phone's 4× slowdown (issue 33). The dev server and the tests keep the development build.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router')),
  '../production/index.mjs',
)

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress(), stylesheetFirst()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  server: {
    proxy: {
      '/api': API,
      '/images': API,
      '/healthz': API,
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // .vite/manifest.json: the server reads which chunk holds each language's texts, to preload the reader's.
    manifest: true,
    rolldownOptions: {
      output: {
        // The rich-text editor is loaded only by forms that have one; split so
        // no lazy chunk passes the page-weight budget (web-budget.test.ts).
        codeSplitting: {
          // A group takes only its own modules, never React or Mantine (which /login needs).
          includeDependenciesRecursively: false,
          groups: [
            // React in one chunk rather than the several small ones /login would otherwise fetch.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'prosemirror', test: /[\\/]node_modules[\\/](prosemirror-|orderedmap|rope-sequence|w3c-keyname)/ },
            { name: 'tiptap', test: /[\\/]node_modules[\\/](@tiptap|@mantine[\\/]tiptap|linkifyjs)/ },
          ],
        },
      },
    },
  },
}))
