import type { ReactNode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import type { Locale } from '@app/shared'
import i18n, { loadAppTexts, loadLanguage } from './i18n'
import { appConfig, parseAppConfig } from './lib/app-config'
import { Root } from './app/Root'
import { AppProviders } from './app/providers'
import { ShellFrame } from './app/shell/ShellFrame'
import { firstPageParams, listUrl } from './components/resource/list-request'

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
  await withAppTexts(lang, config)
  return html(
    <AppProviders>
      <ShellFrame />
    </AppProviders>,
  )
}

/** A screen's frame: the shell's frame with the head of the screen at `path` (a route under /app, `:x` a part). */
export interface ScreenFrame {
  path: string
  html: string
  /** A list's first page as the list asks it (`/api/v1/...?page=0&...`): the server puts its answer in the page. */
  firstPage?: string
}

/**
 * The shell's frame with each screen's head (components/ScreenHead.tsx), per language: every screen of the
 * registry whose component tells its head (a list, the dashboard, a calendar) is loaded here, once, and its head
 * drawn in the frame at its own address. The server picks the frame of the address asked for.
 */
export async function renderScreenFrames(lang: Locale, config: unknown): Promise<ScreenFrame[]> {
  await withAppTexts(lang, config)
  const { screenHeads } = await import('./app/registry')
  const t = i18n.getFixedT(lang)
  const frames: ScreenFrame[] = []
  for (const { path, head, listed } of await screenHeads()) {
    frames.push({
      path,
      firstPage: listed && listUrl(listed, firstPageParams(listed, new URLSearchParams())),
      html: await html(
        <AppProviders>
          <ShellFrame head={head(t)} />
        </AppProviders>,
      ),
    })
  }
  return frames
}

/** The signed-in app's texts in `lang`, with the server's runtime configuration: what a frame is drawn with. */
async function withAppTexts(lang: Locale, config: unknown) {
  Object.assign(appConfig, parseAppConfig(config))
  await loadLanguage(lang)
  await i18n.changeLanguage(lang)
  await loadAppTexts()
}

async function html(tree: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(tree)
  const chunks: Buffer[] = []
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks).toString('utf8')
}
