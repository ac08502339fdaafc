import type { UseFormReturnType } from '@mantine/form'

/*
 * The shapes every part of a resource declaration shares (rows, form values), kept apart so the column,
 * field and resource declarations can each name them without importing one another.
 */

/** Any row the API returns: it has an id, the rest is up to the resource. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ResourceRow = { id: number | string } & Record<string, any>

/** Form values of a resource dialog, keyed by field name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FormValues = Record<string, any>
export type ResourceForm = UseFormReturnType<FormValues>
export type DialogMode = 'create' | 'edit'
