import { useState } from 'react'
import { Button, Menu } from '@mantine/core'
import { IconChevronDown, IconDownload, IconFileExport, IconFileImport } from '@tabler/icons-react'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { api, saveFile, type QueryParams } from '../../lib/api-client'
import { notifyError } from '../../lib/notify'
import { can, type Me } from '../../lib/permissions'
import type { ResourceDefinition, ResourceRow } from './define'

/**
 * `GET /{name}/export?format=csv&search=...` downloaded as a file. An Export
 * button with `<entity>_export`; or, with `exportMenu`, an Export/Import
 * dropdown whose export needs the permission and whose import is disabled.
 */
export function ExportControl<R extends ResourceRow>({
  resource,
  me,
  query,
}: {
  resource: ResourceDefinition<R>
  me: Me | undefined
  /** The list's current query; the export sends its search (and the resource's listParams). */
  query: QueryParams
}) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const format = resource.exportFormat
  if (!format && !resource.exportFormats?.length) return null
  const allowed = can(me, resource.perm('export'))

  const run = async (format: 'csv' | 'xlsx' = resource.exportFormat || 'csv') => {
    setBusy(true)
    const fallback = `${resource.name}_table_${dayjs().format('YYYY-MM-DD')}.${format}`
    const res = await api.download(
      `${resource.endpoint}/export`,
      { ...query, page: undefined, size: undefined, sort_by: undefined, order_by: undefined, format },
      fallback,
    )
    setBusy(false)
    if (res.ok) saveFile(res.data)
    else notifyError(t('notify.export_failed_title'), res.error.message)
  }

  if (resource.exportMenu) {
    return (
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <Button variant="default" rightSection={<IconChevronDown size={14} />} loading={busy}>
            {t('actions.export_import')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconFileExport size={16} />} disabled={!allowed} onClick={() => void run()}>
            {t('actions.export')}
          </Menu.Item>
          <Menu.Item leftSection={<IconFileImport size={16} />} disabled>
            {t('actions.import')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    )
  }
  if (!allowed) return null
  if (resource.exportFormats?.length) {
    return (
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            rightSection={<IconChevronDown size={14} />}
            loading={busy}
          >
            {t('actions.export')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {resource.exportFormats.map((f) => (
            <Menu.Item key={f} leftSection={<IconFileExport size={16} />} onClick={() => void run(f)}>
              {t(`actions.export_${f}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    )
  }
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy} onClick={() => void run()}>
      {t('actions.export')}
    </Button>
  )
}
