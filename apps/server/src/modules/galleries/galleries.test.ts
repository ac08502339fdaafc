import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createCompany, createUserWithPermissions, type Actor } from '../../../test/helpers/fixtures.js'
import { imageForm, makeImage } from '../../../test/helpers/images.js'
import { uploads } from '../../db/schema/index.js'

/**
 * Gallery records: company-scoped, the list query of every list, a file that
 * must be the company's upload, and the file removed once no record uses it.
 */

let t: TestApp
let owner: Actor
let other: Actor

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

const uploadImage = async (who: Actor = owner) => {
  const form = imageForm(await makeImage('png'), 'shot.png', 'image/png')
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/actions_gallery/upload',
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.file_name as string
}
const onDisk = (name: string, who: Actor = owner) =>
  fs.existsSync(path.join(t.config.dataDir, 'uploads', String(who.companyId), name))
const recorded = async (name: string) => (await t.app.db.select().from(uploads).where(eq(uploads.file_name, name))).length === 1

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
})
afterAll(() => t?.close())

describe('galleries', () => {
  it('creates, lists, reads, updates and deletes a record of an uploaded image', async () => {
    const file = await uploadImage()
    const created = await api('POST', '/galleries', { file_name: file, title: 'Kaaba at dawn', sort_order: '2' })
    expect(created.statusCode, created.body).toBe(200)
    const row = created.json().data
    expect(row).toMatchObject({
      file_name: file,
      url: `/api/v1/images/${file}`,
      title: 'Kaaba at dawn',
      sort_order: 2,
      mime_type: 'image/png',
      width: 64,
      height: 48,
      original_name: 'shot.png',
    })

    const list = await api('GET', '/galleries?search=dawn&sort_by=sort_order&order_by=desc&page=0&size=10')
    expect(list.statusCode).toBe(200)
    expect(list.json()).toMatchObject({ data: [{ id: row.id }], pagination: { total: 1, currentPage: 0, currentPageFront: 1 } })
    expect((await api('GET', '/galleries?sort_by=file_name')).statusCode).toBe(422)
    expect((await api('GET', `/galleries/${row.id}`)).json().data.title).toBe('Kaaba at dawn')

    const updated = await api('PUT', `/galleries/${row.id}`, { file_name: file, title: 'Kaaba', sort_order: 1 })
    expect(updated.json().data).toMatchObject({ title: 'Kaaba', sort_order: 1 })
    expect(onDisk(file)).toBe(true)

    expect((await api('DELETE', `/galleries/${row.id}`)).statusCode).toBe(200)
    expect((await api('GET', `/galleries/${row.id}`)).statusCode).toBe(404)
    // No row uses the file any more: record and object are gone.
    expect(await recorded(file)).toBe(false)
    expect(onDisk(file)).toBe(false)
  })

  it('removes the replaced file on update, and keeps a file another record still uses', async () => {
    const first = await uploadImage()
    const second = await uploadImage()
    const a = (await api('POST', '/galleries', { file_name: first })).json().data
    const b = (await api('POST', '/galleries', { file_name: first })).json().data
    const res = await api('PUT', `/galleries/${a.id}`, { file_name: second })
    expect(res.statusCode).toBe(200)
    expect(onDisk(first)).toBe(true) // b still shows it
    await api('DELETE', `/galleries/${b.id}`)
    expect(onDisk(first)).toBe(false)
    expect(await recorded(first)).toBe(false)
    expect(onDisk(second)).toBe(true)
  })

  it.each([
    ['another company’s upload', async () => uploadImage(other), 422],
    ['an unknown name', async () => '0123456789abcdef0123456789abcdef.png', 422],
    ['a path', async () => '../../etc/passwd', 422],
    ['an absolute path', async () => '/etc/passwd', 422],
    ['encoded dots', async () => '%2e%2e%2fx.png', 422],
    ['a NUL byte', async () => 'abc\u0000.png', 422],
  ])('refuses %s as file_name with 422 on the field, writing nothing', async (_what, name, status) => {
    const before = (await api('GET', '/galleries?size=100')).json().pagination.total
    const res = await api('POST', '/galleries', { file_name: await name() })
    expect(res.statusCode).toBe(status)
    expect(res.json()).toEqual({ message: expect.any(String), errors: { file_name: [expect.any(String)] } })
    expect((await api('GET', '/galleries?size=100')).json().pagination.total).toBe(before)
  })

  it('keeps companies apart and needs a catalogue edit permission', async () => {
    const row = (await api('POST', '/galleries', { file_name: await uploadImage() })).json().data
    expect((await api('GET', `/galleries/${row.id}`, undefined, other)).statusCode).toBe(404)
    expect((await api('DELETE', `/galleries/${row.id}`, undefined, other)).statusCode).toBe(404)
    expect((await api('GET', '/galleries', undefined, other)).json().data.map((r: { id: number }) => r.id)).not.toContain(row.id)
    const reader = await createUserWithPermissions(t.app, owner.companyId, ['location_list', 'location_view'])
    expect((await api('GET', '/galleries', undefined, reader)).statusCode).toBe(403)
    const editor = await createUserWithPermissions(t.app, owner.companyId, ['hotel_update'])
    expect((await api('GET', `/galleries/${row.id}`, undefined, editor)).statusCode).toBe(200)
  })
})
