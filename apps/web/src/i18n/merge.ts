/**
 * Pure helpers behind src/i18n/index.ts, kept apart so they run under Vitest
 * without `import.meta.glob`.
 */
export type Messages = { [key: string]: string | Messages }

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** Deep-merges `source` into `target` (mutating it). Later files win on a clash of leaves. */
export function deepMerge(target: Messages, source: unknown): Messages {
  if (!isPlainObject(source)) return target
  for (const [key, value] of Object.entries(source)) {
    const current = target[key]
    if (isPlainObject(value)) {
      const next: Messages = isPlainObject(current) ? (current as Messages) : {}
      target[key] = deepMerge(next, value)
    } else if (typeof value === 'string') {
      target[key] = value
    }
  }
  return target
}

/**
 * Groups glob-imported locale files by language folder and deep-merges them:
 * `{ './locales/en/common.json': {...}, './locales/id/auth.json': {...} }`
 * -> `{ en: {...}, id: {...} }`. Files are merged in path order, so the result
 * does not depend on the order the bundler lists them in.
 */
export function mergeLocaleModules(modules: Record<string, unknown>): Record<string, Messages> {
  const out: Record<string, Messages> = {}
  for (const path of Object.keys(modules).sort()) {
    const match = path.match(/locales\/([^/]+)\/[^/]+\.json$/)
    if (!match) continue
    const lang = match[1]!
    const mod = modules[path]
    const json = isPlainObject(mod) && 'default' in mod && isPlainObject(mod.default) ? mod.default : mod
    out[lang] = deepMerge(out[lang] ?? {}, json)
  }
  return out
}

/** Reads one cookie from a `document.cookie` string. */
export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim())
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

/** The `locale` cookie as the switcher writes it: one year, whole site, SameSite=Lax. */
export function localeCookie(locale: string): string {
  return `locale=${encodeURIComponent(locale)}; Max-Age=31536000; Path=/; SameSite=Lax`
}

/** Language to start in: the cookie when it names a supported language, else the configured default. */
export function initialLanguage(cookieValue: string | undefined, supported: readonly string[], fallback: string): string {
  return cookieValue && supported.includes(cookieValue) ? cookieValue : fallback
}
