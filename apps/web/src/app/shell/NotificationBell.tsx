import { ActionIcon, Indicator, Popover, Stack, Text, ThemeIcon, Group } from '@mantine/core'
import { IconBell, IconCalendarTime, IconInbox } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../lib/format'
import type { Me } from '../../lib/permissions'
import { useArmed } from '../../components/use-armed'

/**
 * The header bell (spec §2) with its badge. The one notice the product has
 * today is the company's trial end; a steady dot (no endless pulse) while there
 * is one. Dates keep their hyphens unbroken so they stay on one line.
 */
export function NotificationBell({ me }: { me: Me }) {
  const { t } = useTranslation()
  const trial = me.company?.trial_ends_at
  const notices =
    trial && dayjs(trial).isAfter(dayjs())
      ? [{ key: 'trial', text: t('auth.notifications.trial', { date: formatDate(trial).replace(/-/g, '\u2011') }) }]
      : []
  const popover = useArmed()
  const button = (
    // A controlled Popover leaves the opening to its target.
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={t('shell.notifications')}
      aria-haspopup="dialog"
      onClick={() => popover.setOpened((o) => !o)}
    >
      <IconBell size={20} stroke={1.6} />
    </ActionIcon>
  )
  const indicator = (target: ReactNode) => (
    <Indicator disabled={notices.length === 0} size={8} offset={6} color="red" data-testid="notification-badge">
      {target}
    </Indicator>
  )
  // Drawn as the button alone until it can be needed (components/use-armed.ts).
  return (
    <span className="armed-trigger" {...popover.handlers}>
      {!popover.armed ? (
        indicator(button)
      ) : (
        <Popover position="bottom-end" width={300} shadow="md" withArrow opened={popover.opened} onChange={popover.setOpened}>
          {/* The popover's target is the button (it gets aria-expanded), not the dot's wrapper. */}
          {indicator(<Popover.Target>{button}</Popover.Target>)}
          <Popover.Dropdown>
            <Text fw={600} size="sm" mb="xs">
              {t('shell.notifications')}
            </Text>
            {notices.length === 0 ? (
              <Group gap="xs" c="dimmed">
                <IconInbox size={18} />
                <Text size="sm">{t('auth.notifications.empty')}</Text>
              </Group>
            ) : (
              <Stack gap="xs">
                {notices.map((n) => (
                  <Group key={n.key} gap="sm" wrap="nowrap" align="flex-start">
                    <ThemeIcon variant="light" color="orange" size="md">
                      <IconCalendarTime size={16} />
                    </ThemeIcon>
                    <Text size="sm">{n.text}</Text>
                  </Group>
                ))}
              </Stack>
            )}
          </Popover.Dropdown>
        </Popover>
      )}
    </span>
  )
}
