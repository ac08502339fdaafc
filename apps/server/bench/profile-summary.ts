/**
 * A V8 CPU profile (`.cpuprofile`, as `BENCH_PROFILE=<dir>` leaves the app's) summed for reading in a terminal:
 * shares of the busy time (idle left out) by package or source file, by function's own time, and by function
 * with what it calls (each sample counted once per function on its stack). `PROFILE_FOCUS=name,name` adds the
 * time under those functions. The app's bundle maps back to its sources with `--enable-source-maps` only
 * at run time, so functions are named as esbuild kept them, and places are `dist/server.js:line`.
 *
 *   npx tsx bench/profile-summary.ts /tmp/prof/CPU.*.cpuprofile [top=25]
 */
import fs from 'node:fs'

interface Node {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: Node[]
  samples: number[]
  timeDeltas: number[]
}

const file = process.argv[2]
if (!file) throw new Error('usage: profile-summary <file.cpuprofile> [top]')
const top = Number(process.argv[3] ?? 25)
const focus = (process.env.PROFILE_FOCUS ?? '').split(',').filter(Boolean)
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile

const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map<number, number>()
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)

/** Where a frame's code lives: a package of node_modules, node's own, or the app's file. */
function placeOf(url: string): string {
  if (!url) return '(native/vm)'
  const nm = url.lastIndexOf('node_modules/')
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/')
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!
  }
  if (url.startsWith('node:')) return url
  return url.replace(/^file:\/\/.*\/apps\/server\//, '')
}
const keyOf = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'} ${placeOf(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`

const self = new Map<string, number>()
const inclusive = new Map<string, number>()
const places = new Map<string, number>()
const focused = new Map<string, number>()
let busy = 0
let idle = 0
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v)

profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0
  const leaf = byId.get(id)!
  const name = leaf.callFrame.functionName
  if (name === '(idle)') {
    idle += dt
    return
  }
  busy += dt
  add(self, keyOf(leaf), dt)
  add(places, name === '(garbage collector)' || name === '(program)' ? name : placeOf(leaf.callFrame.url), dt)
  const seen = new Set<string>()
  const seenFocus = new Set<string>()
  for (let n: Node | undefined = leaf; n; n = byId.get(parent.get(n.id) ?? -1)) {
    const k = keyOf(n)
    if (!seen.has(k)) {
      seen.add(k)
      add(inclusive, k, dt)
    }
    const f = focus.find((x) => n!.callFrame.functionName === x)
    if (f && !seenFocus.has(f)) {
      seenFocus.add(f)
      add(focused, f, dt)
    }
  }
})

const pct = (v: number) => `${((100 * v) / busy).toFixed(1).padStart(5)} %`
const print = (title: string, m: Map<string, number>, n = top) => {
  console.log(`\n## ${title}`)
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${pct(v)}  ${k}`)
}
console.log(`busy ${(busy / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s (${file})`)
print('by place (own time)', places)
print('by function, own time', self)
print('by function, with what it calls', inclusive, top * 2)
if (focus.length) print('focus (with what they call)', focused)
