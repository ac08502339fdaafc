/**
 * Production shape (issue 12): the server built once to plain JavaScript
 * (`npm run build -w @app/server`, esbuild) starts without a TypeScript loader,
 * runs migrations from its own folder, serves, and carries source maps back to
 * the TypeScript sources for stack traces.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { processDatabase, startServer } from '../helpers/server-process.js'

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const dist = path.join(serverDir, 'dist')
const db = await processDatabase()
afterAll(() => db.drop())

describe('the built server', () => {
  it('builds to plain JavaScript with source maps and migrations beside it', () => {
    const r = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, encoding: 'utf8' })
    expect(r.status, r.stderr).toBe(0)
    for (const f of ['server.js', 'server.js.map', 'migrate-cli.js', 'seed-cli.js', 'counters-cli.js'])
      expect(fs.existsSync(path.join(dist, f)), f).toBe(true)
    expect(fs.readdirSync(path.join(dist, 'migrations')).some((f) => f.endsWith('.sql'))).toBe(true)
    // No TypeScript loader and no import of the workspace's TypeScript source at run time.
    const js = fs.readFileSync(path.join(dist, 'server.js'), 'utf8')
    expect(js).not.toMatch(/from ["']@app\/shared["']/)
    expect(js).not.toMatch(/from ["']tsx/)
  }, 120_000)

  it('starts from dist/server.js and serves', async () => {
    const s = await startServer({ database: db.target, dataDir: db.dataDir, built: true })
    const health = await fetch(`${s.url}/healthz`)
    expect(health.status).toBe(200)
    expect((await fetch(`${s.url}/api/v1/auth/me`)).status).toBe(401)
    expect(await s.stop()).toBe(0)
  }, 180_000)

  it('carries source maps back to the TypeScript sources (node --enable-source-maps reads them)', () => {
    const map = JSON.parse(fs.readFileSync(path.join(dist, 'server.js.map'), 'utf8')) as { sources: string[] }
    expect(map.sources.some((s) => s.endsWith('src/server.ts'))).toBe(true)
    expect(map.sources.some((s) => s.includes('packages/shared/src/'))).toBe(true)
  })
})
