import { useEffect, useRef, useState } from 'react'
import { Anchor, Button, Loader, Stack, Text, TextInput, ThemeIcon } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAt, IconCircleCheck, IconCircleX, IconMailCheck } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'wouter'
import { AUTH_AUTO_CLOSE, notifyError, notifySuccess } from '../../lib/notify'
import { useDocumentTitle } from '../../lib/use-document-title'
import { authApi } from './api'
import { AuthLayout } from './AuthLayout'
import { reportAuthFailure } from './feedback'
import { emailRule } from './validators'

type State = 'check_email' | 'activating' | 'activated' | 'failed'

/**
 * /activation. After registering (no token): check your email, with a resend
 * form. From the mailed link (?token=&email=): activates at once and tells the
 * user to sign in; a bad or used link offers a new one.
 */
export default function ActivationPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const email = params.get('email') ?? ''
  const [state, setState] = useState<State>(token ? 'activating' : 'check_email')
  const started = useRef(false)
  useDocumentTitle(t('auth.activation.title'))

  useEffect(() => {
    // Once per page, also under StrictMode's double effects: a token works only once.
    if (!token || started.current) return
    started.current = true
    void authApi.activate({ token, email }).then((res) => {
      if (res.ok) {
        setState('activated')
        notifySuccess(t('auth.activation.success_title'), t('auth.activation.success'), AUTH_AUTO_CLOSE)
      } else if (res.error.status === 429) {
        setState('failed')
        reportAuthFailure(t, res.error, '')
      } else {
        setState('failed')
        notifyError(t('auth.activation.failed_title'), res.error.message, AUTH_AUTO_CLOSE)
      }
    })
  }, [token, email, t])

  return (
    <AuthLayout title={t('auth.activation.title')}>
      <Stack align="center" gap="md" ta="center">
        {state === 'activating' && (
          <>
            <Loader />
            <Text c="dimmed">{t('auth.activation.activating')}</Text>
          </>
        )}
        {state === 'activated' && (
          <>
            <ThemeIcon size={64} radius="xl" variant="light" color="green">
              <IconCircleCheck size={36} stroke={1.6} />
            </ThemeIcon>
            <Text fw={600} size="lg">
              {t('auth.activation.success_title')}
            </Text>
            <Text c="dimmed">{t('auth.activation.success')}</Text>
            <Button component={Link} to="/login" fullWidth size="md">
              {t('auth.login.submit')}
            </Button>
          </>
        )}
        {state === 'failed' && (
          <>
            <ThemeIcon size={64} radius="xl" variant="light" color="red">
              <IconCircleX size={36} stroke={1.6} />
            </ThemeIcon>
            <Text c="dimmed">{t('auth.activation.failed')}</Text>
            <ResendForm email={email} />
          </>
        )}
        {state === 'check_email' && (
          <>
            <ThemeIcon size={64} radius="xl" variant="light">
              <IconMailCheck size={34} stroke={1.6} />
            </ThemeIcon>
            <Text c="dimmed">{email ? t('auth.activation.check_email_to', { email }) : t('auth.activation.check_email')}</Text>
            <Text c="dimmed" size="sm">
              {t('auth.activation.not_received')}
            </Text>
            <ResendForm email={email} />
          </>
        )}
        <Anchor component={Link} to="/login" size="sm">
          {t('auth.back_to_login')}
        </Anchor>
      </Stack>
    </AuthLayout>
  )
}

function ResendForm({ email }: { email: string }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const form = useForm({ initialValues: { email }, validate: { email: emailRule(t) } })
  const submit = form.onSubmit(async (values) => {
    setBusy(true)
    const res = await authApi.resendActivation({ email: values.email.trim() })
    setBusy(false)
    if (res.ok) notifySuccess(t('auth.activation.resent_title'), t('auth.activation.resent'), AUTH_AUTO_CLOSE)
    else reportAuthFailure(t, res.error, t('auth.activation.resend_failed_title'), form)
  })
  return (
    <form onSubmit={submit} noValidate style={{ width: '100%' }}>
      <Stack gap="sm" ta="left">
        <TextInput
          label={t('fields.email')}
          placeholder={t('auth.login.email_placeholder')}
          type="email"
          autoComplete="email"
          leftSection={<IconAt size={16} />}
          {...form.getInputProps('email')}
        />
        <Button type="submit" variant="light" fullWidth loading={busy}>
          {t('auth.activation.resend')}
        </Button>
      </Stack>
    </form>
  )
}
