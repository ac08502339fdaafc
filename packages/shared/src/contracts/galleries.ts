import { z } from 'zod'
import { MAX_NAME } from '../constants.js'
import { fileNameField, optionalText, wireNumber } from './locations.js'

/**
 * Gallery records (catalogue-availability §3 "id and uploaded image", §7
 * `/galleries`): an image uploaded by `POST /actions_gallery/upload`, kept by
 * the company with an optional title and an order.
 */
export const GALLERY_SORTABLE = ['created_at', 'sort_order', 'title', 'id'] as const
export const MAX_SORT_ORDER = 1_000_000

export const galleryInputSchema = z.object({
  file_name: fileNameField,
  title: optionalText(MAX_NAME),
  sort_order: wireNumber(z.number().int().min(0).max(MAX_SORT_ORDER)).default(0),
})
export type GalleryInput = z.infer<typeof galleryInputSchema>

export const gallerySchema = z.object({
  id: z.number(),
  file_name: z.string(),
  url: z.string(),
  title: z.string().nullable(),
  sort_order: z.number(),
  mime_type: z.string(),
  size: z.number(),
  width: z.number(),
  height: z.number(),
  original_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Gallery = z.infer<typeof gallerySchema>

/** The answer of `POST /actions_gallery/upload` (`data`): `file_name` is what image fields take. */
export const uploadedImageSchema = z.object({
  id: z.number(),
  file_name: z.string(),
  url: z.string(),
  mime_type: z.string(),
  size: z.number(),
  width: z.number(),
  height: z.number(),
})
export type UploadedImage = z.infer<typeof uploadedImageSchema>

/** Where an uploaded image is served (public, cached for a year). */
export const imageUrl = (fileName: string) => `/api/v1/images/${fileName}`
