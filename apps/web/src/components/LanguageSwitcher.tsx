import { SegmentedControl } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { LOCALES, type Locale } from '@app/shared'
import { currentLocale, setLanguage } from '../i18n'

/**
 * EN | ID switch: changes the UI language in place and keeps the choice in the
 * `locale` cookie. A segmented control rather than a dropdown keeps the popover
 * machinery out of the login page's bundle.
 */
export function LanguageSwitcher({
  size = 'xs',
  onPicked,
}: {
  size?: 'xs' | 'sm'
  /** Signed in: the pick is also kept on the user (issue 32, item 14). */
  onPicked?: (locale: Locale) => void
}) {
  const { t, i18n } = useTranslation()
  const active = i18n.resolvedLanguage ? currentLocale() : currentLocale()
  return (
    <SegmentedControl
      size={size}
      radius="xl"
      value={active}
      onChange={(v) => {
        void setLanguage(v as Locale)
        onPicked?.(v as Locale)
      }}
      aria-label={t('language.label')}
      data={LOCALES.map((lng) => ({
        value: lng,
        label: (
          <span lang={lng} title={t(`language.${lng}`)}>
            {lng.toUpperCase()}
          </span>
        ),
      }))}
    />
  )
}
