import fs from 'node:fs'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { assertKey, isStorageKey, type ListedObject, type Storage, type StoredObject } from './types.js'

/** The default backend: a folder (`DATA_DIR/uploads`), one subfolder per company. */
export function localStorage(root: string): Storage {
  const base = path.resolve(root)
  const file = (key: string) => {
    assertKey(key)
    return path.join(base, ...key.split('/'))
  }
  return {
    driver: 'local',
    async put(key, body) {
      const target = file(key)
      await fs.promises.mkdir(path.dirname(target), { recursive: true })
      // Write then rename: a reader never sees half a file.
      const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`
      try {
        await fs.promises.writeFile(tmp, body, { flag: 'wx' })
        await fs.promises.rename(tmp, target)
      } catch (err) {
        await fs.promises.rm(tmp, { force: true })
        throw err
      }
    },
    async get(key): Promise<StoredObject | null> {
      const target = file(key)
      let handle: fs.promises.FileHandle
      try {
        handle = await fs.promises.open(target, 'r')
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw err
      }
      const { size } = await handle.stat()
      return { body: handle.createReadStream({ autoClose: true }), size }
    },
    async delete(key) {
      await fs.promises.rm(file(key), { force: true })
    },
    async *list(): AsyncIterable<ListedObject> {
      let companies: fs.Dirent[]
      try {
        companies = await fs.promises.readdir(base, { withFileTypes: true })
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
        throw err
      }
      for (const company of companies) {
        if (!company.isDirectory() || !/^[1-9][0-9]{0,9}$/.test(company.name)) continue
        const dir = await fs.promises.opendir(path.join(base, company.name))
        for await (const entry of dir) {
          const key = `${company.name}/${entry.name}`
          if (!entry.isFile() || !isStorageKey(key)) continue
          try {
            const { mtime } = await fs.promises.stat(path.join(base, company.name, entry.name))
            yield { key, modified: mtime }
          } catch (err) {
            // Removed while listing: nothing to report.
            if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
          }
        }
      }
    },
    async close() {},
  }
}
