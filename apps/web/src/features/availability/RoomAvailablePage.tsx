import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core'
import { IconCalendarEvent } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { useSourceOptions } from '../../components/resource/fields/options'
import { useDocumentTitle } from '../../lib/use-document-title'

const hotels = { resource: 'hotels', labelKey: 'name', params: { is_active: undefined, sort_by: 'name', order_by: 'asc' } }
const roomsOf = (hotelId: string) => ({
  resource: 'rooms',
  labelKey: 'name',
  params: { hotel_id: hotelId, is_active: undefined, sort_by: 'name', order_by: 'asc' },
})

/**
 * `/app/room_available` (checklist D-10, content not shown by the spec): the way into a room's calendar
 * when you start from the hotel, not the room list. Pick a hotel, then one of its rooms, and open its
 * month calendar (`/app/rooms/{id}/availability`). The choice is in the URL (`?hotel=&room=`), so the page
 * can be reloaded or shared. Same permission as the calendar (room_update).
 */
export default function RoomAvailablePage() {
  const { t } = useTranslation()
  const title = t('availability.room_available.title')
  useDocumentTitle(title)
  const [params, setParams] = useSearchParams()
  const hotel = params.get('hotel')
  const room = params.get('room')
  const hotelRows = useSourceOptions(hotels).data ?? []
  const roomRows = useSourceOptions(hotel ? roomsOf(hotel) : undefined).data ?? []
  const choose = (next: { hotel?: string | null; room?: string | null }) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(next)) {
          if (v) p.set(k, v)
          else p.delete(k)
        }
        return p
      },
      { replace: true },
    )
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
        {title}
      </Title>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('availability.room_available.hint')}
          </Text>
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label={t('availability.room_available.hotel')}
              placeholder={t('availability.room_available.hotel_placeholder')}
              searchable
              data={hotelRows.map((r) => ({ value: String(r.id), label: String(r.name) }))}
              value={hotel}
              onChange={(v) => choose({ hotel: v, room: null })}
              miw={220}
            />
            <Select
              label={t('availability.room_available.room')}
              placeholder={t('availability.room_available.room_placeholder')}
              searchable
              disabled={!hotel}
              data={roomRows.map((r) => ({ value: String(r.id), label: r.code ? `${r.name} (${r.code})` : String(r.name) }))}
              value={room}
              onChange={(v) => choose({ room: v })}
              nothingFoundMessage={t('availability.room_available.no_rooms')}
              miw={220}
            />
          </Group>
          <Group justify="flex-end">
            <Button
              component={Link}
              to={room ? `/app/rooms/${room}/availability` : '#'}
              leftSection={<IconCalendarEvent size={16} />}
              disabled={!room}
              data-disabled={!room || undefined}
              onClick={(e: React.MouseEvent) => {
                if (!room) e.preventDefault()
              }}
            >
              {t('availability.room_available.open')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  )
}
