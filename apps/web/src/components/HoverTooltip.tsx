import { cloneElement, useState, type PointerEvent, type ReactElement, type ReactNode } from 'react'
import { Tooltip, useProps, type TooltipProps } from '@mantine/core'
import { useTimeout } from '@mantine/hooks'

type ChildProps = {
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void
  onPointerLeave?: (e: PointerEvent<HTMLElement>) => void
}

export interface HoverTooltipProps extends Omit<TooltipProps, 'children' | 'target' | 'opened' | 'defaultOpened' | 'label'> {
  label: ReactNode
  /** One element that takes pointer handlers (a button, an icon, a Box). */
  children: ReactElement<ChildProps>
}

/**
 * Mantine's Tooltip, mounted only once the pointer first comes over its element (issue 33, "Phone").
 *
 * A Tooltip costs even while closed: floating-ui's hooks, and a Portal that sets state in a layout effect, so
 * every tooltip renders twice when it mounts. A list drew one per button and per cut cell (tens per page), all
 * in the task that renders the list's answer. This draws the element alone, and a Tooltip aimed at it (its
 * `target`) from the first hover on, opened and closed here, after the theme's `openDelay`. A Mantine Tooltip
 * opens on a mouse's hover only (its `events` default), never on touch, a pen or focus: this does the same.
 */
export function HoverTooltip({ children, label, openDelay: ownDelay, disabled, ...tooltip }: HoverTooltipProps) {
  const { openDelay = 0 } = useProps('Tooltip', {}, { openDelay: ownDelay })
  const [target, setTarget] = useState<HTMLElement | null>(null)
  const [opened, setOpened] = useState(false)
  // Cleared when the element unmounts.
  const delayed = useTimeout(() => setOpened(true), openDelay)
  const own = children.props
  const mouse = (e: PointerEvent<HTMLElement>) => !e.pointerType || e.pointerType === 'mouse'
  const element = cloneElement(children, {
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(e)
      if (!mouse(e)) return
      setTarget(e.currentTarget)
      delayed.clear()
      delayed.start()
    },
    onPointerLeave: (e: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(e)
      delayed.clear()
      setOpened(false)
    },
  })
  return (
    <>
      {element}
      {target && label ? (
        <Tooltip {...tooltip} label={label} target={target} opened={opened && !disabled} disabled={disabled} />
      ) : null}
    </>
  )
}
