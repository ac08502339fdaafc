import { useMemo, type ReactNode } from 'react'
import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { DESK_ENTITY, ORDER_DESKS, ORDER_STATUSES, type DashboardOrders, type OrderDesk } from '@app/shared'
import { formatMoney } from '../../lib/format'
import { can, useMe } from '../../lib/permissions'
import { Link } from 'react-router'
import { fetchOrderCounters } from './api'

/*
 * What an owner acts on (issue 32, item 8), first on the dashboard: money received this month, balances due
 * and overdue, this week's arrivals and departures, occupancy of the next 30 days, and orders by status. Each
 * figure is a link to the list it counts (the desk's list with the same filter); each shows only when the
 * server answered it for this reader (money needs `approval` on a desk: `null` otherwise).
 */

/** The desk list the cards open: the first desk the reader lists. */
const deskPath = (desk: OrderDesk) => `/app/${DESK_ENTITY[desk]}`

function Tile({
  testId,
  to,
  label,
  value,
  note,
  alert,
}: {
  testId: string
  to: string
  label: string
  value: ReactNode
  note?: string
  alert?: boolean
}) {
  return (
    <Paper
      component={Link}
      to={to}
      withBorder
      radius="md"
      p="sm"
      shadow="xs"
      data-testid={testId}
      style={{ textDecoration: 'none', color: 'inherit', display: 'block' }}
    >
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz={22} fw={700} c={alert ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  )
}

/** The desks the reader lists and their orders by status (asked only when there is one). */
export function useOrderCounters() {
  const { data: me } = useMe()
  // Kept while the user is (a memo of the section depends on it).
  const listed = useMemo(() => ORDER_DESKS.filter((d) => can(me, `${DESK_ENTITY[d]}_list`)), [me])
  const counters = useQuery({
    queryKey: ['orders', 'counters', 'dashboard'],
    queryFn: fetchOrderCounters,
    staleTime: 60_000,
    enabled: listed.length > 0,
  })
  return { listed, counters }
}

export function OwnerCards({
  data,
  monthLabel,
  rate,
  listed,
  counters,
}: {
  data: DashboardOrders | undefined
  monthLabel: (m: string) => string
  rate: string | null
  /** From `useOrderCounters` of the section, as it draws them (deferred): one subscription, one drawing. */
  listed: ReturnType<typeof useOrderCounters>['listed']
  counters: ReturnType<typeof useOrderCounters>['counters']
}) {
  const { t } = useTranslation()
  const first = listed[0]
  if (!data) return <Skeleton h={90} radius="md" />
  const list = (query = '') => (first ? `${deskPath(first)}${query}` : '/app')
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        {data.received && (
          <Tile
            testId="card-received"
            to={list()}
            label={t('dashboard.owner.received', { month: monthLabel(data.received.month) })}
            value={formatMoney(data.received.amount)}
            note={t('dashboard.owner.payments', { count: data.received.payments })}
          />
        )}
        {data.balances && (
          <>
            <Tile
              testId="card-due"
              to={list('?balance=due')}
              label={t('dashboard.owner.due')}
              value={formatMoney(data.balances.due.amount)}
              note={t('dashboard.owner.orders', { count: data.balances.due.orders })}
            />
            <Tile
              testId="card-overdue"
              to={list('?balance=overdue')}
              label={t('dashboard.owner.overdue')}
              value={formatMoney(data.balances.overdue.amount)}
              note={t('dashboard.owner.orders', { count: data.balances.overdue.orders })}
              alert={data.balances.overdue.orders > 0}
            />
          </>
        )}
        <Tile
          testId="card-arrivals"
          to={list('?week=arrivals')}
          label={t('dashboard.owner.arrivals')}
          value={data.arrivals.total}
          note={t('dashboard.owner.next_days')}
        />
        <Tile
          testId="card-departures"
          to={list('?week=departures')}
          label={t('dashboard.owner.departures')}
          value={data.departures.total}
          note={t('dashboard.owner.next_days')}
        />
        {data.occupancy && rate !== null && (
          <Tile
            testId="card-occupancy"
            to="/app/room_available"
            label={t('dashboard.owner.occupancy')}
            value={rate}
            note={t('dashboard.business.occupancy.summary', { booked: data.occupancy.booked, capacity: data.occupancy.capacity })}
          />
        )}
      </SimpleGrid>
      {counters.data && (
        <Paper withBorder radius="md" p="sm" shadow="xs" data-testid="card-statuses">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4}>
            {t('dashboard.owner.by_status')}
          </Text>
          <Stack gap={4}>
            {listed.map((desk) => {
              const counts = counters.data[desk]
              if (!counts) return null
              return (
                <Group key={desk} gap="xs" wrap="wrap">
                  <Text size="sm" fw={600} miw={170}>
                    {t(`resources.orders.desks.${desk}`)}
                  </Text>
                  {ORDER_STATUSES.map((st) => (
                    <Anchor key={st} component={Link} to={`${deskPath(desk)}?status=${st}`} size="sm">
                      {t(`orders.status.${st}`)} {counts[st] ?? 0}
                    </Anchor>
                  ))}
                </Group>
              )
            })}
          </Stack>
        </Paper>
      )}
    </Stack>
  )
}
