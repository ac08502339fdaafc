import { useId } from 'react'
import { Group, Text, useMantineTheme, type MantineBreakpoint } from '@mantine/core'
import { useTranslation } from 'react-i18next'

interface LogoProps {
  /** Height of the mark in px; the word mark scales with it. */
  size?: number
  /** Show the product name next to the mark. */
  withText?: boolean
  /** Show the name only from this width up (the phone header has room for the mark alone). */
  textVisibleFrom?: MantineBreakpoint
}

/** The product mark: a paper plane over a horizon, in the primary colour. */
export function LogoMark({ size = 28 }: { size?: number }) {
  const theme = useMantineTheme()
  const primary = theme.colors[theme.primaryColor]!
  // Unique per instance: a gradient inside a hidden copy of the logo would not paint the others.
  const gradient = `logo-bg-${useId().replace(/:/g, '')}`
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-hidden="true">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={primary[5]} />
          <stop offset="1" stopColor={primary[8]} />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
      <path
        d="M5 22.5c4.5-2.2 9.5-2.2 14 0s8 2 8 2"
        fill="none"
        stroke="#fff"
        strokeOpacity=".45"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
      <path d="M6.5 15.2 25.5 7.5l-4.2 12.2-5.1-3.1-2.6 3.6-.6-4.8z" fill="#fff" />
      <path d="m13.6 15.4 7.7-6.1-5.1 7.3" fill={primary[2]} />
    </svg>
  )
}

export function Logo({ size = 28, withText = true, textVisibleFrom }: LogoProps) {
  const { t } = useTranslation()
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark size={size} />
      {withText && (
        <Text
          fw={700}
          fz={Math.round(size * 0.6)}
          c="dark.7"
          visibleFrom={textVisibleFrom}
          style={{ letterSpacing: '-0.01em', whiteSpace: 'nowrap' }}
        >
          {t('app.name')}
        </Text>
      )}
    </Group>
  )
}
