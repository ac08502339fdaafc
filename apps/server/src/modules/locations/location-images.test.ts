import fs from 'node:fs'
import path from 'node:path'
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { createCompany, type Actor } from '../../../test/helpers/fixtures.js'
import { imageForm, jpegOfSize, makeImage, multipart, type FormPart } from '../../../test/helpers/images.js'
import { locations, uploads } from '../../db/schema/index.js'

/**
 * A location's images (banner, featured, trip ideas): names of the company's
 * uploads or files sent in the form, the bad inputs of issue 8 that involve
 * files, and the files removed when no row uses them any more.
 */

let t: TestApp
let owner: Actor
let other: Actor

type Row = Record<string, unknown> & { id: number }

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Madinah',
  slug: '',
  parent_id: null,
  description: '<p>The city of the Prophet</p>',
  status: 'publish',
  lat: 24.4672,
  long: 39.6111,
  zoom: 12,
  banner_image: null,
  featured_image: null,
  general_info: [],
  trip_ideas: [],
  ...over,
})

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Actor = owner) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

const send = (method: 'POST' | 'PUT', url: string, parts: FormPart[], who: Actor = owner) => {
  const form = multipart(parts)
  return t.app.inject({ method, url: `/api/v1${url}`, headers: { ...who.headers, ...form.headers }, payload: form.payload })
}
/** The text parts of a valid location form. */
const formFields = (over: Record<string, string> = {}): FormPart[] =>
  Object.entries({
    name: 'Jeddah',
    description: '<p>Gateway to Mecca</p>',
    status: 'draft',
    lat: '21.5433',
    long: '39.1728',
    zoom: '11',
    general_info: JSON.stringify([{ title: 'Airport', description: 'KAIA' }]),
    trip_ideas: '[]',
    ...over,
  }).map(([name, value]) => ({ name, value }))

const uploadImage = async (who: Actor = owner) => {
  const form = imageForm(await makeImage('jpeg'))
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/actions_gallery/upload',
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  })
  return res.json().data.file_name as string
}
const onDisk = (name: string, who: Actor = owner) =>
  fs.existsSync(path.join(t.config.dataDir, 'uploads', String(who.companyId), name))
const state = async () => {
  const n = async (table: typeof locations | typeof uploads) => Number((await t.app.db.select({ n: count() }).from(table))[0]!.n)
  const root = path.join(t.config.dataDir, 'uploads')
  const files = fs.existsSync(root)
    ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length
    : 0
  return { locations: await n(locations), uploads: await n(uploads), files }
}

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
})
afterAll(() => t?.close())

describe('location images as names of uploads', () => {
  it('takes the company’s uploads for banner, featured and trip idea images', async () => {
    const [banner, featured, idea] = [await uploadImage(), await uploadImage(), await uploadImage()]
    const res = await api(
      'POST',
      '/locations',
      body({ banner_image: banner, featured_image: featured, trip_ideas: [{ title: 'Quba', image: idea }] }),
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ banner_image: banner, featured_image: featured, trip_ideas: [{ image: idea }] })
  })

  it.each([
    ['banner_image', (f: string) => ({ banner_image: f })],
    ['featured_image', (f: string) => ({ featured_image: f })],
    ['trip_ideas.0.image', (f: string) => ({ trip_ideas: [{ title: 'Stolen', image: f }] })],
  ])('refuses another company’s file in %s (422 on the field), writing nothing', async (field, change) => {
    const foreign = await uploadImage(other)
    const before = await state()
    const res = await api('POST', '/locations', body(change(foreign)))
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({ message: expect.any(String), errors: { [field]: [expect.stringContaining('does not exist')] } })
    expect(await state()).toEqual(before)
    expect(onDisk(foreign, other)).toBe(true)
  })

  it('refuses an unknown name of the right shape (422)', async () => {
    const res = await api('POST', '/locations', body({ featured_image: '0123456789abcdef0123456789abcdef.jpg' }))
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ featured_image: ['Featured Image does not exist'] })
  })
})

describe('location images sent as files in the form', () => {
  it('stores file parts, takes names in text parts and JSON-text lists, in one write', async () => {
    const featured = await uploadImage()
    const res = await send('POST', '/locations', [
      ...formFields(),
      { name: 'banner_image', value: await makeImage('webp'), filename: 'banner.webp', contentType: 'image/webp' },
      { name: 'featured_image', value: featured },
    ])
    expect(res.statusCode, res.body).toBe(200)
    const row = res.json().data
    expect(row.banner_image).toMatch(/^[a-f0-9]{32}\.webp$/)
    expect(row).toMatchObject({ featured_image: featured, general_info: [{ title: 'Airport' }], lat: 21.5433 })
    expect(onDisk(row.banner_image)).toBe(true)
  })

  it('leaves no file behind when the location is refused after its files were stored', async () => {
    const before = await state()
    const png = await makeImage('png')
    for (const over of [{ lat: '200' }, { general_info: '[{"title": "x"' }, { name: 'x' }] as Array<Record<string, string>>) {
      const res = await send('POST', '/locations', [
        ...formFields(over),
        { name: 'banner_image', value: png, filename: 'b.png', contentType: 'image/png' },
        { name: 'featured_image', value: png, filename: 'f.png', contentType: 'image/png' },
      ])
      expect(res.statusCode).toBe(422)
    }
    // A refused update does not leave its new file either, and keeps the old one.
    const kept = await uploadImage()
    const target = (await api('POST', '/locations', body({ name: 'Thaif', banner_image: kept }))).json().data as Row
    const mid = await state()
    const res = await send('PUT', `/locations/${target.id}`, [
      ...formFields({ name: 'Thaif', parent_id: String(target.id) }),
      { name: 'banner_image', value: png, filename: 'b.png', contentType: 'image/png' },
    ])
    expect(res.statusCode).toBe(422)
    expect(await state()).toEqual(mid)
    expect(onDisk(kept)).toBe(true)
    expect(await state()).toEqual({ locations: before.locations + 1, uploads: before.uploads + 1, files: before.files + 1 })
  })

  it.each([
    [
      'an SVG as banner',
      () => [
        { name: 'banner_image', value: Buffer.from('<svg onload="alert(1)"/>'), filename: 'b.svg', contentType: 'image/svg+xml' },
      ],
      415,
      'banner_image',
    ],
    [
      'a 6 MB banner',
      async () => [{ name: 'banner_image', value: await jpegOfSize(6 * 1024 * 1024), filename: 'b.jpg' }],
      413,
      'banner_image',
    ],
    [
      'a file under a field that takes none',
      async () => [{ name: 'description', value: await makeImage('png'), filename: 'd.png' }],
      422,
      'description',
    ],
    [
      'two files for one image field',
      async () => [
        { name: 'banner_image', value: await makeImage('png'), filename: 'a.png' },
        { name: 'banner_image', value: await makeImage('png'), filename: 'b.png' },
      ],
      422,
      'banner_image',
    ],
    [
      '50 files',
      async () => {
        const png = await makeImage('png')
        return Array.from({ length: 50 }, (_, i) => ({
          name: i % 2 ? 'banner_image' : 'featured_image',
          value: png,
          filename: `${i}.png`,
        }))
      },
      413,
      undefined,
    ],
    [
      'a truncated JPEG as featured image',
      async () => {
        const full = await makeImage('jpeg', 300, 200)
        return [{ name: 'featured_image', value: full.subarray(0, full.length >> 1), filename: 'f.jpg' }]
      },
      422,
      'featured_image',
    ],
  ] as Array<[string, () => FormPart[] | Promise<FormPart[]>, number, string | undefined]>)(
    'refuses %s with the error shape, leaving nothing',
    async (_what, files, status, field) => {
      const before = await state()
      const res = await send('POST', '/locations', [...formFields(), ...(await files())])
      expect(res.statusCode, res.body).toBe(status)
      expect(res.json().message).toEqual(expect.any(String))
      if (field) expect(res.json().errors[field]).toEqual([expect.any(String)])
      expect(await state()).toEqual(before)
    },
  )

  it('takes a gallery as repeated parts: new files and kept names in the order sent, one file alone too', async () => {
    const place = (await api('POST', '/locations', body({ name: 'Gallery base' }))).json().data as Row
    const kept = await uploadImage()
    const vehicle = (gallery: FormPart[]) =>
      send('POST', '/transportations', [
        ...Object.entries({
          name: 'Hiace',
          content: '<p>Van</p>',
          status: 'draft',
          vehicle_number: 'B 2 XY',
          min_reservation: '1',
          max_day: '2',
          price: '300',
          location_id: String(place.id),
          real_address: 'Makkah',
          lat: '21.4',
          long: '39.8',
          zoom: '10',
        }).map(([name, value]) => ({ name, value })),
        ...gallery,
      ])
    const png = await makeImage('png')
    const res = await vehicle([
      { name: 'gallery', value: png, filename: 'a.png', contentType: 'image/png' },
      { name: 'gallery', value: kept },
      { name: 'gallery', value: png, filename: 'b.png', contentType: 'image/png' },
    ])
    expect(res.statusCode, res.body).toBe(200)
    const gallery = res.json().data.gallery as string[]
    expect(gallery).toHaveLength(3)
    expect(gallery[1]).toBe(kept)
    expect(gallery[0]).toMatch(/^[a-f0-9]{32}\.png$/)
    const one = await vehicle([{ name: 'gallery', value: png, filename: 'c.png', contentType: 'image/png' }])
    expect(one.statusCode, one.body).toBe(200)
    expect(one.json().data.gallery).toEqual([expect.stringMatching(/^[a-f0-9]{32}\.png$/)])
    const before = await state()
    const six = await vehicle(Array.from({ length: 6 }, (_, i) => ({ name: 'gallery', value: png, filename: `${i}.png` })))
    expect(six.statusCode).toBe(413)
    expect(six.json().errors.gallery).toEqual(['Gallery takes at most 5 new files'])
    const asJson = await vehicle([{ name: 'gallery', value: JSON.stringify([kept]) }])
    expect(asJson.statusCode, asJson.body).toBe(200)
    expect(asJson.json().data.gallery).toEqual([kept])
    expect(await state()).toEqual(before)
  })

  it('refuses multipart without a boundary (400)', async () => {
    const form = multipart(formFields())
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { ...owner.headers, 'content-type': 'multipart/form-data' },
      payload: form.payload,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: expect.any(String) })
  })
})

describe('files no row uses any more', () => {
  it('removes a replaced banner, keeps one sent again, and removes one cleared with an empty value', async () => {
    const [a, b, c] = [await uploadImage(), await uploadImage(), await uploadImage()]
    const row = (await api('POST', '/locations', body({ name: 'Replace', banner_image: a, featured_image: c }))).json()
      .data as Row
    const replaced = await api('PUT', `/locations/${row.id}`, body({ name: 'Replace', banner_image: b, featured_image: c }))
    expect(replaced.statusCode).toBe(200)
    expect(onDisk(a)).toBe(false)
    expect(onDisk(b)).toBe(true)
    expect(onDisk(c)).toBe(true)
    const cleared = await send('PUT', `/locations/${row.id}`, [
      ...formFields({ name: 'Replace', banner_image: b, featured_image: '' }),
    ])
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect(cleared.json().data).toMatchObject({ banner_image: b, featured_image: null })
    expect(onDisk(b)).toBe(true)
    expect(onDisk(c)).toBe(false)
  })

  it('removes a deleted location’s images, except one another location still shows', async () => {
    const [shared, own, idea] = [await uploadImage(), await uploadImage(), await uploadImage()]
    const a = (
      await api(
        'POST',
        '/locations',
        body({ name: 'Del A', banner_image: shared, featured_image: own, trip_ideas: [{ title: 'Idea', image: idea }] }),
      )
    ).json().data as Row
    const b = (await api('POST', '/locations', body({ name: 'Del B', featured_image: shared }))).json().data as Row
    expect((await api('DELETE', `/locations/${a.id}`)).statusCode).toBe(200)
    expect([onDisk(shared), onDisk(own), onDisk(idea)]).toEqual([true, false, false])
    expect((await api('DELETE', `/locations/${b.id}`)).statusCode).toBe(200)
    expect(onDisk(shared)).toBe(false)
  })

  it('sweeps uploads never attached once their grace has passed, never one in use', async () => {
    const fresh = await uploadImage()
    const used = await uploadImage()
    await api('POST', '/locations', body({ name: 'Sweep', banner_image: used }))
    await t.app.sweepFiles()
    // Within the default grace (a form still being filled), an unattached upload stays.
    expect(onDisk(fresh)).toBe(true)
    await t.app.db.execute(sql`UPDATE uploads SET created_at = now() - interval '2 days'`)
    const removed = await t.app.sweepFiles()
    expect(removed).toBeGreaterThanOrEqual(1)
    expect(onDisk(fresh)).toBe(false)
    expect(onDisk(used)).toBe(true)
    expect((await t.app.db.select().from(uploads).where(eq(uploads.file_name, used))).length).toBe(1)
  })

  it('never sweeps images that other catalogue rows show (hotels’ keys, a vehicle’s gallery list)', async () => {
    const [inGallery, featured] = [await uploadImage(), await uploadImage()]
    const place = (await api('POST', '/locations', body({ name: 'Vehicle base' }))).json().data as Row
    const vehicle = await api('POST', '/transportations', {
      name: 'GMC Yukon',
      content: '<p>Airport transfer</p>',
      status: 'publish',
      vehicle_number: 'B 1 XY',
      min_reservation: 1,
      max_day: 3,
      price: 850,
      location_id: place.id,
      real_address: 'Jeddah airport',
      lat: 21.68,
      long: 39.15,
      zoom: 12,
      featured_image: featured,
      gallery: [inGallery],
    })
    expect(vehicle.statusCode, vehicle.body).toBe(200)
    await t.app.db.execute(sql`UPDATE uploads SET created_at = now() - interval '2 days'`)
    await t.app.sweepFiles()
    await t.app.releaseFiles!([inGallery, featured])
    expect([onDisk(inGallery), onDisk(featured)]).toEqual([true, true])
  })

  it('cannot remove a file a row names: the database refuses, the file stays', async () => {
    const used = await uploadImage()
    await api('POST', '/locations', body({ name: 'Guarded', featured_image: used }))
    await expect(t.app.db.execute(sql`DELETE FROM uploads WHERE file_name = ${used}`)).rejects.toThrow()
    await t.app.releaseFiles!([used])
    expect(onDisk(used)).toBe(true)
  })
})
