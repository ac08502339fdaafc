import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { useDocumentTitle } from '../../lib/use-document-title'
import { AuthLayout } from './AuthLayout'
import { confirmationRule, passwordRule } from './validators'

/**
 * /reset?email=...&token=... PLACEHOLDER form. To wire: `POST /auth/reset`
 * {token, email, password, password_confirmation} (DESIGN §4); 'Wrong Token'.
 */
export default function ResetPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.reset.title'))
  const [params] = useSearchParams()
  const form = useForm({
    initialValues: { email: params.get('email') ?? '', token: params.get('token') ?? '', password: '', password_confirmation: '' },
    validate: { password: passwordRule(t), password_confirmation: confirmationRule(t) },
  })
  return (
    <AuthLayout title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <form onSubmit={form.onSubmit(() => {})} noValidate>
        <Stack gap="sm">
          <TextInput label={t('fields.email')} readOnly {...form.getInputProps('email')} />
          <PasswordInput label={t('fields.password')} withAsterisk autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordInput
            label={t('fields.password_confirmation')}
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" fullWidth mt="xs">
            {t('auth.reset.submit')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('auth.back_to_login')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  )
}
