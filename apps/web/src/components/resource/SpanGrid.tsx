import type { CSSProperties, ReactNode } from 'react'
import './span-grid.css'

type Gap = 'xs' | 'sm' | 'md' | 'lg' | 'xl'

/**
 * Fields on a 12-column grid: one per line on a phone, `span` columns of 12 from Mantine's `sm` breakpoint
 * (48em) up. Mantine's Grid lays out the same, but writes a <style> element for every column it draws (its
 * responsive span), and each one makes the browser recompute the page's styles; a long form drew tens of them
 * (issue 33, "Phone"). This is one stylesheet.
 */
export function SpanGrid({ gap = 'md', children }: { gap?: Gap; children: ReactNode }) {
  return (
    <div className="span-grid" style={{ '--span-grid-gap': `var(--mantine-spacing-${gap})` } as CSSProperties}>
      {children}
    </div>
  )
}

/** One cell of a SpanGrid: `span` columns of 12 on a wider screen, the whole line on a phone. */
export function SpanCol({ span = 12, children }: { span?: number; children: ReactNode }) {
  return (
    <div className="span-grid-col" style={{ '--span': span } as CSSProperties}>
      {children}
    </div>
  )
}
