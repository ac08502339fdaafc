import { Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { ImportDuplicateChoice, PilgrimImportReport } from '@app/shared'

/**
 * The rows of a checked file that need a look: one line per spreadsheet row,
 * its cells as read under the file's own headers, each refused cell marked
 * with its message, and a last column saying what a duplicate is and what the
 * chosen action does to it.
 */
export function ImportRowsTable({ report, choice }: { report: PilgrimImportReport; choice: ImportDuplicateChoice }) {
  const { t } = useTranslation()
  const errorsAt = new Map<string, string[]>()
  for (const e of report.errors) {
    const key = `${e.row}:${e.column}`
    errorsAt.set(key, [...(errorsAt.get(key) ?? []), e.message])
  }
  const duplicateOf = new Map(report.duplicates.map((d) => [d.row, d]))
  const headerOf = (key: string) => report.columns.find((c) => c.key === key)?.header ?? key
  const hasDuplicates = report.duplicates.length > 0

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder withColumnBorders fz="sm" aria-label={t('pilgrimImport.result.problems')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('pilgrimImport.result.row')}</Table.Th>
            {report.columns.map((c) => (
              <Table.Th key={c.key} data-column={c.key}>
                {c.header}
              </Table.Th>
            ))}
            {hasDuplicates && <Table.Th>{t('pilgrimImport.result.duplicate')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((r) => {
            const dup = duplicateOf.get(r.row)
            return (
              <Table.Tr key={r.row} data-row={r.row}>
                <Table.Td>{r.row}</Table.Td>
                {report.columns.map((c) => {
                  const errors = errorsAt.get(`${r.row}:${c.key}`)
                  return (
                    <Table.Td
                      key={c.key}
                      data-column={c.key}
                      data-invalid={errors ? true : undefined}
                      bg={errors ? 'var(--mantine-color-red-light)' : undefined}
                    >
                      <Text size="sm">{r.values[c.key] ?? ''}</Text>
                      {errors?.map((m) => (
                        <Text key={m} size="xs" c="red.8" fw={500}>
                          {m}
                        </Text>
                      ))}
                    </Table.Td>
                  )
                })}
                {hasDuplicates && (
                  <Table.Td data-column="duplicate">
                    {dup && (
                      <Text size="sm">
                        {dup.existing
                          ? t('pilgrimImport.duplicates.existing', {
                              column: headerOf(dup.column),
                              value: dup.value,
                              name: dup.existing.full_name,
                            })
                          : t('pilgrimImport.duplicates.in_file', {
                              column: headerOf(dup.column),
                              value: dup.value,
                              row: dup.file_row,
                            })}
                        {': '}
                        {choice === 'update'
                          ? t('pilgrimImport.duplicates.will_update')
                          : t('pilgrimImport.duplicates.will_skip')}
                      </Text>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
