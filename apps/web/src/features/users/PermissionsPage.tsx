import { useMemo, useState } from 'react'
import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core'
import { IconAlertTriangle, IconPlus, IconSearch } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { ACTIONS } from '@app/shared'
import { PermissionDenied, ResourceDialog } from '../../components/resource'
import { permissionLabel } from '../../lib/display-names'
import { can, useMe } from '../../lib/permissions'
import { useDocumentTitle } from '../../lib/use-document-title'
import { usePermissionCatalogue } from './PermissionMatrix'
import { buildMatrix, type CataloguePermission } from './permission-matrix'
import permissions from './permissions.resource'

/** Lower-case, accents off: "Kategori" matches "kategori", "Área" matches "area". */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * /app/permissions (spec §2): the platform's permission catalogue, read-only for
 * a company. Grouped as the role matrix groups it (section → area → actions),
 * searchable by area, action or code in the reader's language. The platform
 * master (permission_create) adds permissions with the resource's dialog;
 * nothing is edited or deleted here (the API refuses it), so no row offers it.
 */
export default function PermissionsPage() {
  const { t } = useTranslation()
  const { data: me } = useMe()
  const catalogue = usePermissionCatalogue()
  const [search, setSearch] = useState('')
  const [creating, setCreating] = useState(false)
  const title = t('resources.permissions.title')
  useDocumentTitle(title)
  const matrix = useMemo(() => buildMatrix(catalogue.data ?? []), [catalogue.data])

  const entityLabel = (e: string) => t(`resources.roles.matrix.entities.${e}`, { defaultValue: e })
  const actionLabel = (a: string) => t(`resources.roles.matrix.actions.${a}`)
  const q = fold(search.trim())
  const matches = (...texts: string[]) => !q || texts.some((s) => fold(s).includes(q))

  const sections = matrix.sections
    .map((s) => {
      const sectionLabel = t(`resources.roles.matrix.sections.${s.section}`)
      const rows = s.rows
        .map((row) => {
          const all = ACTIONS.flatMap((a) => (row.cells[a] ? [{ action: a, p: row.cells[a]! }] : []))
          // The whole area when its name or its section matches, else only the actions that do.
          const whole = matches(sectionLabel, entityLabel(row.entity), row.entity)
          const shown = whole ? all : all.filter(({ action, p }) => matches(actionLabel(action), p.name))
          return { entity: row.entity, shown }
        })
        .filter((r) => r.shown.length > 0)
      return { section: s.section, label: sectionLabel, rows }
    })
    .filter((s) => s.rows.length > 0)
  const others = matrix.others.filter((p) => matches(permissionLabel(t, p), p.name))
  const total = catalogue.data?.length

  if (me && !can(me, 'permission_list')) return <PermissionDenied />

  const chip = (p: CataloguePermission, label: string) => (
    <Tooltip key={p.id} label={p.name} withinPortal>
      <Badge variant="light" color="gray" radius="sm" tt="none" fw={500} data-permission={p.name}>
        {label}
      </Badge>
    </Tooltip>
  )

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="nowrap">
        <Group gap="sm" align="center">
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            {title}
          </Title>
          {total !== undefined && (
            <Badge variant="light" color="gray" radius="sm" aria-label={t('table.total', { total })}>
              {total}
            </Badge>
          )}
        </Group>
        {can(me, 'permission_create') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('actions.create')}
          </Button>
        )}
      </Group>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('resources.permissions.intro')}
          </Text>
          <TextInput
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            placeholder={t('resources.permissions.search_placeholder')}
            aria-label={t('actions.search')}
            leftSection={<IconSearch size={16} />}
            rightSection={search ? <CloseButton size="sm" aria-label={t('actions.clear')} onClick={() => setSearch('')} /> : null}
            w={{ base: '100%', sm: 360 }}
          />
          {catalogue.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
              <Stack gap="sm" align="flex-start">
                {t('alert.list_failed')}
                <Button size="xs" variant="light" color="red" onClick={() => void catalogue.refetch()}>
                  {t('alert.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : catalogue.isPending ? (
            <Stack gap="xs" aria-busy="true">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} h={28} />
              ))}
            </Stack>
          ) : sections.length === 0 && others.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('table.no_records')}
            </Text>
          ) : (
            <>
              {sections.map((s) => (
                <section key={s.section} aria-labelledby={`perm-section-${s.section}`}>
                  <Title order={2} fz="sm" tt="uppercase" c="dimmed" mb={6} id={`perm-section-${s.section}`}>
                    {s.label}
                  </Title>
                  <Table withTableBorder verticalSpacing={8} layout="fixed">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w="35%">{t('resources.permissions.area')}</Table.Th>
                        <Table.Th>{t('resources.permissions.actions')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {s.rows.map((row) => (
                        <Table.Tr key={row.entity}>
                          <Table.Td>
                            <Text size="sm" fw={500}>
                              {entityLabel(row.entity)}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Group gap={6}>{row.shown.map(({ action, p }) => chip(p, actionLabel(action)))}</Group>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </section>
              ))}
              {others.length > 0 && (
                <section aria-labelledby="perm-section-other">
                  <Title order={2} fz="sm" tt="uppercase" c="dimmed" mb={6} id="perm-section-other">
                    {t('resources.roles.matrix.other')}
                  </Title>
                  <Group gap={6}>{others.map((p) => chip(p, permissionLabel(t, p)))}</Group>
                </section>
              )}
            </>
          )}
        </Stack>
      </Paper>

      <ResourceDialog resource={permissions} opened={creating} mode="create" onClose={() => setCreating(false)} />
    </Stack>
  )
}
