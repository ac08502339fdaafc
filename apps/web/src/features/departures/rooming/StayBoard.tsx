import { useState } from 'react'
import { Alert, Card, Grid, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { RoomingPilgrim, RoomingStay } from '@app/shared'
import { dropZone, PilgrimLine, type Place } from './PilgrimLine'
import { RoomCard } from './RoomCard'
import { errorsByRoom, familyTags, movePilgrim, removeRoom, renameRoom, type Draft, type Target } from './rooming-logic'

/**
 * One stay's board: the pilgrims not yet in a room (a drop zone too) beside the rooms as cards. A pilgrim
 * moves by drag and drop or by its "Move to" menu; every change goes to the draft the section saves.
 */
export function StayBoard({
  stay,
  draft,
  people,
  errors,
  editable,
  onChange,
}: {
  stay: RoomingStay
  draft: Draft
  people: RoomingPilgrim[]
  errors: Record<string, string[]>
  editable: boolean
  onChange: (draft: Draft) => void
}) {
  const { t } = useTranslation()
  const [over, setOver] = useState(false)
  const byId = new Map(people.map((p) => [p.id, p]))
  const families = familyTags(people)
  const { list, rooms: roomErrors } = errorsByRoom(errors)
  const move = (id: number, to: Target) => onChange(movePilgrim(draft, id, to))
  const places: Place[] = [
    { target: 'unassigned', label: t('resources.departures.rooming.unassigned') },
    ...draft.rooms.map((r, i) => ({
      target: i,
      label: t('resources.departures.rooming.move_option', { label: r.label, n: r.pilgrim_ids.length, beds: stay.beds }),
    })),
  ]

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        <Card
          withBorder
          padding="sm"
          data-testid="rooming-unassigned"
          style={{
            borderColor: over ? 'var(--mantine-color-blue-5)' : undefined,
            background: over ? 'var(--mantine-color-blue-light)' : undefined,
          }}
          {...(editable ? dropZone((id) => move(id, 'unassigned'), setOver) : {})}
        >
          <Title order={5} mb={6}>
            {t('resources.departures.rooming.unassigned')} ({draft.unassigned.length})
          </Title>
          <Stack gap={2}>
            {draft.unassigned.map((id) => {
              const p = byId.get(id)
              if (!p) return null
              return (
                <PilgrimLine
                  key={id}
                  pilgrim={p}
                  family={families.get(p.family)}
                  places={places}
                  here="unassigned"
                  editable={editable}
                  onMove={(to) => move(id, to)}
                />
              )
            })}
            {!draft.unassigned.length && (
              <Text size="sm" c="dimmed">
                {/* Nobody booked in the stay's room type yet is not "everyone has a room". */}
                {draft.rooms.some((r) => r.pilgrim_ids.length)
                  ? t('resources.departures.rooming.all_assigned')
                  : t('resources.departures.rooming.none_booked')}
              </Text>
            )}
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        {list.map((m, i) => (
          <Alert key={i} color="red" mb="sm" data-testid="rooming-list-error">
            {m}
          </Alert>
        ))}
        {draft.rooms.length ? (
          <SimpleGrid cols={{ base: 1, xs: 2, xl: 3 }} spacing="sm">
            {draft.rooms.map((room, i) => (
              <RoomCard
                key={i}
                index={i}
                room={room}
                type={stay.room_type}
                beds={stay.beds}
                people={byId}
                families={families}
                places={places}
                serverErrors={roomErrors.get(i)}
                editable={editable}
                onMove={move}
                onRename={(label) => onChange(renameRoom(draft, i, label))}
                onRemove={() => onChange(removeRoom(draft, i))}
              />
            ))}
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            {t('resources.departures.rooming.no_rooms')}
          </Text>
        )}
      </Grid.Col>
    </Grid>
  )
}
