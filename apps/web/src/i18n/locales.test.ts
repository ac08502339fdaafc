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
