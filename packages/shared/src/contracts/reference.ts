import { z } from 'zod'
import { MAX_NAME, MAX_TEXT, NAME_MIN } from '../constants.js'

/** A required text: trimmed, not blank, at least `min` characters (spec §5). */
export const requiredText = (min = NAME_MIN, max = MAX_NAME) => z.string().trim().min(min).max(max)

/**
 * Slugs are normalized, not refused: trimmed, lower-cased, spaces and other
 * separators turned into '-', anything outside [a-z0-9-] dropped (docs/decisions.md).
 */
export function slugify(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
export const slugField = z
  .string()
  .max(MAX_NAME)
  .transform(slugify)
  .pipe(z.string().min(NAME_MIN))

/** The five identical reference lists: facilities, categories, services, types, areas. */
export const referenceInputSchema = z.object({
  name: requiredText(),
  slug: slugField,
  description: requiredText(NAME_MIN, MAX_TEXT),
  is_active: z.boolean(),
})
export type ReferenceInput = z.infer<typeof referenceInputSchema>

export const referenceSchema = referenceInputSchema.extend({
  id: z.number(),
  created_at: z.string(),
})
export type Reference = z.infer<typeof referenceSchema>
