import type { ReactNode } from 'react'
import { ActionIcon, AppShell, Badge, Box, Burger, Group, Indicator, Text, Tooltip } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconBell } from '@tabler/icons-react'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LanguageSwitcher } from '../../components/LanguageSwitcher'
import { Logo } from '../../components/Logo'
import { formatDate } from '../../lib/format'
import type { NavGroup } from '../../lib/nav'
import type { Me } from '../../lib/permissions'
import { SideNav } from './SideNav'
import { UserMenu } from './UserMenu'

/** Header 50 px, side menu 240 px (spec §2): burger on phones, collapse toggle on desktop. */
export function AppLayout({ me, groups, children }: { me: Me; groups: NavGroup[]; children: ReactNode }) {
  const { t } = useTranslation()
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false)
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true)
  const trialEnds = me.company?.trial_ends_at
  const trialActive = !!trialEnds && dayjs(trialEnds).isAfter(dayjs())

  return (
    <AppShell
      header={{ height: 50 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding={{ base: 'sm', sm: 'lg' }}
      bg="gray.0"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={mobileOpened} onClick={toggleMobile} hiddenFrom="sm" size="sm" aria-label={t('shell.toggle_navigation')} />
            <Burger opened={desktopOpened} onClick={toggleDesktop} visibleFrom="sm" size="sm" aria-label={t('shell.toggle_navigation')} />
            <Link to="/" style={{ textDecoration: 'none' }} aria-label={t('app.name')}>
              <Logo size={26} />
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher />
            <Tooltip label={t('shell.notifications')}>
              <Indicator processing size={8} offset={6} color="red">
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('shell.notifications')}>
                  <IconBell size={20} stroke={1.6} />
                </ActionIcon>
              </Indicator>
            </Tooltip>
            <UserMenu me={me} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar>
        <AppShell.Section grow style={{ minHeight: 0 }}>
          <SideNav groups={groups} onNavigate={closeMobile} />
        </AppShell.Section>
        {me.company && (
          <AppShell.Section p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <Text size="sm" fw={600} truncate>
              {me.company.name}
            </Text>
            {trialActive && (
              <Badge mt={4} size="sm" variant="light" color="orange">
                {t('shell.trial_until', { date: formatDate(trialEnds) })}
              </Badge>
            )}
          </AppShell.Section>
        )}
      </AppShell.Navbar>

      <AppShell.Main>
        <Box maw={1400} mx="auto">
          {children}
        </Box>
      </AppShell.Main>
    </AppShell>
  )
}
