import { useState, type ReactNode } from 'react'
import { ActionIcon, AppShell, Badge, Box, Burger, Group, Text, useMantineTheme } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useQueryClient } from '@tanstack/react-query'
import type { Locale } from '@app/shared'
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LanguageSwitcher } from '../../components/LanguageSwitcher'
import { Logo } from '../../components/Logo'
import { api } from '../../lib/api-client'
import { formatDate } from '../../lib/format'
import { meKey } from '../../lib/query-keys'
import type { NavGroup } from '../../lib/nav'
import type { Me } from '../../lib/permissions'
import { NotificationBell } from './NotificationBell'
import { SideNav } from './SideNav'
import { UserMenu } from './UserMenu'
import { HoverTooltip } from '../../components/HoverTooltip'
import { useViewportWidth } from '../../lib/use-viewport-width'

/** Header 50 px, side menu 240 px (spec §2): burger on phones, collapse toggle on desktop. */
export function AppLayout({ me, groups, children }: { me: Me; groups: NavGroup[]; children: ReactNode }) {
  const client = useQueryClient()
  // The language picked here is kept on the user (issue 32, item 14): the next sign-in opens in it.
  const saveLocale = (locale: Locale) =>
    void api.put<{ data: Me }>('/auth/me/locale', { locale }).then((res) => {
      if (res.ok) client.setQueryData(meKey, res.data.data)
    })
  const { t } = useTranslation()
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false)
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true)
  // On a phone the side menu is off the screen until the burger opens it: its ~180 elements are drawn from the
  // first opening on (then kept, for the slide out), not in the commit that puts the shell on the screen.
  const wide = useViewportWidth() >= parseFloat(useMantineTheme().breakpoints.sm) * 16
  const [navOpenedOnce, setNavOpenedOnce] = useState(false)
  const drawNav = wide || mobileOpened || navOpenedOnce
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
            <Burger
              opened={mobileOpened}
              onClick={() => {
                setNavOpenedOnce(true)
                toggleMobile()
              }}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('shell.toggle_navigation')}
            />
            <HoverTooltip label={t('shell.toggle_navigation')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={toggleDesktop}
                visibleFrom="sm"
                aria-label={t('shell.toggle_navigation')}
              >
                {desktopOpened ? (
                  <IconLayoutSidebarLeftCollapse size={20} stroke={1.6} />
                ) : (
                  <IconLayoutSidebarLeftExpand size={20} stroke={1.6} />
                )}
              </ActionIcon>
            </HoverTooltip>
            <Link to="/" style={{ textDecoration: 'none' }} aria-label={t('app.name')}>
              <Logo size={26} textVisibleFrom="xs" />
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher onPicked={saveLocale} />
            <NotificationBell me={me} />
            <UserMenu me={me} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar>
        {drawNav && (
          <AppShell.Section grow style={{ minHeight: 0 }}>
            <SideNav groups={groups} onNavigate={closeMobile} />
          </AppShell.Section>
        )}
        {drawNav && me.company && (
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
