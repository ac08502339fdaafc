import { describe, expect, it } from 'vitest'
import { FALLBACK_CONFIG, parseAppConfig } from './app-config'

describe('parseAppConfig', () => {
  it('falls back when the server injected nothing', () => {
    expect(parseAppConfig(undefined)).toEqual({ defaultLocale: 'en', googleClientId: null, mapTileUrl: null })
    expect(FALLBACK_CONFIG.defaultLocale).toBe('en')
  })

  it('keeps known values and drops unknown locales', () => {
    expect(parseAppConfig({ defaultLocale: 'id', googleClientId: 'abc.apps', mapTileUrl: 'https://t/{z}/{x}/{y}.png' })).toEqual({
      defaultLocale: 'id',
      googleClientId: 'abc.apps',
      mapTileUrl: 'https://t/{z}/{x}/{y}.png',
    })
    expect(parseAppConfig({ defaultLocale: 'fr', googleClientId: '' }).defaultLocale).toBe('en')
  })
})
