import { PasswordInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { IconLock } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { PASSWORD_MIN } from '@app/shared'

/** The new password and its confirmation, as the register and reset screens ask for them. */
export function NewPasswordFields<V extends { password: string; password_confirmation: string }>({
  form,
  autoFocus,
}: {
  form: UseFormReturnType<V>
  autoFocus?: boolean
}) {
  const { t } = useTranslation()
  return (
    <>
      <PasswordInput
        label={t('fields.password')}
        description={t('kit.password.hint', { min: PASSWORD_MIN })}
        withAsterisk
        autoFocus={autoFocus}
        autoComplete="new-password"
        leftSection={<IconLock size={16} />}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={t('fields.password_confirmation')}
        withAsterisk
        autoComplete="new-password"
        leftSection={<IconLock size={16} />}
        {...form.getInputProps('password_confirmation')}
      />
    </>
  )
}
