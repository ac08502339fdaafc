import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconBuilding, IconCalendarTime, IconShieldCheck } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../lib/format'
import { useMe } from '../../lib/permissions'
import { useDocumentTitle } from '../../lib/use-document-title'

/**
 * /app. Placeholder: the dashboard's charts (spec §2, @mantine/charts) belong
 * here and load with this lazy chunk only.
 */
export default function DashboardPage() {
  const { t } = useTranslation()
  const { data: me } = useMe()
  useDocumentTitle(t('dashboard.title'))
  const cards = [
    { icon: IconBuilding, label: t('dashboard.company'), value: me?.company?.name ?? '-' },
    { icon: IconShieldCheck, label: t('dashboard.role'), value: me?.role_name ?? '-' },
    { icon: IconCalendarTime, label: t('dashboard.trial_ends'), value: formatDate(me?.company?.trial_ends_at) },
  ]
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('dashboard.title')}</Title>
        <Text c="dimmed">{t('dashboard.welcome', { name: me?.name ?? '' })}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {cards.map(({ icon: Icon, label, value }) => (
          <Paper key={label} withBorder radius="md" p="md" shadow="xs">
            <Stack gap={6}>
              <ThemeIcon variant="light" size="lg" radius="md">
                <Icon size={20} stroke={1.7} />
              </ThemeIcon>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {label}
              </Text>
              <Text fw={600} size="lg">
                {value}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
