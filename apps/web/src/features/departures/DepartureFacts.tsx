import { useState } from 'react'
import { Anchor, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { MANIFEST_FORMATS, type DepartureFacts, type DeparturePilgrimProblems, type ManifestFormat } from '@app/shared'
import { api, saveFile, unwrap } from '../../lib/api-client'
import { formatDate, formatMoney } from '../../lib/format'
import { notifyError } from '../../lib/notify'

/**
 * What the departure's page reads beside its record (issue 29, `GET /departures/{id}/facts`): seats sold
 * and left per room type, the balance still due, the booked pilgrims whose papers are not ready, and the
 * manifest to download as XLSX or CSV.
 */

/** Under the resource's key, so every write that refreshes the departure refreshes its facts. */
export const departureFactsKey = (id: number) => ['departures', 'facts', id] as const

export function useDepartureFacts(id: number) {
  return useQuery({
    queryKey: departureFactsKey(id),
    queryFn: () => unwrap(api.get<{ data: DepartureFacts }>(`/departures/${id}/facts`)).then((r) => r.data),
    // Pilgrims are booked at another desk: the page reads its seats and documents afresh each time it opens.
    staleTime: 0,
  })
}

const BORDER = '1px solid var(--mantine-color-default-border)'
const percent = (sold: number, seats: number) => (seats > 0 ? Math.min(100, Math.round((sold / seats) * 100)) : 0)

/** One bar per room type: sold of its seats, and what is left. */
export function SeatsCard({ facts }: { facts: DepartureFacts }) {
  const { t } = useTranslation()
  return (
    <Card withBorder data-testid="departure-room-seats">
      <Title order={4} mb="sm">
        {t('resources.departures.facts.seats_title')}
      </Title>
      <Stack gap="sm">
        {facts.room_types.map((r) => (
          <div key={r.room_type} data-testid={`seats-${r.room_type}`}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={500}>
                {t(`resources.departures.room_types.${r.room_type}`)}
              </Text>
              <Text size="sm">{t('resources.departures.seats_sold_left', { sold: r.sold, left: r.left })}</Text>
            </Group>
            <Progress
              value={percent(r.sold, r.seats)}
              color={r.left === 0 ? 'red' : 'teal'}
              aria-label={t(`resources.departures.room_types.${r.room_type}`)}
              mt={4}
            />
          </div>
        ))}
        {!facts.room_types.length && <Text size="sm">{t('resources.departures.facts.no_rooms')}</Text>}
      </Stack>
    </Card>
  )
}

/** The money still due on the orders that book the departure. */
export function BalanceCard({ facts }: { facts: DepartureFacts }) {
  const { t } = useTranslation()
  return (
    <Card withBorder data-testid="departure-balance">
      <Title order={4} mb="sm">
        {t('resources.departures.facts.balance_title')}
      </Title>
      <Text size="xl" fw={700} c={facts.balance.due > 0 ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(facts.balance.due, facts.balance.currency)}
      </Text>
      <Text size="sm" c="dimmed">
        {t('resources.departures.facts.balance_orders', { count: facts.balance.orders, pilgrims: facts.pilgrims })}
      </Text>
    </Card>
  )
}

function ProblemBadges({ pilgrim, validUntil }: { pilgrim: DeparturePilgrimProblems; validUntil: string }) {
  const { t } = useTranslation()
  return (
    <Group gap={4}>
      {pilgrim.problems.map((p, i) => (
        <Badge key={i} variant="light" color={p.problem === 'passport_short' || p.problem === 'rejected' ? 'red' : 'orange'}>
          {t(`resources.departures.facts.problems.${p.problem}`, {
            type: p.type ? t(`resources.pilgrims.document_types.${p.type}`) : '',
            expiry: formatDate(pilgrim.passport_expiry),
            until: formatDate(validUntil),
          })}
        </Badge>
      ))}
    </Group>
  )
}

/** Booked pilgrims whose papers are not ready, each a link to the pilgrim's form, its problems as badges. */
export function DocumentsCard({ facts }: { facts: DepartureFacts }) {
  const { t } = useTranslation()
  return (
    <Card withBorder data-testid="departure-documents">
      <Title order={4}>{t('resources.departures.facts.documents_title')}</Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('resources.departures.facts.documents_subtitle', { until: formatDate(facts.passport_valid_until) })}
      </Text>
      {facts.documents.length ? (
        <Stack gap={0} style={{ borderTop: BORDER }}>
          {facts.documents.map((p) => (
            <Group key={p.id} data-testid="document-problem" gap="xs" py={8} wrap="wrap" style={{ borderBottom: BORDER }}>
              <Anchor
                component={Link}
                to={`/app/pilgrims/edit/${p.id}`}
                size="sm"
                fw={500}
                miw={180}
                style={{ flex: '0 0 auto' }}
              >
                {p.full_name}
              </Anchor>
              <ProblemBadges pilgrim={p} validUntil={facts.passport_valid_until} />
            </Group>
          ))}
        </Stack>
      ) : (
        <Text size="sm">
          {facts.pilgrims ? t('resources.departures.facts.documents_ready') : t('resources.departures.facts.no_pilgrims')}
        </Text>
      )}
    </Card>
  )
}

/** The manifest as XLSX or CSV, in the reader's language. */
export function ManifestButtons({ id }: { id: number }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState<ManifestFormat | null>(null)
  const get = async (format: ManifestFormat) => {
    setBusy(format)
    const res = await api.download(`/departures/${id}/manifest`, { format }, `manifest.${format}`)
    setBusy(null)
    if (res.ok) saveFile(res.data)
    else notifyError(t('notify.export_failed_title'), res.error.message)
  }
  return (
    <Group gap="xs">
      {MANIFEST_FORMATS.map((format) => (
        <Button
          key={format}
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={busy === format}
          disabled={!!busy}
          onClick={() => void get(format)}
        >
          {t(`resources.departures.facts.manifest_${format}`)}
        </Button>
      ))}
    </Group>
  )
}

/** The facts' cards, as the page places them under its head. */
export function DepartureFactsSection({ id }: { id: number }) {
  const facts = useDepartureFacts(id).data
  if (!facts) return null
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <SeatsCard facts={facts} />
        <BalanceCard facts={facts} />
      </SimpleGrid>
      <DocumentsCard facts={facts} />
    </>
  )
}
