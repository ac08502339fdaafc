// The hotel form's schema in a chunk of its own (hotels.resource.tsx `loadSchemas`): the list does not load zod.
export { hotelInputSchema } from '@app/shared'
