import { mergeLocaleModules } from '../merge'

/** Every other locales/en/*.json (the signed-in app's texts), loaded with the app's own chunk. See en.ts. */
export default mergeLocaleModules(
  import.meta.glob(['../locales/en/*.json', '!../locales/en/{auth,common,form-kit}.json'], { eager: true, import: 'default' }),
).en ?? {}
