/**
 * The multi-process harness itself: starts, serves, survives SIGKILL with its data, stops on SIGTERM. And the
 * real process's access log: its lines reach standard output through a buffer (plugins/request-log.ts)
 * within the flush interval, and a graceful stop writes what was still buffered.
 */
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

  it('writes its access lines to standard output soon after each request, and the last ones on a graceful stop', async () => {
    const server = await startServer({ database: db.target, dataDir: db.dataDir, env: { LOG_LEVEL: 'info' } })
    const lineOf = (id: string) =>
      server
        .output()
        .split('\n')
        .find((l) => l.includes(`"reqId":"${id}"`))
    const read = await fetch(`${server.url}/healthz`, {
      headers: { 'x-request-id': 'log-soon', authorization: 'Bearer not-logged' },
    })
    expect(read.status).toBe(200)
    const waitFor = async (id: string) => {
      const deadline = Date.now() + 5_000
      while (!lineOf(id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    }
    await waitFor('log-soon')
    const line = JSON.parse(lineOf('log-soon') ?? '{}') as {
      msg?: string
      req?: { method: string; url: string }
      res?: { statusCode: number }
    }
    expect(line).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/healthz' }, res: { statusCode: 200 } })
    expect(server.output()).not.toContain('not-logged')

    // Answered, then stopped at once: the line still in the buffer is written before the process ends.
    expect((await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'log-at-stop' } })).status).toBe(200)
    expect(await server.stop()).toBe(0)
    await waitFor('log-at-stop') // the pipe's last bytes may arrive after the exit event
    expect(lineOf('log-at-stop')).toContain('"msg":"request completed"')
  }, 180_000)
})
