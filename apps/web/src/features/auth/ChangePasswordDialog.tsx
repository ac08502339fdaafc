import { useForm } from '@mantine/form'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { changePasswordSchema } from '@app/shared'
// Straight from the files (not the folder's index, which also brings the list screen and its table).
import { field, type FieldDef, type FormValues } from '../../components/resource/define'
import { FieldGrid } from '../../components/resource/FieldGrid'
import { DialogForm, FormDialog } from '../../components/resource/dialogs'
import { fieldAmong, scrollToFirstError, showServerErrors } from '../../components/resource/form-errors'
import { useErrorsAfterSubmit } from '../../components/resource/live-errors'
import { AUTH_AUTO_CLOSE, notifySuccess } from '../../lib/notify'
import { zodFormErrors } from '../../lib/validation'
import { authApi } from './api'

/** The form kit's password fields: the one in use (no hint), the new one (length hint), its repetition. */
const fields: FieldDef[] = [
  field.password('password_now', { purpose: 'current' }),
  field.password('password'),
  field.password('password_confirmation', { purpose: 'confirmation' }),
]
const names = fields.map((f) => f.name)

/** Avatar menu -> Update Password: `POST /auth/change_password` (DESIGN §4), in the app's one form dialog. */
export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('auth.change_password.title')}>
      <ChangePasswordForm onClose={onClose} />
    </FormDialog>
  )
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const labelFor = (name: string) => t(`fields.${name}`)
  const live = useErrorsAfterSubmit()
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { password_now: '', password: '', password_confirmation: '' },
    validate: (values) => zodFormErrors(changePasswordSchema, values, t, labelFor),
    ...live.options,
  })
  const submit = live.afterSubmit(
    form.onSubmit(
      async (values, event) => {
        setBusy(true)
        const res = await authApi.changePassword(
          values as { password_now: string; password: string; password_confirmation: string },
        )
        setBusy(false)
        if (res.ok) {
          notifySuccess(t('auth.change_password.success_title'), t('auth.change_password.success'), AUTH_AUTO_CLOSE)
          onClose()
          return
        }
        showServerErrors({
          form,
          error: res.error,
          fieldOf: fieldAmong(names),
          failedTitle: t('auth.change_password.failed_title'),
          root: (event?.currentTarget as HTMLElement | undefined) ?? null,
        })
      },
      (_errors, _values, event) => scrollToFirstError((event?.currentTarget as HTMLElement | undefined) ?? null),
    ),
  )
  const state = {
    schema: changePasswordSchema,
    labelFor,
    subField: (name: string) => ({ label: labelFor(name), required: false }),
  }
  return (
    <DialogForm onSubmit={submit} busy={busy} onCancel={onClose}>
      <FieldGrid fields={fields} form={form} state={state} mode="edit" />
    </DialogForm>
  )
}
