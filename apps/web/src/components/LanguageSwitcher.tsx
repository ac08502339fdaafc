import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { LOCALES, type Locale } from '@app/shared'
import { currentLocale, setLanguage } from '../i18n'
import './language-switcher.css'

/**
 * EN | ID switch: changes the UI language in place and keeps the choice in the `locale` cookie. Two radios drawn
 * as a segmented control by CSS alone (language-switcher.css): Mantine's SegmentedControl measured its sliding
 * indicator with getBoundingClientRect on every layout change of the page, a forced layout each time, in the
 * header of every screen (issue 33, "Phone"). No popover either, which keeps that machinery out of the login page.
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
  const name = useId()
  const active = i18n.resolvedLanguage ? currentLocale() : currentLocale()
  return (
    <div role="radiogroup" aria-label={t('language.label')} className="language-switch" data-size={size}>
      {LOCALES.map((lng) => (
        <label key={lng} className="language-switch-item" data-active={lng === active || undefined}>
          <input
            type="radio"
            name={name}
            value={lng}
            checked={lng === active}
            onChange={() => {
              void setLanguage(lng)
              onPicked?.(lng)
            }}
          />
          <span lang={lng} title={t(`language.${lng}`)}>
            {lng.toUpperCase()}
          </span>
        </label>
      ))}
    </div>
  )
}
