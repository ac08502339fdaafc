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

/** Images (DESIGN §6): JPEG, PNG, WebP, GIF by their bytes, at most 5 MB each (the 3 MB label is corrected). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
/** New gallery images per save (spec §9). */
export const MAX_GALLERY_FILES = 5

/** Map picker (spec §2, §9): centre of Saudi Arabia at zoom 5, tiles 0-18, 350 px high. */
export const MAP_DEFAULT_CENTER = { lat: 23.8859, lng: 45.0792 } as const
export const MAP_DEFAULT_ZOOM = 5
export const MAP_MIN_ZOOM = 0
export const MAP_MAX_ZOOM = 18
export const MAP_HEIGHT = 350
/** OpenStreetMap's standard tiles when MAP_TILE_URL is not set. */
export const MAP_DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'

/** Catalogue status (locations, hotels, transportation). */
export const PUBLISH_STATUSES = ['publish', 'draft'] as const
export type PublishStatus = (typeof PUBLISH_STATUSES)[number]

/** The Saudi weekend, Friday and Saturday (ISO weekdays): what a new company starts with. */
export const DEFAULT_WEEKEND_DAYS = [5, 6] as const

/**
 * In the signed-in shell's frame, which the server draws once per language and screen before any script runs
 * (issue 33, "Phone"): where the reader's name goes (the dashboard's greeting), put in by the server per request.
 */
export const FRAME_READER_NAME = '__APP_READER_NAME__'
