/**
 * Libraries only some calls use — spreadsheets, image decoding, S3, mail —
 * loaded on their first use instead of at start. Everything a server imports
 * stays in its heap for good, and every full garbage collection marks it again
 * inside whatever requests are running: exceljs alone is ~7 MB of heap, the S3
 * client ~3 MB (docs/performance/calendars.md's git history, 2026-11-25 night).
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined
      throw err
    })
    return loading
  }
}

/** exceljs (CommonJS: its API is the module's default export). */
export const loadExcel = lazy(async () => (await import('exceljs')).default)
