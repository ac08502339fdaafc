import { performance } from 'node:perf_hooks'
import { buildApp } from './app.js'
import { ConfigError, loadConfig, type Config } from './config.js'
import { openDatabase } from './db/client.js'
import { DEMO_LOGIN, MASTER_LOGIN, seed } from './db/seed.js'

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
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir })
  await database.migrate()
  const seeded = await seed(database.db, { demo: config.SEED_DEMO })
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
    lines.push(`Demo sign-in: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`)
    if (seeded.created) lines.push(`Platform operator: ${MASTER_LOGIN.email} / ${MASTER_LOGIN.password} (change it)`)
  }
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
