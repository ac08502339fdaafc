import { useEffect, useState } from 'react'
import { NavLink, Stack } from '@mantine/core'
import { IconChevronRight } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import './side-nav.css'
import { findActive, itemHref, NAV_STORAGE_KEYS, type NavGroup } from '../../lib/nav'

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function store(key: string, value: string) {
  try {
    localStorage.setItem(key, value)
  } catch {
    /* private mode: the menu simply forgets */
  }
}

/**
 * Two-level side menu: groups open one at a time; the chosen group and item
 * are remembered in localStorage (spec §2) and restored on the next visit.
 */
export function SideNav({ groups, onNavigate }: { groups: NavGroup[]; onNavigate: () => void }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const active = findActive(groups, pathname)
  const [openGroup, setOpenGroup] = useState<string | null>(() => active?.group.key ?? stored(NAV_STORAGE_KEYS.group))

  // Whatever brought us here (a click, a link, the address bar), remember it.
  useEffect(() => {
    if (!active) return
    store(NAV_STORAGE_KEYS.group, active.group.key)
    store(NAV_STORAGE_KEYS.item, active.item.key)
    setOpenGroup(active.group.key)
  }, [active?.group.key, active?.item.key]) // eslint-disable-line react-hooks/exhaustive-deps

  return (
    // The browser's own thin scrollbar rather than Mantine's ScrollArea, whose scrollbars read the menu's scroll
    // position as they mounted (a forced layout on every screen's first draw, issue 33, "Phone").
    <div className="side-nav-scroll">
      <Stack gap={2} p="xs" component="nav" aria-label={t('shell.navigation')}>
        {groups.map((group) => {
          const Icon = group.icon
          const icon = <Icon size={18} stroke={1.7} />
          // A group of one item with the group's own key (the dashboard) is a plain link.
          if (group.items.length === 1 && group.items[0]!.key === group.key) {
            const item = group.items[0]!
            return (
              <NavLink
                key={group.key}
                component={Link}
                to={itemHref(item)}
                label={t(group.labelKey)}
                leftSection={icon}
                active={active?.item.key === item.key}
                onClick={onNavigate}
                variant="light"
                fw={500}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            )
          }
          const opened = openGroup === group.key
          return (
            <NavLink
              key={group.key}
              // A button, not an <a> without an address: the keyboard reaches it and Enter opens it.
              component="button"
              type="button"
              aria-expanded={opened}
              label={t(group.labelKey)}
              leftSection={icon}
              rightSection={<IconChevronRight size={14} stroke={1.7} />}
              opened={opened}
              onChange={(o) => {
                setOpenGroup(o ? group.key : null)
                if (o) store(NAV_STORAGE_KEYS.group, group.key)
              }}
              active={active?.group.key === group.key && !opened}
              variant="subtle"
              fw={500}
              childrenOffset={28}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            >
              {group.items.map((item) => (
                <NavLink
                  key={item.key}
                  component={Link}
                  to={itemHref(item)}
                  label={t(item.labelKey)}
                  active={active?.item.key === item.key}
                  onClick={onNavigate}
                  variant="light"
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              ))}
            </NavLink>
          )
        })}
      </Stack>
    </div>
  )
}
