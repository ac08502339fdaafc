import type { Readable } from 'node:stream'
import type { S3Client } from '@aws-sdk/client-s3'
import { lazy } from '../lazy.js'
import { assertKey, isStorageKey, type ListedObject, type Storage, type StoredObject } from './types.js'

export interface S3Options {
  bucket: string
  region: string
  endpoint?: string
  accessKeyId?: string
  secretAccessKey?: string
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO and most self-hosted stores). */
  forcePathStyle?: boolean
}

/** An S3-compatible bucket through the official AWS SDK v3 client, loaded with the first call (lib/lazy.ts). */
export function s3Storage(opts: S3Options): Storage {
  let loaded: { client: S3Client } | undefined
  const sdk = lazy(async () => {
    const sdk = await import('@aws-sdk/client-s3')
    const client = s3Client(sdk.S3Client, opts)
    loaded = { client }
    return { ...sdk, client }
  })
  const Bucket = opts.bucket
  return {
    driver: 's3',
    async put(key, body, contentType) {
      assertKey(key)
      const { client, PutObjectCommand } = await sdk()
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
      )
    },
    async get(key): Promise<StoredObject | null> {
      assertKey(key)
      const { client, GetObjectCommand, NoSuchKey, S3ServiceException } = await sdk()
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        return { body: out.Body as Readable, size: Number(out.ContentLength ?? 0) }
      } catch (err) {
        if (err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)) return null
        throw err
      }
    },
    async delete(key) {
      assertKey(key)
      const { client, DeleteObjectCommand } = await sdk()
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
    async *list(): AsyncIterable<ListedObject> {
      const { client, paginateListObjectsV2 } = await sdk()
      for await (const page of paginateListObjectsV2({ client, pageSize: 1000 }, { Bucket })) {
        for (const o of page.Contents ?? []) {
          if (!o.Key || !o.LastModified || !isStorageKey(o.Key)) continue
          yield { key: o.Key, modified: o.LastModified }
        }
      }
    },
    async close() {
      loaded?.client.destroy()
    },
  }
}

function s3Client(S3: typeof S3Client, opts: S3Options): S3Client {
  return new S3({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
    // Checksums only where the API requires them: many S3-compatible stores
    // refuse the SDK's default CRC32 headers; integrity is TLS's job here.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}
