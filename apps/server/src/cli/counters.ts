/**
 * `npm run db:counters -w @app/server [-- --check] [-- --prune]`: the list
 * counters' repair command (crud/counters.ts). Reports every counter that
 * differs from a real count(*), then rebuilds the counters of every declared
 * list from its rows (writers to each table wait meanwhile). `--check` only
 * reports, exiting 1 on drift; `--prune` also drops counters of tables no
 * resource declares any more. Uses the server's configuration (.env).
 */
import { loadConfig } from '../config.js'
import { counterDrift, repairCounters, syncCounters } from '../crud/counters.js'
import '../modules/index.js'
import { openDatabase } from '../db/client.js'

const args = new Set(process.argv.slice(2))
const config = loadConfig()
const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, worker: config.PGLITE_WORKER, poolSize: 2 })
let code = 0
try {
  await database.migrate()
  await syncCounters(database.db)
  if (args.has('--check')) {
    const drift = await counterDrift(database.db)
    for (const d of drift)
      console.log(
        `drift ${d.table} company ${d.company_id} ${d.key || '(all)'}=${d.value}: counter ${d.counted}, rows ${d.actual}`,
      )
    console.log(drift.length ? `${drift.length} counters drifted` : 'every counter matches its rows')
    code = drift.length ? 1 : 0
  } else {
    const started = Date.now()
    const { rebuilt, drift, pruned } = await repairCounters(database.db, { prune: args.has('--prune') })
    for (const d of drift)
      console.log(
        `drift ${d.table} company ${d.company_id} ${d.key || '(all)'}=${d.value}: counter ${d.counted}, rows ${d.actual}`,
      )
    console.log(`rebuilt the counters of ${rebuilt.join(', ')} in ${Date.now() - started} ms (${drift.length} had drifted)`)
    if (pruned.length) console.log(`dropped the counters of ${pruned.join(', ')}`)
  }
} catch (err) {
  console.error(err)
  code = 1
} finally {
  await database.close()
}
process.exit(code)
