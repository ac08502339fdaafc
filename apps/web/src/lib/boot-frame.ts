import type { ScreenHeadSpec } from '../components/ScreenHead'

/**
 * The frame of the signed-in shell that the server draws into a signed-in page (`#shell-frame`, beside
 * `#root`; app/shell/ShellFrame.tsx) covers the page until the app has drawn something of its own under it:
 * the shell, a screen, the sign-in page of a visitor whose session has ended. While the app shows only its
 * full-screen loader (`data-app-loading`: its code or the user still loading), the frame stays.
 *
 * A MutationObserver's callback runs as a microtask right after React's commit, before the browser paints
 * that commit: the frame goes in the same frame the app's first own drawing appears, so nothing blinks and
 * nothing moves (the frame is fixed over the page; the app was laid out under it at its own places).
 */
export const SHELL_FRAME_ID = 'shell-frame'

/** Whether the app has drawn something other than its full-screen loader in `root`. */
export function appHasDrawn(root: Element): boolean {
  const drawn = [...root.children].some((el) => el.tagName !== 'STYLE' && el.tagName !== 'SCRIPT')
  return drawn && !root.querySelector('[data-app-loading]')
}

/** The head the frame drew (its screen's title), and the address it was drawn for. */
let bootHead: { pathname: string; spec: ScreenHeadSpec } | undefined

/**
 * The screen head the frame drew, when `pathname` is still the address the page was opened at: the app draws
 * it while the screen's code is coming (AppArea's placeholder), so the title stays where the frame painted it.
 */
export function bootHeadAt(pathname: string): ScreenHeadSpec | undefined {
  return bootHead && bootHead.pathname === withoutTrailingSlash(pathname) ? bootHead.spec : undefined
}

const withoutTrailingSlash = (pathname: string) => pathname.replace(/\/$/, '') || '/'

/** The head in the frame (components/ScreenHead.tsx draws it with `data-screen-head`), read back from its texts. */
export function readScreenHead(frame: Element): ScreenHeadSpec | undefined {
  const head = frame.querySelector<HTMLElement>('[data-screen-head]')
  const kind = head?.dataset.screenHead
  const title = head?.querySelector('h1')?.textContent
  if (!head || !title || (kind !== 'list' && kind !== 'dashboard' && kind !== 'calendar')) return undefined
  const back = head.querySelector('a')
  return {
    kind,
    title,
    line: head.querySelector('p')?.textContent ?? undefined,
    back: back ? { label: back.textContent ?? '', href: back.getAttribute('href') ?? '' } : undefined,
  }
}

/** Removes the frame once the app has drawn in `root`; nothing to do on a page without one. */
export function releaseShellFrame(root: Element, doc: Document = document): void {
  const frame = doc.getElementById(SHELL_FRAME_ID)
  if (!frame) return
  const spec = readScreenHead(frame)
  bootHead = spec && { pathname: withoutTrailingSlash(doc.location.pathname), spec }
  const observer = new MutationObserver(() => {
    if (!appHasDrawn(root)) return
    observer.disconnect()
    frame.remove()
  })
  observer.observe(root, { childList: true, subtree: true })
}
