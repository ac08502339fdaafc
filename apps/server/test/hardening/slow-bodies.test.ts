/**
 * Slow bodies (issue 12, fix 6): a request must arrive whole within
 * REQUEST_TIMEOUT_MS (2 s here) and its headers within the headers deadline;
 * a client that dribbles a body or its headers gets 408 in the error shape and
 * the connection is closed, instead of being held open for minutes. Public
 * routes take small bodies only. Driven through raw sockets against a listening server.
 */
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_BODY_LIMIT } from '../../src/plugins/request-limits.js'
import { buildTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
let port = 0
beforeAll(async () => {
  t = await buildTestApp({ REQUEST_TIMEOUT_MS: '2000' })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  port = (t.app.server.address() as AddressInfo).port
})
afterAll(() => t.close())

/**
 * Opens a socket, writes `head` at once, then `dribble` one byte every `everyMs`;
 * resolves with what the server answered and how long until it closed the socket.
 */
function slowClient(head: string, dribble: string, everyMs: number): Promise<{ answer: string; ms: number; sent: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const socket = net.connect(port, '127.0.0.1')
    let answer = ''
    let sent = 0
    let timer: NodeJS.Timeout | undefined
    const guard = setTimeout(() => {
      socket.destroy()
      reject(new Error(`still open after 15 s; answer so far: ${answer}`))
    }, 15_000)
    socket.on('connect', () => {
      if (head) socket.write(head)
      timer = setInterval(() => {
        if (sent < dribble.length && socket.writable) socket.write(dribble[sent++]!)
      }, everyMs)
    })
    socket.on('data', (d) => (answer += d.toString('utf8')))
    socket.on('error', () => {})
    socket.on('close', () => {
      clearInterval(timer)
      clearTimeout(guard)
      resolve({ answer, ms: Date.now() - started, sent })
    })
  })
}

function expectTimeoutAnswer(answer: string) {
  expect(answer).toMatch(/^HTTP\/1\.1 408 /)
  const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))
  expect(Object.keys(body)).toEqual(['message'])
  expect(typeof body.message).toBe('string')
}

describe('slow requests', () => {
  it('closes a request whose body is dribbled, with 408 in the error shape, at the deadline', async () => {
    const body = JSON.stringify({ email: 'slow@example.test', password: 'x'.repeat(60) })
    const head =
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\n\r\n`
    const r = await slowClient(head, body, 200)
    expectTimeoutAnswer(r.answer)
    expect(r.ms).toBeGreaterThanOrEqual(1900)
    expect(r.ms).toBeLessThan(5000)
    expect(r.sent).toBeLessThan(body.length)
  })

  it('closes a request whose headers are dribbled', async () => {
    const r = await slowClient('GET /api/v1/auth/me HTTP/1.1\r\n', `Host: 127.0.0.1\r\nX-Slow: ${'a'.repeat(100)}\r\n\r\n`, 200)
    expectTimeoutAnswer(r.answer)
    expect(r.ms).toBeLessThan(5000)
  })

  it('closes a connection that sends nothing', async () => {
    const r = await slowClient('', '', 1000)
    expect(r.ms).toBeLessThan(5000)
  })

  it('still serves a request whose body arrives in time', async () => {
    const body = JSON.stringify({ email: 'fine@example.test', password: 'wrong-password' })
    const head =
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: close\r\n' +
      `Content-Length: ${body.length}\r\n\r\n`
    const r = await slowClient(head, body, 5)
    expect(r.answer).toMatch(/^HTTP\/1\.1 422 /)
  })
})

describe('body limits', () => {
  it(`public routes refuse a body over ${PUBLIC_BODY_LIMIT / 1024} KiB with 413 in the error shape`, async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'big@example.test', password: 'x'.repeat(PUBLIC_BODY_LIMIT) }),
    })
    expect(res.statusCode).toBe(413)
    expect(Object.keys(res.json())).toEqual(['message'])
  })

  it('a public route still takes an ordinary body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'ok@example.test', password: 'wrong-password' }),
    })
    expect(res.statusCode).toBe(422)
  })
})
