/**
 * `npm run db:seed -w @app/server`: migrations, the permission catalogue, the demo
 * company on an empty database (SEED_DEMO), and the platform operator when
 * PLATFORM_ADMIN_EMAIL and PLATFORM_ADMIN_PASSWORD are set (the CLI way to create it,
 * or to replace the password once published in the source).
 */
import { ConfigError, loadConfig } from '../config.js'
import { openDatabase } from '../db/client.js'
import { ensurePlatformAdmin, PlatformAdminError, refuseLegacyPassword } from '../services/platform-admin.js'
import { seed } from '../seeds/seed.js'
import { openStorage } from '../lib/storage/index.js'

try {
  const config = loadConfig()
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, worker: config.PGLITE_WORKER })
  try {
    await database.migrate()
    const demo = await seed(database.db, { demo: config.SEED_DEMO, storage: openStorage(config) })
    const admin = await ensurePlatformAdmin(database.db, {
      email: config.PLATFORM_ADMIN_EMAIL,
      password: config.PLATFORM_ADMIN_PASSWORD,
    })
    console.log(`Seeded (${database.kind}): demo company ${demo.created ? 'created' : 'unchanged'}; platform operator: ${admin}.`)
    await refuseLegacyPassword(database.db)
  } finally {
    await database.close()
  }
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof PlatformAdminError ? err.message : err)
  process.exit(1)
}
