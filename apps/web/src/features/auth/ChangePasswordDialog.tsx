import { Box, Button, Group, LoadingOverlay, Modal, PasswordInput, Stack, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PASSWORD_MIN } from '@app/shared'
import { AUTH_AUTO_CLOSE, notifyError, notifySuccess } from '../../lib/notify'
import { authApi } from './api'

type Values = { password_now: string; password: string; password_confirmation: string }

/** Avatar menu -> Update Password: `POST /auth/change_password` (DESIGN §4). */
export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>{t('auth.change_password.title')}</Text>}
      closeOnClickOutside={false}
    >
      {opened && <ChangePasswordForm onClose={onClose} />}
    </Modal>
  )
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const label = (k: keyof Values) => t(`fields.${k}`)
  const minLength = (k: keyof Values) => (v: string) =>
    !v.trim()
      ? t('validation.required', { field: label(k) })
      : v.length < PASSWORD_MIN
        ? t('validation.too_short', { field: label(k), min: PASSWORD_MIN })
        : null
  const form = useForm<Values>({
    initialValues: { password_now: '', password: '', password_confirmation: '' },
    validate: {
      password_now: minLength('password_now'),
      password: minLength('password'),
      password_confirmation: (v, values) =>
        !v
          ? t('validation.required', { field: label('password_confirmation') })
          : v !== values.password
            ? t('validation.password_confirmation')
            : null,
    },
  })
  const submit = form.onSubmit(async (values) => {
    setBusy(true)
    const res = await authApi.changePassword(values)
    setBusy(false)
    if (res.ok) {
      notifySuccess(t('auth.change_password.success_title'), t('auth.change_password.success'), AUTH_AUTO_CLOSE)
      onClose()
      return
    }
    const fieldErrors = Object.fromEntries(Object.entries(res.error.errors).map(([k, v]) => [k, v.join(' ')]))
    form.setErrors(fieldErrors)
    notifyError(t('auth.change_password.failed_title'), res.error.message, AUTH_AUTO_CLOSE)
  })
  return (
    <Box component="form" onSubmit={submit} pos="relative" noValidate>
      <LoadingOverlay visible={busy} zIndex={5} />
      <Stack gap="sm">
        <PasswordInput
          label={label('password_now')}
          withAsterisk
          autoComplete="current-password"
          {...form.getInputProps('password_now')}
        />
        <PasswordInput label={label('password')} withAsterisk autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordInput
          label={label('password_confirmation')}
          withAsterisk
          autoComplete="new-password"
          {...form.getInputProps('password_confirmation')}
        />
      </Stack>
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={busy}>
          {t('actions.save')}
        </Button>
      </Group>
    </Box>
  )
}
