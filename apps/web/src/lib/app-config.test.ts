import { describe, expect, it } from 'vitest'
import { FALLBACK_CONFIG, parseAppConfig, readInjectedConfig } from './app-config'

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

/** A page holding `text` as the #app-config block (the unit tests run without a DOM). */
const pageWith = (text: string | null) =>
  ({
    getElementById: (id: string) => (id === 'app-config' && text !== null ? { textContent: text } : null),
  }) as unknown as Document

describe('readInjectedConfig', () => {
  it('reads the JSON data block the server writes into index.html', () => {
    expect(parseAppConfig(readInjectedConfig(pageWith('{"defaultLocale":"id","googleClientId":null}'))).defaultLocale).toBe('id')
  })

  it('gives nothing for a missing or broken block', () => {
    expect(readInjectedConfig(pageWith(null))).toBeUndefined()
    expect(readInjectedConfig(pageWith('{broken'))).toBeUndefined()
  })
})
