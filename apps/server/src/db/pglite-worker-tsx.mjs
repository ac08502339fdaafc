// The PGlite worker from TypeScript sources (tsx, vitest): a worker thread does
// not inherit the parent's TypeScript loader, so it registers tsx itself. The
// built server runs dist/pglite-worker.js directly (scripts/build.mjs).
import { register } from 'tsx/esm/api'

register()
await import('./pglite-worker.ts')
