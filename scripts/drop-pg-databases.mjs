#!/usr/bin/env node
// Drops every PostgreSQL database whose name starts with one of the given prefixes (a test run's), eight at
// a time: PostgreSQL 15's DROP DATABASE waits for a checkpoint, and drops waiting together share one.
//   node scripts/drop-pg-databases.mjs postgres://… PREFIX [PREFIX…]
// The API and browser suites' global teardown runs it for its own run; npm test, which runs suites side by
// side, collects their prefixes (TEST_PG_DROP_LATER) and drops them once every suite has ended
// (docs/decisions/ci.md, "Test databases").
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg')

export async function dropPgDatabases(adminUrl, prefixes) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  const names = []
  try {
    for (const prefix of prefixes) {
      const res = await admin.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix}%`])
      names.push(...res.rows.map((r) => r.datname))
    }
  } finally {
    await admin.end()
  }
  await Promise.all(
    Array.from({ length: Math.min(8, names.length) }, async () => {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      try {
        for (let n = names.pop(); n !== undefined; n = names.pop()) await c.query(`DROP DATABASE IF EXISTS "${n}" WITH (FORCE)`)
      } finally {
        await c.end()
      }
    }),
  )
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [url, ...prefixes] = process.argv.slice(2)
  if (!url || !prefixes.length) {
    console.error('usage: node scripts/drop-pg-databases.mjs postgres://… PREFIX [PREFIX…]')
    process.exit(2)
  }
  await dropPgDatabases(url, prefixes)
}
