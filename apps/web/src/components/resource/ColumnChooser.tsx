import { Button, Checkbox, Menu, Stack } from '@mantine/core'
import { IconColumns3 } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { ColumnDef } from './column-defs'
import type { ResourceRow } from './row-types'

/** The list's column chooser: one checkbox per column but the one that names the row. */
export function ColumnChooser<R extends ResourceRow>({
  columns,
  isShown,
  toggle,
  label,
}: {
  columns: ColumnDef<R>[]
  isShown: (c: ColumnDef<R>) => boolean
  toggle: (c: ColumnDef<R>) => void
  /** A column's header in the reader's language. */
  label: (c: ColumnDef<R>) => string
}) {
  const { t } = useTranslation()
  if (columns.length === 0) return null
  return (
    <Menu position="bottom-end" shadow="md" withinPortal closeOnItemClick={false}>
      <Menu.Target>
        <Button variant="default" leftSection={<IconColumns3 size={16} />}>
          {t('lists.columns')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('lists.columns')}>
        <Stack gap="xs" p="xs">
          {columns.map((c) => (
            <Checkbox key={c.key} label={label(c)} checked={isShown(c)} onChange={() => toggle(c)} />
          ))}
        </Stack>
      </Menu.Dropdown>
    </Menu>
  )
}
