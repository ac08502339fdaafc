import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useDocumentTitle } from '../../lib/use-document-title'
import { AuthLayout } from './AuthLayout'
import { confirmationRule, emailRule, passwordRule, requiredRule } from './validators'

/**
 * /register. PLACEHOLDER form: fields and client rules only. To wire:
 * `POST /auth/register` {companies, name, email, password, password_confirmation};
 * success -> /activation; 429 -> orange limit warning (spec §8).
 */
export default function RegisterPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.register.title'))
  const form = useForm({
    initialValues: { companies: '', name: '', email: '', password: '', password_confirmation: '' },
    validate: {
      companies: requiredRule(t, t('fields.companies')),
      name: requiredRule(t, t('fields.name')),
      email: emailRule(t),
      password: passwordRule(t),
      password_confirmation: confirmationRule(t),
    },
  })
  return (
    <AuthLayout title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <form onSubmit={form.onSubmit(() => {})} noValidate>
        <Stack gap="sm">
          <TextInput label={t('fields.companies')} withAsterisk {...form.getInputProps('companies')} />
          <TextInput label={t('fields.name')} withAsterisk autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label={t('fields.email')} withAsterisk type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput label={t('fields.password')} withAsterisk autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordInput
            label={t('fields.password_confirmation')}
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" fullWidth mt="xs">
            {t('auth.register.submit')}
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            {t('auth.register.have_account')}{' '}
            <Anchor component={Link} to="/login" fw={600}>
              {t('auth.login.submit')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  )
}
