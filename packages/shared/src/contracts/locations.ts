import { z } from 'zod'
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM, MAX_TEXT, NAME_MIN, PUBLISH_STATUSES } from '../constants.js'
import { optionalSlugField, requiredText } from './reference.js'
import { idSchemas } from './users.js'

/**
 * Locations (catalogue-availability §2, §3, §5, §7; checklist B). The same
 * schemas validate a JSON body and a multipart form (text parts are strings:
 * numbers and ids are read from text, lists arrive as JSON text and are parsed
 * by the server before these run).
 */

export const LOCATION_SORTABLE = ['name', 'slug', 'lat', 'long', 'zoom', 'status', 'created_at'] as const
/** Most entries of each list one location keeps (a 10,000-entry list is a 422). */
export const MAX_LOCATION_LIST = 50
/** Longest rich text (HTML) accepted: a location's description, a general-info entry's content. */
export const MAX_RICH_TEXT = 20_000
/** Longest stored file name of an uploaded image. */
export const MAX_FILE_NAME = 255

const toNumber = (v: unknown) =>
  v === '' || v === null ? undefined : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v

/** A number from JSON or from a form's text part ('21.42'); empty is missing. */
export const wireNumber = <T extends z.ZodType>(schema: T) => z.preprocess(toNumber, schema)

/** An optional row id: empty, null or absent is none (top level); a JSON integer otherwise (users.ts `idField`). */
export const optionalIdField = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? null : v),
  z.number().int().min(1).max(2_147_483_647).nullable(),
)
idSchemas.add(optionalIdField, { kind: 'id' })

/** Optional plain text: '' and null are none. */
export const optionalText = (max = MAX_TEXT) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null))

/** The text of HTML, only to measure it (the server sanitizes what it stores). */
export const htmlText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .trim()

/** Rich text (HTML from the editor) whose visible text has at least `min` characters. */
export const requiredRichText = (min = NAME_MIN, max = MAX_RICH_TEXT) =>
  z
    .string()
    .trim()
    .max(max)
    .superRefine((v, ctx) => {
      const text = htmlText(v)
      if (text.length < min) ctx.addIssue({ code: 'too_small', origin: 'string', minimum: min, inclusive: true, input: text })
    })
export const optionalRichText = (max = MAX_RICH_TEXT) => optionalText(max)

/**
 * The name of an uploaded image (`POST /actions_gallery/upload` answers it):
 * letters, digits, `_` and `-`, one extension. Paths (`../`, `/etc`), encoded
 * dots and NUL never pass; the server also checks the file is the company's.
 */
export const fileNameField = z
  .string()
  .trim()
  .max(MAX_FILE_NAME)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*\.[A-Za-z0-9]{1,8}$/)
export const optionalFileName = z.preprocess((v) => (v === '' || v === undefined ? null : v), fileNameField.nullable())

/** An entry with nothing filled in (the blank entry the form shows) is dropped, not refused (checklist B-06). */
function isBlankEntry(entry: unknown): boolean {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return false
  return Object.entries(entry).every(
    ([k, v]) => k === 'id' || k === 'location_id' || v === null || v === undefined || (typeof v === 'string' && v.trim() === ''),
  )
}

/** A repeatable list: blank entries dropped, then at most `max`. */
export const entryList = <T extends z.ZodType>(entry: T, max = MAX_LOCATION_LIST) =>
  z.preprocess((v) => (Array.isArray(v) ? v.filter((e) => !isBlankEntry(e)) : v), z.array(entry).max(max))

const entryId = optionalIdField.optional()

export const generalInfoInputSchema = z.object({
  id: entryId,
  title: requiredText(),
  description: optionalText(),
  /** Rich text. */
  content: optionalRichText(),
})
export type GeneralInfoInput = z.input<typeof generalInfoInputSchema>

export const tripIdeaInputSchema = z.object({
  id: entryId,
  title: requiredText(),
  description: optionalText(),
  link: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z
      .url({ protocol: /^https?$/, hostname: z.regexes.domain })
      .max(MAX_TEXT)
      .nullable(),
  ),
  image: optionalFileName,
})
export type TripIdeaInput = z.input<typeof tripIdeaInputSchema>

/** `POST /locations` and `PUT /locations/{id}` (a PUT without a list keeps that list). */
export const locationInputSchema = z.object({
  name: requiredText(),
  /** Empty: made from the name, unique within the company. */
  slug: optionalSlugField,
  parent_id: optionalIdField,
  /** Rich text (HTML), at least 2 visible characters. */
  description: requiredRichText(),
  /** Rich text (HTML), optional. */
  description_en: optionalRichText(),
  status: z.enum(PUBLISH_STATUSES),
  lat: wireNumber(z.number().min(-90).max(90)),
  long: wireNumber(z.number().min(-180).max(180)),
  zoom: wireNumber(z.number().int().min(MAP_MIN_ZOOM).max(MAP_MAX_ZOOM)),
  banner_image: optionalFileName,
  featured_image: optionalFileName,
  general_info: entryList(generalInfoInputSchema).optional(),
  trip_ideas: entryList(tripIdeaInputSchema).optional(),
})
export type LocationInput = z.input<typeof locationInputSchema>

/** A row of `GET /locations` (no long texts, no lists: those are in the one-row answer). */
export const locationSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  parent_id: z.number().nullable(),
  parent: z.object({ id: z.number(), name: z.string() }).nullable(),
  status: z.enum(PUBLISH_STATUSES),
  lat: z.number(),
  long: z.number(),
  zoom: z.number(),
  featured_image: z.string().nullable(),
  created_at: z.string(),
})
export type LocationRow = z.infer<typeof locationSchema>

export const generalInfoSchema = z.object({
  id: z.number(),
  location_id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  content: z.string().nullable(),
})
export const tripIdeaSchema = z.object({
  id: z.number(),
  location_id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  link: z.string().nullable(),
  image: z.string().nullable(),
})

/** `GET /locations/{id}`, and the answer of create and update. */
export const locationDetailSchema = locationSchema.extend({
  description: z.string(),
  description_en: z.string().nullable(),
  banner_image: z.string().nullable(),
  updated_at: z.string(),
  general_info: z.array(generalInfoSchema),
  trip_ideas: z.array(tripIdeaSchema),
})
export type LocationDetail = z.infer<typeof locationDetailSchema>
