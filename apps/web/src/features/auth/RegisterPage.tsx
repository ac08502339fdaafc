import { useState } from 'react'
import { Anchor, Button, Divider, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAt, IconBuilding, IconUser } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'wouter'
import { AUTH_REDIRECT_DELAY_MS } from '@app/shared'
import { appConfig } from '../../lib/app-config'
import { AUTH_AUTO_CLOSE, notifySuccess } from '../../lib/notify'
import { useDocumentTitle } from '../../lib/use-document-title'
import { authApi } from './api'
import { AuthLayout } from './AuthLayout'
import { NewPasswordFields } from './NewPasswordFields'
import { reportAuthFailure } from './feedback'
import { GoogleSignInButton } from './GoogleSignInButton'
import { confirmationRule, emailRule, passwordRule, requiredRule } from './validators'

/** /register: a company, its owner and a one-month trial; success goes to /activation (spec §2, §8). */
export default function RegisterPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const [busy, setBusy] = useState(false)
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

  const submit = form.onSubmit(async (values) => {
    setBusy(true)
    const res = await authApi.register({
      ...values,
      companies: values.companies.trim(),
      name: values.name.trim(),
      email: values.email.trim(),
    })
    if (res.ok) {
      notifySuccess(t('auth.register.success_title'), t('auth.register.success'), AUTH_AUTO_CLOSE)
      const email = res.data.data.email
      setTimeout(() => navigate(`/activation?${new URLSearchParams({ email }).toString()}`), AUTH_REDIRECT_DELAY_MS)
      return
    }
    setBusy(false)
    reportAuthFailure(t, res.error, t('auth.register.failed_title'), form)
  })

  return (
    <AuthLayout title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('fields.companies')}
            placeholder={t('auth.register.companies_placeholder')}
            withAsterisk
            autoFocus
            autoComplete="organization"
            leftSection={<IconBuilding size={16} />}
            {...form.getInputProps('companies')}
          />
          <TextInput
            label={t('fields.name')}
            placeholder={t('auth.register.name_placeholder')}
            withAsterisk
            autoComplete="name"
            leftSection={<IconUser size={16} />}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('fields.email')}
            placeholder={t('auth.login.email_placeholder')}
            withAsterisk
            type="email"
            autoComplete="email"
            leftSection={<IconAt size={16} />}
            {...form.getInputProps('email')}
          />
          <NewPasswordFields form={form} />
          <Button type="submit" fullWidth mt="xs" size="md" loading={busy}>
            {t('auth.register.submit')}
          </Button>
          {appConfig.googleClientId && (
            <>
              <Divider label={t('auth.google.or')} labelPosition="center" />
              <GoogleSignInButton clientId={appConfig.googleClientId} />
            </>
          )}
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
