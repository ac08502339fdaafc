import { Suspense, useMemo, type ReactNode } from 'react'
import { Center, Loader, Stack } from '@mantine/core'
import { Link, Navigate, Route, Routes, useLocation } from 'react-router'
import { FullScreenLoader } from '../components/FullScreenLoader'
import { NotFound } from '../components/NotFound'
import { ScreenHead } from '../components/ScreenHead'
import { bootHeadAt } from '../lib/boot-frame'
import { PermissionDenied } from '../components/resource/PermissionDenied'
import { itemPages, navGroups } from './registry'
import { visibleNav, type NavItem } from '../lib/nav'
import { can, useMe, type Me } from '../lib/permissions'
import { AppLayout } from './shell/AppLayout'

/**
 * Everything under /app, loaded lazily (the login page never downloads it).
 * The session guard waits for `GET /auth/session`; no session or an error sends the
 * browser to /login. Routes come from the registry: every item with an element.
 */
export default function AppArea() {
  const me = useMe()
  if (me.isPending) return <FullScreenLoader />
  if (me.isError || !me.data) return <Navigate to="/login" replace />
  return <SignedIn me={me.data} />
}

function SignedIn({ me }: { me: Me }) {
  const groups = useMemo(() => visibleNav(navGroups, me.permissions), [me.permissions])
  const routed = navGroups
    .flatMap((g) => g.items)
    .filter((i): i is NavItem & { element: NonNullable<NavItem['element']> } => !!i.element)
  return (
    <AppLayout me={me} groups={groups}>
      <Suspense fallback={<ScreenPlaceholder />}>
        <Routes>
          {itemPages.map((p) => (
            <Route
              key={p.path}
              path={p.path}
              element={
                <Allowed me={me} permission={p.permission}>
                  <p.element />
                </Allowed>
              }
            />
          ))}
          {routed.map((item) => {
            const element = (
              <Allowed me={me} permission={item.permission}>
                <item.element />
              </Allowed>
            )
            return item.path ? (
              <Route key={item.key} path={item.nested ? `${item.path}/*` : item.path} element={element} />
            ) : (
              <Route key={item.key} index element={element} />
            )
          })}
          <Route path="*" element={<NotFound home="/app" fullScreen={false} />} />
        </Routes>
      </Suspense>
    </AppLayout>
  )
}

/**
 * While a screen's code comes: busy, under the head the server's frame drew for this address (its title, where
 * the frame painted it; lib/boot-frame.ts), when this is still the address the page was opened at.
 */
function ScreenPlaceholder() {
  const { pathname } = useLocation()
  const head = bootHeadAt(pathname)
  const busy = (
    <Center mih={320} aria-busy="true">
      <Loader />
    </Center>
  )
  if (!head) return busy
  return (
    <Stack gap="md">
      <ScreenHead spec={head} link={Link} />
      {busy}
    </Stack>
  )
}

/** A screen opened by URL without its permission shows the denied view, not the screen. */
function Allowed({ me, permission, children }: { me: Me; permission: string | null; children: ReactNode }) {
  return can(me, permission) ? <>{children}</> : <PermissionDenied />
}
