import { prerenderToNodeStream } from 'react-dom/static'
import type { Locale } from '@app/shared'
import i18n, { loadLanguage } from './i18n'
import { appConfig, parseAppConfig } from './lib/app-config'
import { Root } from './app/Root'

/**
 * The sign-in page as HTML, per language, for the server to put in index.html
 * (`/` and `/login`): the page paints from the first response instead of after
 * the scripts run, and main.tsx hydrates it. Built as its own module (vite
 * `--ssr`, dist/.ssr/prerender.js) and run by the server once at start with its
 * runtime configuration (the Google button depends on it).
 */
export async function renderSignIn(lang: Locale, config: unknown): Promise<string> {
  Object.assign(appConfig, parseAppConfig(config))
  // wouter reads the address from `location` when rendering outside a browser.
  const g = globalThis as { location?: unknown }
  const saved = g.location
  g.location = { pathname: '/login', search: '', hash: '' }
  try {
    await loadLanguage(lang)
    await i18n.changeLanguage(lang)
    const { prelude } = await prerenderToNodeStream(<Root />)
    const chunks: Buffer[] = []
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array))
    return Buffer.concat(chunks).toString('utf8')
  } finally {
    g.location = saved
  }
}
