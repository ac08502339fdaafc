import type { Readable } from 'node:stream'

/**
 * Where uploaded files live (DESIGN §6, §9). Keys are built only by
 * `storageKey()` from a company id and a server-made random name, and every
 * backend re-checks them: no user-supplied text reaches a path or an object key.
 */
export interface Storage {
  readonly driver: 'local' | 's3'
  /** Writes the whole object; an existing key is replaced. */
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** The object's bytes as a stream, or null when it does not exist. */
  get(key: string): Promise<StoredObject | null>
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>
  /**
   * Every stored object with a valid key (`<company>/<name>`) and when it was
   * last written, in no set order; anything else in the folder or bucket is
   * not the product's and is skipped. For the sweep of objects without a record.
   */
  list(): AsyncIterable<ListedObject>
  /** Releases connections (S3 client sockets). */
  close(): Promise<void>
}

export interface ListedObject {
  key: string
  modified: Date
}

export interface StoredObject {
  body: Readable
  size: number
}

/** Stored names: 32 random hex characters and the extension of the real type (pdf: a pilgrim's private documents only). */
export const STORED_NAME = /^[a-f0-9]{32}\.(jpg|png|webp|gif|pdf)$/
const KEY = /^[1-9][0-9]{0,9}\/[a-f0-9]{32}\.(jpg|png|webp|gif|pdf)$/

/** `<companyId>/<file_name>`: files are kept per company. */
export function storageKey(companyId: number, fileName: string): string {
  const key = `${companyId}/${fileName}`
  assertKey(key)
  return key
}

/** Whether `key` is one `storageKey()` could have made. */
export function isStorageKey(key: string): boolean {
  return KEY.test(key)
}

export function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`refused storage key ${JSON.stringify(key.slice(0, 80))}`)
}
