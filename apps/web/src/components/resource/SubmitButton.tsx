import { Button, type ButtonProps } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * The save button of a form that validates its fields on blur. Pressing it does not take the focus from the
 * field being typed in: otherwise that field's blur shows its error first, the message pushes the button down
 * between the press and the release, and the click lands beside it (the user has to click twice). The click
 * then submits, and the submit validates every field. Keyboard use is unchanged.
 */
export function SubmitButton({ children, form, ...props }: ButtonProps & { children: ReactNode; form?: string }) {
  return (
    <Button type="submit" form={form} onMouseDown={(e) => e.preventDefault()} {...props}>
      {children}
    </Button>
  )
}
