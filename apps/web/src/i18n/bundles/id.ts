import { mergeLocaleModules } from '../merge'

/** Every locales/id/*.json merged: one chunk, loaded only when the reader's language is id. */
export default mergeLocaleModules(import.meta.glob('../locales/id/*.json', { eager: true, import: 'default' })).id ?? {}
