import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core'
import { IconAlertTriangle, IconBuilding, IconPencil, IconTrain } from '@tabler/icons-react'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { DEPARTURE_TRANSITIONS, itineraryOf, type DepartureDetail, type DepartureStatus } from '@app/shared'
import { useInvalidateResource, useResourceDetail } from '../../components/resource'
import { NotFound } from '../../components/NotFound'
import { api } from '../../lib/api-client'
import { formatMoney } from '../../lib/format'
import { notifyError, notifySuccess } from '../../lib/notify'
import { useCan } from '../../lib/permissions'
import { useDocumentTitle } from '../../lib/use-document-title'
import departures, { DEPARTURE_STATUS_COLORS, withHijri } from './departures.resource'
import { DepartureFactsSection, ManifestButtons } from './DepartureFacts'

const RoomingSection = lazy(() => import('./rooming/RoomingSection'))

/** The button of each move a departure's status may make (DEPARTURE_TRANSITIONS). */
const MOVE_COLORS: Record<string, string> = {
  open: 'green',
  closed: 'orange',
  departed: 'blue',
  completed: 'teal',
  cancelled: 'red',
}

/**
 * /app/departures/:id (issue 29): the departure with its dates in both calendars, seats sold and left,
 * prices, flights, the itinerary as a timeline (Madinah nights, the train, Makkah nights) and warnings where
 * it does not hold together, and its status moves (opening holds the allotment; cancelling gives it back).
 */
export default function DeparturePage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const detail = useResourceDetail(departures, Number(id), true)
  const invalidate = useInvalidateResource('departures')
  const canUpdate = useCan('departure_update')
  const [busy, setBusy] = useState<string | null>(null)
  const d = detail.data as unknown as DepartureDetail | undefined
  useDocumentTitle(d ? `${d.code} · ${d.name}` : t('resources.departures.title'))
  if (detail.isError) return <NotFound home="/app/departures" fullScreen={false} />
  if (!d) return null

  const { steps, warnings } = itineraryOf({
    departure_date: d.departure_date,
    return_date: d.return_date,
    stays: d.stays.map((s) => ({ ...s, hotel: s.hotel?.name ?? String(s.hotel_id) })),
    trains: d.trains.map((tr) => ({ route: tr.route?.name ?? String(tr.route_id), date: tr.date })),
  })

  const move = async (status: DepartureStatus) => {
    setBusy(status)
    const res = await api.put<{ data: DepartureDetail }>(`/departures/${d.id}`, { ...d, status })
    setBusy(null)
    if (res.ok) {
      notifySuccess(
        t('notify.updated_title'),
        t('resources.departures.moved', { code: d.code, status: t(`resources.departures.statuses.${status}`) }),
      )
      await invalidate()
      return
    }
    const days = Object.entries(res.error.errors)
      .map(([k, v]) => `${k}: ${v.join(', ')}`)
      .join('; ')
    notifyError(t('resources.departures.move_failed'), days ? `${res.error.message} (${days})` : res.error.message)
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Anchor component={Link} to="/app/departures" size="sm">
            ← {t('resources.departures.title')}
          </Anchor>
          <Group gap="sm">
            <Title order={2}>
              {d.code} · {d.name}
            </Title>
            <Badge color={DEPARTURE_STATUS_COLORS[d.status]} variant="light" data-testid="departure-status">
              {t(`resources.departures.statuses.${d.status}`)}
            </Badge>
          </Group>
        </Stack>
        <Group gap="xs">
          <ManifestButtons id={d.id} />
          {canUpdate && (
            <>
              {DEPARTURE_TRANSITIONS[d.status].map((to) => (
                <Button key={to} color={MOVE_COLORS[to]} loading={busy === to} disabled={!!busy} onClick={() => void move(to)}>
                  {t(`resources.departures.moves.${to}`)}
                </Button>
              ))}
              <Button
                component={Link}
                to={`/app/departures/edit/${d.id}`}
                variant="default"
                leftSection={<IconPencil size={16} />}
              >
                {t('actions.edit')}
              </Button>
            </>
          )}
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Card withBorder>
          <Text size="xs" c="dimmed">
            {t('resources.departures.fields.departure_date')}
          </Text>
          <Text data-testid="departure-date">{withHijri(d.departure_date)}</Text>
          <Text size="xs" c="dimmed" mt="xs">
            {t('resources.departures.fields.return_date')}
          </Text>
          <Text>{withHijri(d.return_date)}</Text>
          <Text size="sm" mt="xs">
            {t('resources.departures.program', { days: d.program_days })}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="xs" c="dimmed">
            {t('resources.departures.fields.seats')}
          </Text>
          <Text size="xl" fw={600} data-testid="departure-seats">
            {t('resources.departures.seats_sold_left', { sold: d.seats_sold, left: d.seats_left })}
          </Text>
          <Text size="sm">{t('resources.departures.seats_quota', { seats: d.seats })}</Text>
        </Card>
        <Card withBorder>
          <Text size="xs" c="dimmed">
            {t('resources.departures.sections.prices')}
          </Text>
          {d.prices.length ? (
            d.prices.map((p) => (
              <Group key={p.id} justify="space-between">
                <Text size="sm">{t(`resources.departures.room_types.${p.room_type}`)}</Text>
                <Text size="sm" fw={500}>
                  {formatMoney(p.price, p.currency)}
                </Text>
              </Group>
            ))
          ) : (
            <Text size="sm">-</Text>
          )}
        </Card>
      </SimpleGrid>

      <DepartureFactsSection id={d.id} />

      {(d.outbound_flight || d.return_flight) && (
        <Card withBorder>
          <Table>
            <Table.Tbody>
              {(['outbound_flight', 'return_flight'] as const).map((leg) => {
                const f = d[leg]
                if (!f) return null
                return (
                  <Table.Tr key={leg}>
                    <Table.Td fw={500}>{t(`resources.departures.fields.${leg}`)}</Table.Td>
                    <Table.Td>{[f.airline, f.flight_number].filter(Boolean).join(' ')}</Table.Td>
                    <Table.Td>{[f.from, f.to].filter(Boolean).join(' → ')}</Table.Td>
                    <Table.Td>{f.time ?? ''}</Table.Td>
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
        </Card>
      )}

      <Card withBorder>
        <Title order={4} mb="sm">
          {t('resources.departures.itinerary')}
        </Title>
        {warnings.map((w, i) => (
          <Alert key={i} color="orange" icon={<IconAlertTriangle size={16} />} mb="sm" data-testid="itinerary-warning">
            {t(w.key, {
              ...w.params,
              ...('date' in w.params ? { date: withHijri(w.params.date) } : {}),
              ...('from' in w.params ? { from: withHijri(w.params.from), to: withHijri(w.params.to) } : {}),
            })}
          </Alert>
        ))}
        {steps.length ? (
          <Timeline bulletSize={26} lineWidth={2} data-testid="itinerary">
            {steps.map((s, i) =>
              s.kind === 'stay' ? (
                <Timeline.Item key={i} bullet={<IconBuilding size={14} />} title={s.hotel}>
                  <Text size="sm">{t('resources.departures.nights', { count: s.nights })}</Text>
                  <Text size="xs" c="dimmed">
                    {withHijri(s.check_in)} → {withHijri(s.check_out)}
                  </Text>
                </Timeline.Item>
              ) : (
                <Timeline.Item key={i} bullet={<IconTrain size={14} />} title={s.route}>
                  <Text size="xs" c="dimmed">
                    {withHijri(s.date)}
                  </Text>
                </Timeline.Item>
              ),
            )}
          </Timeline>
        ) : (
          <Text size="sm">{t('resources.departures.no_itinerary')}</Text>
        )}
      </Card>

      <Suspense fallback={null}>
        <RoomingSection departureId={d.id} />
      </Suspense>

      {d.notes && (
        <Card withBorder>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {d.notes}
          </Text>
        </Card>
      )}
    </Stack>
  )
}
