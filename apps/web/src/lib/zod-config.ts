// zod compiles object parsers with `new Function` unless told not to; the page's
// CSP has no 'unsafe-eval', and even zod's probe for it is reported as a
// violation. zod reads the probe's switch when a schema is *created*, from the
// config object it keeps on globalThis, so this sets it without importing zod
// (which would put zod in the sign-in page's bundle): main.tsx imports this
// module first, before any chunk that creates a schema is evaluated.
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> }
g.__zod_globalConfig = Object.assign(g.__zod_globalConfig ?? {}, { jitless: true })
