import { mergeLocaleModules } from '../merge'

/** Every locales/en/*.json merged: one chunk, loaded only when the reader's language is en. */
export default mergeLocaleModules(import.meta.glob('../locales/en/*.json', { eager: true, import: 'default' })).en ?? {}
