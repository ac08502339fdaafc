import { useEffect, useLayoutEffect, useState, type FocusEvent, type MouseEvent, type PointerEvent } from 'react'
import './armed.css'

/** Runs `fn` once the browser is idle after the page's first work (a timer where there is no idle callback). */
function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 3000 })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(fn, 1000)
  return () => window.clearTimeout(id)
}

/**
 * A header menu or popover drawn as its trigger alone until it can be needed (issue 33, "Phone").
 *
 * A Mantine Menu or Popover costs while closed: floating-ui's hooks keep the target in state, set by a ref while
 * React commits, so each one draws twice on mounting, in the commit that puts the signed-in shell on the screen
 * (the one long task of a screen's start that slicing the render cannot split). The shell's two (the bell, the
 * account menu) mount when the browser is first idle after that, or earlier on the first sign of use: a mouse
 * over the trigger or keyboard focus on it (it mounts closed; the trigger, drawn again inside the menu, gets the
 * focus back), or a click (touch, pen, a keyboard's Enter or Space: it mounts open).
 *
 * The menu is controlled (`opened`, `setOpened`). Spread `handlers` on an element around the trigger
 * (`display: contents`, so the layout does not change), both before and after it is armed. A click that reaches
 * that element but not the menu's own target (its trigger was swapped for the menu's between the press and the
 * release) opens it.
 */
export function useArmed() {
  const [armed, setArmed] = useState<false | 'idle' | 'focus'>(false)
  const [opened, setOpened] = useState(false)
  // The element around the trigger, when focus armed it.
  const [focused, setFocused] = useState<HTMLElement | null>(null)
  useEffect(() => (armed ? undefined : whenIdle(() => setArmed((a) => a || 'idle'))), [armed])
  // Armed by focus: the trigger drawn inside the menu is a new element; give it the focus the old one had.
  useLayoutEffect(() => {
    if (armed === 'focus') focused?.querySelector<HTMLElement>('button, [tabindex]')?.focus()
  }, [armed, focused])
  const handlers = {
    onPointerEnter: (e: PointerEvent) => {
      if (e.pointerType === 'mouse') setArmed((a) => a || 'idle')
    },
    onFocus: (e: FocusEvent) => {
      if (armed || !e.target.matches(':focus-visible')) return
      setFocused(e.currentTarget as HTMLElement)
      setArmed('focus')
    },
    onClick: (e: MouseEvent) => {
      // The menu's own clicks: in its dropdown (in a portal React passes its events up here too, or drawn in
      // place) and on its target once drawn (it has aria-expanded then), which opens and closes it itself.
      const span = e.currentTarget as HTMLElement
      const target = e.target as Element
      if (!span.contains(target)) return
      const trigger = target.closest('[aria-haspopup]')
      if (!trigger && target !== span) return
      if (armed && trigger?.hasAttribute('aria-expanded')) return
      setArmed((a) => a || 'idle')
      setOpened(true)
    },
  }
  return { armed: armed !== false, opened, setOpened, handlers }
}
