/** @vitest-environment jsdom */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '../test-utils/render'
import { WhenVisible } from './WhenVisible'

/** An IntersectionObserver the test moves by hand: `show()` reports every observed element as intersecting. */
function fakeObserver() {
  const observers: Array<{ cb: IntersectionObserverCallback; els: Element[]; options?: IntersectionObserverInit }> = []
  class Fake {
    entry: (typeof observers)[number]
    constructor(cb: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { cb, els: [], options }
      observers.push(this.entry)
    }
    observe(el: Element) {
      this.entry.els.push(el)
    }
    disconnect() {
      this.entry.els = []
    }
  }
  vi.stubGlobal('IntersectionObserver', Fake)
  return {
    observers,
    show: () =>
      act(() => {
        for (const o of observers)
          if (o.els.length)
            o.cb(
              o.els.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
              {} as IntersectionObserver,
            )
      }),
  }
}

afterEach(() => vi.unstubAllGlobals())

describe('WhenVisible (issue 33)', () => {
  it('holds the place with the fallback until the place nears the screen, then draws the children', () => {
    const io = fakeObserver()
    render(
      <WhenVisible fallback={<p>placeholder</p>}>
        <p>chart</p>
      </WhenVisible>,
    )
    expect(screen.getByText('placeholder')).toBeTruthy()
    expect(screen.queryByText('chart')).toBeNull()
    expect(io.observers[0]?.options?.rootMargin).toBe('0px')
    io.show()
    expect(screen.getByText('chart')).toBeTruthy()
    expect(screen.queryByText('placeholder')).toBeNull()
  })

  it('draws the children at once without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(
      <WhenVisible fallback={<p>placeholder</p>}>
        <p>chart</p>
      </WhenVisible>,
    )
    expect(screen.getByText('chart')).toBeTruthy()
  })
})
