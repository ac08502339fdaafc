import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  api,
  buildQuery,
  configureApiClient,
  filenameFromDisposition,
  request,
  setUnauthorizedHandler,
  toApiError,
} from './api-client'

type Call = { url: string; init: RequestInit }

function mockFetch(status: number, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const calls: Call[] = []
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} })
    const text = typeof body === 'string' ? body : JSON.stringify(body)
    return new Response(text, { status, headers })
  })
  configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch })
  return calls
}

beforeEach(() => {
  configureApiClient({ locale: () => 'id' })
})
afterEach(() => setUnauthorizedHandler(null))

describe('api client', () => {
  it('sends the CSRF and language headers, cookies, and a JSON body', async () => {
    const calls = mockFetch(200, { data: { id: 1 } })
    const res = await api.post<{ data: { id: number } }>('/categories', { name: 'A' })
    expect(res).toEqual({ ok: true, status: 200, data: { data: { id: 1 } } })
    const { url, init } = calls[0]!
    expect(url).toBe('/api/v1/categories')
    expect(init.method).toBe('POST')
    expect(init.credentials).toBe('include')
    const h = init.headers as Record<string, string>
    expect(h['X-Requested-With']).toBe('XMLHttpRequest')
    expect(h['X-Localization']).toBe('id')
    expect(h['Content-Type']).toBe('application/json')
    expect(init.body).toBe('{"name":"A"}')
  })

  it('builds the query string without empty values', async () => {
    const calls = mockFetch(200, { data: [] })
    await api.get('/categories', { page: 0, size: 10, search: '', sort_by: 'name', x: undefined, is_active: true })
    expect(calls[0]!.url).toBe('/api/v1/categories?page=0&size=10&sort_by=name&is_active=true')
    expect(buildQuery({})).toBe('')
  })

  it('returns server errors as values with message and field errors', async () => {
    mockFetch(422, { message: 'Validation failed', errors: { name: ['Name is Required'], slug: 'Slug is Invalid' } })
    const res = await api.put('/categories/1', {})
    expect(res).toEqual({
      ok: false,
      error: { status: 422, message: 'Validation failed', errors: { name: ['Name is Required'], slug: ['Slug is Invalid'] } },
    })
  })

  it('treats any status but 200 as a failure, with a generic message when the body has none', async () => {
    configureApiClient({ fallbackMessage: (s) => `failed ${s}` })
    mockFetch(500, '<html>oops</html>', { 'content-type': 'text/html' })
    const res = await request('/x')
    expect(res.ok).toBe(false)
    if (!res.ok) expect(res.error).toEqual({ status: 500, message: 'failed 500', errors: {} })
    mockFetch(204, '')
    expect((await request('/x')).ok).toBe(false)
  })

  it('reports an unreachable server as status 0', async () => {
    configureApiClient({
      fetch: (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch,
      fallbackMessage: () => 'offline',
    })
    const res = await api.get('/x')
    expect(res).toEqual({ ok: false, error: { status: 0, message: 'offline', errors: {} } })
  })

  it('calls the unauthorized handler on a 401, except for /auth/me and /auth/login', async () => {
    const handler = vi.fn()
    setUnauthorizedHandler(handler)
    mockFetch(401, { message: 'Unauthorized' })
    await api.get('/auth/me')
    await api.post('/auth/login', { email: 'a@b.c', password: 'x' })
    expect(handler).not.toHaveBeenCalled()
    await api.get('/categories')
    expect(handler).toHaveBeenCalledTimes(1)
    mockFetch(403, { message: 'Forbidden' })
    await api.get('/categories')
    expect(handler).toHaveBeenCalledTimes(1)
  })

  it('downloads a file with its name from Content-Disposition', async () => {
    mockFetch(200, 'id,name\n1,A\n', {
      'content-type': 'text/csv',
      'content-disposition': 'attachment; filename="categories_table_2025-01-02.csv"',
    })
    const res = await api.download('/categories/export', { format: 'csv' }, 'fallback.csv')
    expect(res.ok).toBe(true)
    if (res.ok) {
      expect(res.data.filename).toBe('categories_table_2025-01-02.csv')
      expect(await res.data.blob.text()).toBe('id,name\n1,A\n')
    }
  })
})

describe('helpers', () => {
  it('parses Content-Disposition file names', () => {
    expect(filenameFromDisposition(null, 'f.csv')).toBe('f.csv')
    expect(filenameFromDisposition('attachment; filename=a.csv', 'f')).toBe('a.csv')
    expect(filenameFromDisposition("attachment; filename*=UTF-8''kategori%20baru.csv", 'f')).toBe('kategori baru.csv')
  })

  it('normalizes error bodies', () => {
    configureApiClient({ fallbackMessage: () => 'generic' })
    expect(toApiError(409, { message: 'Name in Used', errors: { name: ['Name in Used'] } })).toEqual({
      status: 409,
      message: 'Name in Used',
      errors: { name: ['Name in Used'] },
    })
    expect(toApiError(400, null)).toEqual({ status: 400, message: 'generic', errors: {} })
  })
})
