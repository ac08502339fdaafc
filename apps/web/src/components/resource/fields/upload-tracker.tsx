import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react'

/**
 * Image fields upload as soon as a file is chosen; the form around them must
 * not save while one is still on its way (it would save the old value). A
 * form wraps its fields in `UploadTracker` and reads `busy` to disable Save.
 */
interface Tracker {
  busy: boolean
  begin: () => () => void
}

const UploadContext = createContext<Tracker>({ busy: false, begin: () => () => {} })

export function UploadTracker({ children }: { children: (busy: boolean) => ReactNode }) {
  const count = useRef(0)
  const [busy, setBusy] = useState(false)
  const begin = useCallback(() => {
    count.current += 1
    setBusy(true)
    let done = false
    return () => {
      if (done) return
      done = true
      count.current -= 1
      if (count.current === 0) setBusy(false)
    }
  }, [])
  const value = useMemo(() => ({ busy, begin }), [busy, begin])
  return <UploadContext.Provider value={value}>{children(busy)}</UploadContext.Provider>
}

/** `const end = begin(); ...; end()` around an upload. */
export function useUploadTracker() {
  return useContext(UploadContext)
}
