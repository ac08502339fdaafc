import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import S3rver from 's3rver'

export interface TestS3 {
  /** STORAGE_* variables pointing at this server. */
  env: Record<string, string>
  endpoint: string
  bucket: string
  /** Sets an object's last-modified time (s3rver reads it from its file's mtime), to age it in a test. */
  backdate(key: string, when: Date): Promise<void>
  close(): Promise<void>
}

/**
 * A real S3-compatible server (s3rver, from the npm registry) on 127.0.0.1 and
 * a random port, with its own folder and one bucket; closed and removed after.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-s3-'))
  const bucket = 'tbo-test'
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
  const { port } = (await server.run()) as AddressInfo
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      STORAGE_S3_ENDPOINT: endpoint,
      STORAGE_S3_BUCKET: bucket,
      STORAGE_S3_REGION: 'us-east-1',
      // s3rver's fixed development credentials.
      STORAGE_S3_ACCESS_KEY_ID: 'S3RVER',
      STORAGE_S3_SECRET_ACCESS_KEY: 'S3RVER',
      STORAGE_S3_FORCE_PATH_STYLE: 'true',
    },
    async backdate(key, when) {
      const parts = key.split('/')
      const last = parts.pop()!
      await fs.promises.utimes(path.join(directory, bucket, ...parts, `${last}._S3rver_object`), when, when)
    },
    async close() {
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
