#!/usr/bin/env node
// `npm run build -w @app/server`: the server as plain JavaScript in dist/, one
// ES module per entry with its source map (run with `node --enable-source-maps`).
// The workspace package @app/shared (TypeScript source) is bundled in; every
// other package stays an import resolved from node_modules at run time (native
// modules, PGlite's wasm files). Migrations are copied beside the bundles, where
// db/client.ts looks for them.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dist = path.join(root, 'dist')
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@app/shared')

const started = performance.now()
fs.rmSync(dist, { recursive: true, force: true })
await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'src/server.ts',
    'migrate-cli': 'src/cli/migrate.ts',
    'seed-cli': 'src/cli/seed.ts',
    'counters-cli': 'src/cli/counters.ts',
    // PGlite's own thread (db/client.ts starts it from beside the bundle that opens the database).
    'pglite-worker': 'src/db/pglite-worker.ts',
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external,
  sourcemap: true,
  // Some bundled code (and packages it imports) still calls require().
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
})
fs.cpSync(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true })
console.log(`Server built to ${path.relative(process.cwd(), dist) || 'dist'} in ${Math.round(performance.now() - started)} ms`)
