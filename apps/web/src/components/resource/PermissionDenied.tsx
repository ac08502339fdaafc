import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/**
 * 'Permission Denied' view. Replaces a whole page (`variant="page"`) or the
 * content of a dialog (`variant="dialog"`) the user may not use.
 */
export function PermissionDenied({ variant = 'page' }: { variant?: 'page' | 'dialog' }) {
  const { t } = useTranslation()
  const page = variant === 'page'
  return (
    <Center mih={page ? 420 : 220} p={page ? 'xl' : 'md'}>
      <Stack align="center" gap="xs" maw={440} ta="center" role="alert">
        <ThemeIcon size={page ? 64 : 48} radius="xl" color="red" variant="light">
          <IconLock size={page ? 34 : 26} stroke={1.6} />
        </ThemeIcon>
        <Title order={page ? 1 : 4} fz={page ? 'h3' : 'h4'}>
          {t('permission.denied_title')}
        </Title>
        <Text c="dimmed" size={page ? 'md' : 'sm'}>
          {t('permission.denied_message')}
        </Text>
      </Stack>
    </Center>
  )
}
