import { Anchor, Button, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useDocumentTitle } from '../../lib/use-document-title'
import { AuthLayout } from './AuthLayout'
import { emailRule } from './validators'

/**
 * /forgot. PLACEHOLDER form. To wire: `POST /auth/forgot` {email}; 200 for any
 * well-formed email (DESIGN §4); failures titled forgot_failed; 429 warning.
 */
export default function ForgotPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.forgot.title'))
  const form = useForm({ initialValues: { email: '' }, validate: { email: emailRule(t) } })
  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <form onSubmit={form.onSubmit(() => {})} noValidate>
        <Stack gap="md">
          <TextInput label={t('fields.email')} withAsterisk type="email" autoComplete="email" {...form.getInputProps('email')} />
          <Button type="submit" fullWidth>
            {t('auth.forgot.submit')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('auth.back_to_login')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  )
}
