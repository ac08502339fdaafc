import { afterAll } from 'vitest'
import { setDefaultLocale } from '../src/lib/i18n.js'
import { orderKinds, registerOrderKind, type KindAdapter } from '../src/modules/orders/kinds.js'
// Every module, so every order kind has registered its adapter before a test file can replace one.
import '../src/modules/index.js'

/**
 * Runs before each API test file. The files of a worker share its modules (`isolate: false` in
 * vitest.config.ts: the app is imported once per worker, not once per file), so what one file changes in a
 * module's state must not reach the next. Spies, stubbed globals and env are restored by the config
 * (`restoreMocks`, `unstubGlobals`, `unstubEnvs`); the module state a file can change is put back here.
 * Caches keyed by something of one database are keyed by its handle in the product (the session touch).
 */

// The adapters as the modules registered them, kept once per worker (orders-engine.test.ts replaces the
// room kind's with a stand-in catalogue).
const g = globalThis as { __apiTestOrderKinds?: KindAdapter[] }
const kinds = (g.__apiTestOrderKinds ??= orderKinds())

// The server's language unless a file's app says otherwise (buildApp sets it from DEFAULT_LOCALE).
setDefaultLocale('en')

afterAll(() => {
  for (const k of kinds) registerOrderKind(k)
  setDefaultLocale('en')
})
