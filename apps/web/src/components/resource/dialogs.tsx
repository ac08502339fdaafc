import { createContext, useContext, useEffect, useRef, useState, type FormEventHandler, type ReactNode } from 'react'
import { Box, Button, Group, LoadingOverlay, Modal, Text, type MantineColor } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { MODAL_WIDTHS } from '@app/shared'
import { SubmitButton } from './SubmitButton'

/*
 * The two dialogs of the app, used by the resource engine and by every screen of its own (change password,
 * the availability range, order status moves, the Google sign-up), so they all look and behave alike:
 * - the title is one semibold line;
 * - the buttons sit at the right, Cancel (grey) first, the action (coloured) last;
 * - while the call runs the action shows its spinner, Cancel, the close button, Escape and a click outside do
 *   nothing, and a form is covered by a loading overlay;
 * - a form dialog puts the focus in its first field it can edit; a confirmation on Cancel (the safe choice:
 *   Enter does not delete by accident);
 * - a form's server errors go on their fields, the rest as a red notification (`showServerErrors`).
 */

/** The title of every dialog. */
export function DialogTitle({ children }: { children: ReactNode }) {
  return <Text fw={600}>{children}</Text>
}

const noop = () => {}

/** Set by the form inside a FormDialog: while its call runs, the dialog cannot be closed. */
const BusyContext = createContext<((busy: boolean) => void) | null>(null)

export interface FormDialogProps {
  opened: boolean
  title: ReactNode
  onClose: () => void
  /** Width in px (MODAL_WIDTHS). Default 530. */
  size?: number
  /** The content; mounted only while open, so each opening starts afresh. Usually a `DialogForm`. */
  children: ReactNode
}

/** A dialog holding a form (create, edit, change password, update a date range). */
export function FormDialog({ opened, title, onClose, size = MODAL_WIDTHS.default, children }: FormDialogProps) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  return (
    <Modal
      opened={opened}
      onClose={busy ? noop : onClose}
      size={size}
      title={<DialogTitle>{title}</DialogTitle>}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('actions.close'), disabled: busy }}
    >
      <BusyContext.Provider value={setBusy}>{opened && children}</BusyContext.Provider>
    </Modal>
  )
}

/**
 * Fields a user can type in or choose from, found in the order they are shown: inputs and text areas (not
 * disabled, not read-only — but a select's input is read-only and opens its list), rich text, and the date
 * pickers (buttons).
 */
const EDITABLE = [
  'input:not([type="hidden"]):not([disabled]):not([readonly])',
  'input[readonly][aria-haspopup]:not([disabled])',
  'textarea:not([disabled]):not([readonly])',
  '[contenteditable="true"]',
  'button[data-dates-input]:not([disabled])',
].join(', ')

/**
 * Focus on the first field the user can edit when a form appears. Marked `data-autofocus` too: the dialog's
 * focus trap, which runs just after, focuses that element rather than the close button.
 */
function useFocusFirstField(root: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const first = root.current?.querySelector<HTMLElement>(EDITABLE)
    if (!first) return
    first.setAttribute('data-autofocus', '')
    const id = window.setTimeout(() => first.focus({ preventScroll: true }), 0)
    return () => window.clearTimeout(id)
  }, [root])
}

export interface DialogFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>
  /** The call is running: overlay, spinner on the action, nothing can close the dialog. */
  busy: boolean
  onCancel: () => void
  /** Default 'Save'. */
  submitLabel?: string
  /** Default 'Cancel'; another word where 'Cancel' would be ambiguous (a dialog that cancels an order). */
  cancelLabel?: string
  /** The action cannot run yet (an upload still running). */
  submitDisabled?: boolean
  children: ReactNode
}

/** The form inside a FormDialog: its fields, then Cancel and the action at the right. */
export function DialogForm({ onSubmit, busy, onCancel, submitLabel, cancelLabel, submitDisabled, children }: DialogFormProps) {
  const { t } = useTranslation()
  const setBusy = useContext(BusyContext)
  useEffect(() => {
    setBusy?.(busy)
  }, [busy, setBusy])
  useEffect(() => () => setBusy?.(false), [setBusy])
  const ref = useRef<HTMLFormElement>(null)
  useFocusFirstField(ref)
  return (
    <Box component="form" ref={ref} onSubmit={onSubmit} pos="relative" noValidate aria-busy={busy}>
      <LoadingOverlay visible={busy} zIndex={5} overlayProps={{ radius: 'sm', blur: 1 }} />
      {children}
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {cancelLabel ?? t('actions.cancel')}
        </Button>
        <SubmitButton loading={busy} disabled={submitDisabled}>
          {submitLabel ?? t('actions.save')}
        </SubmitButton>
      </Group>
    </Box>
  )
}

export interface ConfirmModalProps {
  opened: boolean
  /** Names the record (spec: the delete dialog is titled with the row's name). */
  title: ReactNode
  message: ReactNode
  confirmLabel: string
  /** Default 'Cancel'; another word where 'Cancel' would be ambiguous (a dialog about cancelling an order). */
  cancelLabel?: string
  color?: MantineColor
  /** The call is running (when the caller tracks it); a promise returned by `onConfirm` is tracked too. */
  loading?: boolean
  onConfirm: () => void | Promise<unknown>
  onCancel: () => void
}

/** A question before an action: Cancel and a coloured action button; nothing closes it while the action runs. */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  color = 'red',
  loading,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  const { t } = useTranslation()
  const [running, setRunning] = useState(false)
  const busy = !!loading || running
  const confirm = async () => {
    const result = onConfirm()
    if (!(result instanceof Promise)) return
    setRunning(true)
    try {
      await result
    } finally {
      setRunning(false)
    }
  }
  return (
    <Modal
      opened={opened}
      onClose={busy ? noop : onCancel}
      size="sm"
      title={<DialogTitle>{title}</DialogTitle>}
      closeOnClickOutside={!busy}
      closeButtonProps={{ 'aria-label': t('actions.close'), disabled: busy }}
    >
      <Text size="sm" c="dimmed">
        {message}
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
          {cancelLabel ?? t('actions.cancel')}
        </Button>
        <Button color={color} onClick={() => void confirm()} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  )
}
