import { useState } from 'react'
import { Anchor, Button, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAt } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'wouter'
import { AUTH_REDIRECT_DELAY_MS } from '@app/shared'
import { AUTH_AUTO_CLOSE, notifySuccess } from '../../lib/notify'
import { useDocumentTitle } from '../../lib/use-document-title'
import { authApi } from './api'
import { AuthLayout } from './AuthLayout'
import { reportAuthFailure } from './feedback'
import { emailRule } from './validators'

/**
 * /forgot: the server answers 200 for any well-formed email (DESIGN §4), so the
 * screen never tells whether an account exists; success goes back to /login.
 */
export default function ForgotPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const [busy, setBusy] = useState(false)
  useDocumentTitle(t('auth.forgot.title'))
  const form = useForm({ initialValues: { email: '' }, validate: { email: emailRule(t) } })

  const submit = form.onSubmit(async (values) => {
    setBusy(true)
    const res = await authApi.forgot({ email: values.email.trim() })
    if (res.ok) {
      notifySuccess(t('auth.forgot.success_title'), t('auth.forgot.success'), AUTH_AUTO_CLOSE)
      setTimeout(() => navigate('/login'), AUTH_REDIRECT_DELAY_MS)
      return
    }
    setBusy(false)
    reportAuthFailure(t, res.error, t('auth.forgot.failed_title'), form)
  })

  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            placeholder={t('auth.login.email_placeholder')}
            withAsterisk
            autoFocus
            type="email"
            autoComplete="email"
            leftSection={<IconAt size={16} />}
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth size="md" loading={busy}>
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
