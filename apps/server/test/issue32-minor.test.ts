import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './helpers/app.js'
import { createCompany, type Actor } from './helpers/fixtures.js'

/**
 * Issue 32's minor items on the API: the language a user picks is kept on the user and a sign-in does
 * not overwrite it (item 14); reference rows take an optional name per language (item 14); the company's
 * weekend is a setting, Friday and Saturday by default (item 10).
 */
let t: TestApp
let owner: Actor
let email: string

const api = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = owner.headers) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) })

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app, { name: 'Minor Travel', password: 'password123' })).owner
  email = owner.email
})
afterAll(() => t?.close())

describe('the language kept on the user (item 14)', () => {
  it('is saved by PUT /auth/me/locale and survives a sign-in from a page in another language', async () => {
    const saved = await api('PUT', '/auth/me/locale', { locale: 'id' })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data.locale).toBe('id')
    expect((await api('GET', '/auth/me')).json().data.locale).toBe('id')

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'x-localization': 'en', 'x-requested-with': 'XMLHttpRequest' },
      payload: { email, password: 'password123' },
    })
    expect(login.statusCode, login.body).toBe(200)
    const token = login.json().data.token as string
    const me = await api('GET', '/auth/me', undefined, { authorization: `Bearer ${token}` })
    expect(me.json().data.locale).toBe('id')
  })

  it('keeps a language picked on the sign-in page (its locale cookie) as the latest choice', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'x-localization': 'en', 'x-requested-with': 'XMLHttpRequest', cookie: 'locale=en' },
      payload: { email, password: 'password123' },
    })
    expect(login.statusCode, login.body).toBe(200)
    const me = await api('GET', '/auth/me', undefined, { authorization: `Bearer ${login.json().data.token as string}` })
    expect(me.json().data.locale).toBe('en')
  })

  it('refuses a language the product does not have', async () => {
    const res = await api('PUT', '/auth/me/locale', { locale: 'fr' })
    expect(res.statusCode).toBe(422)
    expect(Object.keys(res.json().errors)).toEqual(['locale'])
  })
})

describe('reference names per language (item 14)', () => {
  it('keeps an optional English and Indonesian name beside the name, empty ones as null', async () => {
    const made = await api('POST', '/facilities', {
      name: 'Akses Kursi Roda',
      name_en: ' Wheelchair Access ',
      name_id: '',
      description: 'Ramps and lifts',
      is_active: true,
    })
    expect(made.statusCode, made.body).toBe(200)
    const row = (await api('GET', `/facilities/${made.json().data.id}`)).json().data
    expect(row).toMatchObject({ name: 'Akses Kursi Roda', name_en: 'Wheelchair Access', name_id: null })
    const listed = (await api('GET', '/facilities?search=Akses')).json().data
    expect(listed[0]).toMatchObject({ name_en: 'Wheelchair Access', name_id: null })
  })
})

describe('the company weekend (item 10)', () => {
  it('starts at Friday and Saturday, is saved sorted, and refuses a day that is not a weekday', async () => {
    const start = (await api('GET', '/company')).json().data
    expect(start.weekend_days).toEqual([5, 6])
    const { weekend_days: _w, ...rest } = start
    const saved = await api('PUT', '/company', { ...rest, weekend_days: [7, 6, 6] })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data.weekend_days).toEqual([6, 7])
    const bad = await api('PUT', '/company', { ...rest, weekend_days: [8] })
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors)[0]).toMatch(/^weekend_days/)
  })
})
