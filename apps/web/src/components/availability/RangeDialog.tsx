import { Accordion, Badge, Group, Text } from '@mantine/core'
import { IconHistory } from '@tabler/icons-react'
import { useForm } from '@mantine/form'
import { use, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_AVAILABILITY_DAYS, MODAL_WIDTHS, availabilityWriteSchema, hijriDate } from '@app/shared'
import { formatDate } from '../../lib/format'
import { can, useMe } from '../../lib/permissions'
import { AuditEntries } from '../audit/AuditEntries'
import { ConflictPanel, currentVersion, useVersionConflict } from '../resource/VersionConflict'
import { notifySuccess } from '../../lib/notify'
import { zodFormErrors } from '../../lib/validation'
import { field, type FieldDef, type FormValues } from '../resource/define'
import { FieldGrid } from '../resource/FieldGrid'
import { DialogForm, FormDialog } from '../resource/dialogs'
import { scrollToFirstError, showServerErrors } from '../resource/form-errors'
import { useErrorsAfterSubmit } from '../resource/live-errors'
import type { DayView } from './calendar-math'
import { shapeOf, type CalendarDefinition } from './define'
import { formFieldOf, initialRangeValues, toWriteBody, type RangeFormValues } from './dialog-values'
import { calendarLabel, hijriLanguage, weekdayNames } from './labels'
import { useCalendarWrite, useReloadCalendar } from './use-calendar'
import { PendingInputs, PendingInputsContext, readingBoxes } from '../resource/pending-inputs'

interface RangeDialogProps {
  def: CalendarDefinition
  itemId: string
  /** The item's name, for the success message. */
  itemName: string
  variant?: string
  /** The day clicked: the dialog opens on it. Null = closed. */
  day: DayView | null
  /** Last day of a dragged range; default the day alone. */
  end?: string
  /** The calendar version the shown month was read at (issue 30), sent with the write. */
  version?: number
  /**
   * After a write: the calendar's version it made (the next write sends it until the month is read again), and
   * the range's first day (the calendar moves there, issue 32 item 10).
   */
  onWritten?: (written: { version: number | undefined; startDate: string }) => void
  onClose: () => void
}

/**
 * "Update Date Availability" (spec §2): a date range (one day allowed,
 * DD-MM-YYYY), an optional weekday mask, blocked yes/no and the declared
 * values, validated with the same schema as the server; the server's field
 * errors come back on their fields. One Update button.
 */
export function RangeDialog({ def, itemId, itemName, variant, day, end, version, onWritten, onClose }: RangeDialogProps) {
  const { t, i18n } = useTranslation()
  // The day (or range) opened, Gregorian and Hijri (issue 29): "20-02-2027 · 13 Ramadan 1448".
  const both = (iso: string) => `${formatDate(iso)} · ${hijriDate(iso, hijriLanguage(i18n.language))}`
  const opened = day ? (end && end !== day.date ? `${both(day.date)} – ${both(end)}` : both(day.date)) : ''
  const title = (
    <>
      {t('availability.update_title')}
      {opened ? (
        <Text span display="block" size="sm" fw={500} c="gray.7" data-day-title>
          {opened}
        </Text>
      ) : null}
    </>
  )
  return (
    <FormDialog opened={!!day} onClose={onClose} size={MODAL_WIDTHS.default} title={title}>
      {day && (
        <RangeForm
          key={`${day.date}-${end}`}
          def={def}
          itemId={itemId}
          itemName={itemName}
          variant={variant}
          day={day}
          end={end}
          version={version}
          onWritten={onWritten}
          onClose={onClose}
        />
      )}
    </FormDialog>
  )
}

function RangeForm({
  def,
  itemId,
  itemName,
  variant,
  day,
  end,
  version: readVersion,
  onWritten,
  onClose,
}: Omit<RangeDialogProps, 'day'> & { day: DayView }) {
  const { t, i18n } = useTranslation()
  const { data: me } = useMe()
  const write = useCalendarWrite(def)
  const reload = useReloadCalendar(def)
  // The version this write claims to have seen: the month's, then the current one once a conflict was reloaded.
  const [version] = useState<{ current?: number }>(() => ({ current: readVersion }))
  const conflict = useVersionConflict<FormValues>()
  const shape = use(shapeOf(def))
  const schema = useMemo(() => availabilityWriteSchema(shape), [shape])
  const days = weekdayNames(i18n.language, 'long')
  const fields: FieldDef[] = [
    field.dateRange('date_range', { required: true, maxDays: MAX_AVAILABILITY_DAYS }),
    field.checkboxGroup('weekdays', {
      required: false,
      columns: 4,
      descriptionKey: 'availability.weekdays_hint',
      options: days.map((label, i) => ({ value: i + 1, label })),
    }),
    field.yesNo('blocked', { required: true }),
    ...def.values.map((v) =>
      v.kind === 'money'
        ? field.money(v.key, { required: true, span: def.values.length > 1 ? 6 : 12 })
        : field.number(v.key, { required: true, min: 0, decimalScale: 0, span: def.values.length > 1 ? 6 : 12 }),
    ),
  ]
  const names = fields.map((f) => f.name)
  const labelFor = (path: string) => calendarLabel(t, formFieldOf(path))

  const live = useErrorsAfterSubmit()
  // A range typed and not taken keeps Update from writing the range shown before it (pending-inputs.ts).
  const [pending] = useState(() => new PendingInputs())
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialRangeValues(def, day, end),
    ...live.options,
    validate: (values) => {
      const body = toWriteBody(def, itemId, values as RangeFormValues, variant)
      const errors: Record<string, string> = {}
      for (const [key, message] of Object.entries(zodFormErrors(schema, body, t, labelFor))) errors[formFieldOf(key)] ??= message
      for (const [key, rule] of Object.entries(def.check?.(body) ?? {}))
        errors[key] ??= t(`validation.${rule}`, { field: labelFor(key) })
      return { ...errors, ...pending.errors }
    },
  })

  const submit = live.afterSubmit(
    readingBoxes(
      pending,
      form.onSubmit(
        async (values, event) => {
          const root = (event?.currentTarget as HTMLElement | undefined) ?? null
          const body = toWriteBody(def, itemId, values as RangeFormValues, variant)
          const res = await write.mutateAsync(version.current === undefined ? body : { ...body, version: version.current })
          if (!res.ok && res.error.conflict) {
            // Someone set days of this range since the month was read: the values typed stay in this form.
            conflict.raise(res.error.conflict, form.getValues())
            return
          }
          conflict.clear()
          if (res.ok) {
            notifySuccess(
              t('notify.updated_title'),
              t('availability.saved', {
                name: itemName,
                from: formatDate(body.start_date),
                to: formatDate(body.end_date),
                // The days the server wrote (a weekday filter writes fewer than the range holds).
                count: res.data.written ?? res.data.data.length,
              }),
            )
            onWritten?.({ version: res.data.version, startDate: String(body.start_date) })
            onClose()
            return
          }
          showServerErrors({
            form,
            error: res.error,
            fieldOf: (key) => (names.includes(formFieldOf(key)) ? formFieldOf(key) : undefined),
            failedTitle: t('notify.update_failed_title'),
            root,
          })
        },
        (_errors, _values, event) => scrollToFirstError((event?.currentTarget as HTMLElement | undefined) ?? null),
      ),
    ),
  )

  const state = {
    schema: undefined,
    labelFor,
    subField: (name: string) => ({ label: labelFor(name), required: false }),
  }
  return (
    <PendingInputsContext.Provider value={pending}>
      <DialogForm onSubmit={submit} busy={write.isPending} onCancel={onClose} submitLabel={t('availability.update')}>
        {conflict.state && (
          <ConflictPanel
            state={conflict.state}
            busy={write.isPending}
            reloadedText={t('conflict.reloaded_kept')}
            // The calendar behind shows their days; this form keeps the values typed, to send again with Update.
            onReload={() => {
              Object.assign(version, { current: currentVersion(conflict.state!.conflict) })
              conflict.markReloaded()
              void reload()
            }}
            onOverwrite={() => {
              Object.assign(version, { current: currentVersion(conflict.state!.conflict) })
              conflict.clear()
              void submit()
            }}
            onDismiss={conflict.clear}
          />
        )}
        {def.variant && variant ? (
          <Group gap="xs" mb="sm">
            <Text size="sm" c="dimmed">
              {calendarLabel(t, def.variant.key)}
            </Text>
            <Badge variant="light">{t(`${def.variant.labelPrefix}${variant}`)}</Badge>
          </Group>
        ) : null}
        <FieldGrid fields={fields} form={form} state={state} mode="edit" />
        {can(me, 'audit_list') && (
          // Who set this day, and when (issue 30): the range writes of the item whose range covers the day.
          <Accordion variant="contained" mt="md">
            <Accordion.Item value="history">
              <Accordion.Control icon={<IconHistory size={16} />}>
                {t('audit.day_history', { date: formatDate(day.date) })}
              </Accordion.Control>
              <Accordion.Panel>
                <AuditEntries
                  params={{ entity: def.entity, record_id: itemId, day: day.date, size: 20 }}
                  fieldLabel={(f) => calendarLabel(t, f)}
                  empty={t('audit.day_history_empty')}
                />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        )}
      </DialogForm>
    </PendingInputsContext.Provider>
  )
}
