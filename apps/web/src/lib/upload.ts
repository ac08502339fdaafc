import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '@app/shared'
import { apiHeaders, apiUrl, reportFailure, toApiError, type ApiResult, type QueryParams } from './api-client'

/**
 * Catalogue images (DESIGN §6): uploaded one at a time to
 * `POST /actions_gallery/upload` (multipart field `image`), which answers
 * `{ data: { file_name, url } }`; forms then send only the `file_name`.
 * Served at `/api/v1/images/{file_name}`.
 */
export const UPLOAD_PATH = '/actions_gallery/upload'

export interface UploadedImage {
  file_name: string
  url: string
}

/** Where an uploaded image is shown from. */
export function imageUrl(fileName: string): string {
  return apiUrl(`/images/${encodeURIComponent(fileName)}`)
}

/** Why a file is refused before it is sent; null when it may go. */
export type ImageRefusal = 'too_large' | 'wrong_type' | 'too_many' | null

export function checkImage(file: Pick<File, 'size' | 'type'>): ImageRefusal {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return 'wrong_type'
  if (file.size > MAX_IMAGE_BYTES) return 'too_large'
  return null
}

/**
 * POSTs a form with upload progress (fetch cannot report it, so this is an
 * XMLHttpRequest with the client's usual headers). Errors are values, as with
 * every other call: 413 too large, 415 wrong type, 0 network. `onSent` fires
 * once the last byte is sent, while the server is still working on it.
 */
export function postForm<T>(
  path: string,
  body: FormData,
  opts: { query?: QueryParams; onProgress?: (percent: number) => void; onSent?: () => void; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', apiUrl(path, opts.query))
    xhr.withCredentials = true
    for (const [k, v] of Object.entries(apiHeaders())) xhr.setRequestHeader(k, v)
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.round((e.loaded / e.total) * 100))
    }
    xhr.upload.onload = () => opts.onSent?.()
    const parse = () => {
      try {
        return JSON.parse(xhr.responseText) as unknown
      } catch {
        return undefined
      }
    }
    xhr.onload = () => {
      const parsed = parse()
      if (xhr.status === 200) {
        opts.onProgress?.(100)
        resolve({ ok: true, status: 200, data: parsed as T })
        return
      }
      reportFailure(path, xhr.status)
      resolve({ ok: false, error: toApiError(xhr.status, parsed) })
    }
    xhr.onerror = () => resolve({ ok: false, error: toApiError(0, undefined) })
    xhr.onabort = () => resolve({ ok: false, error: { status: 0, message: 'aborted', errors: {} } })
    opts.signal?.addEventListener('abort', () => xhr.abort())
    xhr.send(body)
  })
}

/** Sends one image with progress (`postForm`); the answer names the stored file. */
export function uploadImage(
  file: File,
  opts: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<ApiResult<UploadedImage>> {
  return uploadFile<UploadedImage>(UPLOAD_PATH, 'image', file, opts)
}

/**
 * Any upload route answering `{ data: { file_name, … } }` (an image, or a pilgrim's document:
 * `POST /pilgrims/documents/upload`, field `file`), with progress.
 */
export async function uploadFile<T extends { file_name: string }>(
  path: string,
  fieldName: string,
  file: File,
  opts: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  const body = new FormData()
  body.append(fieldName, file)
  const res = await postForm<{ data?: T }>(path, body, opts)
  if (!res.ok) return res
  if (!res.data?.data?.file_name) return { ok: false, error: toApiError(500, res.data) }
  return { ok: true, status: 200, data: res.data.data }
}
