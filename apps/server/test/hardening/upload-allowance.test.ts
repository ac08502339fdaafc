import { count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploads } from '../../src/db/schema/index.js'
import { buildTestApp, type TestApp } from '../helpers/app.js'
import { createCompany, type Actor } from '../helpers/fixtures.js'
import { imageForm, makeImage } from '../helpers/images.js'

/**
 * Issue 31: "a company can store any number of images for 24 h". A per-company storage quota
 * (UPLOAD_QUOTA_MB) answers 413 on the field, and an upload rate (UPLOAD_RATE_PER_MINUTE) answers 429 with
 * Retry-After; both are settings, set low here. Another company is not touched by either.
 */

let t: TestApp
const upload = (who: Actor, form: { payload: Buffer; headers: Record<string, string> }, locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/actions_gallery/upload',
    headers: { ...who.headers, ...form.headers, 'x-localization': locale },
    payload: form.payload,
  })
const storedBy = async (who: Actor) =>
  Number((await t.app.db.select({ n: count() }).from(uploads).where(eq(uploads.company_id, who.companyId)))[0]!.n)
/** A PNG of noise: it does not compress, so it keeps its ~400 kB once stored. */
const noisePng = () =>
  sharp({
    create: { width: 380, height: 380, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png()
    .toBuffer()

beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_QUOTA_MB: '1', UPLOAD_RATE_PER_MINUTE: '5' })
})
afterAll(() => t?.close())

describe('upload quota and rate (issue 31)', () => {
  it('refuses a file past the company quota with 413 on the field, storing nothing; another company still uploads', async () => {
    const { owner } = await createCompany(t.app)
    const { owner: other } = await createCompany(t.app)
    const png = await noisePng()
    expect(png.length).toBeGreaterThan(350_000)
    const sizes: number[] = []
    for (let i = 0; i < 2; i++) {
      const res = await upload(owner, imageForm(png, `noise${i}.png`, 'image/png'))
      expect(res.statusCode, res.body).toBe(200)
      sizes.push(res.json().data.size)
    }
    expect(sizes[0]! + sizes[1]!).toBeLessThan(1024 * 1024)
    expect(sizes[0]! * 3).toBeGreaterThan(1024 * 1024)
    const full = await upload(owner, imageForm(png, 'noise2.png', 'image/png'))
    expect(full.statusCode, full.body).toBe(413)
    expect(full.json().message).toMatch(/^Your company's storage is full \(0\.\d MB of 1 MB\)/)
    expect(Object.keys(full.json().errors)).toEqual(['image'])
    const id = await upload(owner, imageForm(png, 'noise3.png', 'image/png'), 'id')
    expect(id.json().message).toMatch(/^Penyimpanan perusahaan Anda penuh/)
    expect(await storedBy(owner)).toBe(2)
    expect((await upload(other, imageForm(png, 'noise.png', 'image/png'))).statusCode).toBe(200)
  })

  it('answers 429 with Retry-After past the upload rate, counting attempts; another company still uploads', async () => {
    const { owner } = await createCompany(t.app)
    const { owner: other } = await createCompany(t.app)
    const small = await makeImage('png')
    for (let i = 0; i < 5; i++) expect((await upload(owner, imageForm(small, `s${i}.png`, 'image/png'))).statusCode).toBe(200)
    const over = await upload(owner, imageForm(small, 's5.png', 'image/png'))
    expect(over.statusCode, over.body).toBe(429)
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect(over.json().message).toMatch(/^Too many uploads: at most 5 images a minute/)
    expect(await storedBy(owner)).toBe(5)
    expect((await upload(other, imageForm(small, 'o.png', 'image/png'))).statusCode).toBe(200)
  })
})
