import { Button, Center, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { navigate } from 'wouter/use-browser-location'
import { useDocumentTitle } from '../lib/use-document-title'

/** Every unknown route. `home` is where the button goes (the app's start inside /app). */
export function NotFound({ home = '/', fullScreen = true }: { home?: string; fullScreen?: boolean }) {
  const { t } = useTranslation()
  useDocumentTitle(t('not_found.title'))
  return (
    <Center component={fullScreen ? 'main' : 'div'} mih={fullScreen ? '100dvh' : 420} p="xl">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <Text fz={96} fw={800} lh={1} c="gray.6" aria-hidden="true">
          404
        </Text>
        <Title order={1} fz="h2">
          {t('not_found.title')}
        </Title>
        <Text c="dimmed">{t('not_found.message')}</Text>
        <Button
          component="a"
          href={home}
          onClick={(e) => {
            // A plain history push: both the public router and the signed-in one follow it (app/AppRoot.tsx).
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
            e.preventDefault()
            navigate(home)
          }}
          mt="md"
          leftSection={<IconArrowLeft size={16} />}
        >
          {t('actions.back_home')}
        </Button>
      </Stack>
    </Center>
  )
}
