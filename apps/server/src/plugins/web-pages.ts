import fs from 'node:fs'
import path from 'node:path'
import { LOCALES } from '@app/shared'

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
 * signed-in part (`src/app/AppRoot.tsx` and the steps it is loaded in, `src/app/load-steps/*`) with every chunk
 * they import and their stylesheets, and each language's
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
  // The steps AppRoot is loaded in (web: app/signed-in-loader.ts), then AppRoot.
  for (const key of Object.keys(manifest).filter((k) => k.startsWith('src/app/load-steps/'))) walk(key, needed)
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

/** The built app's page, ready to send: one per language, and one per language for a signed-in page. */
export interface IndexPages {
  /** Whether the web app is built (`index.html` in the dist folder). */
  hasWeb: boolean
  /** index.html with the runtime configuration ('' without a build). */
  indexHtml: string
  pages: Map<string, string>
  signedInPages: Map<string, string>
}

/**
 * The pages of the built web app (apps/web's dist folder), drawn once at start: index.html with this
 * server's runtime configuration, per language, each preloading what its page needs first.
 */
export function indexPages(distDir: string, appConfig: Record<string, unknown>): IndexPages {
  const indexPath = path.join(distDir, 'index.html')
  const hasWeb = fs.existsSync(indexPath)
  // A JSON data block, not a script: the CSP allows no inline script (plugins/security-headers.ts).
  const configTag = `<script type="application/json" id="app-config">${JSON.stringify(appConfig).replace(/</g, '\\u003c')}</script>`
  const indexHtml = hasWeb ? fs.readFileSync(indexPath, 'utf8').replace('<!--APP_CONFIG-->', configTag) : ''
  // One page per language: <html lang> and the preload of that language's texts (chosen as the web app
  // chooses: the `locale` cookie, else the default language).
  const manifest = hasWeb ? readManifest(distDir) : {}
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
  return { hasWeb, indexHtml, pages, signedInPages }
}
