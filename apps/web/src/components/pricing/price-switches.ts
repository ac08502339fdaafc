import { z } from 'zod'

/**
 * The form's schema with a list left out while its switch is off: hidden
 * entries are neither checked nor sent (the record keeps no entries behind a
 * switch that is off).
 */
export function withPriceSwitches<S extends z.ZodType>(schema: S) {
  return z.preprocess((v) => {
    if (!v || typeof v !== 'object') return v
    const o = { ...(v as Record<string, unknown>) }
    if (o.extra_price !== true) o.prices_extra = []
    if (o.service_fee !== true) o.service_prices = []
    return o
  }, schema)
}
