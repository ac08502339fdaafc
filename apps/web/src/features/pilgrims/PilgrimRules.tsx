import { Anchor, Badge, Group, Input, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ageOn, isRealDate, monthsUntil, todayIso } from '@app/shared'
import type { CustomFieldProps } from '../../components/resource'
import { api, unwrap } from '../../lib/api-client'
import { useCompanySettings } from '../../lib/company'

const T = 'resources.pilgrims'
const day = (v: unknown): string | null => (typeof v === 'string' && isRealDate(v) ? v : null)

/** The age from the birth date, as the form is filled (the server computes the same for the list). */
export function AgeRule({ values, label }: CustomFieldProps) {
  const { t } = useTranslation()
  const birth = day(values.birth_date)
  const age = birth && birth <= todayIso() ? ageOn(birth, todayIso()) : null
  return (
    <Input.Wrapper label={label}>
      <Text size="sm" mt={8} data-testid="pilgrim-age">
        {age === null ? '-' : t(`${T}.age_years`, { count: age })}
      </Text>
    </Input.Wrapper>
  )
}

/** Months the passport is still valid, in red under the company's "passport validity months". */
export function PassportRule({ values, label }: CustomFieldProps) {
  const { t } = useTranslation()
  const company = useCompanySettings()
  const expiry = day(values.passport_expiry)
  const required = company.data?.passport_validity_months
  if (!expiry) {
    return (
      <Input.Wrapper label={label}>
        <Text size="sm" mt={8}>
          -
        </Text>
      </Input.Wrapper>
    )
  }
  const months = monthsUntil(expiry, todayIso())
  const short = required !== undefined && months < required
  return (
    <Input.Wrapper label={label}>
      <Group gap="xs" mt={6} data-testid="pilgrim-passport-months">
        <Text size="sm" c={short ? 'red.9' : undefined} fw={short ? 600 : undefined}>
          {months < 0 ? t(`${T}.passport_expired`) : t(`${T}.months_left`, { count: months })}
        </Text>
        {short && (
          <Badge color="red" variant="light" size="sm">
            {t(`${T}.passport_short`, { count: required })}
          </Badge>
        )}
      </Group>
    </Input.Wrapper>
  )
}

/** The company's mahram rule as it applies to this pilgrim (information; the rule is used by bookings). */
export function MahramRule({ values }: CustomFieldProps) {
  const { t } = useTranslation()
  const company = useCompanySettings()
  const minAge = company.data?.mahram_min_age
  const birth = day(values.birth_date)
  if (!minAge || values.gender !== 'female' || !birth) return null
  const age = ageOn(birth, todayIso())
  if (age >= minAge) return null
  return (
    <Text size="sm" c={values.mahram_id ? undefined : 'orange.9'} data-testid="pilgrim-mahram-rule">
      {t(`${T}.mahram_needed`, { age: minAge })}
    </Text>
  )
}

/**
 * Under the NIK and the passport number: when the server refused the value as
 * already registered (409), a link to the pilgrim who holds it.
 */
export function DuplicateHint({ form, values, row }: CustomFieldProps) {
  const { t } = useTranslation()
  const clash = (['nik', 'passport_number'] as const).find((f) => form.errors[f] && values[f])
  const value = clash ? String(values[clash]) : ''
  const holder = useQuery({
    queryKey: ['pilgrims', 'holder', clash, value],
    enabled: !!clash,
    queryFn: () =>
      unwrap(
        api.get<{ data: Array<{ id: number; full_name: string; nik: string | null; passport_number: string | null }> }>(
          '/pilgrims',
          { search: value, size: 5 },
        ),
      ).then(
        (r) => r.data.find((p) => p.id !== row?.id && String(p[clash!] ?? '').toUpperCase() === value.toUpperCase()) ?? null,
      ),
  })
  if (!clash || !holder.data) return null
  return (
    <Anchor component={Link} to={`/app/pilgrims/edit/${holder.data.id}`} size="sm" data-testid="pilgrim-duplicate-link">
      {t(`${T}.open_existing`, { name: holder.data.full_name })}
    </Anchor>
  )
}
