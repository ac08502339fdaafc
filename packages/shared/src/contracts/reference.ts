import { z } from 'zod'
import { MAX_NAME, MAX_TEXT, NAME_MIN } from '../constants.js'

/** A required text: trimmed, not blank, at least `min` characters (spec §5). */
export const requiredText = (min = NAME_MIN, max = MAX_NAME) => z.string().trim().min(min).max(max)

/**
 * Slugs are normalized, not refused: trimmed, lower-cased, spaces and other
 * separators turned into '-', anything outside [a-z0-9-] dropped (docs/decisions/reference-data.md).
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
export const slugField = z.string().max(MAX_NAME).transform(slugify).pipe(z.string().min(NAME_MIN))

/**
 * A slug that may be left empty: empty or missing means "made from the name"
 * by the server (unique within the company), so it reads as ''. A given slug
 * is normalized like every other slug.
 */
export const optionalSlugField = z
  .string()
  .max(MAX_NAME)
  .nullish()
  .transform((v) => (v ? slugify(v) : ''))
  .superRefine((v, ctx) => {
    if (v !== '' && v.length < NAME_MIN)
      ctx.addIssue({ code: 'too_small', origin: 'string', minimum: NAME_MIN, inclusive: true, input: v })
  })

/**
 * A reference row's name in one language (issue 32, item 14; docs/decisions/reference-data.md): optional,
 * shown instead of `name` to whoever reads that language. One column per language of `LOCALES`.
 */
const nameIn = z
  .string()
  .trim()
  .max(MAX_NAME)
  .nullish()
  .transform((v) => (v ? v : null))
export const nameTranslationFields = { name_en: nameIn, name_id: nameIn }
export const NAME_TRANSLATION_KEYS = ['name_en', 'name_id'] as const

/** The five identical reference lists: facilities, categories, services, types, areas. */
export const referenceInputSchema = z.object({
  name: requiredText(),
  ...nameTranslationFields,
  // Optional as everywhere else: empty means "made from the name" by the server (issue 13, one slug rule).
  slug: optionalSlugField,
  description: requiredText(NAME_MIN, MAX_TEXT),
  is_active: z.boolean(),
})
export type ReferenceInput = z.infer<typeof referenceInputSchema>

export const referenceSchema = referenceInputSchema.extend({
  id: z.number(),
  created_at: z.string(),
})
export type Reference = z.infer<typeof referenceSchema>

/** The five identical lists, by URL name, with the permission entity each uses (DESIGN §5). */
export const REFERENCE_RESOURCES = [
  { name: 'facilities', entity: 'facility', route: 'facility' },
  { name: 'categories', entity: 'category', route: 'category' },
  { name: 'services', entity: 'service', route: 'services' },
  { name: 'types', entity: 'type', route: 'type' },
  { name: 'areas', entity: 'area', route: 'area' },
] as const
export type ReferenceResourceName = (typeof REFERENCE_RESOURCES)[number]['name']

/** Sort keys the reference lists offer (description is shown but not sortable: docs/decisions/reference-data.md). */
export const REFERENCE_SORTABLE = ['name', 'slug', 'is_active', 'created_at'] as const

/** Attribute groups: which catalogue forms use them, and how their values are picked. */
export const GROUP_ATTRIBUTE_TYPES = ['train', 'transportation', 'room'] as const
export type GroupAttributeType = (typeof GROUP_ATTRIBUTE_TYPES)[number]
export const OPTION_TYPES = ['checkbox', 'radio'] as const
export type OptionType = (typeof OPTION_TYPES)[number]

export const groupAttributeInputSchema = z.object({
  name: requiredText(),
  type: z.enum(GROUP_ATTRIBUTE_TYPES),
  option_type: z.enum(OPTION_TYPES).default('checkbox'),
  is_active: z.boolean().default(true),
})
export type GroupAttributeInput = z.infer<typeof groupAttributeInputSchema>
export const GROUP_ATTRIBUTE_SORTABLE = ['name', 'type', 'created_at'] as const

export const groupAttributeSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(GROUP_ATTRIBUTE_TYPES),
  option_type: z.enum(OPTION_TYPES),
  is_active: z.boolean(),
  created_at: z.string(),
})
export type GroupAttribute = z.infer<typeof groupAttributeSchema>

/**
 * Attribute values. `slug` is optional: empty or missing means "made from the
 * name" (and kept unique within the company); a given slug is normalized like
 * every other slug and must be unique (409).
 */
export const attributeInputSchema = z.object({
  name: requiredText(),
  ...nameTranslationFields,
  slug: optionalSlugField,
  description: requiredText(NAME_MIN, MAX_TEXT),
  is_active: z.boolean(),
  group_id: z.number().int().min(1).max(2_147_483_647),
})
export type AttributeInput = z.input<typeof attributeInputSchema>
export const ATTRIBUTE_SORTABLE = ['name', 'slug', 'is_active', 'created_at', 'group'] as const

export const attributeSchema = z.object({
  id: z.number(),
  name: z.string(),
  name_en: z.string().nullable(),
  name_id: z.string().nullable(),
  slug: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  group_id: z.number(),
  group: z.object({ id: z.number(), name: z.string(), type: z.enum(GROUP_ATTRIBUTE_TYPES) }),
  created_at: z.string(),
})
export type Attribute = z.infer<typeof attributeSchema>
