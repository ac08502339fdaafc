import { useState } from 'react'

/**
 * When a form shows its errors (issue 32, item 11): none while it is first filled in (tabbing past an
 * untouched field marks nothing), every one on the first submit, and from then on live: each change checks
 * its field again, so an error goes as soon as it is fixed and a new one shows at once. Used by every
 * form of the app (the engine's dialog and page, the order page, the availability range, change password):
 *
 * ```ts
 * const live = useErrorsAfterSubmit()
 * const form = useForm({ ..., ...live.options })
 * const submit = live.afterSubmit(form.onSubmit(...))
 * ```
 * Mantine reads `validateInputOnChange` on the render after the first submit (a form's `validate` is a new
 * function each render, so its change handlers are rebuilt with the new option).
 */
export function useErrorsAfterSubmit() {
  const [live, setLive] = useState(false)
  return {
    options: { validateInputOnBlur: false, validateInputOnChange: live },
    afterSubmit<E>(submit: (event?: E) => void) {
      return (event?: E) => {
        setLive(true)
        submit(event)
      }
    },
  }
}
