import { LOCALES, type Locale } from '@app/shared'

/**
 * Runtime configuration injected by the server into index.html in place of
 * `<!--APP_CONFIG-->`, as a JSON data block `<script type="application/json"
 * id="app-config">` (data, not code: the CSP allows no inline script). The Vite
 * dev server does not inject it, hence the fallback.
 */
export interface AppConfig {
  defaultLocale: Locale
  googleClientId: string | null
  /** Leaflet tile URL template (MAP_TILE_URL); null = the map picker's own default. */
  mapTileUrl: string | null
}

export const FALLBACK_CONFIG: AppConfig = { defaultLocale: 'en', googleClientId: null, mapTileUrl: null }

/** Normalizes whatever the page carried; unknown or broken values fall back. */
export function parseAppConfig(raw: unknown): AppConfig {
  if (!raw || typeof raw !== 'object') return { ...FALLBACK_CONFIG }
  const r = raw as Record<string, unknown>
  const defaultLocale = (LOCALES as readonly unknown[]).includes(r.defaultLocale)
    ? (r.defaultLocale as Locale)
    : FALLBACK_CONFIG.defaultLocale
  const googleClientId = typeof r.googleClientId === 'string' && r.googleClientId ? r.googleClientId : null
  const mapTileUrl = typeof r.mapTileUrl === 'string' && r.mapTileUrl ? r.mapTileUrl : null
  return { defaultLocale, googleClientId, mapTileUrl }
}

/** The JSON the server put in the page, or undefined when there is none or it does not parse. */
export function readInjectedConfig(
  doc: Pick<Document, 'getElementById'> | undefined = typeof document === 'undefined' ? undefined : document,
): unknown {
  const text = doc?.getElementById('app-config')?.textContent
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export const appConfig: AppConfig = parseAppConfig(readInjectedConfig())
