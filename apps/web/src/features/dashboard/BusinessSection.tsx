import { lazy, memo, useDeferredValue, useMemo, type ReactNode } from 'react'
import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { WhenVisible } from '../../components/WhenVisible'
import { DESK_ENTITY, ORDER_DESKS, type DashboardOrders } from '@app/shared'
import { formatDate, formatMoney } from '../../lib/format'
import { can, type Me } from '../../lib/permissions'
import { fetchDashboardOrders } from './api'
import { occupancyText } from './series'
import { OwnerCards, useOrderCounters } from './OwnerCards'

// recharts stays in the charts chunk, loaded when a chart's place nears the screen (on a phone: after a scroll).
const BookingsChart = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.BookingsChart })))
const RevenueChart = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.RevenueChart })))
const OccupancyChart = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.OccupancyChart })))

export const dashboardOrdersKey = ['dashboard', 'orders'] as const

/** Whether the user reads any order desk (`order_*_list` or `_view`): the business section is theirs. */
export function readsOrders(me: Pick<Me, 'permissions'> | undefined): boolean {
  return ORDER_DESKS.some((d) => can(me, `${DESK_ENTITY[d]}_list`) || can(me, `${DESK_ENTITY[d]}_view`))
}

const STATUS_COLOR: Record<string, string> = { pending: 'yellow', confirmed: 'blue', paid: 'teal', completed: 'gray' }

function Card({ testId, title, subtitle, children }: { testId: string; title: string; subtitle: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" shadow="xs" data-testid={testId}>
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed" mb="md">
        {subtitle}
      </Text>
      {children}
    </Paper>
  )
}

/**
 * The business of the desks the user reads (issue 11, `GET /dashboard/orders`):
 * bookings and revenue per month, room occupancy of the next 30 days,
 * arrivals this week. Shown only with an order desk's read permission.
 */
function BusinessSection({ monthLabel }: { monthLabel: (m: string) => string }) {
  const { t, i18n } = useTranslation()
  // The answers arrive in a store update, which React draws at once, in one task; deferred, the section is drawn
  // again in a background render React slices (issue 33, "Phone"), and the memo keeps the urgent render empty.
  const figures = useDeferredValue(useQuery({ queryKey: dashboardOrdersKey, queryFn: fetchDashboardOrders, staleTime: 60_000 }))
  // Asked together with the figures, so that both are in when the section draws.
  const { listed, counters: liveCounters } = useOrderCounters()
  const counters = useDeferredValue(liveCounters)
  const language = i18n.language
  return useMemo(
    () => drawBusiness({ figures, counters, listed, monthLabel, t, language }),
    [figures, counters, listed, monthLabel, t, language],
  )
}

export default memo(BusinessSection)

function drawBusiness({
  figures,
  counters,
  listed,
  monthLabel,
  t,
  language,
}: {
  figures: ReturnType<typeof useQuery<DashboardOrders>>
  counters: ReturnType<typeof useOrderCounters>['counters']
  listed: ReturnType<typeof useOrderCounters>['listed']
  monthLabel: (m: string) => string
  t: TFunction
  language: string
}) {
  const fallback = <Skeleton h={260} radius="md" />
  if (figures.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('alert.title')}>
        {t('alert.load_failed')}
      </Alert>
    )
  const data = figures.data
  // Until the figures (and the counts by status) are in, one block taller than a phone's screen holds their
  // place: what the page shows below it moves only out of sight, never under the reader's eyes (layout shift).
  if (!data || counters.isLoading) return <Skeleton h={720} radius="md" data-testid="business-loading" />
  const months = (data?.months ?? []).map((m, i) => ({
    month: monthLabel(m),
    bookings: data!.bookings[i] ?? 0,
    revenue: data!.revenue?.[i] ?? 0,
  }))
  const occ = data?.occupancy
  const rate = occ ? occupancyText(occ.booked, occ.capacity, language) : '0%'
  const dayLabel = (d: string) => formatDate(d).slice(0, 5)

  return (
    <Stack gap="lg" data-testid="business">
      <OwnerCards data={data} monthLabel={monthLabel} rate={occ ? rate : null} listed={listed} counters={counters} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card
          testId="chart-bookings"
          title={t('dashboard.business.bookings.title')}
          subtitle={t('dashboard.business.bookings.subtitle')}
        >
          {data ? (
            <WhenVisible fallback={fallback}>
              <BookingsChart rows={months} label={t('dashboard.business.bookings.value')} />
            </WhenVisible>
          ) : (
            fallback
          )}
        </Card>
        {data?.revenue !== null && (
          <Card
            testId="chart-revenue"
            title={t('dashboard.business.revenue.title')}
            subtitle={t('dashboard.business.revenue.subtitle')}
          >
            {data ? (
              <WhenVisible fallback={fallback}>
                <RevenueChart rows={months} label={t('dashboard.business.revenue.value')} money={(n) => formatMoney(n)} />
              </WhenVisible>
            ) : (
              fallback
            )}
          </Card>
        )}
      </SimpleGrid>
      {(occ || !data) && (
        <Card
          testId="chart-occupancy"
          title={t('dashboard.business.occupancy.title')}
          subtitle={t('dashboard.business.occupancy.subtitle')}
        >
          {occ ? (
            <Stack gap="xs">
              <Group gap="xs" align="baseline">
                <Text fz={28} fw={700} data-testid="occupancy-rate">
                  {rate}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('dashboard.business.occupancy.summary', { booked: occ.booked, capacity: occ.capacity })}
                </Text>
              </Group>
              <WhenVisible fallback={<Skeleton h={220} radius="md" />}>
                <OccupancyChart
                  rows={occ.days.map((d) => ({
                    day: dayLabel(d.day),
                    percent: d.capacity > 0 ? Math.round((d.booked / d.capacity) * 100) : 0,
                  }))}
                  label={t('dashboard.business.occupancy.value')}
                />
              </WhenVisible>
            </Stack>
          ) : (
            fallback
          )}
        </Card>
      )}
      <Card testId="arrivals" title={t('dashboard.business.arrivals.title')} subtitle={t('dashboard.business.arrivals.subtitle')}>
        {data ? <Arrivals arrivals={data.arrivals} /> : fallback}
      </Card>
    </Stack>
  )
}

function Arrivals({ arrivals }: { arrivals: DashboardOrders['arrivals'] }) {
  const { t } = useTranslation()
  if (!arrivals.items.length) return <Text c="dimmed">{t('dashboard.business.arrivals.none')}</Text>
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('dashboard.business.arrivals.date')}</Table.Th>
              <Table.Th>{t('dashboard.business.arrivals.code')}</Table.Th>
              <Table.Th>{t('dashboard.business.arrivals.customer')}</Table.Th>
              <Table.Th>{t('dashboard.business.arrivals.item')}</Table.Th>
              <Table.Th>{t('dashboard.business.arrivals.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {arrivals.items.map((a, i) => (
              <Table.Tr key={`${a.order_id}-${i}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(a.start_date)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{a.code}</Table.Td>
                <Table.Td>{a.customer_name}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Badge variant="light" size="sm">
                      {t(`dashboard.business.kind.${a.kind}`)}
                    </Badge>
                    <Text size="sm" lineClamp={1}>
                      {a.item_name}
                      {a.quantity > 1 ? ` ×${a.quantity}` : ''}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[a.status] ?? 'gray'} variant="light" size="sm">
                    {t(`dashboard.business.status.${a.status}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {arrivals.total > arrivals.items.length && (
        <Text size="sm" c="dimmed">
          {t('dashboard.business.arrivals.more', { shown: arrivals.items.length, total: arrivals.total })}
        </Text>
      )}
    </Stack>
  )
}
