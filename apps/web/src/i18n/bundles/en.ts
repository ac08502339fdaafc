import { mergeLocaleModules } from '../merge'

/**
 * The public pages' texts in en (sign-in, registration, password reset, 404): the chunk /login loads.
 * The rest is app-en.ts, loaded with the signed-in part of the app. PUBLIC_LOCALE_FILES in
 * locales.test.ts lists the same files.
 */
export default mergeLocaleModules(
  import.meta.glob('../locales/en/{auth,common,form-kit}.json', { eager: true, import: 'default' }),
).en ?? {}
