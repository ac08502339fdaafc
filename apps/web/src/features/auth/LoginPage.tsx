import { lazy, Suspense, useEffect, useState } from 'react'
import { Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAt, IconLock } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'wouter'
import { AUTH_REDIRECT_DELAY_MS } from '@app/shared'
import { AUTH_AUTO_CLOSE, closeNotification, notifyError, notifySuccess, notifyWarning } from '../../lib/notify'
import { appConfig } from '../../lib/app-config'
import { applySavedLanguage, fetchMe } from '../../lib/session'
import { signedIn } from '../../lib/sign-in-events'
import { useDocumentTitle } from '../../lib/use-document-title'
import { useHydrated } from '../../lib/use-hydrated'
import { authApi } from './api'
import { AuthLayout } from './AuthLayout'
import { emailRule, passwordRule } from './validators'

// Only when the server has GOOGLE_CLIENT_ID, and then in its own chunk: the login bundle stays small.
const GoogleSignInButton = lazy(() => import('./GoogleSignInButton').then((m) => ({ default: m.GoogleSignInButton })))

/** /activation with the typed email, for a pending account whose mail got lost. */
const activationLink = (email: string) =>
  email.trim() ? `/activation?${new URLSearchParams({ email: email.trim() }).toString()}` : '/activation'

/** `/` and `/login`. A signed-in visitor is sent on to /app. */
export default function LoginPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const [busy, setBusy] = useState(false)
  const ready = useHydrated()
  useDocumentTitle(t('auth.login.title'))

  // Already signed in (a bookmark, the back button): on to the app.
  useEffect(() => {
    let gone = false
    fetchMe().then(
      (me) => {
        if (me && !gone) navigate('/app', { replace: true })
      },
      () => {},
    )
    return () => {
      gone = true
    }
  }, [navigate])

  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: { email: emailRule(t), password: passwordRule(t) },
  })

  const submit = form.onSubmit(async (values) => {
    setBusy(true)
    const res = await authApi.login({ email: values.email.trim(), password: values.password })
    if (res.ok) {
      const toast = notifySuccess(t('auth.login.success_title'), t('auth.login.success'), AUTH_AUTO_CLOSE)
      const language = applySavedLanguage()
      setTimeout(
        () =>
          void language.finally(() => {
            closeNotification(toast)
            signedIn()
            navigate('/app')
          }),
        AUTH_REDIRECT_DELAY_MS,
      )
      return
    }
    setBusy(false)
    const { status, message, errors } = res.error
    if (status === 429) {
      notifyWarning(t('auth.limit_warning.title'), t('auth.limit_warning.message'), AUTH_AUTO_CLOSE)
      return
    }
    // Wrong credentials are not the e-mail field's fault: say so once, in the notification's body.
    if (status === 422 && errors.email?.[0] === message) {
      notifyError(t('auth.login.failed_title'), t('auth.login.wrong_credentials'), AUTH_AUTO_CLOSE)
      return
    }
    const fieldErrors = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.join(' ')]))
    if (Object.keys(fieldErrors).length) form.setErrors(fieldErrors)
    notifyError(t('auth.login.failed_title'), message || t('auth.login.failed'), AUTH_AUTO_CLOSE)
  })

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            placeholder={t('auth.login.email_placeholder')}
            type="email"
            autoComplete="email"
            leftSection={<IconAt size={16} />}
            withAsterisk
            autoFocus
            readOnly={!ready}
            {...form.getInputProps('email')}
          />
          <div>
            <PasswordInput
              label={t('fields.password')}
              placeholder={t('auth.login.password_placeholder')}
              autoComplete="current-password"
              leftSection={<IconLock size={16} />}
              withAsterisk
              readOnly={!ready}
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end" mt={6}>
              <Anchor component={Link} to="/forgot" size="sm">
                {t('auth.login.forgot')}
              </Anchor>
            </Group>
          </div>
          <Button type="submit" fullWidth size="md" loading={busy} disabled={!ready}>
            {t('auth.login.submit')}
          </Button>
          {appConfig.googleClientId && (
            <>
              <Divider label={t('auth.google.or')} labelPosition="center" />
              <Suspense fallback={null}>
                <GoogleSignInButton clientId={appConfig.googleClientId} />
              </Suspense>
            </>
          )}
          <Text size="sm" ta="center" c="dimmed">
            {t('auth.login.no_account')}{' '}
            <Anchor component={Link} to="/register" fw={600}>
              {t('auth.login.register')}
            </Anchor>
          </Text>
          <Anchor component={Link} to={activationLink(form.values.email)} size="xs" c="dimmed" ta="center">
            {t('auth.login.resend_activation')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  )
}
