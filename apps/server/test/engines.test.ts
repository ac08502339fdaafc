import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Issue 32, item 18: `npm ci` warned that dependencies wanted Node 22 while the project declares
 * `>=20.19`. Every package in the lock file must run on the oldest Node the project declares.
 */
const root = path.resolve(import.meta.dirname, '../../..')
// semver comes with the toolchain (not a dependency of ours): only this test reads it.
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null
  satisfies(version: string, range: string): boolean
}

describe('declared Node', () => {
  const declared = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node as string
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>
  }
  const oldest = semver.minVersion(declared)!.version

  it('is a lower bound', () => {
    expect(oldest).toMatch(/^20\./)
  })

  it('is supported by every locked package', () => {
    const refused = Object.entries(lock.packages)
      .filter(([name, p]) => name && !Array.isArray(p.engines) && p.engines?.node)
      .filter(([, p]) => !semver.satisfies(oldest, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name.replace(/^.*node_modules\//, '')}@${p.version} wants ${(p.engines as { node: string }).node}`)
    expect(refused).toEqual([])
  })

  it('leaves one copy of Mantine (the versions are held back together; a second copy would split its theme)', () => {
    const copies = Object.keys(lock.packages).filter((k) => /node_modules\/@mantine\/(core|hooks)$/.test(k))
    expect(copies.sort()).toEqual(['node_modules/@mantine/core', 'node_modules/@mantine/hooks'])
  })
})
