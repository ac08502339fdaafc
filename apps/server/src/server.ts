import { performance } from 'node:perf_hooks'
import { buildApp } from './app.js'
import { ConfigError, loadConfig, type Config } from './config.js'
import { openDatabase } from './db/client.js'
import { ensurePlatformAdmin, PlatformAdminError, refuseLegacyPassword } from './services/platform-admin.js'
import { DEMO_LOGIN, seed } from './seeds/seed.js'
import { openStorage } from './lib/storage/index.js'

async function main() {
  const started = performance.now()
  let config: Config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }
  const database = openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    worker: config.PGLITE_WORKER,
    poolSize: config.DATABASE_POOL_SIZE,
  })
  await database.migrate()
  await seed(database.db, { demo: config.SEED_DEMO, storage: openStorage(config) })
  let platformAdmin: Awaited<ReturnType<typeof ensurePlatformAdmin>>
  try {
    platformAdmin = await ensurePlatformAdmin(database.db, {
      email: config.PLATFORM_ADMIN_EMAIL,
      password: config.PLATFORM_ADMIN_PASSWORD,
    })
    await refuseLegacyPassword(database.db)
  } catch (err) {
    if (err instanceof PlatformAdminError) {
      console.error(err.message)
      await database.close()
      process.exit(1)
    }
    throw err
  }
  const app = await buildApp({ config, database })
  const address = await app.listen({ port: config.PORT, host: config.HOST })

  const ms = Math.round(performance.now() - started)
  const lines = [
    `Travel Back Office is running at ${config.appUrl} (${database.kind}, ready in ${ms} ms)`,
    `API docs: ${config.appUrl}/api/docs`,
    // The bound address (PORT=0 picks a free port): test harnesses read this line.
    `Listening on ${address}`,
  ]
  if (config.SEED_DEMO) {
    lines.push(`Demo company sign-in (sample data for trying the product): ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`)
  }
  if (platformAdmin === 'created') lines.push(`Platform operator created: ${config.PLATFORM_ADMIN_EMAIL}`)
  if (platformAdmin === 'replaced-legacy-password')
    lines.push(`Platform operator ${config.PLATFORM_ADMIN_EMAIL}: the published password was replaced`)
  console.log(lines.join('\n'))

  let closing = false
  const close = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    await app.close()
    await database.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void close('SIGINT'))
  process.on('SIGTERM', () => void close('SIGTERM'))
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
