import type { FileRejection } from '@mantine/dropzone'
import type { TFunction } from 'i18next'
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '@app/shared'
import type { ImageRefusal } from '../../../lib/upload'

/** What the file inputs accept (the same list the server checks by bytes). */
export const IMAGE_ACCEPT = [...IMAGE_MIME_TYPES]
export const MAX_IMAGE_MB = MAX_IMAGE_BYTES / (1024 * 1024)

/** A refused file as a sentence naming it and the reason (the spec's silent rejection is not copied). */
export function refusalText(
  t: TFunction,
  refusal: Exclude<ImageRefusal, null> | 'too_many_total',
  name: string,
  max?: number,
): string {
  return t(`kit.image.${refusal}`, { name, mb: MAX_IMAGE_MB, max })
}

/** Dropzone's own rejections (type, size, count) in the same words. */
export function rejectionTexts(t: TFunction, rejections: FileRejection[], max?: number): string[] {
  return rejections.map(({ file, errors }) => {
    const code = errors[0]?.code
    const refusal = code === 'file-too-large' ? 'too_large' : code === 'too-many-files' ? 'too_many' : 'wrong_type'
    return refusalText(t, refusal, file.name, max)
  })
}
