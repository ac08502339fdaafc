/**
 * Issue 31: the Permissions-Policy names only features Chromium knows. An unknown one (`bluetooth`, sent
 * before) makes Chromium print "Unrecognized feature" in the console on every page. A bare page carries the
 * header here (no web build needed); a control shows the listener does see the warning.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PERMISSIONS_POLICY } from '../../src/plugins/security-headers.js'
import { chromiumPath } from './harness.js'

let browser: Browser
let server: http.Server
let base = ''
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const policy = req.url === '/control' ? `${PERMISSIONS_POLICY}, bluetooth=()` : PERMISSIONS_POLICY
    res.writeHead(200, { 'content-type': 'text/html', 'permissions-policy': policy })
    res.end('<!doctype html><title>p</title><p>ok</p>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await chromium.launch({ executablePath: chromiumPath() })
})
afterAll(async () => {
  await browser?.close()
  server?.close()
})

async function consoleOf(path: string): Promise<string[]> {
  const page = await browser.newPage()
  const lines: string[] = []
  page.on('console', (m) => lines.push(m.text()))
  await page.goto(base + path)
  await page.waitForTimeout(300)
  await page.close()
  return lines
}

describe('Permissions-Policy in Chromium', () => {
  it('makes no "Unrecognized feature" warning', async () => {
    expect(PERMISSIONS_POLICY).toContain('camera=()')
    expect((await consoleOf('/')).filter((l) => /feature/i.test(l))).toEqual([])
  })
  it('control: an unknown feature is seen', async () => {
    expect((await consoleOf('/control')).join('\n')).toMatch(/Unrecognized feature: 'bluetooth'/)
  })
})
