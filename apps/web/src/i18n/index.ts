import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LOCALES, type Locale } from '@app/shared'
import { appConfig } from '../lib/app-config'
import { initialLanguage, localeCookie, mergeLocaleModules, readCookie } from './merge'

/**
 * One `translation` namespace per language, merged from every
 * `locales/<lang>/*.json`: each feature owns its own file (auth.json,
 * reference.json, ...) and nothing has to be registered by hand.
 * Keys are namespaced by their top-level object (`auth.*`, `resources.<name>.*`),
 * so two files must not define the same leaf.
 */
const modules = import.meta.glob('./locales/*/*.json', { eager: true, import: 'default' })
const merged = mergeLocaleModules(modules)

export const resources = Object.fromEntries(LOCALES.map((lng) => [lng, { translation: merged[lng] ?? {} }]))

const startLanguage = initialLanguage(
  typeof document === 'undefined' ? undefined : readCookie(document.cookie, 'locale'),
  LOCALES,
  appConfig.defaultLocale,
)

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng
})

void i18n.use(initReactI18next).init({
  resources,
  lng: startLanguage,
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
})

/** The language the API should answer in (X-Localization). */
export function currentLocale(): Locale {
  const lng = (i18n.resolvedLanguage ?? i18n.language ?? appConfig.defaultLocale).slice(0, 2)
  return (LOCALES as readonly string[]).includes(lng) ? (lng as Locale) : appConfig.defaultLocale
}

/** Switches language without a reload and remembers it in the `locale` cookie. */
export async function setLanguage(locale: Locale): Promise<void> {
  document.cookie = localeCookie(locale)
  await i18n.changeLanguage(locale)
}

export default i18n
