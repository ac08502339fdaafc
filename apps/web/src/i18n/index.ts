import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LOCALES, type Locale } from '@app/shared'
import { appConfig } from '../lib/app-config'
import { initialLanguage, localeCookie, readCookie, type Messages } from './merge'

/**
 * One `translation` namespace per language, merged from `locales/<lang>/*.json`:
 * each feature owns its own file (auth.json, reference.json, ...) and nothing has
 * to be registered by hand. Keys are namespaced by their top-level object
 * (`auth.*`, `resources.<name>.*`), so two files must not define the same leaf.
 *
 * Only the reader's language is downloaded, in two chunks: the public pages'
 * texts (bundles/<lang>.ts), which main.tsx waits for before the first paint, and
 * the signed-in app's (bundles/app-<lang>.ts), which the app's own chunk waits
 * for (`loadAppTexts`). `setLanguage` loads whatever parts are in use for the
 * other language on a switch.
 */
const bundles = import.meta.glob<{ default: Messages }>('./bundles/*.ts')
const partsInUse = new Set<'public' | 'app'>(['public'])
const loaded = new Set<string>()

async function loadPart(lng: string, part: 'public' | 'app'): Promise<void> {
  const file = part === 'public' ? `./bundles/${lng}.ts` : `./bundles/app-${lng}.ts`
  const load = bundles[file]
  if (!load || loaded.has(file)) return
  const messages = (await load()).default
  i18n.addResourceBundle(lng, 'translation', messages, true, true)
  loaded.add(file)
}

/** Downloads a language's texts (the parts in use) once and adds them to i18next. */
export async function loadLanguage(lng: string): Promise<void> {
  await Promise.all([...partsInUse].map((part) => loadPart(lng, part)))
}

/** The signed-in app's texts in the current language; never rejects (a missing text shows its key). */
export function loadAppTexts(): Promise<void> {
  partsInUse.add('app')
  return loadPart(currentLocale(), 'app').catch(() => {})
}

const startLanguage = initialLanguage(
  typeof document === 'undefined' ? undefined : readCookie(document.cookie, 'locale'),
  LOCALES,
  appConfig.defaultLocale,
)

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng
})

void i18n.use(initReactI18next).init({
  resources: {},
  lng: startLanguage,
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
})

/** Settles when the start language's texts are in (the app renders after it). */
export const i18nReady: Promise<void> = loadLanguage(startLanguage).then(() => {
  // Re-announce the language so components and `i18n.t` see the loaded texts.
  void i18n.changeLanguage(startLanguage)
})

/** The language the API should answer in (X-Localization). */
export function currentLocale(): Locale {
  const lng = (i18n.resolvedLanguage ?? i18n.language ?? appConfig.defaultLocale).slice(0, 2)
  return (LOCALES as readonly string[]).includes(lng) ? (lng as Locale) : appConfig.defaultLocale
}

/** Switches language without a reload and remembers it in the `locale` cookie. */
export async function setLanguage(locale: Locale): Promise<void> {
  document.cookie = localeCookie(locale)
  await loadLanguage(locale)
  await i18n.changeLanguage(locale)
}

export default i18n
