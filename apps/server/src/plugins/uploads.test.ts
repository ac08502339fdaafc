import fs from 'node:fs'
import path from 'node:path'
import { count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_IMAGE_BYTES } from '@app/shared'
import { buildTestApp, type TestApp } from '../../test/helpers/app.js'
import { createCompany, createUserWithPermissions, type Actor } from '../../test/helpers/fixtures.js'
import {
  gifWithMetadata,
  imageForm,
  jpegOfSize,
  makeImage,
  multipart,
  photoWithGps,
  pngDeclaring,
} from '../../test/helpers/images.js'
import { startTestS3 } from '../../test/helpers/s3-server.js'
import { uploads } from '../db/schema/index.js'

/**
 * The upload, image serving and download of DESIGN §6 through HTTP, with every
 * bad input of issue 8 answering a 4xx in the error shape and storing nothing.
 */

let t: TestApp
let owner: Actor
let other: Actor

const NAME = /^[a-f0-9]{32}\.(jpg|png|webp|gif)$/

const upload = (form: { payload: Buffer; headers: Record<string, string> }, who: Actor = owner) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/actions_gallery/upload',
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  })

const stored = async () => Number((await t.app.db.select({ n: count() }).from(uploads))[0]!.n)
const filesOnDisk = () => {
  const root = path.join(t.config.dataDir, 'uploads')
  if (!fs.existsSync(root)) return 0
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length
}

beforeAll(async () => {
  t = await buildTestApp()
  owner = (await createCompany(t.app)).owner
  other = (await createCompany(t.app)).owner
})
afterAll(() => t?.close())

describe('upload: POST /actions_gallery/upload', () => {
  it.each([
    ['jpeg', 'image/jpeg', 'jpg'],
    ['png', 'image/png', 'png'],
    ['webp', 'image/webp', 'webp'],
    ['gif', 'image/gif', 'gif'],
  ] as const)('stores a %s under a random name with its real extension, in the company folder', async (format, mime, ext) => {
    const res = await upload(imageForm(await makeImage(format), `My Photo.${ext}`, mime))
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data).toMatchObject({ mime_type: mime, width: 64, height: 48, url: `/api/v1/images/${data.file_name}` })
    expect(data.file_name).toMatch(NAME)
    expect(data.file_name.endsWith(`.${ext}`)).toBe(true)
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', String(owner.companyId), data.file_name))).toBe(true)
    const [row] = await t.app.db.select().from(uploads).where(eq(uploads.file_name, data.file_name))
    expect(row).toMatchObject({ company_id: owner.companyId, original_name: `My Photo.${ext}`, size: data.size })
  })

  it('takes the type from the bytes: PNG bytes named page.html with text/html are a PNG', async () => {
    const res = await upload(imageForm(await makeImage('png'), 'page.html', 'text/html'))
    expect(res.statusCode).toBe(200)
    const { file_name } = res.json().data
    expect(file_name.endsWith('.png')).toBe(true)
    const img = await t.app.inject({ method: 'GET', url: `/api/v1/images/${file_name}` })
    expect(img.headers['content-type']).toBe('image/png')
    expect(img.headers['x-content-type-options']).toBe('nosniff')
  })

  it('drops EXIF (GPS position, camera) and turns the photo by its orientation first', async () => {
    const photo = await photoWithGps()
    expect((await sharp(photo).metadata()).exif).toBeDefined()
    const res = await upload(imageForm(photo, 'IMG_0001.jpg'))
    expect(res.statusCode).toBe(200)
    // Orientation 6 (rotate 90°): the stored pixels stand upright, 40 wide and 80 high.
    expect(res.json().data).toMatchObject({ width: 40, height: 80 })
    const img = await t.app.inject({ method: 'GET', url: `/api/v1/images/${res.json().data.file_name}` })
    const meta = await sharp(img.rawPayload).metadata()
    expect(meta.exif).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(img.rawPayload.includes(Buffer.from('Pilgrim X'))).toBe(false)
    expect(img.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false)
  })

  it("drops a GIF's XMP (GPS position), comments and bytes after the trailer, and keeps its animation", async () => {
    const gif = await gifWithMetadata(2)
    // The control: the sent file carries all three, and two frames.
    for (const secret of ['GPSLatitude', 'Secret comment', 'TRAILING-SECRET'])
      expect(gif.includes(Buffer.from(secret))).toBe(true)
    expect((await sharp(gif, { animated: true }).metadata()).pages).toBe(2)
    const res = await upload(imageForm(gif, 'moving.gif', 'image/gif'))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ mime_type: 'image/gif', width: 16, height: 16 })
    const img = await t.app.inject({ method: 'GET', url: `/api/v1/images/${res.json().data.file_name}` })
    expect(img.statusCode).toBe(200)
    for (const secret of ['GPSLatitude', 'XMP', 'Secret comment', 'TRAILING-SECRET'])
      expect(img.rawPayload.includes(Buffer.from(secret)), secret).toBe(false)
    const meta = await sharp(img.rawPayload, { animated: true }).metadata()
    expect(meta).toMatchObject({ format: 'gif', pages: 2, pageHeight: 16, loop: 0, delay: [100, 200] })
    expect(meta.xmp).toBeUndefined()
    expect(meta.comments).toBeUndefined()
    // The frames are still red, then blue.
    const { data, info } = await sharp(img.rawPayload, { animated: true }).raw().toBuffer({ resolveWithObject: true })
    const frame2 = 16 * 16 * info.channels
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0])
    expect([...data.subarray(frame2, frame2 + 3)]).toEqual([0, 0, 255])
  })

  it('also cleans a single-frame GIF', async () => {
    const res = await upload(imageForm(await gifWithMetadata(1), 'still.gif', 'image/gif'))
    expect(res.statusCode, res.body).toBe(200)
    const img = await t.app.inject({ method: 'GET', url: `/api/v1/images/${res.json().data.file_name}` })
    expect(img.rawPayload.includes(Buffer.from('GPSLatitude'))).toBe(false)
    expect(img.rawPayload.includes(Buffer.from('TRAILING-SECRET'))).toBe(false)
    expect((await sharp(img.rawPayload, { animated: true }).metadata()).pages).toBe(1)
  })

  it('keeps only a safe file name as metadata: the path part of a client name is dropped', async () => {
    const res = await upload(imageForm(await makeImage('jpeg'), '../../etc/passwd.jpg'))
    expect(res.statusCode).toBe(200)
    const [row] = await t.app.db.select().from(uploads).where(eq(uploads.file_name, res.json().data.file_name))
    expect(row!.original_name).toBe('passwd.jpg')
  })

  it('answers 401 without a session and 403 without a catalogue edit permission; one edit permission suffices', async () => {
    const form = imageForm(await makeImage('png'))
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/actions_gallery/upload', ...form })
    expect(anonymous.statusCode).toBe(401)
    const reader = await createUserWithPermissions(t.app, owner.companyId, ['location_list', 'location_view', 'hotel_list'])
    const denied = await upload(form, reader)
    expect(denied.statusCode).toBe(403)
    expect(denied.json()).toEqual({ message: expect.any(String) })
    const editor = await createUserWithPermissions(t.app, owner.companyId, ['room_update'])
    expect((await upload(form, editor)).statusCode).toBe(200)
  })
})

describe('upload: bad input is a 4xx with the error shape and stores nothing', () => {
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>')
  const php = Buffer.from('<?php system($_GET["c"]); ?>\n'.repeat(20))
  const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')
  const cases: Array<[string, () => Promise<{ payload: Buffer; headers: Record<string, string> }>, number, string?]> = [
    ['a 6 MB image', async () => imageForm(await jpegOfSize(6 * 1024 * 1024)), 413, 'image'],
    ['an image one byte over 5 MB', async () => imageForm(await jpegOfSize(MAX_IMAGE_BYTES + 1)), 413, 'image'],
    ['a PHP file renamed .jpg', async () => imageForm(php, 'shell.jpg', 'image/jpeg'), 415, 'image'],
    ['an HTML file renamed .jpg', async () => imageForm(html, 'page.jpg', 'image/jpeg'), 415, 'image'],
    ['an SVG with a script', async () => imageForm(svg, 'logo.svg', 'image/svg+xml'), 415, 'image'],
    ['an SVG with a script renamed .png', async () => imageForm(svg, 'logo.png', 'image/png'), 415, 'image'],
    ['an empty file', async () => imageForm(Buffer.alloc(0), 'empty.jpg'), 415, 'image'],
    [
      'a truncated JPEG',
      async () => {
        const full = await makeImage('jpeg', 400, 300)
        return imageForm(full.subarray(0, Math.floor(full.length / 2)))
      },
      422,
      'image',
    ],
    [
      'a PNG declaring 100,000 × 100,000 pixels (a decompression bomb)',
      async () => imageForm(await pngDeclaring(100_000, 100_000), 'bomb.png', 'image/png'),
      422,
      'image',
    ],
    [
      'a PNG declaring 7,000 × 7,000 pixels (49 megapixels)',
      async () => imageForm(await pngDeclaring(7000, 7000), 'big.png', 'image/png'),
      422,
      'image',
    ],
    [
      '50 files in one request',
      async () => {
        const png = await makeImage('png')
        return multipart(
          Array.from({ length: 50 }, (_, i) => ({ name: 'image', value: png, filename: `${i}.png`, contentType: 'image/png' })),
        )
      },
      413,
      'image',
    ],
    ['no image part', async () => multipart([{ name: 'title', value: 'no file' }]), 422, 'image'],
    [
      'the file under another name',
      async () => multipart([{ name: 'file', value: await makeImage('png'), filename: 'a.png' }]),
      422,
      'file',
    ],
    [
      'more than 10 text fields',
      async () => multipart(Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, value: 'x' }))),
      413,
    ],
  ]

  it.each(cases)('refuses %s', async (_what, make, status, field) => {
    const before = { rows: await stored(), files: filesOnDisk() }
    const res = await upload(await make())
    expect(res.statusCode, res.body).toBe(status)
    const body = res.json()
    expect(body.message).toEqual(expect.any(String))
    if (field) expect(body.errors[field]).toEqual([expect.any(String)])
    expect({ rows: await stored(), files: filesOnDisk() }).toEqual(before)
  })

  it('says why in words, in the caller’s language', async () => {
    const big = await upload(imageForm(await jpegOfSize(6 * 1024 * 1024)))
    expect(big.json()).toEqual({ message: 'The image is larger than 5 MB.', errors: { image: ['Image must be at most 5 MB'] } })
    const svgForm = imageForm(svg, 'a.svg')
    const svgRes = await t.app.inject({
      method: 'POST',
      url: '/api/v1/actions_gallery/upload',
      headers: { ...owner.headers, ...svgForm.headers, 'x-localization': 'id' },
      payload: svgForm.payload,
    })
    expect(svgRes.json().message).toBe('Hanya gambar JPEG, PNG, WebP atau GIF yang diterima.')
    const bomb = await upload(imageForm(await pngDeclaring(100_000, 100_000)))
    expect(bomb.json().errors).toEqual({ image: ['Image is too large: at most 40 megapixels'] })
  })

  it('refuses a body that declares more than 5 MB before reading it (413)', async () => {
    const form = imageForm(await makeImage('png'))
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/actions_gallery/upload',
      headers: { ...owner.headers, ...form.headers, 'content-length': String(20 * 1024 * 1024) },
      payload: form.payload,
    })
    expect(res.statusCode).toBe(413)
    expect(res.headers.connection).toBe('close')
  })

  it('refuses a JSON body (415) and multipart without a boundary (400)', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/actions_gallery/upload',
      headers: owner.headers,
      payload: { image: 'x.jpg' },
    })
    expect(json.statusCode).toBe(415)
    expect(json.json()).toEqual({ message: expect.any(String) })
    const form = imageForm(await makeImage('png'))
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/v1/actions_gallery/upload',
      headers: { ...owner.headers, 'content-type': 'multipart/form-data' },
      payload: form.payload,
    })
    expect(noBoundary.statusCode).toBe(400)
    expect(noBoundary.json()).toEqual({ message: expect.any(String) })
  })
})

describe('serving: GET /images/{file_name}', () => {
  let name: string
  let bytes: Buffer
  beforeAll(async () => {
    const res = await upload(imageForm(await makeImage('webp'), 'x.webp', 'image/webp'))
    name = res.json().data.file_name
    bytes = fs.readFileSync(path.join(t.config.dataDir, 'uploads', String(owner.companyId), name))
  })

  it('answers the bytes with the stored type, a year of caching, an ETag and nosniff, to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/images/${name}` })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.equals(bytes)).toBe(true)
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(bytes.length),
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${name.slice(0, 32)}"`,
      'x-content-type-options': 'nosniff',
    })
    const root = await t.app.inject({ method: 'GET', url: `/images/${name}` })
    expect(root.statusCode).toBe(200)
    expect(root.rawPayload.equals(bytes)).toBe(true)
    const head = await t.app.inject({ method: 'HEAD', url: `/api/v1/images/${name}` })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-type']).toBe('image/webp')
    expect(head.rawPayload.length).toBe(0)
  })

  it('answers 304 without a body when the ETag matches', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/images/${name}`,
      headers: { 'if-none-match': `W/"x", "${name.slice(0, 32)}"` },
    })
    expect(res.statusCode).toBe(304)
    expect(res.rawPayload.length).toBe(0)
    expect(res.headers.etag).toBe(`"${name.slice(0, 32)}"`)
  })

  it.each([
    ['an unknown name', '/api/v1/images/0123456789abcdef0123456789abcdef.png', 404],
    ['a name of another shape', '/api/v1/images/photo.jpg', 404],
    ['../ in the path', '/api/v1/images/..%2f..%2fetc%2fpasswd', 400],
    ['encoded dots', '/api/v1/images/%2e%2e%2f%2e%2e%2fetc%2fpasswd', 400],
    ['encoded dots at the root', '/images/%2e%2e%2fx', 400],
    ['a NUL byte', `/api/v1/images/${'a'.repeat(32)}.png%00.html`, 400],
    ['an absolute path', '/api/v1/images/%2fetc%2fpasswd', 404],
  ])('refuses %s with the error shape', async (_what, url, status) => {
    const res = await t.app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(status)
    expect(res.json()).toEqual({ message: expect.any(String) })
  })
})

describe('download: GET /download?file=', () => {
  let name: string
  beforeAll(async () => {
    name = (await upload(imageForm(await makeImage('jpeg'), 'Kaaba at night.jpeg'))).json().data.file_name
  })

  it("serves the caller's company's file as an attachment, not cached", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/download?file=${name}`, headers: owner.headers })
    expect(res.statusCode).toBe(200)
    expect(res.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename="${name}"; filename*=UTF-8''Kaaba%20at%20night.jpg`,
    })
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg')
  })

  it('needs a session (401)', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/download?file=${name}` })).statusCode).toBe(401)
  })

  it.each([
    ["another company's file", () => `file=${name}`, 404, undefined, () => other],
    ['../../etc/passwd', () => 'file=../../etc/passwd', 422, 'file'],
    ['an absolute path', () => 'file=/etc/passwd', 422, 'file'],
    ['%2e%2e', () => 'file=%2e%2e%2f%2e%2e%2fetc%2fpasswd', 422, 'file'],
    ['a NUL byte', () => `file=${name.slice(0, 10)}%00.jpg`, 422, 'file'],
    ['no file', () => '', 422, 'file'],
    ['an unknown name', () => 'file=0123456789abcdef0123456789abcdef.jpg', 404],
  ] as Array<[string, () => string, number, string | undefined, (() => Actor)?]>)(
    'refuses %s with the error shape',
    async (_what, query, status, field, who) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/download?${query()}`, headers: (who?.() ?? owner).headers })
      expect(res.statusCode).toBe(status)
      expect(res.json().message).toEqual(expect.any(String))
      if (field) expect(res.json().errors[field]).toEqual([expect.any(String)])
      expect(res.body).not.toContain('JFIF')
    },
  )
})

describe('upload on the S3 backend', () => {
  it('stores in the bucket and serves from it', async () => {
    const s3 = await startTestS3()
    const app = await buildTestApp(s3.env)
    try {
      const who = (await createCompany(app.app)).owner
      const form = imageForm(await makeImage('png'))
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/v1/actions_gallery/upload',
        headers: { ...who.headers, ...form.headers },
        payload: form.payload,
      })
      expect(res.statusCode, res.body).toBe(200)
      const { file_name } = res.json().data
      expect(fs.existsSync(path.join(app.config.dataDir, 'uploads'))).toBe(false)
      const img = await app.app.inject({ method: 'GET', url: `/api/v1/images/${file_name}` })
      expect(img.statusCode).toBe(200)
      expect(img.headers['content-type']).toBe('image/png')
      expect((await sharp(img.rawPayload).metadata()).format).toBe('png')
    } finally {
      await app.close()
      await s3.close()
    }
  })
})
