import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/helpers/app.js'
import { createCompany, type Actor } from '../../test/helpers/fixtures.js'
import { imageForm, makeImage } from '../../test/helpers/images.js'
import { startTestS3, type TestS3 } from '../../test/helpers/s3-server.js'
import { uploads } from '../db/schema/index.js'
import { storageKey } from './storage/index.js'

/**
 * The sweep also removes stored objects that have no upload record (a crash
 * between writing an object and its record, or between dropping a record and
 * its object) once they are a day old, on both backends; never an object
 * with its record, never a young one.
 */
const TWO_DAYS_AGO = () => new Date(Date.now() - 2 * 24 * 60 * 60 * 1000)

describe.each([
  { backend: 'local folder', s3: false },
  { backend: 's3 bucket', s3: true },
])('sweep of objects without a record: $backend', ({ s3: useS3 }) => {
  let t: TestApp
  let s3: TestS3 | undefined
  let owner: Actor
  let other: Actor

  beforeAll(async () => {
    s3 = useS3 ? await startTestS3() : undefined
    t = await buildTestApp(s3?.env ?? {})
    owner = (await createCompany(t.app)).owner
    other = (await createCompany(t.app)).owner
  })
  afterAll(async () => {
    await t?.close()
    await s3?.close()
  })

  const age = async (key: string) => {
    const when = TWO_DAYS_AGO()
    if (s3) await s3.backdate(key, when)
    else await fs.promises.utimes(path.join(t.config.dataDir, 'uploads', ...key.split('/')), when, when)
  }
  const exists = async (key: string) => {
    const got = await t.app.storage.get(key)
    got?.body.destroy()
    return got !== null
  }
  const orphan = async (companyId: number, name = `${randomBytes(16).toString('hex')}.png`) => {
    const key = storageKey(companyId, name)
    await t.app.storage.put(key, await makeImage('png'), 'image/png')
    return key
  }

  it('removes day-old objects without a record of their company, and keeps the rest', async () => {
    // A recorded upload in use by a gallery row, its object a day old too.
    const form = imageForm(await makeImage('png'), 'kept.png', 'image/png')
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/actions_gallery/upload',
      headers: { ...owner.headers, ...form.headers },
      payload: form.payload,
    })
    expect(up.statusCode, up.body).toBe(200)
    const keptName = up.json().data.file_name as string
    const attach = await t.app.inject({
      method: 'POST',
      url: '/api/v1/galleries',
      headers: owner.headers,
      payload: { file_name: keptName },
    })
    expect(attach.statusCode, attach.body).toBe(200)
    const kept = storageKey(owner.companyId, keptName)

    const lost = await orphan(owner.companyId) // written, then the record was never made
    const misplaced = await orphan(other.companyId, keptName) // a recorded name, under a company it is not recorded for
    const young = await orphan(owner.companyId) // an upload whose record may be on its way
    for (const key of [kept, lost, misplaced]) await age(key)

    const removed = await t.app.sweepFiles()
    expect(removed).toBe(2)
    expect({
      kept: await exists(kept),
      lost: await exists(lost),
      misplaced: await exists(misplaced),
      young: await exists(young),
    }).toEqual({ kept: true, lost: false, misplaced: false, young: true })
    expect((await t.app.db.select().from(uploads).where(eq(uploads.file_name, keptName))).length).toBe(1)
    // The image is still served.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/images/${keptName}` })).statusCode).toBe(200)

    // A second run finds nothing more to do; the young orphan goes once its day has passed.
    expect(await t.app.sweepFiles()).toBe(0)
    await age(young)
    expect(await t.app.sweepFiles()).toBe(1)
    expect(await exists(young)).toBe(false)
    expect(await exists(kept)).toBe(true)
  })

  it('works through more objects than one batch', async () => {
    const keys: string[] = []
    for (let i = 0; i < 7; i++) keys.push(await orphan(owner.companyId))
    for (const key of keys) await age(key)
    const { sweepObjects } = await import('./files.js')
    const removed = await sweepObjects(t.app.db, t.app.storage, undefined, 3)
    expect(removed.sort()).toEqual([...keys].sort())
    for (const key of keys) expect(await exists(key)).toBe(false)
  })
})
