import { useRef, useState } from 'react'
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Input,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { IconExternalLink, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import {
  MAX_IMAGE_BYTES,
  MAX_PILGRIM_DOCUMENTS,
  PILGRIM_DOCUMENT_STATUSES,
  PILGRIM_DOCUMENT_TYPES,
  type PilgrimDocumentStatus,
} from '@app/shared'
import { useUploadTracker, type CustomFieldProps } from '../../components/resource'
import { apiUrl } from '../../lib/api-client'
import { formatDateTime } from '../../lib/format'
import { can } from '../../lib/permissions'
import { uploadFile } from '../../lib/upload'

const T = 'resources.pilgrims'
/** The document file types the server accepts (it checks the bytes again). */
const DOCUMENT_ACCEPT = ['application/pdf', 'image/jpeg', 'image/png']
export const STATUS_COLORS: Record<PilgrimDocumentStatus, string> = {
  missing: 'gray',
  received: 'blue',
  verified: 'green',
  rejected: 'red',
}

export interface DocumentEntry {
  id?: number | null
  type: string
  file: string | null
  status: string
  note: string | null
  verified_by_name?: string | null
  verified_at?: string | null
}

/** A chip per document: its type and status, coloured by status (list cells and the form's summary). */
export function DocumentChips({ documents }: { documents: Array<{ type: string; status: string }> }) {
  const { t } = useTranslation()
  if (!documents.length) return <Text size="xs">-</Text>
  return (
    <Group gap={4} data-testid="document-chips">
      {documents.map((d, i) => (
        <Badge
          key={i}
          size="xs"
          variant="light"
          style={{ maxWidth: '100%' }}
          color={STATUS_COLORS[d.status as PilgrimDocumentStatus] ?? 'gray'}
        >
          {t(`${T}.document_types.${d.type}`)}: {t(`${T}.document_statuses.${d.status}`)}
        </Badge>
      ))}
    </Group>
  )
}

/**
 * A pilgrim's documents (issue 28): type, status, note and the file, uploaded
 * at once to `POST /pilgrims/documents/upload` (PDF, JPEG or PNG, 5 MB). The
 * upload and the file links need `pilgrim_documents`; `pilgrim_view` alone sees
 * the list. Who verified a document, and when, is the server's record.
 */
export function DocumentsField({ form, field, label, disabled, me, row }: CustomFieldProps) {
  const { t } = useTranslation()
  const name = field.name
  const docs = ((form.getValues()[name] as DocumentEntry[] | undefined) ?? []).filter(Boolean)
  const mayFiles = can(me, 'pilgrim_documents')
  const options = (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: t(`${T}.${group}.${value}`) }))

  const add = () => form.insertListItem(name, { type: 'passport', file: null, status: 'missing', note: '' })

  return (
    // The section's title names the list; the label stays for assistive technology only.
    <Input.Wrapper labelElement="div" aria-label={label} description={t(`${T}.documents_hint`)}>
      <Stack gap="sm" mt={6}>
        <DocumentChips documents={docs} />
        {docs.map((doc, i) => (
          <Paper key={i} withBorder p="sm" radius="md" data-testid="pilgrim-document">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <Select
                label={t(`${T}.fields.document_type`)}
                data={options(PILGRIM_DOCUMENT_TYPES, 'document_types')}
                allowDeselect={false}
                disabled={disabled}
                {...form.getInputProps(`${name}.${i}.type`)}
              />
              <Select
                label={t(`${T}.fields.document_status`)}
                data={options(PILGRIM_DOCUMENT_STATUSES, 'document_statuses')}
                allowDeselect={false}
                disabled={disabled}
                {...form.getInputProps(`${name}.${i}.status`)}
              />
              <TextInput
                label={t(`${T}.fields.document_note`)}
                disabled={disabled}
                {...form.getInputProps(`${name}.${i}.note`)}
              />
            </SimpleGrid>
            <Group justify="space-between" mt="xs" gap="xs" align="flex-start">
              <DocumentFile
                pilgrimId={row?.id as number | undefined}
                doc={doc}
                mayFiles={mayFiles}
                disabled={disabled}
                label={`${t(`${T}.document_types.${doc.type}`)} ${i + 1}`}
                error={form.getInputProps(`${name}.${i}.file`).error as string | undefined}
                onUploaded={(file) => {
                  form.setFieldValue(`${name}.${i}.file`, file)
                  if (doc.status === 'missing') form.setFieldValue(`${name}.${i}.status`, 'received')
                }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                disabled={disabled}
                aria-label={t(`${T}.remove_document`, { n: i + 1 })}
                onClick={() => form.removeListItem(name, i)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            {doc.status === 'verified' && doc.verified_at && (
              <Text size="xs" c="dimmed" mt={4}>
                {t(`${T}.verified_by`, { name: doc.verified_by_name ?? '-', at: formatDateTime(doc.verified_at) })}
              </Text>
            )}
          </Paper>
        ))}
        {docs.length < MAX_PILGRIM_DOCUMENTS && (
          <Group>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={disabled} onClick={add}>
              {t(`${T}.add_document`)}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  )
}

function DocumentFile({
  pilgrimId,
  doc,
  mayFiles,
  disabled,
  label,
  error,
  onUploaded,
}: {
  pilgrimId: number | undefined
  doc: DocumentEntry
  mayFiles: boolean
  disabled: boolean
  label: string
  error?: string
  onUploaded: (file: string) => void
}) {
  const { t } = useTranslation()
  const tracker = useUploadTracker()
  const [progress, setProgress] = useState<number | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const reset = useRef<() => void>(null)

  const upload = async (file: File | null) => {
    reset.current?.()
    if (!file) return
    if (!DOCUMENT_ACCEPT.includes(file.type)) return setMessage(t(`${T}.document_wrong_type`, { name: file.name }))
    if (file.size > MAX_IMAGE_BYTES) return setMessage(t(`${T}.document_too_large`, { name: file.name, mb: 5 }))
    setMessage(null)
    setProgress(0)
    const end = tracker.begin()
    const res = await uploadFile('/pilgrims/documents/upload', 'file', file, { onProgress: setProgress })
    end()
    setProgress(null)
    if (res.ok) onUploaded(res.data.file_name)
    else setMessage(res.error.errors.file?.[0] ?? res.error.message)
  }

  // A saved document's file opens through its pilgrim (the files are private); a new upload shows its name.
  const link =
    mayFiles && doc.file && doc.id && pilgrimId ? apiUrl(`/pilgrims/${pilgrimId}/documents/file`, { document_id: doc.id }) : null
  return (
    <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
      <Group gap="xs">
        {link ? (
          <Anchor href={link} target="_blank" rel="noopener" size="sm">
            <Group gap={4} wrap="nowrap">
              <IconExternalLink size={14} />
              {t(`${T}.open_file`)}
            </Group>
          </Anchor>
        ) : doc.file ? (
          <Text size="sm" c="dimmed">
            {t(`${T}.file_attached`)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t(`${T}.no_file`)}
          </Text>
        )}
        {mayFiles && (
          <FileButton
            resetRef={reset}
            onChange={(f) => void upload(f)}
            accept={DOCUMENT_ACCEPT.join(',')}
            disabled={disabled || progress !== null}
            inputProps={{ 'aria-label': `${label}: ${t(`${T}.upload_file`)}` }}
          >
            {(props) => (
              <Button {...props} size="xs" variant="default" leftSection={<IconUpload size={14} />}>
                {doc.file ? t('kit.image.replace') : t(`${T}.upload_file`)}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {progress !== null && (
        <Progress value={progress} size="sm" animated aria-label={t('kit.image.uploading', { percent: progress })} />
      )}
      {(error || message) && (
        <Text size="xs" c="red">
          {error ?? message}
        </Text>
      )}
      {!mayFiles && doc.file && (
        <Text size="xs" c="dimmed">
          {t(`${T}.files_need_permission`)}
        </Text>
      )}
    </Stack>
  )
}
