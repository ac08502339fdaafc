// The calendars' shapes (zod fields) in a chunk of their own (calendars.ts `loadShape`): loaded with the range dialog.
export { ROOM_AVAILABILITY, TRAIN_AVAILABILITY, TRANSPORTATION_AVAILABILITY } from '@app/shared'
