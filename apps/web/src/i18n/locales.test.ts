import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * Every text exists in both languages: each locales/<lang>/*.json has a twin
 * with the same keys, no empty value, the same {{placeholders}}, and an
 * Indonesian value that is not simply the English one left untranslated.
 * New files are picked up without touching this test.
 */
const DIR = path.join(import.meta.dirname, 'locales')
const LANGS = ['en', 'id'] as const

type Tree = { [key: string]: unknown }

function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [lk, lv] of leaves(v as Tree, key)) out.set(lk, lv)
    } else out.set(key, v)
  }
  return out
}

const files = (lang: string) =>
  fs
    .readdirSync(path.join(DIR, lang))
    .filter((f) => f.endsWith('.json'))
    .sort()
const read = (lang: string, file: string) => leaves(JSON.parse(fs.readFileSync(path.join(DIR, lang, file), 'utf8')) as Tree)
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort()

/**
 * Texts that are the same words in Indonesian (names, loan words). A value
 * equal in both languages fails unless it is here, so English cannot be
 * copied into id/*.json unnoticed.
 */
const SAME_IN_BOTH = new Set([
  'Travel Back Office',
  'English',
  'Bahasa Indonesia',
  'ID',
  'Slug',
  'Zoom',
  'Email',
  'Status',
  'Area',
  'Hotel',
  'Data Master',
  'Admin',
  'Marketing',
  'Operator',
  'Produksi',
  'Supplier',
  'Master',
  'Radio',
  'Dashboard',
  'Total',
  'Check-in',
  'Check-out',
  // Pilgrims (issue 28): Indonesian terms English uses as they are, and loan words.
  'Mahram',
  'NIK',
  'KTP',
  'Visa',
  'Logo',
])

describe('locale files', () => {
  it('exist as the same set of files in every language', () => {
    for (const lang of LANGS) expect(files(lang), lang).toEqual(files('en'))
  })

  for (const file of files('en')) {
    describe(file, () => {
      it('has the same keys in every language', () => {
        const en = [...read('en', file).keys()].sort()
        for (const lang of LANGS) {
          const keys = [...read(lang, file).keys()].sort()
          expect({ lang, missing: en.filter((k) => !keys.includes(k)), extra: keys.filter((k) => !en.includes(k)) }).toEqual({
            lang,
            missing: [],
            extra: [],
          })
        }
      })

      it('has only non-empty string values with the same placeholders', () => {
        const en = read('en', file)
        for (const lang of LANGS) {
          for (const [key, value] of read(lang, file)) {
            expect(typeof value, `${lang}/${file} ${key}`).toBe('string')
            expect((value as string).trim(), `${lang}/${file} ${key} is empty`).not.toBe('')
            const source = en.get(key)
            if (typeof source === 'string') {
              expect(placeholders(value as string), `${lang}/${file} ${key} placeholders`).toEqual(placeholders(source))
            }
          }
        }
      })

      it('translates every English text into Indonesian', () => {
        const en = read('en', file)
        const untranslated = [...read('id', file)]
          .filter(([key, value]) => {
            if (value !== en.get(key)) return false
            const words = (value as string).replace(/\{\{[^}]*\}\}/g, ' ').match(/\p{L}+/gu) ?? []
            return words.length > 0 && !SAME_IN_BOTH.has((value as string).replace(/\{\{[^}]*\}\}/g, '').trim())
          })
          .map(([key, value]) => `${key}: ${String(value)}`)
        expect(untranslated).toEqual([])
      })

      it('keeps Indonesian out of the English texts', () => {
        const id = read('id', file)
        const indonesian = /\b(tidak|dan|atau|yang|untuk|dengan|silakan|karakter|berhasil|gagal|kata sandi)\b/i
        const leaked = [...read('en', file)]
          .filter(
            ([key, value]) => typeof value === 'string' && indonesian.test(value) && value !== 'Bahasa Indonesia' && id.has(key),
          )
          .map(([key, value]) => `${key}: ${String(value)}`)
        expect(leaked).toEqual([])
      })
    })
  }
})

/**
 * The public pages (sign-in, registration, password reset, activation, 404) get only the texts of
 * bundles/<lang>.ts before the first paint; the app's other texts come with the signed-in chunk. Every
 * literal key those pages use must therefore be in the public files, or they would show raw keys.
 */
const PUBLIC_LOCALE_FILES = ['auth.json', 'common.json', 'form-kit.json']
const PUBLIC_SOURCES = [
  'features/auth/LoginPage.tsx',
  'features/auth/RegisterPage.tsx',
  'features/auth/ForgotPage.tsx',
  'features/auth/ResetPage.tsx',
  'features/auth/ActivationPage.tsx',
  'features/auth/AuthLayout.tsx',
  'features/auth/NewPasswordFields.tsx',
  'features/auth/GoogleSignInButton.tsx',
  'features/auth/validators.ts',
  'features/auth/feedback.ts',
  'components/NotFound.tsx',
  'components/FullScreenLoader.tsx',
  'components/LanguageSwitcher.tsx',
  'components/Logo.tsx',
  'components/resource/dialogs.tsx',
  'app/providers.tsx',
  'lib/use-document-title.ts',
  'main.tsx',
]

describe('the texts of the public pages', () => {
  it('come from the public files only (bundles/<lang>.ts)', () => {
    for (const lang of LANGS) {
      const bundle = fs.readFileSync(path.join(import.meta.dirname, 'bundles', `${lang}.ts`), 'utf8')
      expect(bundle).toContain(`{${PUBLIC_LOCALE_FILES.map((f) => f.replace('.json', '')).join(',')}}`)
    }
    const known = new Set<string>()
    for (const file of PUBLIC_LOCALE_FILES) for (const key of read('en', file).keys()) known.add(key)
    const src = path.join(import.meta.dirname, '..')
    const missing: string[] = []
    let used = 0
    for (const file of PUBLIC_SOURCES) {
      const code = fs.readFileSync(path.join(src, file), 'utf8')
      for (const m of code.matchAll(/\bt\(\s*'([a-z_]+(?:\.[a-z_0-9]+)+)'/g)) {
        used++
        const key = m[1]!
        // i18next plurals: `count` keys live as key_one / key_other.
        if (!known.has(key) && !known.has(`${key}_one`) && !known.has(`${key}_other`)) missing.push(`${file}: ${key}`)
      }
    }
    expect(used).toBeGreaterThan(50)
    expect(missing).toEqual([])
  })
})
