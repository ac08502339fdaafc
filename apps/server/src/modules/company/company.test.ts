import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createCompany, createUserWithPermissions, type Actor } from '../../../test/helpers/fixtures.js'

/** The company's settings (issue 28): read by every member, written by the owner or `company_setting`. */
let t: TestApp
let owner: Actor
let other: Actor

const api = (method: 'GET' | 'PUT' | 'POST', url: string, who: Actor, payload?: unknown, lang = 'en') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, 'x-localization': lang },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app, { name: 'Amanah Tour' })).owner
  other = (await createCompany(t.app)).owner
})
afterAll(() => t?.close())

describe('company settings', () => {
  it('starts with the defaults: six months of passport validity, no mahram rule', async () => {
    const res = await api('GET', '/company', owner)
    expect(res.json().data).toEqual({
      name: 'Amanah Tour',
      address: null,
      phone: null,
      logo: null,
      passport_validity_months: 6,
      mahram_min_age: null,
      weekend_days: [5, 6],
      time_zone: 'Asia/Riyadh',
    })
  })

  it('keeps the company time zone (issue 32, item 12): an Intl time zone, else 422 on the field in its language', async () => {
    const base = { name: 'Amanah Tour & Travel', passport_validity_months: 6, mahram_min_age: null }
    const saved = await api('PUT', '/company', owner, { ...base, time_zone: 'Asia/Jakarta' })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data.time_zone).toBe('Asia/Jakarta')
    for (const zone of ['Mars/Olympus', '+07:00', 'Asia/Jakarta; DROP', '', 'x'.repeat(65)]) {
      const res = await api('PUT', '/company', owner, { ...base, time_zone: zone }, 'id')
      expect(res.statusCode, zone).toBe(422)
      expect(Object.keys(res.json().errors), zone).toEqual(['time_zone'])
    }
    const bad = await api('PUT', '/company', owner, { ...base, time_zone: 'Mars/Olympus' }, 'id')
    expect(bad.json().errors.time_zone).toEqual(['Zona waktu tidak dikenal (mis. Asia/Riyadh, Asia/Jakarta)'])
    expect((await api('GET', '/company', owner)).json().data.time_zone).toBe('Asia/Jakarta')
    expect((await api('GET', '/company', other)).json().data.time_zone).toBe('Asia/Riyadh')
    await api('PUT', '/company', owner, { ...base, time_zone: 'Asia/Riyadh' })
  })

  it('saves them for the owner or a company_setting holder, and the pilgrim rules follow', async () => {
    const body = {
      name: 'Amanah Tour & Travel',
      address: 'Jl. Asia Afrika 1, Bandung',
      phone: '022 123 4567',
      passport_validity_months: 8,
      mahram_min_age: 45,
    }
    const saved = await api('PUT', '/company', owner, body)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data).toMatchObject({ ...body, phone: '+62221234567' })
    const setter = await createUserWithPermissions(t.app, owner.companyId, ['company_setting'])
    expect((await api('PUT', '/company', setter, { ...body, mahram_min_age: '' })).json().data.mahram_min_age).toBeNull()
    const reader = await createUserWithPermissions(t.app, owner.companyId, ['pilgrim_view'])
    expect((await api('GET', '/company', reader)).json().data.passport_validity_months).toBe(8)
    expect((await api('PUT', '/company', reader, body)).statusCode).toBe(403)
    // The other company is untouched.
    expect((await api('GET', '/company', other)).json().data.passport_validity_months).toBe(6)
    const pilgrim = await api('POST', '/pilgrims', owner, { full_name: 'Rule Reader', gender: 'male' })
    expect(pilgrim.json().data.passport_validity_months).toBe(8)
  })

  it('refuses bad settings with 422 naming the field, in the chosen language', async () => {
    const base = { name: 'Amanah Tour', passport_validity_months: 6, mahram_min_age: null }
    for (const [change, field] of [
      [{ name: '' }, 'name'],
      [{ passport_validity_months: -1 }, 'passport_validity_months'],
      [{ passport_validity_months: 'six' }, 'passport_validity_months'],
      [{ mahram_min_age: 0 }, 'mahram_min_age'],
      [{ phone: 'abc' }, 'phone'],
      [{ logo: 'deadbeefdeadbeefdeadbeefdeadbeef.png' }, 'logo'],
    ] as const) {
      const res = await api('PUT', '/company', owner, { ...base, ...change }, 'id')
      expect(res.statusCode, field).toBe(422)
      expect(res.json().errors[field], field).toEqual([expect.any(String)])
    }
    expect((await api('GET', '/company', owner)).json().data.name).toBe('Amanah Tour & Travel')
  })
})
