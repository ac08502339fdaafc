import type { ReactNode } from 'react'
import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { LanguageSwitcher } from '../../components/LanguageSwitcher'
import { Logo } from '../../components/Logo'

/**
 * Frame of the public account pages: a brand panel (wide screens) and the form
 * card with the language switcher.
 */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Box mih="100dvh" style={{ display: 'flex' }}>
      <Box
        visibleFrom="md"
        p={48}
        style={{
          flex: '0 0 42%',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          color: 'white',
          background:
            'radial-gradient(circle at 20% 15%, rgba(255,255,255,.18), transparent 40%), linear-gradient(150deg, var(--mantine-color-ocean-6), var(--mantine-color-ocean-9))',
        }}
      >
        <Group gap="sm">
          <Box bg="white" p={6} style={{ borderRadius: 12, lineHeight: 0 }}>
            <Logo size={30} withText={false} />
          </Box>
          <Text fw={700} fz="lg">
            {t('app.name')}
          </Text>
        </Group>
        <Stack gap="sm" maw={420}>
          <Title order={2} c="white" fz={34} lh={1.2}>
            {t('auth.hero.title')}
          </Title>
          <Text c="rgba(255,255,255,.82)">{t('auth.hero.text')}</Text>
        </Stack>
        <Text size="xs" c="rgba(255,255,255,.65)">
          {t('auth.hero.footer')}
        </Text>
      </Box>

      <Box component="main" style={{ flex: 1, display: 'flex', flexDirection: 'column' }} bg="gray.0">
        <Group justify="space-between" p="md">
          <Box hiddenFrom="md">
            <Logo size={28} />
          </Box>
          <Box ml="auto">
            <LanguageSwitcher />
          </Box>
        </Group>
        <Box style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }} px="md" pb={48}>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 36 }} w="100%" maw={440}>
            <Stack gap={4} mb="lg">
              <Title order={1} fz={26}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Paper>
        </Box>
      </Box>
    </Box>
  )
}
