import { Alert, Badge, Box, Group, LoadingOverlay, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { DEFAULT_TIME_ZONE, MAX_PASSPORT_MONTHS, companySettingsSchema, type CompanySettings, type Entity } from '@app/shared'
import {
  FieldGrid,
  SubmitButton,
  UploadTracker,
  defineResource,
  field,
  useLeavePrompt,
  useResourceForm,
  type FieldDef,
  type ResourceRow,
} from '../../components/resource'
import { companyKey, useCompanySettings } from '../../lib/company'
import { formatDate } from '../../lib/format'
import { can, useMe, type Me } from '../../lib/permissions'
import { useDocumentTitle } from '../../lib/use-document-title'

const T = 'resources.company'
const readOnly = ({ me }: { me?: Me }) => !can(me, 'company_setting')

/** The IANA time zones this browser knows (UTC first), as the server checks them with `Intl`. */
function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_TIME_ZONE]
  return ['UTC', ...known.filter((z) => z !== 'UTC')]
}

const fields: FieldDef<ResourceRow>[] = [
  field.text('name', { span: 12, disabled: readOnly }),
  field.textarea('address', { span: 8, rows: 2, disabled: readOnly }),
  field.text('phone', { span: 4, type: 'tel', disabled: readOnly, placeholderKey: 'resources.pilgrims.phone_placeholder' }),
  field.number('passport_validity_months', {
    section: 'pilgrims',
    span: 6,
    min: 0,
    max: MAX_PASSPORT_MONTHS,
    step: 1,
    decimalScale: 0,
    disabled: readOnly,
    descriptionKey: `${T}.passport_validity_hint`,
  }),
  field.number('mahram_min_age', {
    section: 'pilgrims',
    span: 6,
    min: 1,
    max: 120,
    step: 1,
    decimalScale: 0,
    disabled: readOnly,
    descriptionKey: `${T}.mahram_hint`,
  }),
  // The company's weekend (issue 32, item 10): ISO weekdays, shaded in every calendar and date picker.
  field.checkboxGroup('weekend_days', {
    section: 'calendar',
    span: 12,
    columns: 4,
    required: false,
    disabled: readOnly,
    descriptionKey: `${T}.weekend_hint`,
    options: [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, labelKey: `${T}.weekdays.${d}` })),
  }),
  // The company's time zone (issue 32, item 12): exports write dates and times in it.
  field.select('time_zone', {
    section: 'calendar',
    span: 6,
    searchable: true,
    disabled: readOnly,
    descriptionKey: `${T}.time_zone_hint`,
    options: timeZones().map((z) => ({ value: z, label: z })),
  }),
  field.image('logo', { section: 'logo', disabled: readOnly }),
]

/**
 * The company's settings (`GET/PUT /company`) as a singleton resource: the
 * engine's form, validation and per-field server errors; saving is `PUT
 * /company`. Its permission is the one-right `company_setting`, not an entity
 * of the grid, so the declaration's entity is never asked (the screen checks it).
 */
const company = defineResource<ResourceRow>({
  name: 'company',
  endpoint: '/company',
  singleton: true,
  permission: 'company_setting' as Entity,
  columns: [],
  fields,
  sections: [{ key: 'main' }, { key: 'pilgrims' }, { key: 'calendar' }, { key: 'logo', side: true }],
  schema: companySettingsSchema,
  rowTitle: (row) => String(row.name ?? ''),
})

/**
 * Avatar menu -> Company Setting (issue 28): the company's name, address,
 * phone and logo, the passport validity months and the mahram rule, editable
 * by the owner or a holder of `company_setting`, read-only for everyone else.
 * Later issues add their settings as fields here and keys in the contract.
 */
export default function CompanyPage() {
  const { t } = useTranslation()
  const { data: me } = useMe()
  const settings = useCompanySettings()
  useDocumentTitle(t(`${T}.title`))
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
        {t(`${T}.title`)}
      </Title>
      {settings.isPending ? (
        <Skeleton h={320} />
      ) : settings.isError ? (
        <Alert color="red">{t('alert.title')}</Alert>
      ) : (
        <CompanyForm row={settings.data} me={me} />
      )}
    </Stack>
  )
}

function CompanyForm({ row, me }: { row: CompanySettings; me: Me | undefined }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const editable = can(me, 'company_setting')
  const state = useResourceForm({
    resource: company,
    mode: 'edit',
    row: row as unknown as ResourceRow,
    me,
    onSaved: () => void queryClient.invalidateQueries({ queryKey: companyKey }),
  })
  const { form, submit, saving } = state
  const leavePrompt = useLeavePrompt(form.isDirty())
  const grid = { form, state, mode: 'edit' as const, row: row as unknown as ResourceRow, me }
  const section = (key: string) => fields.filter((f) => (f.section ?? 'main') === key)
  const card = (key: string) => (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      shadow="xs"
      component="section"
      aria-label={t(`${T}.sections.${key}`)}
    >
      <Title order={4} mb="md">
        {t(`${T}.sections.${key}`)}
      </Title>
      <FieldGrid fields={section(key)} {...grid} titled />
    </Paper>
  )
  const trial = me?.company?.trial_ends_at
  return (
    <UploadTracker>
      {(uploading) => (
        <Box component="form" onSubmit={submit} noValidate pos="relative">
          <LoadingOverlay visible={saving} zIndex={5} overlayProps={{ radius: 'sm', blur: 1 }} />
          <Stack gap="md">
            {!editable && (
              <Alert color="gray" variant="light" icon={<IconLock size={16} />}>
                {t(`${T}.read_only`)}
              </Alert>
            )}
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('auth.company.trial_ends')}:
              </Text>
              {trial ? (
                <Badge variant="light" color={dayjs(trial).isAfter(dayjs()) ? 'orange' : 'red'}>
                  {formatDate(trial)}
                </Badge>
              ) : (
                <Badge variant="light" color="gray">
                  {t('auth.company.no_trial')}
                </Badge>
              )}
            </Group>
            <Group align="flex-start" gap="md" wrap="wrap">
              <Stack gap="md" style={{ flex: '2 1 420px', minWidth: 0 }}>
                {card('main')}
                {card('pilgrims')}
                {card('calendar')}
              </Stack>
              <Stack gap="md" style={{ flex: '1 1 260px', minWidth: 0 }}>
                {card('logo')}
              </Stack>
            </Group>
            {editable && (
              <Paper withBorder radius="md" p="sm" shadow="sm" pos="sticky" bottom={8} style={{ zIndex: 4 }}>
                <Group justify="flex-end">
                  <SubmitButton loading={saving} disabled={uploading || !form.isDirty()}>
                    {t('actions.save')}
                  </SubmitButton>
                </Group>
              </Paper>
            )}
          </Stack>
          {leavePrompt}
        </Box>
      )}
    </UploadTracker>
  )
}
