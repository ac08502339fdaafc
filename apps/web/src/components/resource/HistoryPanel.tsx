import { Accordion, Paper, Title } from '@mantine/core'
import { IconHistory } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { can, useMe } from '../../lib/permissions'
import { AuditEntries } from '../audit/AuditEntries'
import type { ResourceDefinition, ResourceRow } from './define'
import { resourceLabels } from './labels'

/**
 * A record's history on its form (issue 30): the audit rows of its entity and id, newest first — who, their
 * role then, when, and each changed field before → after, labelled as the form labels it. Shown to holders
 * of `audit_list` (the list it reads from); a card on the page form, a closed section in the dialog.
 */
export function HistoryPanel<R extends ResourceRow>({
  resource,
  id,
  variant,
}: {
  resource: ResourceDefinition<R>
  id: R['id']
  variant: 'page' | 'dialog'
}) {
  const { t } = useTranslation()
  const { data: me } = useMe()
  if (!can(me, 'audit_list')) return null
  const labels = resourceLabels(resource, t)
  const entries = (
    <AuditEntries params={{ entity: resource.permission, record_id: id, size: 20 }} fieldLabel={(f) => labels.field(f)} />
  )
  if (variant === 'dialog')
    return (
      <Accordion variant="contained" mt="md">
        <Accordion.Item value="history">
          <Accordion.Control icon={<IconHistory size={16} />}>{t('audit.history')}</Accordion.Control>
          <Accordion.Panel>{entries}</Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    )
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} shadow="xs" component="section" aria-label={t('audit.history')}>
      <Title order={4} mb="md">
        {t('audit.history')}
      </Title>
      {entries}
    </Paper>
  )
}
