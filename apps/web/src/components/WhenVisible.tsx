import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react'

/**
 * Draws `children` only once their place comes into the screen (issue 33, "Phone"); until then, and while
 * their lazy code loads, `fallback` holds the place (give it the children's height: nothing moves when they
 * come). For what is heavy and rarely in the first screen, like the dashboard's charts (recharts): on a phone
 * they are under the cards, and loading them at once made every visit to the dashboard evaluate the chart
 * library during its first seconds. `margin` reaches beyond the screen (0: drawn as the place comes in; with
 * 200 px the first chart, 70 px under a phone's first screen, was drawn with it: ~0.8 s of work at 4×). Where
 * the browser has no IntersectionObserver, the children come at once.
 */
export function WhenVisible({
  children,
  fallback,
  margin = '0px',
}: {
  children: ReactNode
  fallback: ReactNode
  margin?: string
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const el = ref.current
    if (near || !el) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect()
          setNear(true)
        }
      },
      { rootMargin: margin },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [near, margin])
  if (!near) return <div ref={ref}>{fallback}</div>
  return <Suspense fallback={fallback}>{children}</Suspense>
}
