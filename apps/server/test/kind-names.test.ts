import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { BOOKABLE_KINDS, ORDER_DESKS, ORDER_ITEM_KINDS } from '@app/shared'
import { orderKinds, unregisteredKinds } from '../src/modules/orders/kinds.js'
// Every module, as the app mounts them: a kind registers itself where its catalogue module is loaded.
import '../src/modules/index.js'

/**
 * A bookable kind is one declaration per side (issue 27): no switch or map on
 * kind or desk names outside the kinds' own files. This walks the sources of
 * the three packages and names every line that switches on a kind, compares
 * with one, keys a map by one, or reads a per-kind orders column.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url))
const names = [...new Set([...ORDER_ITEM_KINDS, ...ORDER_DESKS])].join('|')
const KIND_SWITCH = new RegExp(
  [
    `case\\s+'(${names})'`,
    `[!=]==\\s*'(${names})'`,
    // A hand-kept map: a kind or desk as key, a kind, desk, desk permission or desk column as value.
    `\\b(${names})\\s*:\\s*['"]?(${names}|order_[a-z_]+|has_[a-z_]+)\\b`,
    `\\bhas_(${ORDER_ITEM_KINDS.join('|')})\\b`,
  ].join('|'),
)

/** Where naming kinds is the point: the kinds' own files, their catalogue modules and screens, migrations, tests. */
const ALLOWED = [
  /\/kinds\//,
  /\/db\/migrations\//,
  /\.test\.tsx?$/,
  /^apps\/server\/src\/modules\/(hotels|train-routes|transportations|ziyarah-tours|departures)\//,
  /^apps\/web\/src\/features\/(hotels|transport|availability|ziyarah|departures)\//,
]

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sources(path)
    return /\.tsx?$/.test(e.name) ? [path] : []
  })
}

describe('bookable kinds', () => {
  it('the check sees a switch, a comparison and a hand-kept map on kind names', () => {
    for (const line of ["case 'room':", "if (k === 'train')", "{ hotel: 'order_hotel' }", 'row.has_room'])
      expect(KIND_SWITCH.test(line), line).toBe(true)
    expect(KIND_SWITCH.test("kind: z.literal('ziyarah')")).toBe(false)
  })

  it('no file outside the kinds’ own switches or maps on kind names', () => {
    const offenders = ['packages/shared/src', 'apps/server/src', 'apps/web/src']
      .flatMap((dir) => sources(join(root, dir)))
      .map((path) => relative(root, path))
      .filter((path) => !ALLOWED.some((re) => re.test(path)))
      .flatMap((path) =>
        readFileSync(join(root, path), 'utf8')
          .split('\n')
          .flatMap((line, i) => (KIND_SWITCH.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
      )
    expect(offenders).toEqual([])
  })

  it('every shared kind has its server adapter, with choices of its own', () => {
    const adapters = orderKinds()
    expect(adapters.map((a) => a.kind)).toEqual(BOOKABLE_KINDS.map((k) => k.kind))
    expect(unregisteredKinds()).toEqual([])
    for (const a of adapters) expect(Object.keys(a.choices).length, a.kind).toBeGreaterThan(0)
  })
})
