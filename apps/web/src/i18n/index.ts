import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LOCALES, type Locale } from '@app/shared'
import { appConfig } from '../lib/app-config'
import { initialLanguage, localeCookie, readCookie, type Messages } from './merge'

/**
 * One `translation` namespace per language, merged from every
 * `locales/<lang>/*.json` (bundles/<lang>.ts): each feature owns its own file
 * (auth.json, reference.json, ...) and nothing has to be registered
 * by hand. Keys are namespaced by their top-level object (`auth.*`,
 * `resources.<name>.*`), so two files must not define the same leaf.
 *
 * Only the reader's language is downloaded (its own chunk): main.tsx renders
 * once `i18nReady` settles, and `setLanguage` loads the other one on a switch.
 */
const bundles = import.meta.glob<{ default: Messages }>('./bundles/*.ts')

/** Downloads a language's texts once and adds them to i18next. */
export async function loadLanguage(lng: string): Promise<void> {
  if (i18n.hasResourceBundle(lng, 'translation')) return
  const load = bundles[`./bundles/${lng}.ts`]
  if (!load) return
  const messages = (await load()).default
  i18n.addResourceBundle(lng, 'translation', messages, true, true)
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
