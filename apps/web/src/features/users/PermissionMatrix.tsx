import { useMemo } from 'react'
import { Alert, Badge, Checkbox, Group, Input, Loader, SimpleGrid, Table, Text, Tooltip } from '@mantine/core'
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ACTIONS, type ListResponse } from '@app/shared'
import type { CustomFieldProps, ResourceRow } from '../../components/resource'
import { api, unwrap } from '../../lib/api-client'
import { permissionLabel } from '../../lib/display-names'
import { queryKeys } from '../../lib/query-keys'
import {
  buildMatrix,
  columnIds,
  grantable,
  rowIds,
  stateOf,
  toggleAll,
  toggleOne,
  type CataloguePermission,
} from './permission-matrix'

const catalogueParams = { export_data: true, sort_by: 'name', order_by: 'asc' } as const

/** The whole permission catalogue (spec §7: the role dialogs fetch all permissions). */
export function usePermissionCatalogue() {
  return useQuery({
    queryKey: queryKeys('permissions').list(catalogueParams),
    queryFn: () => unwrap(api.get<ListResponse<CataloguePermission>>('/permissions', catalogueParams)).then((r) => r.data),
    staleTime: 60_000,
  })
}

/**
 * The role dialog's permission matrix (spec §2): rows grouped by section,
 * one column per action, whole-row and whole-column toggles, and the hint.
 * Cells the signed-in user may not grant are disabled (the server refuses them
 * too); `locked` (the owner role) shows everything read-only.
 */
export function PermissionMatrix<R extends ResourceRow>({ form, field, label, disabled: locked, me }: CustomFieldProps<R>) {
  const { t } = useTranslation()
  const catalogue = usePermissionCatalogue()
  const matrix = useMemo(() => buildMatrix(catalogue.data ?? []), [catalogue.data])
  const value = (form.getValues()[field.name] as number[] | null) ?? []
  const selected = new Set(value)
  const error = form.getInputProps(field.name).error as string | undefined
  const set = (next: number[]) => form.setFieldValue(field.name, next)
  const canChange = (p: CataloguePermission) => !locked && grantable(me, p.name)
  const changeable = (ids: number[]) => ids.filter((id) => canChange(matrix.byId.get(id)!))

  const actionLabel = (a: string) => t(`resources.roles.matrix.actions.${a}`)
  const entityLabel = (e: string) => t(`resources.roles.matrix.entities.${e}`, { defaultValue: e })

  const toggle = (ids: number[], aria: string) => {
    const state = stateOf(selected, ids)
    const free = changeable(ids)
    return (
      <Checkbox
        size="xs"
        aria-label={aria}
        checked={state === 'all'}
        indeterminate={state === 'some'}
        disabled={free.length === 0}
        onChange={() => set(toggleAll(value, free))}
      />
    )
  }

  const cell = (p: CataloguePermission | undefined) => {
    if (!p) return null
    const box = (
      <Checkbox
        size="sm"
        aria-label={permissionLabel(t, p)}
        checked={selected.has(p.id)}
        disabled={!canChange(p)}
        onChange={(e) => set(toggleOne(value, p.id, e.currentTarget.checked))}
      />
    )
    return !locked && !canChange(p) ? (
      <Tooltip label={t('resources.roles.matrix.not_grantable')} withinPortal>
        <span style={{ display: 'inline-flex' }}>{box}</span>
      </Tooltip>
    ) : (
      box
    )
  }

  return (
    <Input.Wrapper
      label={
        <Group gap="xs" component="span">
          <span>{label}</span>
          <Badge size="sm" variant="light" color="gray" component="span">
            {t('resources.roles.matrix.selected', { count: value.length })}
          </Badge>
        </Group>
      }
      error={error}
    >
      <Alert variant="light" color={locked ? 'indigo' : 'blue'} icon={<IconInfoCircle size={18} />} mt={6} mb="sm" py="xs">
        <Text size="sm">{t(locked ? 'resources.roles.matrix.owner_locked' : 'resources.roles.matrix.hint')}</Text>
      </Alert>
      {catalogue.isPending && (
        <Group justify="center" p="lg">
          <Loader size="sm" />
        </Group>
      )}
      {catalogue.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t('resources.roles.matrix.load_failed')}
        </Alert>
      )}
      {catalogue.data && (
        <Table.ScrollContainer minWidth={860} mah={460} type="native">
          <Table withTableBorder withColumnBorders striped highlightOnHover verticalSpacing={6} stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={230}>{t('resources.roles.matrix.permission')}</Table.Th>
                {ACTIONS.map((a) => (
                  <Table.Th key={a} ta="center">
                    <Group gap={6} justify="center" wrap="nowrap">
                      {toggle(columnIds(matrix, a), t('resources.roles.matrix.toggle_column', { action: actionLabel(a) }))}
                      <Text size="xs" fw={600}>
                        {actionLabel(a)}
                      </Text>
                    </Group>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {matrix.sections.map((s) => [
                <Table.Tr key={`section-${s.section}`} bg="var(--mantine-color-gray-light)">
                  <Table.Td colSpan={ACTIONS.length + 1}>
                    <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                      {t(`resources.roles.matrix.sections.${s.section}`)}
                    </Text>
                  </Table.Td>
                </Table.Tr>,
                ...s.rows.map((row) => (
                  <Table.Tr key={row.entity}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {toggle(rowIds(row), t('resources.roles.matrix.toggle_row', { entity: entityLabel(row.entity) }))}
                        <Text size="sm">{entityLabel(row.entity)}</Text>
                      </Group>
                    </Table.Td>
                    {ACTIONS.map((a) => (
                      <Table.Td key={a} ta="center">
                        <Group justify="center">{cell(row.cells[a])}</Group>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                )),
              ])}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {matrix.others.length > 0 && (
        <>
          <Text size="sm" fw={600} mt="md" mb={6}>
            {t('resources.roles.matrix.other')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            {matrix.others.map((p) => (
              <Checkbox
                key={p.id}
                size="sm"
                label={permissionLabel(t, p)}
                checked={selected.has(p.id)}
                disabled={!canChange(p)}
                onChange={(e) => set(toggleOne(value, p.id, e.currentTarget.checked))}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </Input.Wrapper>
  )
}
