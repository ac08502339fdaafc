/** Business constants of spec §9, shared by server and web. */
export const PAGE_SIZES = [10, 25, 50, 75, 100] as const
export const DEFAULT_PAGE_SIZE = 10
export const MAX_PAGE_SIZE = 100
export const SEARCH_DEBOUNCE_MS = 200
export const RELOAD_DELAY_MS = 500
export const AUTH_REDIRECT_DELAY_MS = 500
export const NOTIFY_MS = 4000
export const AUTH_NOTIFY_MS = 15000
export const SKELETON_ROWS = 12
export const SESSION_DAYS = 7
export const PASSWORD_MIN = 8
export const NAME_MIN = 2
export const LOCALES = ['en', 'id'] as const
export type Locale = (typeof LOCALES)[number]
export const MODAL_WIDTHS = { default: 530, sm: 620, md: 730, semiLg: 830, lg: 960 } as const
/** Longest text accepted in any plain string field; longer is a 422, not a 500. */
export const MAX_TEXT = 2000
export const MAX_NAME = 191
