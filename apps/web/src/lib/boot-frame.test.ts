/** @vitest-environment jsdom */
import { afterEach, describe, expect, it } from 'vitest'
import { appHasDrawn, bootHeadAt, readScreenHead, releaseShellFrame } from './boot-frame'

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

  it("reads back the screen's head the frame drew, for the address the page was opened at only", () => {
    const frame = document.createElement('div')
    frame.innerHTML = '<div data-screen-head="calendar"><a href="/app/rooms">Back to list</a><h1>Room Availability</h1></div>'
    expect(readScreenHead(frame)).toEqual({
      kind: 'calendar',
      title: 'Room Availability',
      line: undefined,
      back: { label: 'Back to list', href: '/app/rooms' },
    })
    frame.innerHTML = '<div data-screen-head="dashboard"><h1>Dashboard</h1><p>Welcome back, Siti.</p></div>'
    expect(readScreenHead(frame)).toMatchObject({ kind: 'dashboard', line: 'Welcome back, Siti.' })
    // No head, a head without a title, a kind it does not know: nothing.
    frame.innerHTML = '<main></main>'
    expect(readScreenHead(frame)).toBeUndefined()
    frame.innerHTML = '<div data-screen-head="list"></div>'
    expect(readScreenHead(frame)).toBeUndefined()
    frame.innerHTML = '<div data-screen-head="other"><h1>X</h1></div>'
    expect(readScreenHead(frame)).toBeUndefined()

    window.history.replaceState(null, '', '/app/order_hotel/')
    document.body.innerHTML =
      '<div id="shell-frame"><div data-screen-head="list"><h1>Hotel Orders</h1></div></div><div id="root"></div>'
    releaseShellFrame(document.getElementById('root')!)
    expect(bootHeadAt('/app/order_hotel')).toEqual({ kind: 'list', title: 'Hotel Orders', line: undefined, back: undefined })
    expect(bootHeadAt('/app/hotels')).toBeUndefined()
  })
})
