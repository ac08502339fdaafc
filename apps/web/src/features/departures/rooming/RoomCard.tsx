import { useState } from 'react'
import { ActionIcon, Badge, Card, Group, Stack, Text, TextInput } from '@mantine/core'
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { ROOMING_LABEL_MAX, type RoomingPilgrim, type RoomingRoom, type RoomType } from '@app/shared'
import { dropZone, PilgrimLine, type Place } from './PilgrimLine'
import { roomWarnings, type Target } from './rooming-logic'

/**
 * One room of the draft: its number (editable), type and how full it is, its occupants, the rules it
 * breaks now (from the shared rules, orange) and the server's refusal of the last save (red).
 */
export function RoomCard({
  index,
  room,
  type,
  beds,
  people,
  families,
  places,
  serverErrors,
  editable,
  onMove,
  onRename,
  onRemove,
}: {
  index: number
  room: RoomingRoom
  type: RoomType
  beds: number
  people: Map<number, RoomingPilgrim>
  families: Map<number, { n: number; size: number }>
  places: Place[]
  serverErrors: string[] | undefined
  editable: boolean
  onMove: (id: number, to: Target) => void
  onRename: (label: string) => void
  onRemove: () => void
}) {
  const { t } = useTranslation()
  const [over, setOver] = useState(false)
  const warnings = roomWarnings(type, room.pilgrim_ids, people)
  const full = room.pilgrim_ids.length
  const bad = !!serverErrors?.length
  return (
    <Card
      withBorder
      padding="sm"
      data-testid="rooming-room"
      data-room={room.label}
      aria-label={t('resources.departures.rooming.room_name', { label: room.label })}
      style={{
        borderColor: bad ? 'var(--mantine-color-red-6)' : over ? 'var(--mantine-color-blue-5)' : undefined,
        background: over ? 'var(--mantine-color-blue-light)' : undefined,
      }}
      {...(editable ? dropZone((id) => onMove(id, index), setOver) : {})}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={6}>
        {editable ? (
          <TextInput
            size="xs"
            w={110}
            maxLength={ROOMING_LABEL_MAX}
            value={room.label}
            onChange={(e) => onRename(e.currentTarget.value)}
            aria-label={t('resources.departures.rooming.room_label')}
            leftSection={<Text size="xs">#</Text>}
          />
        ) : (
          <Text fw={600}>#{room.label}</Text>
        )}
        <Group gap={4} wrap="nowrap">
          <Badge variant="light" color={full > beds ? 'red' : full === beds ? 'green' : 'gray'} data-testid="rooming-fill">
            {t('resources.departures.rooming.fill', { n: full, beds })}
          </Badge>
          {editable && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              onClick={onRemove}
              aria-label={t('resources.departures.rooming.remove_room', { label: room.label })}
            >
              <IconTrash size={14} />
            </ActionIcon>
          )}
        </Group>
      </Group>
      <Stack gap={2} mih={30}>
        {room.pilgrim_ids.map((id) => {
          const p = people.get(id)
          if (!p) return null
          return (
            <PilgrimLine
              key={id}
              pilgrim={p}
              family={families.get(p.family)}
              places={places}
              here={index}
              editable={editable}
              onMove={(to) => onMove(id, to)}
            />
          )
        })}
        {!full && (
          <Text size="xs" c="dimmed" ta="center" py={4}>
            {t('resources.departures.rooming.drop_here')}
          </Text>
        )}
      </Stack>
      {warnings.map((w, i) => (
        <Text key={i} size="xs" c="orange.9" mt={4}>
          <IconAlertTriangle size={12} style={{ verticalAlign: 'middle' }} />{' '}
          {t(`resources.departures.rooming.rules.${w.key.replace('rooming.', '')}`, {
            ...w.params,
            type: t(`resources.departures.room_types.${type}`),
          })}
        </Text>
      ))}
      {serverErrors?.map((m, i) => (
        <Text key={`s${i}`} size="xs" c="red.8" mt={4} data-testid="rooming-room-error">
          {m}
        </Text>
      ))}
    </Card>
  )
}
