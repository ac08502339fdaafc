import { lazy, Suspense, useMemo, type ReactNode } from 'react'
import { MantineProvider, mergeThemeOverrides } from '@mantine/core'
import { I18nextProvider, useTranslation } from 'react-i18next'
import i18n from '../i18n'
import { cssVariablesResolver, theme } from './theme'

const NotificationsHost = lazy(() => import('./NotificationsHost'))

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedApp>{children}</ThemedApp>
    </I18nextProvider>
  )
}

/** Mantine's own built-in labels (e.g. the password eye) follow the UI language too. */
function ThemedApp({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const localized = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('actions.toggle_password') } } },
          // Every dialog's and drawer's × says what it does, in the reader's language.
          Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('actions.close') } } },
          Drawer: { defaultProps: { closeButtonProps: { 'aria-label': t('actions.close') } } },
          Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('actions.close') } } },
        },
      }),
    [t],
  )
  return (
    <MantineProvider theme={localized} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={null}>
        <NotificationsHost />
      </Suspense>
      {children}
    </MantineProvider>
  )
}
