import { useEffect, useRef, useState, type ReactNode } from 'react'
import { ActionIcon, Box, Group, Image, Input, Overlay, Progress, SimpleGrid, Stack, Text } from '@mantine/core'
import { Dropzone } from '@mantine/dropzone'
import '@mantine/dropzone/styles.css'
import { IconPhotoPlus, IconX } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { MAX_GALLERY_FILES, MAX_IMAGE_BYTES } from '@app/shared'
import { getPath } from '../../../lib/format'
import { checkImage, imageUrl, uploadImage } from '../../../lib/upload'
import { IMAGE_ACCEPT, MAX_IMAGE_MB, refusalText, rejectionTexts } from './image-messages'
import type { FieldKindProps } from './types'
import { useUploadTracker } from './upload-tracker'

interface Pending {
  key: number
  name: string
  preview: string
  progress: number
}

/**
 * Several images in order; the value is an array of `file_name`s. Dropped or
 * chosen files (at most `maxNew`, default 5, per save; 5 MB each) upload one
 * after another with progress and join the list; images the record already had
 * stay as their names, shown from `/images/…`, never downloaded and sent again.
 * Each thumbnail has a remove button; a refused file says why.
 */
export function GalleryField({ field, form, path, label, required, disabled, description }: FieldKindProps<'gallery'>) {
  const { t } = useTranslation()
  const tracker = useUploadTracker()
  const names = (getPath(form.getValues(), path) as string[] | null) ?? []
  // Names the record had when the form opened: kept without a new upload.
  const [existing] = useState(() => new Set(names))
  const [pending, setPending] = useState<Pending[]>([])
  const [messages, setMessages] = useState<string[]>([])
  const seq = useRef(0)
  const abort = useRef(new AbortController())
  const maxNew = field.maxNew ?? MAX_GALLERY_FILES
  const added = names.filter((n) => !existing.has(n)).length
  const room = Math.max(0, Math.min(maxNew - added, (field.max ?? Infinity) - names.length) - pending.length)
  // A gallery whose own total binds first (a hotel keeps at most 5) says that limit, not the per-save one.
  const total = field.max !== undefined && field.max <= maxNew ? field.max : undefined

  useEffect(() => {
    const controller = abort.current
    return () => controller.abort()
  }, [])

  const take = async (files: File[], refused: string[] = []) => {
    const accepted: File[] = []
    for (const file of files) {
      const refusal = checkImage(file)
      if (refusal) refused.push(refusalText(t, refusal, file.name))
      else if (accepted.length >= room)
        refused.push(refusalText(t, total === undefined ? 'too_many' : 'too_many_total', file.name, total ?? maxNew))
      else accepted.push(file)
    }
    setMessages(refused)
    const queue = accepted.map((file) => ({
      file,
      key: ++seq.current,
      name: file.name,
      preview: URL.createObjectURL(file),
      progress: 0,
    }))
    setPending((p) => [...p, ...queue.map(({ file: _file, ...rest }) => rest)])
    for (const item of queue) {
      const end = tracker.begin()
      const res = await uploadImage(item.file, {
        signal: abort.current.signal,
        onProgress: (progress) => setPending((p) => p.map((x) => (x.key === item.key ? { ...x, progress } : x))),
      })
      end()
      setPending((p) => p.filter((x) => x.key !== item.key))
      URL.revokeObjectURL(item.preview)
      if (res.ok) {
        const current = (getPath(form.getValues(), path) as string[] | null) ?? []
        form.setFieldValue(path, [...current, res.data.file_name])
      } else if (res.error.message !== 'aborted') {
        setMessages((m) => [...m, t('kit.image.upload_failed', { name: item.name, message: res.error.message })])
      }
    }
  }

  const remove = (name: string) =>
    form.setFieldValue(
      path,
      names.filter((n) => n !== name),
    )
  const error = form.getInputProps(path).error as ReactNode

  return (
    <Input.Wrapper
      labelElement="div"
      label={label}
      withAsterisk={required}
      description={
        description ??
        (total === undefined
          ? t('kit.image.hint_many', { max: maxNew, mb: MAX_IMAGE_MB })
          : t('kit.image.hint_total', { max: total, mb: MAX_IMAGE_MB }))
      }
      error={error ?? (messages.length ? messages.join(' ') : undefined)}
    >
      <Stack gap="sm" mt={6}>
        {(names.length > 0 || pending.length > 0) && (
          <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
            {names.map((name, i) => (
              <Box key={name} pos="relative">
                <Image src={imageUrl(name)} alt={`${label} ${i + 1}`} h={96} fit="cover" radius="sm" />
                <ActionIcon
                  pos="absolute"
                  top={4}
                  right={4}
                  size="sm"
                  radius="xl"
                  color="red"
                  variant="filled"
                  aria-label={t('kit.image.remove_nth', { n: i + 1 })}
                  disabled={disabled}
                  onClick={() => remove(name)}
                >
                  <IconX size={12} />
                </ActionIcon>
              </Box>
            ))}
            {pending.map((p) => (
              <Box key={p.key} pos="relative">
                <Image src={p.preview} alt={p.name} h={96} fit="cover" radius="sm" />
                <Overlay color="#fff" backgroundOpacity={0.6} center radius="sm">
                  <Progress
                    value={p.progress}
                    size="sm"
                    w="70%"
                    animated
                    aria-label={t('kit.image.uploading', { percent: p.progress })}
                  />
                </Overlay>
              </Box>
            ))}
          </SimpleGrid>
        )}
        {room > 0 && (
          <Dropzone
            // One handler for both, so the accepted and the refused files of one drop are reported together.
            onDrop={() => {}}
            onDropAny={(files, rejections) => void take(files, rejectionTexts(t, rejections, maxNew))}
            accept={IMAGE_ACCEPT}
            maxSize={MAX_IMAGE_BYTES}
            disabled={disabled}
            radius="md"
            inputProps={{ 'aria-label': label }}
          >
            <Group justify="center" gap="sm" mih={72} style={{ pointerEvents: 'none' }}>
              <IconPhotoPlus size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
              <Text size="sm" c="dimmed">
                {t('kit.image.drop_many', { n: room })}
              </Text>
            </Group>
          </Dropzone>
        )}
      </Stack>
    </Input.Wrapper>
  )
}
