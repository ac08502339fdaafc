import type { MantineColor } from '@mantine/core'
import type { AvailabilityShape, Entity } from '@app/shared'
import { oncePer } from '../../lib/once-per'

/*
 * One availability calendar for every item kind (issue 10 "One availability
 * engine"): rooms, vehicles and train routes differ only by this declaration,
 * which mirrors the server's `defineAvailability` (apps/server/src/crud/
 * availability.ts). `AvailabilityPage` turns it into the summary, the month
 * grid and the range dialog.
 */

/** A value every day carries besides `blocked`: an amount (`SAR 1.200`) or a count (capacity, seats). */
export interface CalendarValue {
  key: string
  kind: 'money' | 'count'
}

/** One row of the read-only summary above the calendar. */
export interface SummaryRow {
  /** Label `availability.fields.<key>`. */
  key: string
  /** Where the value is in the item's one-row answer (dot path); default `key`. */
  path?: string
  /**
   * Default: as text. `option`: a coded value through `labelPrefix` (a train type); `unit`: the value and
   * its `unit` (`7 kg`); `arrow`: the values at `paths` joined by an arrow (a route's from → to).
   */
  format?: 'text' | 'money' | 'hours' | 'option' | 'unit' | 'arrow' | 'status'
  labelPrefix?: string
  unit?: string
  paths?: readonly string[]
}

/** A further key of a day (train schedules: `train_type`), switched above the calendar. */
export interface CalendarVariant {
  key: string
  options: readonly string[]
  /** Label of an option: `${labelPrefix}${option}`. */
  labelPrefix: string
  /** Which option the page opens on (the route's own train type). */
  initial: (item: Record<string, unknown>) => string
}

export interface CalendarDefinition {
  /** Texts `availability.kinds.<name>.*` (title). */
  name: string
  /** Permission entity: the page needs `<entity>_update` (DESIGN §5). */
  entity: Entity
  /** The calendar's API path (`/transportations_schedule`). */
  endpoint: string
  /** The item's API path, for its one-row answer (`/transportations`). */
  itemEndpoint: string
  /** The list the page returns to (`/app/transportation`). */
  backHref: string
  /** The item's parameter in the calendar's calls (`room_id`): the shape's `item`. */
  item: string
  /**
   * The shared contract of the calendar's calls (item parameter, keys, values), from a chunk of its own: its
   * values are zod fields, and the calendar does not load zod until a range is written (issue 33, "Phone").
   */
  loadShape: () => Promise<AvailabilityShape>
  /** Values shown in a day and set by the dialog, in order (`blocked` is always there). */
  values: CalendarValue[]
  /** Colour of a stored open day (spec: rooms green, vehicles teal). */
  color: MantineColor
  variant?: CalendarVariant
  /** The info tables above the calendar, each a list of rows. */
  summary: SummaryRow[][]
  /**
   * Rules the shared schema cannot state alone, checked before sending (the
   * server checks them too): field -> message key under `validation.`.
   */
  check?: (values: Record<string, unknown>) => Record<string, string> | undefined
}

export function defineCalendar(def: CalendarDefinition): CalendarDefinition {
  return def
}

/** Each calendar's `loadShape`, asked once: the range dialog waits for it (`use`). */
export const shapeOf = oncePer((def: CalendarDefinition) => def.loadShape())
