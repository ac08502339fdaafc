import { useState } from 'react'
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useSearchParams } from 'wouter'
import { AUTH_REDIRECT_DELAY_MS } from '@app/shared'
import { AUTH_AUTO_CLOSE, notifySuccess } from '../../lib/notify'
import { useDocumentTitle } from '../../lib/use-document-title'
import { authApi } from './api'
import { AuthLayout } from './AuthLayout'
import { NewPasswordFields } from './NewPasswordFields'
import { reportAuthFailure } from './feedback'
import { confirmationRule, passwordRule } from './validators'

/**
 * /reset?email=...&token=...: the email (read-only) and token come from the
 * mailed link; `POST /auth/reset` (DESIGN §4 fixes the spec's call). Success goes to /login.
 */
export default function ResetPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const [params] = useSearchParams()
  const [busy, setBusy] = useState(false)
  useDocumentTitle(t('auth.reset.title'))
  const email = params.get('email') ?? ''
  const token = params.get('token') ?? ''
  const form = useForm({
    initialValues: { password: '', password_confirmation: '' },
    validate: { password: passwordRule(t), password_confirmation: confirmationRule(t) },
  })

  const submit = form.onSubmit(async (values) => {
    setBusy(true)
    const res = await authApi.reset({ email, token, ...values })
    if (res.ok) {
      notifySuccess(t('auth.reset.success_title'), t('auth.reset.success'), AUTH_AUTO_CLOSE)
      setTimeout(() => navigate('/login'), AUTH_REDIRECT_DELAY_MS)
      return
    }
    setBusy(false)
    reportAuthFailure(t, res.error, t('auth.reset.failed_title'), form)
  })

  return (
    <AuthLayout title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {(!email || !token) && (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('auth.reset.link_incomplete_title')}>
              {t('auth.reset.link_incomplete')}{' '}
              <Anchor component={Link} to="/forgot" size="sm">
                {t('auth.reset.request_new')}
              </Anchor>
            </Alert>
          )}
          <TextInput label={t('fields.email')} value={email} readOnly variant="filled" />
          <NewPasswordFields form={form} autoFocus />
          <Button type="submit" fullWidth mt="xs" size="md" loading={busy} disabled={!email || !token}>
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
