import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestS3, type TestS3 } from '../../../test/helpers/s3-server.js'
import { loadConfig } from '../../config.js'
import { openStorage, storageKey, type Storage } from './index.js'

/**
 * One contract, two backends: the folder under DATA_DIR/uploads and an S3
 * bucket on a real S3-compatible server started here on 127.0.0.1.
 */
const backends: Array<{ name: string; open: () => Promise<{ storage: Storage; close: () => Promise<void> }> }> = [
  {
    name: 'local folder',
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-storage-'))
      const storage = openStorage(loadConfig({ DATA_DIR: dir }))
      return {
        storage,
        close: async () => {
          await storage.close()
          fs.rmSync(dir, { recursive: true, force: true })
        },
      }
    },
  },
  {
    name: 's3 bucket',
    async open() {
      const s3: TestS3 = await startTestS3()
      const storage = openStorage(loadConfig({ DATA_DIR: os.tmpdir(), ...s3.env }))
      return {
        storage,
        close: async () => {
          await storage.close()
          await s3.close()
        },
      }
    },
  },
]

const name = (ext = 'png') => `${randomBytes(16).toString('hex')}.${ext}`

describe.each(backends)('storage contract: $name', ({ name: backend, open }) => {
  let storage: Storage
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ storage, close } = await open())
  })
  afterAll(async () => close())

  it('reports its driver', () => {
    expect(storage.driver).toBe(backend === 'local folder' ? 'local' : 's3')
  })

  it('stores bytes and reads them back with their size', async () => {
    const key = storageKey(7, name())
    const body = randomBytes(70_000)
    await storage.put(key, body, 'image/png')
    const got = await storage.get(key)
    expect(got).not.toBeNull()
    expect(got!.size).toBe(body.length)
    const chunks: Buffer[] = []
    for await (const c of got!.body) chunks.push(c as Buffer)
    expect(Buffer.concat(chunks).equals(body)).toBe(true)
  })

  it('replaces an object written twice under one key', async () => {
    const key = storageKey(7, name('gif'))
    await storage.put(key, Buffer.from('first'), 'image/gif')
    await storage.put(key, Buffer.from('second'), 'image/gif')
    expect(await text((await storage.get(key))!.body)).toBe('second')
  })

  it('answers null for a key that does not exist', async () => {
    expect(await storage.get(storageKey(7, name()))).toBeNull()
  })

  it('keeps companies apart: the same name under two companies is two objects', async () => {
    const n = name('webp')
    await storage.put(storageKey(1, n), Buffer.from('one'), 'image/webp')
    await storage.put(storageKey(2, n), Buffer.from('two'), 'image/webp')
    expect(await text((await storage.get(storageKey(1, n)))!.body)).toBe('one')
    expect(await text((await storage.get(storageKey(2, n)))!.body)).toBe('two')
  })

  it('deletes an object, and deleting a missing one is not an error', async () => {
    const key = storageKey(7, name('jpg'))
    await storage.put(key, Buffer.from('x'), 'image/jpeg')
    await storage.delete(key)
    expect(await storage.get(key)).toBeNull()
    await expect(storage.delete(key)).resolves.toBeUndefined()
  })

  it('lists what it stores, with the time of the last write', async () => {
    const key = storageKey(9, name())
    const before = Date.now() - 2000
    await storage.put(key, Buffer.from('listed'), 'image/png')
    const listed: Array<{ key: string; modified: Date }> = []
    for await (const o of storage.list()) listed.push(o)
    const mine = listed.find((o) => o.key === key)
    expect(mine).toBeDefined()
    expect(mine!.modified.getTime()).toBeGreaterThanOrEqual(before)
    expect(mine!.modified.getTime()).toBeLessThanOrEqual(Date.now() + 2000)
    await storage.delete(key)
    for await (const o of storage.list()) expect(o.key).not.toBe(key)
  })

  it.each([
    '7/../../etc/passwd',
    '/etc/passwd',
    '7/%2e%2e%2fsecret.png',
    '7/abc.png',
    `7/${'a'.repeat(32)}.svg`,
    `7/${'a'.repeat(32)}.png\0.txt`,
    `0/${'a'.repeat(32)}.png`,
    `7/${'a'.repeat(32)}.png/x`,
  ])('refuses the key %j before any file system or network call', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/refused storage key/)
    await expect(storage.get(key)).rejects.toThrow(/refused storage key/)
    await expect(storage.delete(key)).rejects.toThrow(/refused storage key/)
  })
})

describe('storage configuration', () => {
  it('needs a bucket for the s3 driver', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow('STORAGE_S3_BUCKET')
  })
  it('refuses an endpoint that is not an http(s) URL', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', STORAGE_S3_BUCKET: 'b', STORAGE_S3_ENDPOINT: 'ftp://x' })).toThrow(
      'STORAGE_S3_ENDPOINT',
    )
  })
  it('writes the local backend under DATA_DIR/uploads/<company>/', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-storage-'))
    const storage = openStorage(loadConfig({ DATA_DIR: dir }))
    const n = name()
    await storage.put(storageKey(3, n), Buffer.from('x'), 'image/png')
    expect(fs.existsSync(path.join(dir, 'uploads', '3', n))).toBe(true)
    fs.rmSync(dir, { recursive: true, force: true })
  })
  it('lists only what could be its own in the folder: no stray file, temporary file or other folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-storage-'))
    const storage = openStorage(loadConfig({ DATA_DIR: dir }))
    const n = name()
    await storage.put(storageKey(3, n), Buffer.from('x'), 'image/png')
    const root = path.join(dir, 'uploads')
    fs.writeFileSync(path.join(root, 'notes.txt'), 'x')
    fs.writeFileSync(path.join(root, '3', `${n}.abcdef.tmp`), 'x')
    fs.mkdirSync(path.join(root, 'backup'))
    fs.writeFileSync(path.join(root, 'backup', name()), 'x')
    fs.mkdirSync(path.join(root, '3', name()))
    const keys: string[] = []
    for await (const o of storage.list()) keys.push(o.key)
    expect(keys).toEqual([`3/${n}`])
    fs.rmSync(dir, { recursive: true, force: true })
  })
  it('lists nothing before the first upload made the folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-storage-'))
    const storage = openStorage(loadConfig({ DATA_DIR: dir }))
    const keys: string[] = []
    for await (const o of storage.list()) keys.push(o.key)
    expect(keys).toEqual([])
    fs.rmSync(dir, { recursive: true, force: true })
  })
})
