import type { ReactNode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import type { Locale } from '@app/shared'
import i18n, { loadAppTexts, loadLanguage } from './i18n'
import { appConfig, parseAppConfig } from './lib/app-config'
import { Root } from './app/Root'
import { AppProviders } from './app/providers'
import { ShellFrame } from './app/shell/ShellFrame'

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
    return await html(<Root />)
  } finally {
    g.location = saved
  }
}

/**
 * The frame of the signed-in shell (app/shell/ShellFrame.tsx) as HTML, per language, for the server to put
 * before `#root` in a signed-in page: the header, the side menu's place and the screen's placeholder paint
 * from the first response, before the shell's scripts have come and run. Static: the app draws itself under it
 * and removes it (lib/boot-frame.ts), nothing hydrates it.
 */
export async function renderShellFrame(lang: Locale, config: unknown): Promise<string> {
  Object.assign(appConfig, parseAppConfig(config))
  await loadLanguage(lang)
  await i18n.changeLanguage(lang)
  await loadAppTexts()
  return html(
    <AppProviders>
      <ShellFrame />
    </AppProviders>,
  )
}

async function html(tree: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(tree)
  const chunks: Buffer[] = []
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks).toString('utf8')
}
