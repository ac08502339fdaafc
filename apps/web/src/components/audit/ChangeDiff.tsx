import { Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../lib/format'
import { changeLines, changeRange, valueText } from './change-text'

/**
 * An audit row's change as a small table: each field, its value before and after (an update), or the one value
 * a create, delete or range write names; a range write also says which days. Secrets show as the server
 * stored them (`[redacted]`: only that they changed).
 */
export function ChangeDiff({ change, fieldLabel }: { change: unknown; fieldLabel?: (field: string) => string }) {
  const { t } = useTranslation()
  const lines = changeLines(change)
  const range = changeRange(change)
  const text = (v: unknown) => valueText(v, t('audit.yes'), t('audit.no'))
  const label = fieldLabel ?? ((f: string) => f)
  if (!lines.length && !range)
    return (
      <Text size="sm" c="dimmed">
        {t('audit.no_change')}
      </Text>
    )
  return (
    <>
      {range && (
        <Text size="sm" mb={4}>
          {t('audit.range', { from: formatDate(range.start_date), to: formatDate(range.end_date) })}
          {range.weekdays ? ` · ${range.weekdays.map((d) => t(`audit.weekdays.${d}`)).join(', ')}` : ''}
        </Text>
      )}
      {lines.length > 0 && (
        <Table withTableBorder withColumnBorders fz="sm" verticalSpacing={4} aria-label={t('audit.change')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('audit.field')}</Table.Th>
              <Table.Th>{t('audit.before')}</Table.Th>
              <Table.Th>{t('audit.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.field}>
                <Table.Td>{label(l.field)}</Table.Td>
                <Table.Td c="dimmed" style={{ wordBreak: 'break-word' }}>
                  {l.single && l.before === undefined ? '' : text(l.before)}
                </Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{l.single && l.after === undefined ? '' : text(l.after)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  )
}
