import { useSyncExternalStore } from 'react'

const subscribe = (changed: () => void) => {
  window.addEventListener('resize', changed)
  return () => window.removeEventListener('resize', changed)
}

/**
 * The window's width in CSS px, followed on resize (0 where there is no window). Read while rendering, unlike
 * `useViewportSize` of @mantine/hooks, which starts at 0 and sets the width in an effect: the whole list drew
 * twice on every mount (issue 33, "Phone").
 */
export function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => 0,
  )
}
