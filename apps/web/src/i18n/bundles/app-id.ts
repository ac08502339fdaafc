import { mergeLocaleModules } from '../merge'

/** Every other locales/id/*.json (the signed-in app's texts), loaded with the app's own chunk. See id.ts. */
export default mergeLocaleModules(
  import.meta.glob(['../locales/id/*.json', '!../locales/id/{auth,common,form-kit}.json'], { eager: true, import: 'default' }),
).id ?? {}
