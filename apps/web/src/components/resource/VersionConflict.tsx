import { useEffect, useRef, useState } from 'react'
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core'
import { IconGitCompare } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { VersionConflict } from '../../lib/api-client'
import { roleLabel } from '../../lib/display-names'
import { formatDateTime } from '../../lib/format'
import { valueText } from '../audit/change-text'

/**
 * A save refused because someone else saved the record after it was read (409 stale version, issue 30).
 * `typed` is what the user had in the form when the save was refused: kept until they re-apply it or
 * dismiss it, whatever they do meanwhile.
 */
export interface ConflictState<V> {
  conflict: VersionConflict
  typed: V
  /** Reload was chosen: the form shows the record as it now is; `typed` waits beside it to be re-applied. */
  reloaded: boolean
}

/** The conflict's state for any form: raised by a 409 with a conflict, then reloaded or overwritten. */
export function useVersionConflict<V>() {
  const [state, setState] = useState<ConflictState<V> | null>(null)
  return {
    state,
    raise: (conflict: VersionConflict, typed: V) => setState({ conflict, typed, reloaded: false }),
    markReloaded: () => setState((s) => (s ? { ...s, reloaded: true } : s)),
    clear: () => setState(null),
  }
}

/** The version of a conflict's current record (what Overwrite sends). */
export const currentVersion = (conflict: VersionConflict) => (conflict.current as { version?: number } | null)?.version

/** One value the user typed that differs from the record as it now is. */
export interface TypedLine {
  key: string
  label: string
  mine: unknown
  now: unknown
  apply: () => void
}

/**
 * The conflict panel: who saved the record and when; before reloading, "Reload" (their version in the form,
 * yours kept) and "Overwrite" (save yours over theirs); after reloading, each value you typed that differs,
 * beside theirs, with "Use mine", and "Re-apply all mine".
 */
export function ConflictPanel<V>({
  state,
  onReload,
  onOverwrite,
  lines = [],
  onApplyAll,
  onDismiss,
  busy,
  reloadedText,
}: {
  state: ConflictState<V>
  onReload: () => void
  onOverwrite: () => void
  lines?: TypedLine[]
  onApplyAll?: () => void
  onDismiss: () => void
  busy?: boolean
  /** What the form did on Reload, when it keeps the typed values in its own fields (the calendar's range form). */
  reloadedText?: string
}) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  // The panel appears where the form starts; the save that raised it was at the bottom.
  // (A block, not an expression: Chromium's scrollIntoView answers a promise, which React would take for a cleanup.)
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' })
  }, [state.reloaded])
  const by = state.conflict.changedBy
  const who = by?.user_name
    ? t('conflict.by', {
        name: by.user_name,
        role: by.role_name ? roleLabel(t, { name: by.role_name }) : '-',
        at: formatDateTime(by.at),
      })
    : by
      ? t('conflict.by_someone', { at: formatDateTime(by.at) })
      : t('conflict.by_unknown')
  const text = (v: unknown) => valueText(v, t('audit.yes'), t('audit.no'))
  return (
    <Alert
      ref={ref}
      color="orange"
      variant="light"
      icon={<IconGitCompare size={18} />}
      title={t('conflict.title')}
      role="alert"
      aria-label={t('conflict.title')}
      data-testid="version-conflict"
    >
      <Stack gap="xs">
        <Text size="sm">{who}</Text>
        {!state.reloaded ? (
          <>
            <Text size="sm">{t('conflict.help')}</Text>
            <Group gap="xs">
              <Button size="xs" onClick={onReload} disabled={busy}>
                {t('conflict.reload')}
              </Button>
              <Button size="xs" variant="outline" color="orange" onClick={onOverwrite} loading={busy}>
                {t('conflict.overwrite')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">{reloadedText ?? (lines.length ? t('conflict.reloaded') : t('conflict.reloaded_same'))}</Text>
            {lines.length > 0 && (
              <Table fz="sm" withTableBorder verticalSpacing={4} aria-label={t('conflict.mine_title')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('audit.field')}</Table.Th>
                    <Table.Th>{t('conflict.now')}</Table.Th>
                    <Table.Th>{t('conflict.mine')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.map((l) => (
                    <Table.Tr key={l.key}>
                      <Table.Td>{l.label}</Table.Td>
                      <Table.Td c="dimmed" style={{ wordBreak: 'break-word' }}>
                        {text(l.now)}
                      </Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{text(l.mine)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-xs"
                          variant="light"
                          onClick={l.apply}
                          aria-label={`${t('conflict.use_mine')}: ${l.label}`}
                        >
                          {t('conflict.use_mine')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <Group gap="xs">
              {lines.length > 0 && onApplyAll && (
                <Button size="xs" onClick={onApplyAll}>
                  {t('conflict.use_all')}
                </Button>
              )}
              <Button size="xs" variant="default" onClick={onDismiss}>
                {t('conflict.dismiss')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Alert>
  )
}
