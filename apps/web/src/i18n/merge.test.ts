import { describe, expect, it } from 'vitest'
import { deepMerge, initialLanguage, localeCookie, mergeLocaleModules, readCookie } from './merge'

describe('mergeLocaleModules', () => {
  it('groups files by language folder and deep-merges them into one namespace', () => {
    const merged = mergeLocaleModules({
      './locales/en/common.json': { actions: { save: 'Save' }, app: { name: 'X' } },
      './locales/en/auth.json': { auth: { login: { title: 'Sign In' } } },
      './locales/id/common.json': { default: { actions: { save: 'Simpan' } } },
      './locales/en/resources-a.json': { resources: { categories: { title: 'Categories' } } },
      './locales/en/resources-b.json': { resources: { facilities: { title: 'Facilities' } }, actions: { delete: 'Delete' } },
    })
    expect(merged.en).toEqual({
      actions: { save: 'Save', delete: 'Delete' },
      app: { name: 'X' },
      auth: { login: { title: 'Sign In' } },
      resources: { categories: { title: 'Categories' }, facilities: { title: 'Facilities' } },
    })
    expect(merged.id).toEqual({ actions: { save: 'Simpan' } })
  })

  it('is independent of the order the bundler lists files in', () => {
    const a = { './locales/en/a.json': { k: 'from a' }, './locales/en/b.json': { k: 'from b' } }
    const b = { './locales/en/b.json': { k: 'from b' }, './locales/en/a.json': { k: 'from a' } }
    expect(mergeLocaleModules(a)).toEqual(mergeLocaleModules(b))
    expect(mergeLocaleModules(a).en!.k).toBe('from b')
  })

  it('ignores paths that are not locale files', () => {
    expect(mergeLocaleModules({ './other/x.json': { a: 'b' } })).toEqual({})
  })
})

describe('deepMerge', () => {
  it('replaces a leaf with an object and ignores non-string leaves', () => {
    expect(deepMerge({ a: 'x' }, { a: { b: 'y' }, n: 1, arr: ['z'] })).toEqual({ a: { b: 'y' } })
  })
})

describe('locale cookie', () => {
  it('reads one cookie among others', () => {
    expect(readCookie('a=1; locale=id; token=zzz', 'locale')).toBe('id')
    expect(readCookie('a=1', 'locale')).toBeUndefined()
    expect(readCookie('', 'locale')).toBeUndefined()
  })

  it('writes a one-year, site-wide, SameSite=Lax cookie', () => {
    expect(localeCookie('id')).toBe('locale=id; Max-Age=31536000; Path=/; SameSite=Lax')
  })

  it('starts in the cookie language when supported, else the configured default', () => {
    expect(initialLanguage('id', ['en', 'id'], 'en')).toBe('id')
    expect(initialLanguage('fr', ['en', 'id'], 'en')).toBe('en')
    expect(initialLanguage(undefined, ['en', 'id'], 'id')).toBe('id')
  })
})
