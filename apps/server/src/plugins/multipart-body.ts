import { MAX_GALLERY_FILES } from '@app/shared'
import type { MultipartReader } from '../crud/body.js'
import { HttpError, unprocessable } from '../lib/errors.js'
import { processImage, type ProcessedImage } from '../lib/images.js'
import { requireAuth } from './auth.js'
import { appended, drain, FORM_LIMITS, multipartError, parseNameList, plus, readImagePart } from './multipart-parts.js'

export interface MultipartBodyStore {
  /** Counts one file against the company's upload rate, before the file is read (refuses past the rate). */
  takeOne(companyId: number): Promise<void>
  /** Stores a checked image for the company when it fits its quota; answers the stored row. */
  store(companyId: number, image: ProcessedImage, field: string, original?: string): Promise<{ file_name: string }>
}

/**
 * The resource engine's multipart reader (crud/body.ts, the `readMultipartBody` decorator): a catalogue form
 * with its text fields and its images in one body. Each image part is checked and stored as it arrives
 * (its name goes into the field, a gallery's appended in order) and listed in `req.freshUploads`, so a
 * request that fails removes them again (plugins/uploads.ts). A file for a field that takes none, a second
 * file for a one-image field, more than MAX_GALLERY_FILES for a gallery and a truncated or NUL-bearing
 * text part are refused with the field named.
 */
export function multipartBodyReader({ takeOne, store }: MultipartBodyStore): MultipartReader {
  return async (req, { files, fileLists = [] }) => {
    const auth = requireAuth(req)
    const out: Record<string, unknown> = {}
    const fresh = (req.freshUploads ??= [])
    const filled = new Set<string>()
    const perField = new Map<string, number>()
    try {
      // A gallery field takes up to MAX_GALLERY_FILES files; every other image field one.
      const maxFiles = files.length + fileLists.length * (MAX_GALLERY_FILES - 1)
      const parts = req.parts({ limits: { ...FORM_LIMITS, files: Math.max(maxFiles, 1) } })
      for await (const part of parts) {
        const field = part.fieldname
        if (part.type === 'file') {
          if (!files.includes(field)) {
            await drain(part)
            throw unprocessable({ [field]: ['field.unexpected_file'] })
          }
          const many = fileLists.includes(field)
          if (filled.has(field) && !many) throw unprocessable({ [field]: ['field.one_file'] })
          // At most MAX_GALLERY_FILES new files per gallery and save (DESIGN §6), refused before the next is read.
          const n = (perField.get(field) ?? 0) + 1
          if (n > MAX_GALLERY_FILES) throw new HttpError(413, 'too_many_files', {}, { [field]: ['field.too_many_files'] })
          perField.set(field, n)
          // Counted before the file is read, so a flood costs no decoding.
          await takeOne(auth.companyId)
          const bytes = await readImagePart(part, field)
          // A file input left empty sends a nameless, empty part: nothing chosen, the field is left as sent.
          if (bytes.length === 0 && !part.filename) continue
          const image = await processImage(bytes, field)
          const row = await store(auth.companyId, image, field, part.filename)
          fresh.push(row.file_name)
          filled.add(field)
          out[field] = many ? appended(out[field], row.file_name) : row.file_name
          continue
        }
        if (part.fieldnameTruncated) throw new HttpError(400, 'bad_request')
        if (part.valueTruncated) throw new HttpError(413, 'too_large', {}, { [field]: ['field.part_too_long'] })
        const value = typeof part.value === 'string' ? part.value : String(part.value)
        if (value.includes('\0') || field.includes('\0')) throw unprocessable({ [field.replace(/\0/g, '')]: ['field.invalid'] })
        // A file already given for an image field wins over a text part of the same name (a gallery keeps both, in order).
        if (filled.has(field) && !fileLists.includes(field)) continue
        if (fileLists.includes(field)) {
          // A gallery may also come as one part of JSON text (a list of kept names).
          const list = /^\s*\[/.test(value) ? parseNameList(value) : undefined
          out[field] = list ? list.reduce<unknown>((acc, v) => appended(acc, v), out[field]) : appended(out[field], value)
        } else out[field] = plus(out[field], value)
      }
    } catch (err) {
      throw multipartError(err)
    }
    return out
  }
}
