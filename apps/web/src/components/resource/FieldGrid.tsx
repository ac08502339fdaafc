import { Divider, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Me } from '../../lib/permissions'
import type { DialogMode, FieldDef, FormSection, ResourceDefinition, ResourceForm, ResourceRow } from './define'
import { FieldInput } from './FieldInput'
import { isRequired } from './form-values'
import { SpanCol, SpanGrid } from './SpanGrid'
import type { useResourceForm } from './use-resource-form'

type FormState = ReturnType<typeof useResourceForm>

export interface FieldGridProps<R extends ResourceRow> {
  fields: FieldDef<R>[]
  form: ResourceForm
  state: Pick<FormState, 'schema' | 'labelFor' | 'subField'>
  mode: DialogMode
  row?: R
  me?: Me
  /** The section's title already names its only field (a repeatable list): the field shows no label of its own. */
  titled?: boolean
}

/** Fields on a 12-column grid (phones: one per line), each bound to the form. */
export function FieldGrid<R extends ResourceRow>({ fields, form, state, mode, row, me, titled }: FieldGridProps<R>) {
  const bare = titled && fields.length === 1 && fields[0]!.kind === 'repeatable'
  const ctx = { mode, values: form.getValues(), row, me }
  return (
    <SpanGrid gap="md">
      {fields
        .filter((f) => !f.hidden?.(ctx))
        .map((f) => (
          <SpanCol key={f.name} span={f.span}>
            <FieldInput
              field={f}
              form={form}
              label={state.labelFor(f.name)}
              hideLabel={bare}
              required={f.required ?? isRequired(state.schema, f.name)}
              subField={state.subField}
              {...ctx}
            />
          </SpanCol>
        ))}
    </SpanGrid>
  )
}

/** A section's title, or '' for an untitled one: `resources.<name>.sections.<key>` unless `titleKey`. */
export function useSectionTitle<R extends ResourceRow>(resource: ResourceDefinition<R>) {
  const { t } = useTranslation()
  return (section: FormSection) =>
    section.key === 'main' && !section.titleKey
      ? ''
      : t(section.titleKey ?? `resources.${resource.name}.sections.${section.key}`, { defaultValue: '' })
}

/** Sections one under the other, each after a labelled divider (the dialog's layout). */
export function SectionStack<R extends ResourceRow>({
  groups,
  resource,
  ...grid
}: Omit<FieldGridProps<R>, 'fields'> & {
  resource: ResourceDefinition<R>
  groups: { section: FormSection; fields: FieldDef<R>[] }[]
}) {
  const title = useSectionTitle(resource)
  return (
    <Stack gap="lg">
      {groups.map(({ section, fields }, i) => (
        <div key={section.key}>
          {title(section) ? (
            <Divider
              label={title(section)}
              labelPosition="left"
              mb="sm"
              mt={i === 0 ? 0 : 'xs'}
              styles={{ label: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 600 } }}
            />
          ) : null}
          <FieldGrid fields={fields} {...grid} titled={!!title(section)} />
        </div>
      ))}
    </Stack>
  )
}
