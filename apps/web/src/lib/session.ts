import { LOCALES, type Locale } from '@app/shared'
import { currentLocale, setLanguage } from '../i18n'
import { api, unwrap } from './api-client'
import type { Me } from './permissions'

/**
 * The signed-in user, or null when signed out (`/auth/session` answers 200 either way: no console error).
 * Apart from permissions.ts so the login page can ask without loading TanStack Query.
 */
export const fetchMe = () => unwrap(api.get<{ data: Me | null }>('/auth/session')).then((r) => r.data)

/**
 * Right after a sign-in: the app opens in the language kept on the user (issue 32, item 14), whatever
 * language the sign-in page was left in. Switching in the app keeps the new one on the user.
 */
export async function applySavedLanguage(): Promise<void> {
  const saved = (await fetchMe().catch(() => null))?.locale
  if (saved && (LOCALES as readonly string[]).includes(saved) && saved !== currentLocale()) await setLanguage(saved as Locale)
}

/**
 * The answer of `/auth/session` the server put in a signed-in page (`<script type="application/json"
 * id="app-session">`, apps/server/src/plugins/web.ts), taken out of the page so it is used once; undefined
 * when the page has none or it does not parse.
 */
export function readEmbeddedSession(
  doc: Pick<Document, 'getElementById'> | undefined = typeof document === 'undefined' ? undefined : document,
): Me | null | undefined {
  const el = doc?.getElementById('app-session')
  if (!el?.textContent) return undefined
  el.remove()
  try {
    const body = JSON.parse(el.textContent) as { data?: Me | null }
    return body.data === undefined ? undefined : body.data
  } catch {
    return undefined
  }
}

/**
 * A list's first page the server put in the page (`<script type="application/json" id="app-first-page"
 * data-url="/api/v1/...">`, apps/server/src/plugins/web.ts) when the page is a list's own address: the answer
 * of that URL, for the list's first request. Taken out of the page so it is used once; undefined without one.
 */
export function readEmbeddedFirstPage(
  doc: Pick<Document, 'getElementById'> | undefined = typeof document === 'undefined' ? undefined : document,
): { url: string; body: unknown } | undefined {
  const el = doc?.getElementById('app-first-page')
  const url = el?.getAttribute('data-url')
  if (!el || !url || !el.textContent) return undefined
  el.remove()
  try {
    return { url, body: JSON.parse(el.textContent) as unknown }
  } catch {
    return undefined
  }
}
