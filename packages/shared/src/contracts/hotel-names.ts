/**
 * A hotel's names and limits without zod (issue 33, "Phone"): the hotels list, its declaration and the price
 * lists' field kinds read these, and the list screen does not load the schemas (contracts/hotels.ts re-exports
 * them for everything else).
 */
export const EXTRA_PRICE_TYPES = ['one_time', 'per_day'] as const
export const SERVICE_PRICE_TYPES = ['fixed', 'percent'] as const
export const DISTANCE_UNITS = ['m', 'km'] as const
/** The three surroundings lists: wire name (request) -> answer name (spec §3 vs §7). */
export const SURROUNDINGS = [
  { wire: 'hotel_education', answer: 'educations' },
  { wire: 'hotel_transportation', answer: 'transportations' },
  { wire: 'hotel_health', answer: 'healths' },
] as const

export const HOTEL_SORTABLE = [
  'name',
  'slug',
  'location',
  'long',
  'lat',
  'zoom',
  'rating',
  'check_in',
  'check_out',
  'min_reservation',
  'max_stay',
  'is_featured',
  'price',
  'status',
  'created_at',
] as const

/** Most entries in one of a hotel's lists (policies, prices, fees, each surroundings list). */
export const MAX_HOTEL_LIST = 20
/** Longest hotel content (rich text HTML). */
export const MAX_HOTEL_CONTENT = 100_000
export const PERCENT_MAX_KEY = 'percent_max'
export const RADIO_ONE_KEY = 'radio_one_value'
/** Most entries of a price list (the hotels' limit, so both products agree). */
export const MAX_PRICE_ENTRIES = MAX_HOTEL_LIST
