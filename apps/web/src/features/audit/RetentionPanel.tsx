import { useState } from 'react'
import { Button, Group, NumberInput, Paper, Skeleton, Text, Title } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { MAX_AUDIT_RETENTION_DAYS } from '@app/shared'
import { ConfirmModal } from '../../components/resource'
import { api, unwrap } from '../../lib/api-client'
import { notifyError, notifySuccess } from '../../lib/notify'
import { can, useMe } from '../../lib/permissions'

/** Under ['audit']: a saved setting refreshes the rows it may have purged with it. */
const retentionKey = ['audit', 'retention'] as const

/** The box's text as the API's `days`: empty is "for ever" (null); undefined when it is no whole day in range. */
function daysOf(value: string | number): number | null | undefined {
  if (value === '') return null
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isInteger(n) && n >= 1 && n <= MAX_AUDIT_RETENTION_DAYS ? n : undefined
}

/**
 * How long the company keeps its audit rows (`GET/PUT /audit/retention`, docs/decisions/audit.md): read by
 * holders of `audit_view`, set by holders of `audit_update`. A shorter time deletes the older rows at once,
 * so saving one asks first; an empty box keeps them for ever.
 */
export function RetentionPanel() {
  const { t } = useTranslation()
  const { data: me } = useMe()
  const client = useQueryClient()
  const canView = can(me, 'audit_view')
  const canEdit = can(me, 'audit_update')
  const current = useQuery({
    queryKey: retentionKey,
    queryFn: ({ signal }) =>
      unwrap(api.get<{ data: { days: number | null } }>('/audit/retention', undefined, signal)).then((r) => r.data.days),
    enabled: canView,
  })
  // What the box holds once edited (undefined: the stored value).
  const [typed, setTyped] = useState<string | number | undefined>(undefined)
  const [error, setError] = useState<string | null>(null)
  const [asking, setAsking] = useState(false)
  if (!canView) return null

  const stored = current.data ?? null
  const value = typed ?? stored ?? ''
  const days = daysOf(value)
  const changed = typed !== undefined && days !== stored

  const save = async () => {
    const res = await api.put<{ data: { days: number | null } }>('/audit/retention', { days })
    setAsking(false)
    if (!res.ok) {
      const field = res.error.errors.days?.join(' ')
      if (field) setError(field)
      else notifyError(t('audit.retention.failed'), res.error.message)
      return
    }
    client.setQueryData(retentionKey, res.data.data.days)
    setTyped(undefined)
    await client.invalidateQueries({ queryKey: ['audit', 'list'] })
    notifySuccess(
      t('audit.retention.saved'),
      res.data.data.days === null ? t('audit.retention.forever') : t('audit.retention.kept', { count: res.data.data.days }),
    )
  }
  const submit = () => {
    if (days === undefined) {
      setError(t('audit.retention.invalid', { max: MAX_AUDIT_RETENTION_DAYS }))
      return
    }
    // Keeping rows longer (or for ever) deletes nothing: saved at once. A shorter time deletes: asked first.
    if (days !== null && (stored === null || days < stored)) setAsking(true)
    else void save()
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('audit.retention.title')}>
      <Title order={2} fz="h4" mb={4}>
        {t('audit.retention.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('audit.retention.help')}
      </Text>
      {current.isPending ? (
        <Skeleton h={36} maw={320} />
      ) : current.isError ? (
        <Text size="sm" c="red">
          {(current.error as { message?: string }).message ?? t('alert.load_failed')}
        </Text>
      ) : (
        <Group
          component="form"
          align="flex-start"
          gap="sm"
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
        >
          <NumberInput
            label={t('audit.retention.days')}
            placeholder={t('audit.retention.forever')}
            value={value}
            onChange={(v) => {
              setTyped(v)
              setError(null)
            }}
            min={1}
            max={MAX_AUDIT_RETENTION_DAYS}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            thousandSeparator={false}
            error={error}
            disabled={!canEdit}
            w={{ base: '100%', xs: 260 }}
          />
          {canEdit && (
            <Button type="submit" mt={{ base: 0, xs: 25 }} disabled={!changed && !error}>
              {t('actions.save')}
            </Button>
          )}
        </Group>
      )}
      <ConfirmModal
        opened={asking}
        title={t('audit.retention.confirm_title')}
        message={t('audit.retention.confirm', { count: days ?? 0 })}
        confirmLabel={t('audit.retention.confirm_button')}
        onConfirm={save}
        onCancel={() => setAsking(false)}
      />
    </Paper>
  )
}
