import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * A refinement of a shared schema names its message by a key
 * (`.refine(fn, { message: 'orders.check_out_after_check_in' })`); the form
 * shows `validation.<key>` in the reader's language. A key without that text
 * reached the screen as the raw key (the order page's check-out field read
 * "orders.check_out_after_check_in"). Every key written in @app/shared's
 * sources must have a text in every language. New schemas are picked up
 * without touching this test.
 */
const SHARED = path.resolve(import.meta.dirname, '../../../../packages/shared/src')
const LOCALES = path.join(import.meta.dirname, 'locales')

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return sources(p)
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : []
  })
}

/** Message keys of refinements: `message: 'key'` and `.refine(fn, 'key')`. */
export function refinementKeys(text: string): string[] {
  const keys = new Set<string>()
  for (const m of text.matchAll(/message:\s*'([a-z][a-z0-9_.]*)'/g)) keys.add(m[1]!)
  // `.refine(fn, 'key')` written on one line.
  for (const line of text.split('\n').filter((l) => l.includes('.refine('))) {
    const m = /,\s*'([a-z][a-z0-9_.]*)'\s*\)[\s,]*$/.exec(line)
    if (m) keys.add(m[1]!)
  }
  return [...keys].sort()
}

function texts(lang: string): Map<string, unknown> {
  const out = new Map<string, unknown>()
  const walk = (tree: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(tree)) {
      const key = prefix ? `${prefix}.${k}` : k
      if (v && typeof v === 'object' && !Array.isArray(v)) walk(v as Record<string, unknown>, key)
      else out.set(key, v)
    }
  }
  for (const f of fs.readdirSync(path.join(LOCALES, lang)).filter((n) => n.endsWith('.json')))
    walk(JSON.parse(fs.readFileSync(path.join(LOCALES, lang, f), 'utf8')) as Record<string, unknown>, '')
  return out
}

describe('refinement messages of the shared schemas', () => {
  const keys = [...new Set(sources(SHARED).flatMap((f) => refinementKeys(fs.readFileSync(f, 'utf8'))))].sort()

  it('finds the keys it guards (the scan itself works)', () => {
    expect(keys).toEqual(
      expect.arrayContaining([
        'orders.check_out_after_check_in',
        'orders.end_after_start',
        'orders.amount_zero',
        'orders.amount_range',
        'money_decimals',
        'date_invalid',
        'date_window',
      ]),
    )
    expect(refinementKeys(`z.number().refine((n) => n !== 0, 'x.zero')`)).toEqual(['x.zero'])
    expect(refinementKeys(`z.enum(['a', 'b'])`)).toEqual([])
  })

  for (const lang of ['en', 'id'])
    it(`has a text for every key in ${lang}`, () => {
      const have = texts(lang)
      expect(keys.filter((k) => typeof have.get(`validation.${k}`) !== 'string')).toEqual([])
    })
})
