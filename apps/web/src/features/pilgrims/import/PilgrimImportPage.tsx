import { useState } from 'react'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { IconArrowLeft, IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { type ImportDuplicateChoice, type PilgrimImportReport } from '@app/shared'
import { api, saveFile, type ApiError } from '../../../lib/api-client'
import { notifyError, notifySuccess } from '../../../lib/notify'
import { useCan } from '../../../lib/permissions'
import { postForm } from '../../../lib/upload'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { ImportRowsTable } from './ImportRowsTable'

const IMPORT_PATH = '/pilgrims/import'
const LIST_PATH = '/app/pilgrims'

type Phase = { kind: 'idle' } | { kind: 'sending'; percent: number } | { kind: 'checking' }

/**
 * `/app/pilgrims/import` (issue 28): download the template, pick a file, check
 * it (the dry run, with a progress bar), see each bad cell in a table of the
 * rows with problems, choose what happens to pilgrims already registered, then
 * import. The server checks everything; this page only shows its report.
 */
export default function PilgrimImportPage() {
  const { t } = useTranslation()
  const title = t('pilgrimImport.title')
  useDocumentTitle(title)
  const mayUpdate = useCan('pilgrim_update')
  const [file, setFile] = useState<File | null>(null)
  const [choice, setChoice] = useState<ImportDuplicateChoice>('skip')
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' })
  const [report, setReport] = useState<PilgrimImportReport | null>(null)
  const [refusal, setRefusal] = useState<ApiError | null>(null)
  const [done, setDone] = useState<PilgrimImportReport['summary'] | null>(null)
  const busy = phase.kind !== 'idle'

  const template = async (format: 'xlsx' | 'csv') => {
    const res = await api.download(`${IMPORT_PATH}/template`, { format }, `pilgrims_template.${format}`)
    if (res.ok) saveFile(res.data)
    else notifyError(res.error.message)
  }

  const send = async (dryRun: boolean) => {
    if (!file) return
    setRefusal(null)
    setDone(null)
    setPhase({ kind: 'sending', percent: 0 })
    const body = new FormData()
    body.append('file', file)
    const res = await postForm<{ data: PilgrimImportReport }>(IMPORT_PATH, body, {
      query: { dry_run: dryRun ? 'true' : undefined, duplicates: choice },
      onProgress: (percent) => setPhase((p) => (p.kind === 'sending' ? { kind: 'sending', percent } : p)),
      onSent: () => setPhase({ kind: 'checking' }),
    })
    setPhase({ kind: 'idle' })
    if (res.ok) {
      if (dryRun) setReport(res.data.data)
      else {
        setReport(null)
        setFile(null)
        setDone(res.data.data.summary)
        notifySuccess(t('pilgrimImport.done.title'), t('pilgrimImport.done.message', res.data.data.summary))
      }
      return
    }
    // A refused import answers the same report (rows changed since the check): show it.
    setReport(isReport(res.error.data) ? res.error.data : null)
    setRefusal(res.error)
    if (!dryRun) notifyError(t('pilgrimImport.failed'), res.error.message)
  }

  const duplicatesTotal = report ? report.summary.update + report.summary.skip : 0
  const ready = !!report && report.error_rows === 0 && !busy
  const importable = report ? report.summary.create + (choice === 'update' ? duplicatesTotal : 0) : 0

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {title}
        </Title>
        <Anchor component={Link} to={LIST_PATH} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} />
            {t('pilgrimImport.back')}
          </Group>
        </Anchor>
      </Group>

      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('pilgrimImport.template.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('pilgrimImport.template.hint')}
          </Text>
          <Group gap="sm">
            <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => void template('xlsx')}>
              {t('pilgrimImport.template.xlsx')}
            </Button>
            <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => void template('csv')}>
              {t('pilgrimImport.template.csv')}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={2} fz="h4">
            {t('pilgrimImport.file.title')}
          </Title>
          <FileInput
            label={t('pilgrimImport.file.label')}
            placeholder={t('pilgrimImport.file.placeholder')}
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} />}
            value={file}
            onChange={(f) => {
              setFile(f)
              setReport(null)
              setRefusal(null)
              setDone(null)
            }}
            disabled={busy}
            clearable
            maw={520}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="pilgrim-import-duplicates">
              {t('pilgrimImport.duplicates.label')}
            </Text>
            <SegmentedControl
              aria-labelledby="pilgrim-import-duplicates"
              value={choice}
              onChange={(v) => setChoice(v as ImportDuplicateChoice)}
              disabled={busy}
              data={[
                { value: 'skip', label: t('pilgrimImport.duplicates.skip') },
                { value: 'update', label: t('pilgrimImport.duplicates.update'), disabled: !mayUpdate },
              ]}
              w="fit-content"
            />
            {!mayUpdate && (
              <Text size="xs" c="dimmed">
                {t('pilgrimImport.duplicates.update_denied')}
              </Text>
            )}
          </Stack>
          <Group>
            <Button
              leftSection={<IconUpload size={16} />}
              onClick={() => void send(true)}
              disabled={!file || busy}
              loading={busy && !report}
            >
              {t('pilgrimImport.file.check')}
            </Button>
          </Group>
          {busy && (
            <Stack gap={4} maw={520}>
              <Text size="sm">
                {phase.kind === 'sending'
                  ? t('pilgrimImport.file.uploading', { percent: phase.percent })
                  : t('pilgrimImport.file.checking')}
              </Text>
              <Progress
                value={phase.kind === 'sending' ? phase.percent : 100}
                striped={phase.kind === 'checking'}
                animated={phase.kind === 'checking'}
                aria-label={t('pilgrimImport.file.checking')}
              />
            </Stack>
          )}
          {refusal && !report && (
            <Alert color="red" title={t('pilgrimImport.failed')} role="alert">
              {refusalText(refusal)}
            </Alert>
          )}
        </Stack>
      </Paper>

      {done && (
        <Alert color="green" title={t('pilgrimImport.done.title')}>
          <Stack gap="xs">
            <Text size="sm">{t('pilgrimImport.done.message', done)}</Text>
            <Anchor component={Link} to={LIST_PATH} size="sm">
              {t('pilgrimImport.back')}
            </Anchor>
          </Stack>
        </Alert>
      )}

      {report && (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={2} fz="h4">
              {t('pilgrimImport.result.title')}
            </Title>
            <Group gap="xs">
              <Badge variant="light" color="gray">
                {t('pilgrimImport.result.rows')}: {report.total_rows}
              </Badge>
              <Badge variant="light" color={report.error_rows ? 'red' : 'green'}>
                {t('pilgrimImport.result.errors')}: {report.error_rows}
              </Badge>
              <Badge variant="light" color="blue">
                {t('pilgrimImport.result.create')}: {report.summary.create}
              </Badge>
              <Badge variant="light" color="orange">
                {choice === 'update' ? t('pilgrimImport.result.update') : t('pilgrimImport.result.skip')}: {duplicatesTotal}
              </Badge>
            </Group>
            {report.ignored_columns.length > 0 && (
              <Text size="sm" c="dimmed">
                {t('pilgrimImport.result.ignored', { columns: report.ignored_columns.join(', ') })}
              </Text>
            )}
            <Alert color={report.error_rows ? 'red' : 'green'} variant="light" role="status">
              {report.error_rows ? t('pilgrimImport.result.has_errors') : t('pilgrimImport.result.ready')}
            </Alert>
            {report.rows.length > 0 && <ImportRowsTable report={report} choice={choice} />}
            {report.truncated && (
              <Text size="sm" c="dimmed">
                {t('pilgrimImport.result.truncated', { count: report.rows.length })}
              </Text>
            )}
            <Group justify="flex-end">
              <Button onClick={() => void send(false)} disabled={!ready || importable + duplicatesTotal === 0}>
                {t('pilgrimImport.confirm', { count: importable })}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  )
}

/** The file's own refusal (415, 413, an empty sheet), else the answer's message. */
function refusalText(refusal: ApiError): string {
  return refusal.errors.file?.join(' ') || refusal.message
}

const isReport = (v: unknown): v is PilgrimImportReport => !!v && typeof v === 'object' && 'rows' in v && 'summary' in v
