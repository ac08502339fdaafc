import { useState } from 'react'
import { Badge, Button, Card, Group, Menu, Select, Stack, Text, Title } from '@mantine/core'
import { IconChevronDown, IconDeviceFloppy, IconDownload, IconPlus, IconWand } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { Rooming, RoomingRoom } from '@app/shared'
import { api, saveFile, unwrap } from '../../../lib/api-client'
import { formatDate } from '../../../lib/format'
import { notifyError, notifySuccess } from '../../../lib/notify'
import { useCan } from '../../../lib/permissions'
import { queryKeys } from '../../../lib/query-keys'
import { StayBoard } from './StayBoard'
import { addRoom, type Draft } from './rooming-logic'

const keyOf = (id: number) => [...queryKeys('departures').detail(id), 'rooming'] as const

/**
 * The departure page's rooming list (issue 29): per hotel stay, the rooms and who sleeps in them.
 * Auto-assign asks the server for a proposal (families together, then by gender, then by booking order)
 * without saving it; the clerk moves pilgrims by hand, then saves the stay's whole list (a refusal is
 * shown on its room). Each hotel's list downloads as XLSX or PDF (the saved list).
 */
export default function RoomingSection({ departureId }: { departureId: number }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const canEdit = useCan('departure_update')
  const query = useQuery({
    queryKey: keyOf(departureId),
    queryFn: ({ signal }) =>
      unwrap(api.get<{ data: Rooming }>(`/departures/${departureId}/rooming`, undefined, signal)).then((r) => r.data),
    // The pilgrims to place are booked at another desk: read afresh each time the page opens.
    staleTime: 0,
  })
  const [picked, setPicked] = useState<string | null>(null)
  const [drafts, setDrafts] = useState<Record<number, Draft>>({})
  // The stay's version each draft started from: what its save sends, so a list saved meanwhile is not lost.
  const [based, setBased] = useState<Record<number, number>>({})
  const [errors, setErrors] = useState<Record<number, Record<string, string[]>>>({})
  const [busy, setBusy] = useState<string | null>(null)
  const data = query.data
  if (!data) return null

  const stay = data.stays.find((s) => String(s.id) === picked) ?? data.stays[0]
  const title = (
    <Title order={4} id="rooming">
      {t('resources.departures.rooming.title')}
    </Title>
  )
  if (!stay)
    return (
      <Card withBorder>
        {title}
        <Text size="sm" mt="xs">
          {t('resources.departures.rooming.no_stays')}
        </Text>
      </Card>
    )
  const saved: Draft = { rooms: stay.rooms, unassigned: stay.unassigned }
  const draft = drafts[stay.id] ?? saved
  const dirty = !!drafts[stay.id]
  const setDraft = (d: Draft | undefined, from = stay.version) => {
    setDrafts((all) => {
      const next = { ...all }
      if (d) next[stay.id] = d
      else delete next[stay.id]
      return next
    })
    setBased((all) => {
      const next = { ...all }
      if (d) next[stay.id] = all[stay.id] ?? from
      else delete next[stay.id]
      return next
    })
  }
  const base = `/departures/${departureId}/rooming`

  const auto = async () => {
    setBusy('auto')
    const res = await api.post<{ data: { rooms: RoomingRoom[]; unassigned: number[] } }>(`${base}/auto?stay_id=${stay.id}`)
    setBusy(null)
    if (!res.ok) return notifyError(t('resources.departures.rooming.auto_failed'), res.error.message)
    setDraft(res.data.data)
    setErrors((e) => ({ ...e, [stay.id]: {} }))
    notifySuccess(
      t('resources.departures.rooming.auto_done'),
      t('resources.departures.rooming.auto_summary', {
        rooms: res.data.data.rooms.length,
        left: res.data.data.unassigned.length,
      }),
    )
  }
  const save = async () => {
    setBusy('save')
    const res = await api.put<{ data: Rooming }>(base, {
      stay_id: stay.id,
      rooms: draft.rooms,
      version: based[stay.id] ?? stay.version,
    })
    setBusy(null)
    if (!res.ok && res.error.conflict) {
      // Someone saved this stay's list after it was read: theirs is now the saved list, this draft stays on
      // screen and now starts from theirs, so Save again replaces it knowingly and Discard shows it.
      const now = res.error.conflict.current as Rooming
      const theirs = now.stays.find((s) => s.id === stay.id)
      client.setQueryData(keyOf(departureId), now)
      if (theirs) setBased((all) => ({ ...all, [stay.id]: theirs.version }))
      // The rooms' earlier refusals were of an attempt before this one.
      setErrors((e) => ({ ...e, [stay.id]: {} }))
      const name = res.error.conflict.changedBy?.user_name
      return notifyError(
        t('resources.departures.rooming.save_failed'),
        name ? t('resources.departures.rooming.conflict', { name }) : t('resources.departures.rooming.conflict_unknown'),
      )
    }
    if (!res.ok) {
      setErrors((e) => ({ ...e, [stay.id]: res.error.errors }))
      const first = Object.values(res.error.errors).flat()
      return notifyError(
        t('resources.departures.rooming.save_failed'),
        first.length ? first.slice(0, 3).join(' · ') : res.error.message,
      )
    }
    client.setQueryData(keyOf(departureId), res.data.data)
    setDraft(undefined)
    setErrors((e) => ({ ...e, [stay.id]: {} }))
    notifySuccess(t('resources.departures.rooming.saved'))
  }
  const download = async (format: 'xlsx' | 'pdf') => {
    setBusy(format)
    const res = await api.download(`${base}/export`, { stay_id: stay.id, format }, `rooming_${data.departure.code}.${format}`)
    setBusy(null)
    if (res.ok) saveFile(res.data)
    else notifyError(t('notify.export_failed_title'), res.error.message)
  }
  const stayLabel = (s: (typeof data.stays)[number]) =>
    `${s.hotel.name} · ${t(`resources.departures.room_types.${s.room_type}`)} · ${formatDate(s.check_in)} → ${formatDate(s.check_out)}`

  return (
    <Card withBorder data-testid="rooming">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          {/* Wide enough for the stay's hotel, room type and dates; the buttons wrap below when they do not fit beside it. */}
          <Stack gap={4} style={{ flex: '1 1 560px', minWidth: 0 }}>
            {title}
            <Select
              label={t('resources.departures.rooming.stay')}
              data={data.stays.map((s) => ({ value: String(s.id), label: stayLabel(s) }))}
              value={String(stay.id)}
              onChange={setPicked}
              allowDeselect={false}
              maw={640}
            />
          </Stack>
          <Group gap="xs">
            {dirty && (
              <Badge color="orange" variant="light" data-testid="rooming-unsaved">
                {t('resources.departures.rooming.unsaved')}
              </Badge>
            )}
            {canEdit && (
              <>
                <Button
                  variant="light"
                  leftSection={<IconWand size={16} />}
                  loading={busy === 'auto'}
                  onClick={() => void auto()}
                >
                  {t('resources.departures.rooming.auto')}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconPlus size={16} />}
                  disabled={draft.rooms.length >= stay.room_count}
                  onClick={() => setDraft(addRoom(draft))}
                >
                  {t('resources.departures.rooming.add_room')}
                </Button>
                {dirty && (
                  <Button variant="subtle" onClick={() => (setDraft(undefined), setErrors((e) => ({ ...e, [stay.id]: {} })))}>
                    {t('resources.departures.rooming.discard')}
                  </Button>
                )}
                <Button
                  leftSection={<IconDeviceFloppy size={16} />}
                  disabled={!dirty}
                  loading={busy === 'save'}
                  onClick={() => void save()}
                >
                  {t('resources.departures.rooming.save')}
                </Button>
              </>
            )}
            <Menu position="bottom-end" withinPortal shadow="md">
              <Menu.Target>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  rightSection={<IconChevronDown size={14} />}
                  loading={busy === 'xlsx' || busy === 'pdf'}
                >
                  {t('resources.departures.rooming.export')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => void download('xlsx')}>{t('resources.departures.rooming.export_xlsx')}</Menu.Item>
                <Menu.Item onClick={() => void download('pdf')}>{t('resources.departures.rooming.export_pdf')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {t('resources.departures.rooming.hint', { rooms: stay.room_count, beds: stay.beds })}
        </Text>
        <StayBoard
          stay={stay}
          draft={draft}
          people={data.pilgrims}
          errors={errors[stay.id] ?? {}}
          editable={canEdit}
          onChange={setDraft}
        />
      </Stack>
    </Card>
  )
}
