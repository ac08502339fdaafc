import { finished } from 'node:stream/promises'
import type { MultipartFile } from '@fastify/multipart'
import { MAX_GALLERY_FILES, MAX_IMAGE_BYTES } from '@app/shared'
import { HttpError } from '../lib/errors.js'
import { registerMessages } from '../lib/i18n.js'
import { imageTooLarge, imageWrongType, sniffImage, SNIFF_BYTES } from '../lib/images.js'

/**
 * Reading multipart bodies (plugins/uploads.ts, multipart-body.ts): the limits of an upload and of a catalogue form, the one
 * error shape of the parser's complaints, an image part read with its checks on the way in, and the ways
 * repeated text parts add up.
 */

registerMessages({
  en: {
    too_many_files: 'Too many files in one request.',
    'field.unexpected_file': '{field} does not take a file',
    'field.one_file': '{field} takes one file',
    'field.too_many_files': `{field} takes at most ${MAX_GALLERY_FILES} new files`,
    'field.part_too_long': '{field} is too long',
  },
  id: {
    too_many_files: 'Terlalu banyak berkas dalam satu permintaan.',
    'field.unexpected_file': '{field} tidak menerima berkas',
    'field.one_file': '{field} hanya menerima satu berkas',
    'field.too_many_files': `{field} maksimal ${MAX_GALLERY_FILES} berkas baru`,
    'field.part_too_long': '{field} terlalu panjang',
  },
})

/** The one file part of an upload may carry a few small fields besides (a client's name, a hint). */
export const UPLOAD_LIMITS = { files: 1, fields: 10, fieldSize: 1024, parts: 12, fileSize: MAX_IMAGE_BYTES, headerPairs: 50 }
/** A catalogue form: its text parts (rich text up to 1 MB each) and one file per image field. */
export const FORM_LIMITS = { fields: 200, fieldSize: 1024 * 1024, parts: 220, fileSize: MAX_IMAGE_BYTES, headerPairs: 50 }
/** Multipart overhead allowed above the file itself before a declared length is refused unread. */
export const UPLOAD_OVERHEAD = 64 * 1024

/** Parser and framework errors while reading a form, in the one error shape (never a 500). */
export function multipartError(err: unknown): HttpError {
  if (err instanceof HttpError) return err
  const e = err as { code?: string; statusCode?: number; part?: { fieldname?: string } }
  switch (e.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return imageTooLarge(e.part?.fieldname ?? 'image')
    case 'FST_FILES_LIMIT':
      return new HttpError(413, 'too_many_files')
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, 'too_large')
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, 'unsupported_media_type')
  }
  // Busboy's own complaints (no boundary, a broken part header, a body cut short) are malformed requests.
  return new HttpError(400, 'bad_request')
}

/**
 * Reads one file part into memory, refusing it as soon as it passes 5 MB (413)
 * or once its first bytes show it is not an accepted image (415): nothing
 * beyond that is read, and the connection is closed after the answer.
 */
export async function readImagePart(part: MultipartFile, field: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  let sniffed = false
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_IMAGE_BYTES) throw imageTooLarge(field)
    chunks.push(chunk)
    if (!sniffed && size >= SNIFF_BYTES) {
      sniffed = true
      if (!(await sniffImage(Buffer.concat(chunks, size)))) throw imageWrongType(field)
    }
  }
  if (part.file.truncated) throw imageTooLarge(field)
  return Buffer.concat(chunks, size)
}

/**
 * Reads an unwanted file part to its end. `finished` also settles for a stream that already ended or was
 * destroyed before we looked (a body cut inside the part: the parser destroys it at once), where waiting
 * for an 'end' or 'close' event would wait forever.
 */
export async function drain(part: MultipartFile) {
  await finished(part.file.resume()).catch(() => undefined)
}

/** Repeated text parts: one value, then a list. */
export const plus = (prev: unknown, value: string) =>
  prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value]
/** JSON text holding a list of names, or undefined (then the text is kept and the schema judges it). */
export function parseNameList(text: string): string[] | undefined {
  try {
    const v: unknown = JSON.parse(text)
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : undefined
  } catch {
    return undefined
  }
}
/** A gallery field is always a list. */
export const appended = (prev: unknown, value: string) =>
  prev === undefined ? [value] : Array.isArray(prev) ? [...prev, value] : [prev, value]
