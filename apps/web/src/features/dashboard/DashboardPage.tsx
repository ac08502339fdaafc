import { lazy, useCallback, useDeferredValue } from 'react'
import { Alert, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import { IconAlertCircle, IconBuilding, IconCalendarTime, IconShieldCheck } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { FRAME_READER_NAME } from '@app/shared'
import { headed, ScreenHead, type ScreenHeadSpec } from '../../components/ScreenHead'
import { WhenVisible } from '../../components/WhenVisible'
import { formatDate } from '../../lib/format'
import { can, useMe } from '../../lib/permissions'
import { useDocumentTitle } from '../../lib/use-document-title'
import { fetchDashboard } from './api'
import { roleLabel } from '../../lib/display-names'
import { monthText, SERIES_COLORS, type ChartSeries } from './series'
import BusinessSection, { readsOrders } from './BusinessSection'
import NextDepartures from './NextDepartures'

// recharts is heavy: the charts come in their own chunk, when their place nears the screen (WhenVisible).
const MonthlyAreaChart = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.MonthlyAreaChart })))
const TotalsBarChart = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.TotalsBarChart })))

export const dashboardKey = ['dashboard'] as const

const dashboardHead = (t: TFunction, name: string): ScreenHeadSpec => ({
  kind: 'dashboard',
  title: t('dashboard.title'),
  line: t('dashboard.welcome', { name }),
})

/** /app: who and where you are, and the company's own figures by month (spec §2, `GET /dashboard`). */
export default headed(DashboardPage, (t) => dashboardHead(t, FRAME_READER_NAME))

function DashboardPage() {
  const { t, i18n } = useTranslation()
  const { data: me } = useMe()
  useDocumentTitle(t('dashboard.title'))
  // Drawn in a background render when the answer comes (a store update is drawn at once, in one task).
  const figures = useDeferredValue(useQuery({ queryKey: dashboardKey, queryFn: fetchDashboard, staleTime: 60_000 }))

  const cards = [
    { icon: IconBuilding, label: t('dashboard.company'), value: me?.company?.name ?? '-' },
    { icon: IconShieldCheck, label: t('dashboard.role'), value: me ? roleLabel(t, { name: me.role_name }) : '-' },
    { icon: IconCalendarTime, label: t('dashboard.trial_ends'), value: formatDate(me?.company?.trial_ends_at) },
  ]
  const series: ChartSeries[] = (figures.data?.series ?? []).map((s, i) => ({
    key: s.key,
    label: t(`dashboard.series.${s.key}`, { defaultValue: s.key.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase()) }),
    color: SERIES_COLORS[i % SERIES_COLORS.length]!,
  }))
  const language = i18n.resolvedLanguage ?? 'en'
  // Stable, so the sections (memo) are not drawn again when this page is.
  const monthLabel = useCallback((m: string) => monthText(m, language), [language])
  const chartFallback = <Skeleton h={300} radius="md" />

  return (
    <Stack gap="lg">
      <ScreenHead spec={dashboardHead(t, me?.name ?? '')} />
      {/* Who and where you are: small, on one line (issue 32): the business comes first, even on a phone. */}
      <Group gap="xs" wrap="wrap" data-testid="account-cards">
        {cards.map(({ icon: Icon, label, value }) => (
          <Paper key={label} withBorder radius="sm" px="sm" py={4}>
            <Group gap={6} wrap="nowrap">
              <Icon size={14} stroke={1.7} aria-hidden />
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text size="xs" fw={600}>
                {value}
              </Text>
            </Group>
          </Paper>
        ))}
      </Group>

      {readsOrders(me) && <BusinessSection monthLabel={monthLabel} />}
      {can(me, 'departure_list') && <NextDepartures />}

      {figures.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('alert.title')}>
          {t('alert.load_failed')}
        </Alert>
      )}
      {/* Only the lists the user may read are counted (issue 32): none, no charts. */}
      {(!figures.data || figures.data.series.length > 0) && (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <Paper withBorder radius="md" p="md" shadow="xs" data-testid="chart-monthly">
            <Text fw={600}>{t('dashboard.monthly.title')}</Text>
            <Text size="sm" c="dimmed" mb="md">
              {t('dashboard.monthly.subtitle')}
            </Text>
            {figures.data ? (
              <WhenVisible fallback={chartFallback}>
                <MonthlyAreaChart data={figures.data} series={series} monthLabel={monthLabel} />
              </WhenVisible>
            ) : (
              chartFallback
            )}
          </Paper>
          <Paper withBorder radius="md" p="md" shadow="xs" data-testid="chart-totals">
            <Text fw={600}>{t('dashboard.totals.title')}</Text>
            <Text size="sm" c="dimmed" mb="md">
              {t('dashboard.totals.subtitle')}
            </Text>
            {figures.data ? (
              <WhenVisible fallback={<Skeleton h={Math.max(300, series.length * 28 + 40)} radius="md" />}>
                <TotalsBarChart data={figures.data} series={series} valueLabel={t('dashboard.totals.value')} />
              </WhenVisible>
            ) : (
              chartFallback
            )}
          </Paper>
        </SimpleGrid>
      )}
    </Stack>
  )
}
