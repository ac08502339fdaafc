import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Box, Button, FileButton, Group, Image, Input, Overlay, Progress, Stack, Text } from '@mantine/core'
import { Dropzone } from '@mantine/dropzone'
import '@mantine/dropzone/styles.css'
import { IconPhoto, IconPhotoUp, IconReplace, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { MAX_IMAGE_BYTES } from '@app/shared'
import { getPath } from '../../../lib/format'
import { checkImage, imageUrl, uploadImage } from '../../../lib/upload'
import { IMAGE_ACCEPT, MAX_IMAGE_MB, refusalText, rejectionTexts } from './image-messages'
import type { FieldKindProps } from './types'
import { useUploadTracker } from './upload-tracker'

/**
 * One image (featured, banner, a trip idea's picture). A chosen or dropped file
 * is checked (type, 5 MB), uploaded at once with a progress bar, and the field
 * keeps the `file_name` the server answered; the form sends only that name.
 * Preview from `/images/{file_name}`, replace, remove; a refused file says why.
 */
export function ImageField({ form, path, label, required, disabled, description }: FieldKindProps<'image'>) {
  const { t } = useTranslation()
  const tracker = useUploadTracker()
  const value = (getPath(form.getValues(), path) as string | null) || null
  const [preview, setPreview] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const abort = useRef<AbortController | null>(null)

  useEffect(() => () => abort.current?.abort(), [])
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview])

  const upload = async (file: File | null) => {
    if (!file) return
    const refusal = checkImage(file)
    if (refusal) {
      setMessage(refusalText(t, refusal, file.name))
      return
    }
    setMessage(null)
    setPreview(URL.createObjectURL(file))
    setProgress(0)
    const end = tracker.begin()
    abort.current = new AbortController()
    const res = await uploadImage(file, { onProgress: setProgress, signal: abort.current.signal })
    end()
    setProgress(null)
    if (res.ok) {
      form.setFieldValue(path, res.data.file_name)
    } else {
      setPreview(null)
      if (res.error.message !== 'aborted')
        setMessage(t('kit.image.upload_failed', { name: file.name, message: res.error.message }))
    }
  }

  const src = preview ?? (value ? imageUrl(value) : null)
  const error = (form.getInputProps(path).error as ReactNode) ?? message
  const uploading = progress !== null

  return (
    <Input.Wrapper
      labelElement="div"
      label={label}
      withAsterisk={required}
      description={description ?? t('kit.image.hint_one', { mb: MAX_IMAGE_MB })}
      error={error}
    >
      <Box mt={6}>
        {src ? (
          <Stack gap="xs">
            <Box pos="relative" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
              <Image src={src} alt={label} h={160} fit="cover" radius="md" />
              {uploading && (
                <Overlay color="#fff" backgroundOpacity={0.6} center>
                  <Stack gap={4} w="70%" align="stretch">
                    <Text size="xs" ta="center" fw={500}>
                      {t('kit.image.uploading', { percent: progress })}
                    </Text>
                    <Progress
                      value={progress ?? 0}
                      size="sm"
                      animated
                      aria-label={t('kit.image.uploading', { percent: progress })}
                    />
                  </Stack>
                </Overlay>
              )}
            </Box>
            <Group gap="xs">
              <FileButton
                onChange={(f) => void upload(f)}
                accept={IMAGE_ACCEPT.join(',')}
                disabled={disabled || uploading}
                inputProps={{ 'aria-label': `${label}: ${t('kit.image.replace')}` }}
              >
                {(props) => (
                  <Button {...props} size="xs" variant="default" leftSection={<IconReplace size={14} />}>
                    {t('kit.image.replace')}
                  </Button>
                )}
              </FileButton>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                disabled={disabled || uploading}
                onClick={() => {
                  setPreview(null)
                  setMessage(null)
                  form.setFieldValue(path, null)
                }}
              >
                {t('kit.image.remove')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Dropzone
            onDrop={(files) => void upload(files[0] ?? null)}
            onReject={(r) => setMessage(rejectionTexts(t, r.slice(0, 1)).join(' '))}
            accept={IMAGE_ACCEPT}
            maxSize={MAX_IMAGE_BYTES}
            multiple={false}
            disabled={disabled}
            radius="md"
            inputProps={{ 'aria-label': label }}
          >
            <Group justify="center" gap="sm" mih={96} style={{ pointerEvents: 'none' }}>
              <Dropzone.Accept>
                <IconPhotoUp size={32} stroke={1.5} />
              </Dropzone.Accept>
              <Dropzone.Idle>
                <IconPhoto size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
              </Dropzone.Idle>
              <Text size="sm" c="dimmed">
                {t('kit.image.drop_one')}
              </Text>
            </Group>
          </Dropzone>
        )}
      </Box>
    </Input.Wrapper>
  )
}
