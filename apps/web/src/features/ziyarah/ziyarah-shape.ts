// The tours calendar's shape (zod fields) in a chunk of its own: loaded with the range dialog.
export { ZIYARAH_AVAILABILITY } from '@app/shared'
