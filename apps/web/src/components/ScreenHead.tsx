import type { ElementType, ReactNode } from 'react'
import type { Link as RouterLink } from 'react-router'
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import type { TFunction } from 'i18next'

/**
 * The head of a screen: its title, and per kind a line under it or a way back. One component for the screen and
 * for the frame the server draws before the scripts (app/shell/ShellFrame.tsx), so the title the frame paints is
 * the one the screen draws, at the same place and size (issue 33, "Phone": the title is the largest thing a
 * phone's first screen holds on most screens, and it is there from the first response).
 *
 * - `list`: a list's title, with its count beside it (`aside`) once the list is in;
 * - `dashboard`: the title and a line under it (the greeting);
 * - `calendar`: a way back to the list, the title, and a line under it (the item's name) once it is in.
 *
 * Plain Mantine parts of the public pages' stylesheet only (app/public-styles.ts): the frame paints with it.
 */
export type ScreenHeadKind = 'list' | 'dashboard' | 'calendar'

/** What the frame draws of a screen's head: texts only, nothing of a query. */
export interface ScreenHeadSpec {
  kind: ScreenHeadKind
  title: string
  line?: string
  back?: { label: string; href: string }
}

/** A screen's head for the frame, given the texts of a language: a screen component's `head` (see `headed`). */
export type ScreenHeadOf = (t: TFunction) => ScreenHeadSpec

/** A screen component that tells the frame its head. */
export type HeadedScreen<C extends ElementType = ElementType> = C & { head?: ScreenHeadOf }

/** Gives `Screen` its head for the frame. */
export function headed<C extends ElementType>(Screen: C, head: ScreenHeadOf): HeadedScreen<C> {
  return Object.assign(Screen, { head })
}

/** The way back to a list, as a calendar's head and its error view draw it. */
export function BackButton({ label, href, link }: { label: string; href: string; link?: typeof RouterLink }) {
  const look = {
    variant: 'subtle',
    color: 'gray',
    size: 'compact-sm',
    leftSection: <IconArrowLeft size={16} />,
    w: 'fit-content',
    children: label,
  } as const
  return link ? <Button component={link} to={href} {...look} /> : <Button component="a" href={href} {...look} />
}

export function ScreenHead({
  spec,
  aside,
  link,
}: {
  spec: ScreenHeadSpec
  /** Beside the title of a list (its count). */
  aside?: ReactNode
  /** The router's link for the way back (the frame, outside the router, draws a plain link). */
  link?: typeof RouterLink
}) {
  const under = spec.line !== undefined ? <Text c="dimmed">{spec.line}</Text> : null
  if (spec.kind === 'dashboard') {
    return (
      <div data-screen-head={spec.kind}>
        <Title order={1} fz="h2">
          {spec.title}
        </Title>
        {under}
      </div>
    )
  }
  const title = (
    <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
      {spec.title}
    </Title>
  )
  if (spec.kind === 'calendar') {
    return (
      <Stack gap={4} data-screen-head={spec.kind}>
        {spec.back && <BackButton label={spec.back.label} href={spec.back.href} link={link} />}
        {title}
        {under}
      </Stack>
    )
  }
  return (
    <Group justify="space-between" align="center" wrap="nowrap" data-screen-head={spec.kind}>
      <Group gap="sm" align="center">
        {title}
        {aside}
      </Group>
    </Group>
  )
}
