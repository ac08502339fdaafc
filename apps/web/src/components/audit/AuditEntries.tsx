import { Alert, Badge, Button, Group, Loader, Stack, Text, Timeline } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { QueryParams } from '../../lib/api-client'
import { roleLabel } from '../../lib/display-names'
import { formatDateTime } from '../../lib/format'
import { ChangeDiff } from './ChangeDiff'
import { actionLabel } from './labels'
import { useAuditPages } from './use-audit'

/**
 * The audit rows of one filter (a record's history, a calendar day's history) as a timeline, newest first:
 * who (and their role then), when, what they did and the fields before → after; "Older" loads the next page.
 */
export function AuditEntries({
  params,
  fieldLabel,
  empty,
}: {
  params: QueryParams
  fieldLabel?: (field: string) => string
  empty?: string
}) {
  const { t } = useTranslation()
  const pages = useAuditPages(params)
  if (pages.isPending) return <Loader size="sm" aria-label={t('audit.loading')} />
  if (pages.isError) return <Alert color="red">{(pages.error as { message?: string }).message ?? t('alert.load_failed')}</Alert>
  const rows = pages.data.pages.flatMap((p) => p.data)
  if (!rows.length)
    return (
      <Text size="sm" c="dimmed">
        {empty ?? t('audit.history_empty')}
      </Text>
    )
  return (
    <Stack gap="xs">
      <Timeline bulletSize={14} lineWidth={2} active={rows.length}>
        {rows.map((row) => (
          <Timeline.Item
            key={row.id}
            title={
              <Group gap={6} wrap="wrap">
                <Text size="sm" fw={600}>
                  {row.user_name ?? t('audit.someone')}
                </Text>
                {row.role_name && (
                  <Badge size="xs" variant="light" color="gray">
                    {roleLabel(t, { name: row.role_name })}
                  </Badge>
                )}
                <Badge size="xs" variant="light">
                  {actionLabel(t, row.action)}
                </Badge>
              </Group>
            }
          >
            <Text size="xs" c="dimmed" mb={4}>
              {formatDateTime(row.at)}
            </Text>
            <ChangeDiff change={row.change} fieldLabel={fieldLabel} />
          </Timeline.Item>
        ))}
      </Timeline>
      {pages.hasNextPage && (
        <Button variant="subtle" size="compact-sm" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {t('audit.older')}
        </Button>
      )}
    </Stack>
  )
}
