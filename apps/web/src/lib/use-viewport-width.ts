import { useSyncExternalStore } from 'react'

// The width as last read: `window.innerWidth` makes the browser lay out a changed page before it answers (a
// phone's viewport can depend on the content), and React asks the snapshot on every render of every list. Kept
// by one listener of this module, so it is right also after a resize while no list was drawn.
let width = -1
if (typeof window !== 'undefined') window.addEventListener('resize', () => (width = window.innerWidth))

const subscribe = (changed: () => void) => {
  window.addEventListener('resize', changed)
  return () => window.removeEventListener('resize', changed)
}

const snapshot = () => (width < 0 ? (width = window.innerWidth) : width)

/**
 * The window's width in CSS px, followed on resize (0 where there is no window). Read while rendering, unlike
 * `useViewportSize` of @mantine/hooks, which starts at 0 and sets the width in an effect: the whole list drew
 * twice on every mount (issue 33, "Phone"). Read from the window once and again on each resize, not on each
 * render: a forced layout per render of a list on a phone (~0.1 s of a list's load at 4× slowdown).
 */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, snapshot, () => 0)
}
