#!/usr/bin/env node
// `npm start`: builds the web app when it has not been built yet, then runs the
// server (migrations and the demo seed run at its start).
import { spawnSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dist = path.join(root, 'apps/web/dist/index.html')
if (!fs.existsSync(dist) || process.env.FORCE_BUILD === '1') {
  console.log('Building the web app (first start only)...')
  const r = spawnSync('npm', ['run', 'build', '-w', '@app/web'], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
const tsx = path.join(root, 'node_modules/.bin/tsx')
const child = spawn(tsx, ['apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
})
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig))
child.on('exit', (code) => process.exit(code ?? 0))
