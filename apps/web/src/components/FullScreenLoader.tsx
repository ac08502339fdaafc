import { Center, Loader, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { LogoMark } from './Logo'

/**
 * Shown while the signed-in area loads its code or the current user. `data-app-loading`: the server-drawn
 * shell frame stays over it (lib/boot-frame.ts).
 */
export function FullScreenLoader() {
  const { t } = useTranslation()
  return (
    <Center h="100dvh" bg="gray.0" aria-busy="true" data-app-loading>
      <Stack align="center" gap="md" role="status" aria-live="polite">
        <LogoMark size={56} />
        <Loader type="dots" />
        <Text c="dimmed" size="sm">
          {t('app.loading')}
        </Text>
      </Stack>
    </Center>
  )
}
