import { memo, useDeferredValue, useMemo } from 'react'
import { Anchor, Badge, Group, Paper, Progress, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import { hijriShort, type DashboardDepartures } from '@app/shared'
import { formatDate, formatMoney } from '../../lib/format'
import { fetchDashboardDepartures } from './api'

export const dashboardDeparturesKey = ['dashboard', 'departures'] as const

const STATUS_COLOR: Record<string, string> = { open: 'green', closed: 'orange' }

function Row({ d, currency }: { d: DashboardDepartures['items'][number]; currency: string }) {
  const { t, i18n } = useTranslation()
  const hijri = hijriShort(d.departure_date, i18n.language === 'id' ? 'id' : 'en')
  const sold = d.seats > 0 ? Math.min(100, Math.round((d.sold / d.seats) * 100)) : 0
  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap" data-testid="next-departure" py={6}>
      <Stack gap={0} style={{ minWidth: 0, flex: '1 1 220px' }}>
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={`/app/departures/${d.id}`} fw={600} size="sm">
            {d.code}
          </Anchor>
          <Badge size="xs" variant="light" color={STATUS_COLOR[d.status] ?? 'gray'}>
            {t(`resources.departures.statuses.${d.status}`)}
          </Badge>
        </Group>
        <Text size="sm" lineClamp={1}>
          {d.name}
        </Text>
        <Text size="xs" c="dimmed" data-testid="next-departure-date">
          {formatDate(d.departure_date)}
          {hijri ? ` · ${hijri}` : ''}
        </Text>
      </Stack>
      <Stack gap={4} style={{ flex: '0 1 200px' }}>
        <Text size="sm" ta="right" data-testid="next-departure-seats">
          {t('resources.departures.seats_sold_left', { sold: d.sold, left: d.left })}
        </Text>
        <Progress value={sold} color={d.left === 0 ? 'red' : 'teal'} aria-label={d.code} />
        {d.due !== null && (
          <Text size="sm" ta="right" fw={600} c={d.due > 0 ? 'red.8' : undefined} data-testid="next-departure-due">
            {t('dashboard.next_departures.due', { amount: formatMoney(d.due, currency) })}
          </Text>
        )}
      </Stack>
    </Group>
  )
}

/**
 * The next departures on sale or closed (issue 29, `GET /dashboard/departures`): each with its date beside
 * the Hijri one, seats sold and left, and the money still due for whoever sees revenue.
 */
function NextDepartures() {
  const { t } = useTranslation()
  // Drawn in a background render when the answer comes, not in the store update's one task (BusinessSection).
  const q = useDeferredValue(useQuery({ queryKey: dashboardDeparturesKey, queryFn: fetchDashboardDepartures, staleTime: 60_000 }))
  return useMemo(() => drawDepartures(q, t), [q, t])
}

export default memo(NextDepartures)

function drawDepartures(q: ReturnType<typeof useQuery<DashboardDepartures>>, t: TFunction) {
  return (
    <Paper withBorder radius="md" p="md" shadow="xs" data-testid="next-departures">
      <Text fw={600}>{t('dashboard.next_departures.title')}</Text>
      <Text size="sm" c="dimmed" mb="sm">
        {t('dashboard.next_departures.subtitle')}
      </Text>
      {q.isError ? (
        <Text c="red.8">{t('alert.load_failed')}</Text>
      ) : !q.data ? (
        <Skeleton h={160} radius="md" />
      ) : q.data.items.length ? (
        <Stack gap={0} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          {q.data.items.map((d) => (
            <div key={d.id} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
              <Row d={d} currency={q.data.currency} />
            </div>
          ))}
        </Stack>
      ) : (
        <Text c="dimmed">{t('dashboard.next_departures.none')}</Text>
      )}
    </Paper>
  )
}
