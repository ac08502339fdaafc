import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Skeleton } from '@mantine/core'

/** Roughly a field's row in a section, for the placeholder's height before its fields are drawn. */
const ROW_PX = 62

/**
 * A page form's section below the first screen draws its fields only once its place comes near the screen
 * (issue 33, "Phone": the hotel form drew its ~50 fields in one long task before anything showed), or at once
 * when `draw` says so: a field of it has an error (a refused submit must show it and scroll to it) or the reader
 * has started on the form (PageForm then draws the rest as a transition, so a test or a keyboard reaching a
 * field further down finds it). Once drawn it stays drawn: its fields keep their state. Until then a skeleton of
 * about the fields' height holds the place.
 */
export function FormSectionFields({
  eager = false,
  draw,
  fieldCount,
  children,
}: {
  /** Drawn from the start (the first sections, in the first screen). */
  eager?: boolean
  /** Draw now, whether near the screen or not. */
  draw: boolean
  fieldCount: number
  children: ReactNode
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [drawn, setDrawn] = useState(() => eager || typeof IntersectionObserver === 'undefined')
  if (draw && !drawn) setDrawn(true)
  useEffect(() => {
    const el = ref.current
    if (drawn || !el) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect()
          setDrawn(true)
        }
      },
      // 200 px ahead, as the dashboard's charts: drawn before the reader scrolls to them.
      { rootMargin: '200px' },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [drawn])
  if (drawn) return <>{children}</>
  return (
    <div ref={ref} aria-busy="true" data-undrawn-section="">
      <Skeleton h={Math.min(8, Math.max(2, Math.ceil(fieldCount / 2))) * ROW_PX} />
    </div>
  )
}

/** Whether the form's errors name one of `names` (or a path under one: `policies.0.title` is `policies`'). */
export function errorsAmong(errors: Record<string, unknown>, names: readonly string[]): boolean {
  return Object.entries(errors).some(([key, message]) => !!message && names.some((n) => key === n || key.startsWith(`${n}.`)))
}
