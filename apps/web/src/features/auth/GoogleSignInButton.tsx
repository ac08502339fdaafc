// The company-name dialog's styles: the public pages load only their own part of Mantine's (app/public-styles.ts).
import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/ModalBase.css'
import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/LoadingOverlay.css'
import { useEffect, useRef, useState } from 'react'
import { Box, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconBuilding } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { AUTH_REDIRECT_DELAY_MS, type LoginResult } from '@app/shared'
import { DialogForm, FormDialog } from '../../components/resource/dialogs'
import { currentLocale } from '../../i18n'
import { AUTH_AUTO_CLOSE, closeNotification, notifySuccess } from '../../lib/notify'
import { signedIn as announceSignIn } from '../../lib/sign-in-events'
import { authApi } from './api'
import { reportAuthFailure } from './feedback'
import { applySavedLanguage } from '../../lib/session'
import { requiredRule } from './validators'

/** The part of Google Identity Services (https://accounts.google.com/gsi/client) this button uses. */
interface GoogleIdentity {
  accounts: {
    id: {
      initialize(opts: { client_id: string; callback: (r: { credential: string }) => void; ux_mode?: 'popup' }): void
      renderButton(el: HTMLElement, opts: Record<string, unknown>): void
    }
  }
}
declare global {
  interface Window {
    google?: GoogleIdentity
  }
}

export const GSI_SCRIPT = 'https://accounts.google.com/gsi/client'
let loading: Promise<GoogleIdentity> | undefined

function loadGoogle(): Promise<GoogleIdentity> {
  if (window.google?.accounts) return Promise.resolve(window.google)
  loading ??= new Promise((resolve, reject) => {
    const s = document.createElement('script')
    s.src = GSI_SCRIPT
    s.async = true
    s.onload = () => (window.google ? resolve(window.google) : reject(new Error('gsi')))
    s.onerror = () => {
      loading = undefined
      reject(new Error('gsi'))
    }
    document.head.appendChild(s)
  })
  return loading
}

/**
 * "Sign in with Google", shown only when the server has GOOGLE_CLIENT_ID
 * (DESIGN §4). Google's ID token goes to `/auth/google_login`; an email without
 * an account is asked for a company name (`/auth/complete_signup`).
 */
export function GoogleSignInButton({ clientId }: { clientId: string }) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const box = useRef<HTMLDivElement>(null)
  const [signup, setSignup] = useState<{ credential: string; email: string } | null>(null)
  const [unavailable, setUnavailable] = useState(false)

  const signedIn = (_: LoginResult) => {
    const toast = notifySuccess(t('auth.login.success_title'), t('auth.login.success'), AUTH_AUTO_CLOSE)
    const language = applySavedLanguage()
    setTimeout(
      () =>
        void language.finally(() => {
          closeNotification(toast)
          announceSignIn()
          navigate('/app')
        }),
      AUTH_REDIRECT_DELAY_MS,
    )
  }

  useEffect(() => {
    let cancelled = false
    loadGoogle()
      .then((google) => {
        if (cancelled || !box.current) return
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: async ({ credential }) => {
            const res = await authApi.googleLogin({ credential })
            if (!res.ok) return reportAuthFailure(t, res.error, t('auth.login.failed_title'))
            const data = res.data.data
            if ('signup_required' in data) setSignup({ credential, email: data.email })
            else signedIn(data)
          },
        })
        google.accounts.id.renderButton(box.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          width: box.current.offsetWidth || 360,
          locale: currentLocale(),
        })
      })
      .catch(() => !cancelled && setUnavailable(true))
    return () => {
      cancelled = true
    }
    // The button is drawn once per mount; language changes redraw nothing important.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clientId])

  return (
    <>
      <Box ref={box} w="100%" mih={44} style={{ display: 'flex', justifyContent: 'center' }} data-testid="google-signin" />
      {unavailable && (
        <Text size="xs" c="dimmed" ta="center">
          {t('auth.google.unavailable')}
        </Text>
      )}
      <FormDialog opened={!!signup} onClose={() => setSignup(null)} title={t('auth.google.signup_title')}>
        {signup && (
          <CompleteSignup
            credential={signup.credential}
            email={signup.email}
            onDone={signedIn}
            onCancel={() => setSignup(null)}
          />
        )}
      </FormDialog>
    </>
  )
}

function CompleteSignup({
  credential,
  email,
  onDone,
  onCancel,
}: {
  credential: string
  email: string
  onDone: (r: LoginResult) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const form = useForm({ initialValues: { companies: '' }, validate: { companies: requiredRule(t, t('fields.companies')) } })
  const submit = form.onSubmit(async (values) => {
    setBusy(true)
    const res = await authApi.completeSignup({ credential, companies: values.companies.trim() })
    if (res.ok) return onDone(res.data.data)
    setBusy(false)
    reportAuthFailure(t, res.error, t('auth.register.failed_title'), form)
  })
  return (
    <DialogForm onSubmit={submit} busy={busy} onCancel={onCancel} submitLabel={t('auth.google.signup_submit')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('auth.google.signup_text', { email })}
        </Text>
        <TextInput
          label={t('fields.companies')}
          withAsterisk
          leftSection={<IconBuilding size={16} />}
          {...form.getInputProps('companies')}
        />
      </Stack>
    </DialogForm>
  )
}
