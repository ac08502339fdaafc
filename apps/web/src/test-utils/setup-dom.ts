/*
 * What jsdom lacks and Mantine, Leaflet and ProseMirror touch. Runs before
 * every test file; does nothing in the node environment.
 */
import { afterAll, afterEach, vi } from 'vitest'

// Both languages' texts, loaded before any test (the app loads only the reader's).
// Files share a worker's modules (vitest.config.ts `isolate: false`), so each file starts in English
// and leaves no spy or stubbed global behind.
{
  const { default: i18n, loadAppTexts, loadLanguage } = await import('../i18n')
  await loadAppTexts() // the signed-in screens' texts too, from here on for every language
  await Promise.all([loadLanguage('en'), loadLanguage('id')])
  await i18n.changeLanguage('en')
  afterAll(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })
}

if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react')
  afterEach(() => cleanup())
  // Lazy chunks (editor, map) take a while to import on a busy machine: a desk's first row takes ~3 s on a
  // quiet one, and 5 s was missed at load ~12 beside the browser lane (CI of 70cd79d).
  configure({ asyncUtilTimeout: 15_000 })

  // A wide screen: `(min-width: …)` queries match, so no column is hidden.
  window.matchMedia = ((query: string) => ({
    matches: query.trim() === '' || /min-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia

  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver
  Element.prototype.scrollIntoView ??= function scrollIntoView() {}
  window.HTMLElement.prototype.scrollTo ??= function scrollTo() {}
  // ProseMirror measures selections.
  document.createRange = () => {
    const range = new Range()
    range.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0)
    range.getClientRects = () =>
      ({ item: () => null, length: 0, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList
    return range
  }
  document.elementFromPoint ??= () => null
  Element.prototype.getClientRects ??= () => [] as unknown as DOMRectList
  // Textarea autosize listens for font loading.
  if (!(document as { fonts?: unknown }).fonts) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    })
  }
  URL.createObjectURL ??= () => 'blob:preview'
  URL.revokeObjectURL ??= () => {}
}
