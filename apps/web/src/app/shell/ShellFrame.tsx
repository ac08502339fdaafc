import { Center, Group, Loader, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Logo } from '../../components/Logo'
import { ScreenHead, type ScreenHeadSpec } from '../../components/ScreenHead'

/** How many menu rows the frame's side menu sketches (the real menu depends on the user's permissions). */
const NAV_BONES = 8

/**
 * The signed-in shell as the server draws it before any script runs (issue 33, "Phone"): the header with the
 * logo, the side menu as grey rows, the screen's head when the address is a screen that has one (its title,
 * the largest thing a phone's first screen holds on most screens; components/ScreenHead.tsx), and the screen's
 * place busy, at the places and sizes AppLayout draws them (header 50 px, side menu 240 px from `sm`, the
 * screen's Suspense placeholder). It holds nothing of the user: drawn once per language and screen at the
 * server's start (prerender.tsx; the dashboard's greeting holds a marker the server fills in per request); the
 * app draws itself under it and the frame goes as soon as the app shows anything but its loader
 * (lib/boot-frame.ts). Plain elements and the public pages' Mantine parts only: its stylesheet (shell-frame.css)
 * is in the page's first stylesheet, not the signed-in part's.
 */
export function ShellFrame({ head }: { head?: ScreenHeadSpec }) {
  const { t } = useTranslation()
  return (
    <>
      <header className="shell-frame-header">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <span className="shell-frame-burger" aria-hidden="true">
              <span />
            </span>
            <span className="shell-frame-toggle" aria-hidden="true" />
            <Logo size={26} textVisibleFrom="xs" />
          </Group>
          <Group gap="xs" wrap="nowrap" aria-hidden="true">
            <span className="shell-frame-bone shell-frame-bone-pill" />
            <span className="shell-frame-bone shell-frame-bone-round" />
            <span className="shell-frame-bone shell-frame-bone-round" />
          </Group>
        </Group>
      </header>
      <nav className="shell-frame-nav" aria-label={t('shell.navigation')}>
        {Array.from({ length: NAV_BONES }, (_, i) => (
          <span key={i} className="shell-frame-bone shell-frame-bone-row" />
        ))}
      </nav>
      <main className="shell-frame-main">
        <Stack gap="md" className="shell-frame-content">
          {head && <ScreenHead spec={head} />}
          <Center mih={320} aria-busy="true">
            <Loader />
          </Center>
        </Stack>
      </main>
    </>
  )
}
