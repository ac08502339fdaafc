import type { Metadata } from 'sharp'
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '@app/shared'
import { HttpError } from './errors.js'
import { registerMessages } from './i18n.js'
import { lazy } from './lazy.js'

export type ImageMime = (typeof IMAGE_MIME_TYPES)[number]

/** The stored extension of each accepted type: names carry the real type, never the client's. */
export const IMAGE_EXTENSIONS: Record<ImageMime, 'jpg' | 'png' | 'webp' | 'gif'> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
}

/**
 * Largest image we decode, in pixels over all frames: 40 megapixels (a 48 MP
 * phone photo is stored at 12 MP by default; 8000 × 5000 passes). Decoding
 * costs about 4 bytes a pixel, so this bounds one upload to ~160 MB of pixels
 * whatever its header claims (a 100 kB PNG can declare 100 000 × 100 000).
 */
export const MAX_IMAGE_PIXELS = 40_000_000

/** Bytes the sniffer needs: file-type reads at most this many from the start. */
export const SNIFF_BYTES = 4100

// The decoder and the sniffer load with the first upload (lib/lazy.ts). Decoded images are not kept
// between requests (memory per copy stays flat).
const loadSharp = lazy(async () => {
  const sharp = (await import('sharp')).default
  sharp.cache(false)
  return sharp
})
const loadFileType = lazy(() => import('file-type'))

registerMessages({
  en: {
    image_too_large: 'The image is larger than {mb} MB.',
    image_type: 'Only JPEG, PNG, WebP or GIF images are accepted.',
    'field.image_too_large': '{field} must be at most {mb} MB',
    'field.image_type': '{field} must be a JPEG, PNG, WebP or GIF image',
    'field.image_empty': '{field} is an empty file',
    'field.image_damaged': '{field} is damaged or incomplete',
    'field.image_dimensions': '{field} is too large: at most {megapixels} megapixels',
  },
  id: {
    image_too_large: 'Gambar lebih besar dari {mb} MB.',
    image_type: 'Hanya gambar JPEG, PNG, WebP atau GIF yang diterima.',
    'field.image_too_large': '{field} maksimal {mb} MB',
    'field.image_type': '{field} harus berupa gambar JPEG, PNG, WebP atau GIF',
    'field.image_empty': '{field} adalah berkas kosong',
    'field.image_damaged': '{field} rusak atau tidak lengkap',
    'field.image_dimensions': '{field} terlalu besar: maksimal {megapixels} megapiksel',
  },
})

const MB = MAX_IMAGE_BYTES / (1024 * 1024)

/** 413 on the field: the file passed 5 MB (DESIGN §6). */
export const imageTooLarge = (field: string) =>
  new HttpError(413, 'image_too_large', { mb: MB }, { [field]: [{ key: 'field.image_too_large', params: { mb: MB } }] })
/** 415 on the field: not one of the four image types by its bytes. */
export const imageWrongType = (field: string) => new HttpError(415, 'image_type', {}, { [field]: ['field.image_type'] })

/** The accepted type of these first bytes, or undefined (SVG, HTML, PHP, PDF, HEIC… are not images here). */
export async function sniffImage(head: Uint8Array): Promise<ImageMime | undefined> {
  const found = await (await loadFileType()).fileTypeFromBuffer(head)
  return found && (IMAGE_MIME_TYPES as readonly string[]).includes(found.mime) ? (found.mime as ImageMime) : undefined
}

export interface ProcessedImage {
  body: Buffer
  mime: ImageMime
  ext: string
  width: number
  height: number
}

const SHARP_FORMAT: Record<ImageMime, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
}

/**
 * Checks a whole uploaded file and makes the bytes we store (docs/decisions/files.md):
 * - the type comes from the bytes (file-type) and must agree with what the decoder reads;
 * - the header's dimensions are read before any pixel is decoded and refused above
 *   MAX_IMAGE_PIXELS (decompression bombs);
 * - JPEG, PNG and WebP are decoded and re-encoded: EXIF (GPS position, camera serial),
 *   XMP and IPTC are dropped and the EXIF orientation is applied to the pixels first, so
 *   the photo still stands the right way up; a truncated or corrupt file fails here;
 * - GIFs are decoded and re-encoded too, every frame with its delay and the loop count
 *   (`animated`): comment and application extensions (XMP with a GPS position) and bytes
 *   after the trailer are not written again (issue 31). The encoder re-uses the
 *   source's palette where it can.
 */
export async function processImage(input: Buffer, field: string): Promise<ProcessedImage> {
  if (input.length === 0) throw new HttpError(415, 'image_type', {}, { [field]: ['field.image_empty'] })
  const mime = await sniffImage(input.subarray(0, SNIFF_BYTES))
  if (!mime) throw imageWrongType(field)
  const animated = mime === 'image/gif' || mime === 'image/webp'
  const sharp = await loadSharp()
  const damaged = () => new HttpError(422, 'validation_failed', {}, { [field]: ['field.image_damaged'] })
  const open = () => sharp(input, { animated, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' })
  let meta: Metadata
  try {
    // The header alone: no pixel is decoded here, so the declared size can be judged before any is.
    meta = await sharp(input, { animated, limitInputPixels: false }).metadata()
  } catch {
    throw damaged()
  }
  if (meta.format !== SHARP_FORMAT[mime] || !meta.width || !meta.height) throw imageWrongType(field)
  const frames = meta.pages ?? 1
  const height = meta.pageHeight ?? meta.height
  if (meta.width * height * frames > MAX_IMAGE_PIXELS) {
    throw new HttpError(
      422,
      'validation_failed',
      {},
      {
        [field]: [{ key: 'field.image_dimensions', params: { megapixels: MAX_IMAGE_PIXELS / 1_000_000 } }],
      },
    )
  }
  try {
    // A GIF has no orientation to apply; the others turn as their EXIF says before it is dropped.
    const pipeline = mime === 'image/gif' ? open() : open().rotate()
    const out =
      mime === 'image/jpeg'
        ? pipeline.jpeg({ quality: 85 })
        : mime === 'image/png'
          ? pipeline.png()
          : mime === 'image/gif'
            ? pipeline.gif({ reuse: true })
            : pipeline.webp({ quality: 85 })
    const { data, info } = await out.toBuffer({ resolveWithObject: true })
    return { body: data, mime, ext: IMAGE_EXTENSIONS[mime], width: info.width, height: info.pageHeight ?? info.height }
  } catch {
    throw damaged()
  }
}
