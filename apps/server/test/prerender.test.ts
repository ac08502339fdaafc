import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './helpers/app.js'

/*
 * The sign-in page is drawn by the web build's prerender module in a thread of
 * its own (plugins/sign-in-prerender.ts): the served page carries it once drawn, the server's
 * own heap never loads the module, and a module that fails leaves the plain page.
 */
function webDist(prerender: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-prerender-'))
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><!--APP_CONFIG--></head><body><div id="root"></div></body></html>',
  )
  fs.mkdirSync(path.join(dir, '.ssr'))
  fs.writeFileSync(path.join(dir, '.ssr/prerender.js'), prerender)
  return dir
}

const drawing = webDist(`
globalThis.__prerenderLoaded = true
export async function renderSignIn(lang, config) {
  return '<h1>drawn in ' + lang + ' for ' + config.defaultLocale + '</h1>'
}
`)
const failing = webDist(`export async function renderSignIn() { throw new Error('no DOM here') }`)

async function signInPage(t: TestApp, cookie?: string) {
  const res = await t.app.inject({ url: '/login', headers: cookie ? { cookie } : {} })
  expect(res.statusCode).toBe(200)
  return res.body
}

/** The page once the thread has drawn it (it draws in the background; the server answers meanwhile). */
async function drawnPage(t: TestApp, cookie?: string) {
  for (let i = 0; i < 100; i++) {
    const body = await signInPage(t, cookie)
    if (!body.includes('<div id="root"></div>')) return body
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('the sign-in page was never drawn')
}

describe('the prerendered sign-in page', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ WEB_DIST: drawing, DEFAULT_LOCALE: 'id' })
  })
  afterAll(async () => {
    await t?.close()
    fs.rmSync(drawing, { recursive: true, force: true })
  })

  it('is served in each language once drawn, with the runtime configuration', async () => {
    expect(await drawnPage(t, 'locale=en')).toContain('<div id="root"><h1>drawn in en for id</h1></div>')
    expect(await drawnPage(t, 'locale=id')).toContain('<div id="root"><h1>drawn in id for id</h1></div>')
    expect(await drawnPage(t)).toContain('<html lang="id"')
  })

  it("is drawn outside the server's heap: the prerender module was never loaded by this thread", async () => {
    await drawnPage(t)
    expect((globalThis as { __prerenderLoaded?: boolean }).__prerenderLoaded).toBeUndefined()
  })
})

describe('a prerender that fails', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ WEB_DIST: failing })
  })
  afterAll(async () => {
    await t?.close()
    fs.rmSync(failing, { recursive: true, force: true })
  })

  it('leaves the plain page, drawn in the browser', async () => {
    await new Promise((r) => setTimeout(r, 500))
    const body = await signInPage(t)
    expect(body).toContain('<div id="root"></div>')
    expect(body).toContain('id="app-config"')
  })
})

it('a server closed while the page is being drawn closes cleanly', async () => {
  const dir = webDist(`export async function renderSignIn() { await new Promise((r) => setTimeout(r, 60_000)); return '' }`)
  const t = await buildTestApp({ WEB_DIST: dir })
  await t.close()
  fs.rmSync(dir, { recursive: true, force: true })
})
