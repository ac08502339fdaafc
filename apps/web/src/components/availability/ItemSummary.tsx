import { SimpleGrid, Table } from '@mantine/core'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { formatMoney, getPath } from '../../lib/format'
import { formatNumber } from '../../lib/numbers'
import type { SummaryRow } from './define'
import { calendarLabel } from './labels'

function show(row: SummaryRow, item: Record<string, unknown>, t: TFunction, language: string): string {
  const v = getPath(item, row.path ?? row.key)
  const empty = v === null || v === undefined || v === ''
  switch (row.format) {
    case 'money':
      return formatMoney(v)
    case 'hours':
      // The one number writer (docs/decisions/numbers.md), as every other figure on screen.
      return empty ? '-' : formatNumber(v, language, { minDecimals: 2, maxDecimals: 2 })
    case 'unit':
      return empty ? '-' : `${String(v)} ${row.unit ?? ''}`.trim()
    case 'option':
      return empty ? '-' : t(`${row.labelPrefix ?? ''}${String(v)}`, { defaultValue: String(v) })
    case 'arrow':
      return (row.paths ?? []).map((p) => String(getPath(item, p) ?? '-')).join(' → ')
    default:
      return empty ? '-' : String(v)
  }
}

/** The read-only info tables above a calendar (spec §2): label and value per row, side by side on wide screens. */
export function ItemSummary({ tables, item }: { tables: SummaryRow[][]; item: Record<string, unknown> }) {
  const { t, i18n } = useTranslation()
  return (
    <SimpleGrid cols={{ base: 1, md: tables.length }} spacing="md">
      {tables.map((rows, i) => (
        <Table key={i} withTableBorder withColumnBorders variant="vertical" layout="fixed" verticalSpacing={6}>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Th w="45%">{calendarLabel(t, row.key)}</Table.Th>
                <Table.Td>{show(row, item, t, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ))}
    </SimpleGrid>
  )
}
