import { sql } from 'drizzle-orm'
import { check, foreignKey, index, integer, pgTable, serial, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { ROOM_TYPES, ROOM_TYPE_BEDS } from '@app/shared'
import { companies } from './accounts.js'
import { departures, departureStays } from './departures.js'
import { pilgrims } from './pilgrims.js'

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))
/** `CASE room_type WHEN 'quad' THEN 4 … END`: the beds of a room type, from the shared table. */
const bedsOf = sql.raw(`CASE "room_type" ${ROOM_TYPES.map((t) => `WHEN '${t}' THEN ${ROOM_TYPE_BEDS[t]}`).join(' ')} ELSE 0 END`)

/**
 * The rooming list of a departure (issue 29): rooms per hotel stay and who sleeps in them. The database
 * keeps what must never break: a room's label once per stay, a room never holding more pilgrims than its
 * type's beds (`occupants`, counted by triggers on `rooming_assignments` (migration), checked against
 * the beds), a pilgrim in one room per stay, an assignment's room of the assignment's stay (the foreign
 * key on room and stay). Deleting a stay or a departure takes its list with it; changing a stay's room
 * type empties its list (a trigger: its rooms no longer fit what was sold). The gender and family rule and
 * "booked on this departure with this room type" need the bookings: the server refuses them (422 per room).
 */
export const roomingRooms = pgTable(
  'rooming_rooms',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    departure_id: integer('departure_id')
      .notNull()
      .references(() => departures.id, { onDelete: 'cascade' }),
    stay_id: integer('stay_id')
      .notNull()
      .references(() => departureStays.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: varchar('label', { length: 20 }).notNull(),
    room_type: varchar('room_type', { length: 16, enum: ROOM_TYPES }).notNull(),
    /** Pilgrims in the room, kept by the assignments' triggers. */
    occupants: integer('occupants').notNull().default(0),
  },
  (t) => [
    uniqueIndex('rooming_rooms_stay_label_uq').on(t.stay_id, t.label),
    unique('rooming_rooms_id_stay_uq').on(t.id, t.stay_id),
    index('rooming_rooms_departure_idx').on(t.departure_id, t.stay_id, t.position),
    check('rooming_rooms_type_ck', sql`${t.room_type} IN (${list(ROOM_TYPES)})`),
    check('rooming_rooms_capacity_ck', sql`${t.occupants} >= 0 AND ${t.occupants} <= ${bedsOf}`),
  ],
)

/** A pilgrim in a room of a stay: once per stay. */
export const roomingAssignments = pgTable(
  'rooming_assignments',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    room_id: integer('room_id').notNull(),
    stay_id: integer('stay_id').notNull(),
    pilgrim_id: integer('pilgrim_id')
      .notNull()
      .references(() => pilgrims.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'rooming_assignments_room_fk',
      columns: [t.room_id, t.stay_id],
      foreignColumns: [roomingRooms.id, roomingRooms.stay_id],
    }).onDelete('cascade'),
    uniqueIndex('rooming_assignments_stay_pilgrim_uq').on(t.stay_id, t.pilgrim_id),
    index('rooming_assignments_room_idx').on(t.room_id, t.position),
    index('rooming_assignments_pilgrim_idx').on(t.pilgrim_id),
  ],
)
