#!/usr/bin/env node
// `npm start`: builds what is missing or out of date — the web app when it has
// never been built, the server (plain JavaScript, apps/server/dist) when its
// sources changed since the last build — then runs the server with source maps
// (migrations and the demo seed run at its start). FORCE_BUILD=1 rebuilds both.
import { spawnSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const force = process.env.FORCE_BUILD === '1'

// The Node the project declares (package.json `engines.node`, ">=major.minor"): an older one stops here with
// a plain message instead of failing later inside a dependency. Every locked dependency supports it
// (apps/server/test/engines.test.ts).
const declared = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node
const [wantMajor, wantMinor = 0] = declared
  .replace(/^>=\s*/, '')
  .split('.')
  .map(Number)
const [major, minor] = process.versions.node.split('.').map(Number)
if (major < wantMajor || (major === wantMajor && minor < wantMinor)) {
  console.error(`This project needs Node ${declared}; this is Node ${process.versions.node}.`)
  process.exit(1)
}

function run(args, what) {
  console.log(`Building ${what}...`)
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

/** Newest modification time of any file under these folders. */
function newest(dirs) {
  let t = 0
  for (const dir of dirs) {
    for (const f of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (f.isFile()) t = Math.max(t, fs.statSync(path.join(f.parentPath ?? f.path, f.name)).mtimeMs)
    }
  }
  return t
}

if (force || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) run(['run', 'build', '-w', '@app/web'], 'the web app')

const serverJs = path.join(root, 'apps/server/dist/server.js')
const sources = ['apps/server/src', 'packages/shared/src', 'apps/server/package.json'].map((p) => path.join(root, p))
const stale =
  !fs.existsSync(serverJs) ||
  fs.statSync(serverJs).mtimeMs < Math.max(newest(sources.slice(0, 2)), fs.statSync(sources[2]).mtimeMs)
if (force || stale) run(['run', 'build', '-w', '@app/server'], 'the server')

const child = spawn(process.execPath, ['--enable-source-maps', serverJs], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
})
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig))
child.on('exit', (code) => process.exit(code ?? 0))
