import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'

/**
 * Issue 32, item 6: a name of a location or a reference row is unique per company whatever its case and its
 * spaces ("Makkah", " makkah ", "MAKKAH", "Makkah  Al  Mukarramah"); the database's index decides, and its
 * violation answers 422 with "Name in Used" on `name` in the caller's language. Another company may use it.
 */
let t: TestApp
let owner: Actor
let other: Actor
const api = (method: 'POST' | 'PUT', url: string, payload: object, who: Actor = owner, lang = 'en') =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { ...who.headers, 'x-localization': lang }, payload })

const location = (name: string) => ({
  name,
  slug: '',
  parent_id: null,
  description: '<p>A city</p>',
  status: 'publish',
  lat: 21.4225,
  long: 39.8262,
  zoom: 13,
})
const reference = (name: string) => ({ name, slug: '', description: 'Row', is_active: true })

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
})
afterAll(async () => {
  await t?.close()
})

describe.each([
  ['locations', location],
  ['facilities', reference],
  ['categories', reference],
  ['services', reference],
  ['types', reference],
  ['areas', reference],
  ['group_attributes', (name: string) => ({ name, type: 'room', option_type: 'checkbox', is_active: true })],
] as const)('%s', (resource, body) => {
  it('refuses the same name in another case or spacing with 422 Name in Used, in the caller’s language', async () => {
    const first = await api('POST', `/${resource}`, body('Makkah Al Mukarramah'))
    expect(first.statusCode, first.body).toBe(200)
    for (const [name, lang, text] of [
      ['Makkah Al Mukarramah', 'en', 'Name in Used'],
      ['  MAKKAH al  mukarramah ', 'en', 'Name in Used'],
      ['makkah\tal mukarramah', 'id', 'Nama Sudah Digunakan'],
    ] as const) {
      const res = await api('POST', `/${resource}`, body(name), owner, lang)
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json()).toEqual({ message: text, errors: { name: [text] } })
    }
    // Renaming another row onto it is refused the same way; renaming the row itself in another case is not.
    const second = await api('POST', `/${resource}`, body('Madinah'))
    expect(second.statusCode, second.body).toBe(200)
    const onto = await api('PUT', `/${resource}/${second.json().data.id}`, {
      ...body('MAKKAH AL MUKARRAMAH'),
      slug: second.json().data.slug,
    })
    expect(onto.statusCode, onto.body).toBe(422)
    const self = await api('PUT', `/${resource}/${first.json().data.id}`, {
      ...body('Makkah al Mukarramah'),
      slug: first.json().data.slug,
    })
    expect(self.statusCode, self.body).toBe(200)
    // Another company keeps its own names.
    expect((await api('POST', `/${resource}`, body('Makkah Al Mukarramah'), other)).statusCode).toBe(200)
  })
})
