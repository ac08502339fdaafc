/** The multi-process harness itself: starts, serves, survives SIGKILL with its data, stops on SIGTERM. */
import { afterAll, describe, expect, it } from 'vitest'
import { processDatabase, startServer } from '../helpers/server-process.js'

const db = await processDatabase()
afterAll(() => db.drop())

describe('server process harness', () => {
  it('starts the real server on a free port, stops it gracefully, and a restart after SIGKILL serves again', async () => {
    const first = await startServer({ database: db.target, dataDir: db.dataDir })
    expect(first.port).toBeGreaterThan(0)
    const health = await fetch(`${first.url}/healthz`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok', database: db.kind })
    expect(await first.kill()).toBe('SIGKILL')

    const second = await startServer({ database: db.target, dataDir: db.dataDir })
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200)
    expect(await second.stop()).toBe(0)
  }, 180_000)
})
