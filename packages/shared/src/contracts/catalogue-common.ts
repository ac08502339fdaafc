import { z } from 'zod'
import { EXTRA_PRICE_TYPES, SERVICE_PRICE_TYPES, extraPriceInputSchema, servicePriceInputSchema } from './hotels.js'
import { entryList, wireNumber } from './locations.js'

/**
 * What the product forms share beyond hotels.ts (which landed the price
 * entries, `youtubeField`, `timeField`, `idListField`, and availability.ts the
 * money and boolean fields): the two price lists as list fields, the answer
 * shapes of their entries, attribute values and referenced rows.
 */

// Most entries of a price list (the hotels' limit, so both products agree): hotel-names.ts, without zod.
import { MAX_PRICE_ENTRIES } from './hotel-names.js'
export { MAX_PRICE_ENTRIES } from './hotel-names.js'
export const extraPriceListField = entryList(extraPriceInputSchema, MAX_PRICE_ENTRIES)
export const servicePriceListField = entryList(servicePriceInputSchema, MAX_PRICE_ENTRIES)

/** A whole number from JSON or a form's text, within [min, max]. */
export const wireInt = (min: number, max: number) => wireNumber(z.number().int().min(min).max(max))

export const extraPriceSchema = z.object({
  id: z.number(),
  name: z.string(),
  value: z.number(),
  type: z.enum(EXTRA_PRICE_TYPES),
  person_price: z.boolean(),
})
export const servicePriceSchema = z.object({
  id: z.number(),
  name: z.string(),
  name_en: z.string().nullable(),
  description: z.string().nullable(),
  description_en: z.string().nullable(),
  value: z.number(),
  type: z.enum(SERVICE_PRICE_TYPES),
  person_price: z.boolean(),
})

/** An attribute value as a product answers it (spec §3 "attributes (with type)"). */
export const productAttributeSchema = z.object({
  id: z.number(),
  name: z.string(),
  group: z.object({ id: z.number(), name: z.string(), type: z.string() }),
})

/** `{ id, name }` of a referenced row (a location). */
export const namedRefSchema = z.object({ id: z.number(), name: z.string() })
