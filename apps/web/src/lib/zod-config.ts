import { z } from 'zod'

// zod compiles object parsers with `new Function` unless told not to; the page's
// CSP has no 'unsafe-eval', and even zod's probe for it is reported as a
// violation. Imported first by main.tsx, before any schema runs.
z.config({ jitless: true })
