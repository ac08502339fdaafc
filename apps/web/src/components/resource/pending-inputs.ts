import { createContext, useContext, useEffect, useRef } from 'react'

/**
 * Text a field's own box holds and has not taken (a range typed as `32-01-2027 – …`), read again when the
 * form is submitted: a range there is taken then, and text that is no range becomes the field's error
 * until the box changes. So a save never sends the value the field had before while the box holds other
 * text (issue 32's gap), whether or not the box was left before Save was clicked (a click does not always
 * blur it). The resource dialog and page form and the availability range dialog provide it; elsewhere a
 * field's box only shows its own message.
 */
export class PendingInputs {
  private checks = new Map<string, () => string | null>()
  /** The refusals of the last submit, by form path; the form's check adds them to its errors. */
  errors: Record<string, string> = {}

  register(path: string, check: () => string | null) {
    this.checks.set(path, check)
    return () => {
      this.checks.delete(path)
      this.clear(path)
    }
  }
  clear(path: string) {
    delete this.errors[path]
  }
  /** Runs every box's check (taking what can be taken): call it just before the form's own submit. */
  read() {
    this.errors = {}
    for (const [path, check] of this.checks) {
      const message = check()
      if (message) this.errors[path] = message
    }
  }
}

export const PendingInputsContext = createContext<PendingInputs | null>(null)

/** `submit`, reading the form's boxes first (`pending.read()`). */
export function readingBoxes<E>(pending: PendingInputs, submit: (event?: E) => void) {
  return (event?: E) => {
    pending.read()
    submit(event)
  }
}

/**
 * Registers `check` (the latest given) for `path` while the field is shown. It returns why the box's text
 * cannot be taken, or null (an empty box, or text it has just taken). The result is its clear function:
 * call it when the box's text changes.
 */
export function usePendingInput(path: string, check: () => string | null): () => void {
  const pending = useContext(PendingInputsContext)
  const latest = useRef(check)
  useEffect(() => {
    latest.current = check
  })
  useEffect(() => pending?.register(path, () => latest.current()), [pending, path])
  return () => pending?.clear(path)
}
