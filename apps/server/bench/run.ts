/**
 * `npm run bench [name…]`: runs every `bench/*.bench.ts` (or only the ones
 * named, e.g. `npm run bench -- list`), one after another. A bench file
 * default-exports an async function; benches are scripts, never part of `npm test`.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { LOAD } from './load.js'

const here = path.dirname(fileURLToPath(import.meta.url))
const all = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'))
const files = wanted.length ? wanted.map((w) => (w.endsWith('.bench.ts') ? w : `${w}.bench.ts`)) : all
const unknown = files.filter((f) => !all.includes(path.basename(f)))
if (unknown.length) {
  console.error(`Unknown bench: ${unknown.join(', ')}. Available: ${all.map((f) => f.replace('.bench.ts', '')).join(', ')}`)
  process.exit(1)
}

console.log(
  `load generator: ${LOAD}; app: ${process.env.BENCH_APP === 'tsx' ? 'src/server.ts through tsx' : 'dist/server.js (as npm start runs it)'}`,
)
let failed = false
for (const file of files) {
  console.log(`\n##### bench ${file}`)
  try {
    const mod = (await import(pathToFileURL(path.join(here, path.basename(file))).href)) as { default?: () => Promise<void> }
    if (typeof mod.default === 'function') await mod.default()
  } catch (err) {
    failed = true
    console.error(`bench ${file} failed:`, err)
  }
}
process.exit(failed ? 1 : 0)
