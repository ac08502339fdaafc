/** @vitest-environment jsdom */
import { afterEach, describe, expect, it } from 'vitest'
import { appHasDrawn, releaseShellFrame } from './boot-frame'

const flush = () => new Promise((r) => setTimeout(r, 0))

afterEach(() => {
  document.body.innerHTML = ''
})

function page() {
  document.body.innerHTML = '<div id="shell-frame"><header>frame</header></div><div id="root"></div>'
  return document.getElementById('root')!
}

describe('the shell frame', () => {
  it('counts only what the app drew, not its full-screen loader or a style element', () => {
    const root = document.createElement('div')
    expect(appHasDrawn(root)).toBe(false)
    root.innerHTML = '<style></style>'
    expect(appHasDrawn(root)).toBe(false)
    root.innerHTML = '<style></style><div data-app-loading>loading</div>'
    expect(appHasDrawn(root)).toBe(false)
    root.innerHTML = '<style></style><div><header>shell</header></div>'
    expect(appHasDrawn(root)).toBe(true)
  })

  it('stays over the loader and goes when the app draws (the shell, or the sign-in page)', async () => {
    const root = page()
    releaseShellFrame(root)
    root.innerHTML = '<div data-app-loading>loading</div>'
    await flush()
    expect(document.getElementById('shell-frame')).not.toBeNull()
    root.innerHTML = '<main><h1>Sign In</h1></main>'
    await flush()
    expect(document.getElementById('shell-frame')).toBeNull()
  })

  it('does nothing on a page without a frame', async () => {
    document.body.innerHTML = '<div id="root"></div>'
    const root = document.getElementById('root')!
    releaseShellFrame(root)
    root.innerHTML = '<p>drawn</p>'
    await flush()
    expect(root.innerHTML).toBe('<p>drawn</p>')
  })
})
