import path from 'node:path'
import type { Config } from '../../config.js'
import { localStorage } from './local.js'
import { s3Storage } from './s3.js'
import type { Storage } from './types.js'

export * from './types.js'
export { localStorage } from './local.js'
export { s3Storage, type S3Options } from './s3.js'

/** The backend STORAGE_DRIVER chooses: `local` (DATA_DIR/uploads, the default) or `s3`. */
export function openStorage(config: Config): Storage {
  if (config.STORAGE_DRIVER === 's3') {
    return s3Storage({
      bucket: config.STORAGE_S3_BUCKET!,
      region: config.STORAGE_S3_REGION ?? 'us-east-1',
      endpoint: config.STORAGE_S3_ENDPOINT,
      accessKeyId: config.STORAGE_S3_ACCESS_KEY_ID,
      secretAccessKey: config.STORAGE_S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.STORAGE_S3_FORCE_PATH_STYLE,
    })
  }
  return localStorage(path.join(config.dataDir, 'uploads'))
}
