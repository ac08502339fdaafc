/** `npm run db:migrate -w @app/server`: applies the migrations to DATABASE_URL (or PGlite in DATA_DIR) and exits. */
import { ConfigError, loadConfig } from '../config.js'
import { openDatabase } from '../db/client.js'

try {
  const config = loadConfig()
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, worker: config.PGLITE_WORKER })
  await database.migrate()
  await database.close()
  console.log(`Migrations applied (${database.kind}).`)
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err)
  process.exit(1)
}
