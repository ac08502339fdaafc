import { ActionIcon, Badge, getDefaultZIndex, Group, Menu, Text } from '@mantine/core'
import { IconArrowsExchange, IconGripVertical, IconUsers } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { RoomingPilgrim } from '@app/shared'
import type { Target } from './rooming-logic'

export const DRAG_TYPE = 'application/x-rooming-pilgrim'

/** A place the move menu offers: a room (index, label, how full) or the unassigned list. */
export interface Place {
  target: Target
  label: string
}

/**
 * One pilgrim in a room or in the unassigned list: dragged with the mouse (native drag and drop), or moved
 * with its "Move to" menu by keyboard or on a phone. Shows gender, the family badge when the pilgrim
 * travels with mahram relatives, and a warning when no booking holds them any more.
 */
export function PilgrimLine({
  pilgrim,
  family,
  places,
  here,
  onMove,
  editable,
}: {
  pilgrim: RoomingPilgrim
  /** The pilgrim's family when it has more than one member here: its number on the page and its size. */
  family: { n: number; size: number } | undefined
  places: Place[]
  here: Target
  onMove: (to: Target) => void
  editable: boolean
}) {
  const { t } = useTranslation()
  const gender = t(`resources.pilgrims.genders.${pilgrim.gender}`)
  return (
    <Group
      gap={6}
      wrap="nowrap"
      draggable={editable}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, String(pilgrim.id))
        e.dataTransfer.setData('text/plain', pilgrim.full_name)
        e.dataTransfer.effectAllowed = 'move'
      }}
      data-testid="rooming-pilgrim"
      data-pilgrim={pilgrim.id}
      style={{ cursor: editable ? 'grab' : undefined, minHeight: 30 }}
    >
      {editable && <IconGripVertical size={14} aria-hidden style={{ flex: 'none', opacity: 0.6 }} />}
      <Badge
        size="sm"
        variant="light"
        color={pilgrim.gender === 'male' ? 'blue' : 'pink'}
        title={gender}
        style={{ flex: 'none', width: 26, paddingInline: 0 }}
      >
        {pilgrim.gender === 'male'
          ? t('resources.departures.rooming.male_short')
          : t('resources.departures.rooming.female_short')}
      </Badge>
      <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate="end" title={pilgrim.full_name}>
        {pilgrim.full_name}
      </Text>
      {family && (
        <Badge
          size="xs"
          variant="outline"
          color="teal"
          leftSection={<IconUsers size={10} />}
          title={t('resources.departures.rooming.family_title', { count: family.size })}
          aria-label={t('resources.departures.rooming.family', { n: family.n })}
          style={{ flex: 'none' }}
        >
          {family.n}
        </Badge>
      )}
      {pilgrim.room_type === null && (
        <Badge size="xs" color="red" style={{ flex: 'none' }}>
          {t('resources.departures.rooming.not_booked')}
        </Badge>
      )}
      {editable && (
        // Above the notifications: a refused save's message sits in the corner where the menu of a low room opens.
        <Menu position="bottom-end" withinPortal shadow="md" zIndex={getDefaultZIndex('max')}>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t('resources.departures.rooming.move_pilgrim', { name: pilgrim.full_name })}
              style={{ flex: 'none' }}
            >
              <IconArrowsExchange size={14} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
            <Menu.Label>{t('resources.departures.rooming.move_to')}</Menu.Label>
            {places
              .filter((p) => p.target !== here)
              .map((p) => (
                <Menu.Item key={String(p.target)} onClick={() => onMove(p.target)}>
                  {p.label}
                </Menu.Item>
              ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  )
}

/** Drop-zone props: a pilgrim dragged over the element may be dropped there. */
export function dropZone(onDrop: (id: number) => void, setOver: (over: boolean) => void) {
  return {
    onDragOver: (e: React.DragEvent) => {
      if (!e.dataTransfer.types.includes(DRAG_TYPE)) return
      e.preventDefault()
      e.dataTransfer.dropEffect = 'move'
      setOver(true)
    },
    onDragLeave: () => setOver(false),
    onDrop: (e: React.DragEvent) => {
      setOver(false)
      const id = Number(e.dataTransfer.getData(DRAG_TYPE))
      if (!id) return
      e.preventDefault()
      onDrop(id)
    },
  }
}
