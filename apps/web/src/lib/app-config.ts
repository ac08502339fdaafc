import { LOCALES, type Locale } from '@app/shared'

/**
 * Runtime configuration injected by the server into index.html in place of
 * `<!--APP_CONFIG-->` (`window.__APP_CONFIG__ = {...}`). The Vite dev server does
 * not inject it, hence the fallback.
 */
export interface AppConfig {
  defaultLocale: Locale
  googleClientId: string | null
  /** Leaflet tile URL template (MAP_TILE_URL); null = the map picker's own default. */
  mapTileUrl: string | null
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<AppConfig>
  }
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

export const appConfig: AppConfig = parseAppConfig(typeof window === 'undefined' ? undefined : window.__APP_CONFIG__)
