import { useMemo, type ReactNode } from 'react'
import { MantineProvider, mergeThemeOverrides } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { QueryClientProvider } from '@tanstack/react-query'
import { I18nextProvider, useTranslation } from 'react-i18next'
import { NOTIFY_MS } from '@app/shared'
import i18n from '../i18n'
import { queryClient } from './query-client'
import { cssVariablesResolver, theme } from './theme'

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
      <Notifications limit={5} autoClose={NOTIFY_MS} position="bottom-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  )
}
