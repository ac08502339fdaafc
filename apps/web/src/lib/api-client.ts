import type { ApiErrorBody } from '@app/shared'

/**
 * The one way the web app talks to the API (DESIGN §3, §4).
 *
 * - Base `/api/v1`, cookies included, `X-Requested-With: XMLHttpRequest` on
 *   every call (the server refuses cookie-authenticated writes without it),
 *   `X-Localization` set to the current UI language so messages come back
 *   translated.
 * - Errors are values, never exceptions: every call resolves to
 *   `{ ok: true, data }` or `{ ok: false, error }`. Success is HTTP 200 only.
 * - A 401 from anything but `/auth/me` and `/auth/login` calls the handler
 *   registered with `setUnauthorizedHandler` (the app signs out to /login).
 *
 * ```ts
 * const res = await api.get<ListResponse<Category>>('/categories', { page: 0, size: 10 })
 * if (!res.ok) return notifyError(res.error)
 * res.data.pagination.total
 * ```
 */
export const API_BASE = '/api/v1'

export interface ApiError {
  /** HTTP status; 0 when the server could not be reached. */
  status: number
  /** Localized text from the server, or a generic one. */
  message: string
  /** Field name -> messages (422 validation, 409 conflicts). Empty when none. */
  errors: Record<string, string[]>
  /** A 409 for days that hold more than a write allows: each day (`YYYY-MM-DD`) and its booked count. */
  booked?: Array<{ date: string; booked: number }>
  /**
   * A 409 stale version (issue 30): someone saved the record after it was read. `current` is the record as
   * it now is (its `version` is what an overwrite sends), `changedBy` who saved it last and when.
   */
  conflict?: VersionConflict
  /** What a refusal carries beside its message: a stale version's record now, a refused import's report. */
  data?: unknown
}

export interface VersionConflict {
  current: unknown
  changedBy: NonNullable<ApiErrorBody['changed_by']> | null
}

export type ApiResult<T> = { ok: true; data: T; status: number } | { ok: false; error: ApiError }

export type QueryValue = string | number | boolean | null | undefined
export type QueryParams = Record<string, QueryValue>

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  query?: QueryParams
  /** Serialized as JSON unless it is FormData (uploads). */
  body?: unknown
  signal?: AbortSignal
  headers?: Record<string, string>
}

/** Paths whose 401 means "not signed in (yet)", not "session lost". */
const QUIET_401 = [/^\/auth\/me\/?$/, /^\/auth\/login\/?$/]

type Config = {
  fetch: typeof fetch
  locale: () => string
  onUnauthorized: (() => void) | null
  /** Texts used when the server sends no message (status 0, non-JSON bodies). */
  fallbackMessage: (status: number) => string
}

const config: Config = {
  fetch: (...args) => globalThis.fetch(...args),
  locale: () => 'en',
  onUnauthorized: null,
  fallbackMessage: (status) => (status === 0 ? 'Network Error' : `Request Failed (${status})`),
}

/** Wires the client to the app; called once at start (and by tests). */
export function configureApiClient(patch: Partial<Config>) {
  Object.assign(config, patch)
}

export function setUnauthorizedHandler(handler: (() => void) | null) {
  config.onUnauthorized = handler
}

/** `{a: 1, b: undefined, c: ''}` -> `?a=1` (empty values are left out). */
export function buildQuery(query?: QueryParams): string {
  if (!query) return ''
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue
    params.append(k, String(v))
  }
  const s = params.toString()
  return s ? `?${s}` : ''
}

export function apiUrl(path: string, query?: QueryParams): string {
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${buildQuery(query)}`
}

function normalizeErrors(raw: unknown): Record<string, string[]> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {}
  const out: Record<string, string[]> = {}
  for (const [field, msgs] of Object.entries(raw as Record<string, unknown>)) {
    if (Array.isArray(msgs)) out[field] = msgs.map(String)
    else if (typeof msgs === 'string') out[field] = [msgs]
  }
  return out
}

/** Turns a non-200 response body (parsed or not) into an ApiError. */
export function toApiError(status: number, body: unknown): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as Partial<ApiErrorBody>
  const message = typeof b.message === 'string' && b.message ? b.message : config.fallbackMessage(status)
  const booked = Array.isArray(b.booked) ? b.booked : undefined
  const conflict: VersionConflict | undefined =
    status === 409 && b.errors && 'version' in b.errors && b.data !== undefined
      ? { current: b.data, changedBy: b.changed_by ?? null }
      : undefined
  const data = body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : undefined
  return {
    status,
    message,
    errors: normalizeErrors(b.errors),
    ...(booked ? { booked } : {}),
    ...(conflict ? { conflict } : {}),
    ...(data !== undefined ? { data } : {}),
  }
}

async function readBody(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? ''
  if (!type.includes('json')) {
    const text = await res.text().catch(() => '')
    return text || undefined
  }
  return res.json().catch(() => undefined)
}

/** Headers every API call carries (also for the XMLHttpRequest uploads, which report progress). */
export function apiHeaders(accept = 'application/json'): Record<string, string> {
  return { Accept: accept, 'X-Requested-With': 'XMLHttpRequest', 'X-Localization': config.locale() }
}

/** Reports a failed call the way `request` does (a lost session signs out). */
export function reportFailure(path: string, status: number) {
  handleFailure(path, status)
}

async function send(path: string, opts: RequestOptions, accept = 'application/json'): Promise<Response | ApiError> {
  const headers: Record<string, string> = { ...apiHeaders(accept), ...opts.headers }
  let body: BodyInit | undefined
  if (opts.body instanceof FormData) body = opts.body
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(opts.body)
  }
  try {
    return await config.fetch(apiUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: opts.signal,
    })
  } catch (err) {
    if ((err as { name?: string })?.name === 'AbortError') throw err
    return { status: 0, message: config.fallbackMessage(0), errors: {} }
  }
}

function handleFailure(path: string, status: number) {
  const bare = path.split('?')[0]!
  if (status === 401 && !QUIET_401.some((re) => re.test(bare))) config.onUnauthorized?.()
}

export async function request<T>(path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
  const res = await send(path, opts)
  if (!(res instanceof Response)) return { ok: false, error: res }
  const body = await readBody(res)
  if (res.status === 200) return { ok: true, data: body as T, status: res.status }
  handleFailure(path, res.status)
  return { ok: false, error: toApiError(res.status, body) }
}

export interface DownloadedFile {
  blob: Blob
  filename: string
}

/** `attachment; filename="categories_table_2025-01-01.csv"` -> the file name. */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback
  const star = header.match(/filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i)
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''))
    } catch {
      /* fall through to the plain form */
    }
  }
  const plain = header.match(/filename\s*=\s*"?([^";]+)"?/i)
  return plain ? plain[1]!.trim() : fallback
}

/** GETs a file (exports) as a Blob; errors as values like every other call. */
export async function download(path: string, query?: QueryParams, fallbackName = 'download'): Promise<ApiResult<DownloadedFile>> {
  const res = await send(path, { query }, '*/*')
  if (!(res instanceof Response)) return { ok: false, error: res }
  if (res.status !== 200) {
    handleFailure(path, res.status)
    return { ok: false, error: toApiError(res.status, await readBody(res)) }
  }
  const blob = await res.blob()
  return {
    ok: true,
    status: 200,
    data: { blob, filename: filenameFromDisposition(res.headers.get('content-disposition'), fallbackName) },
  }
}

/** Hands a downloaded Blob to the browser as a file. */
export function saveFile({ blob, filename }: DownloadedFile) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

export const api = {
  get: <T>(path: string, query?: QueryParams, signal?: AbortSignal) => request<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown, headers?: Record<string, string>) => request<T>(path, { method: 'PUT', body, headers }),
  patch: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
  download,
}

/**
 * For TanStack Query: query functions must throw to mark a query as failed.
 * Unwraps a result or throws its ApiError (an object, read it as `query.error`).
 */
export async function unwrap<T>(promise: Promise<ApiResult<T>>): Promise<T> {
  const res = await promise
  if (res.ok) return res.data
  throw res.error
}

/** Narrows an unknown thrown value (e.g. `query.error`) to an ApiError. */
export function isApiError(e: unknown): e is ApiError {
  return !!e && typeof e === 'object' && 'status' in e && 'message' in e && 'errors' in e
}
