import { use, useState } from 'react'
import { useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { useNavigate } from 'react-router'
import type { ApiError } from '../../lib/api-client'
import { notifySuccess } from '../../lib/notify'
import { oncePer } from '../../lib/once-per'
import type { Me } from '../../lib/permissions'
import { zodFormErrors } from '../../lib/validation'
import type { DialogMode, FieldDef, FormSection, FormValues, ResourceDefinition, ResourceRow } from './define'
import { dropBlankEntries, initialValues, isRequired, remapListErrors } from './form-values'
import { defaultRowTitle, resourceLabels } from './labels'
import { scrollToFirstError, showServerErrors } from './form-errors'
import { useErrorsAfterSubmit } from './live-errors'
import { PendingInputs, readingBoxes } from './pending-inputs'
import { useInvalidateResource, useSaveResource } from './use-resource'
import { currentVersion, useVersionConflict, type TypedLine } from './VersionConflict'

export { scrollToFirstError } from './form-errors'

/** The label of a form path: `name` -> its field label; `general_info.0.title` -> the entry field's label. */
function pathLabel<R extends ResourceRow>(
  resource: ResourceDefinition<R>,
  labels: ReturnType<typeof resourceLabels>,
  path: string,
) {
  const parts = path.split('.').filter((p) => !/^\d+$/.test(p))
  let fields: FieldDef[] = (resource.fields ?? []) as FieldDef[]
  let def: FieldDef | undefined
  for (const part of parts) {
    def = fields.find((f) => f.name === part)
    fields = def?.kind === 'repeatable' ? (def.fields as FieldDef[]) : []
  }
  return labels.field(parts[parts.length - 1] ?? path, def?.labelKey)
}

/**
 * The state and save flow shared by the dialog and the page form: initial
 * values (from the row on edit), validation with the resource's zod schema
 * (errors of list entries put back on the entry shown), POST or PUT, the
 * notifications, server field errors back on the fields (also inside list
 * entries) and a scroll to the first error.
 */
/** Each declaration's `loadSchemas`, asked once. */
const schemasOf = oncePer((resource: ResourceDefinition<never>) => resource.loadSchemas!())

/** The declaration's schemas: its own, or those of its `loadSchemas` (the form suspends until they are in). */
function useSchemas(resource: ResourceDefinition<never>): { schema?: z.ZodType; updateSchema?: z.ZodType } {
  return resource.loadSchemas ? use(schemasOf(resource)) : resource
}

export function useResourceForm<R extends ResourceRow>({
  resource,
  mode,
  row,
  presets,
  onSaved,
  onFailed,
}: {
  resource: ResourceDefinition<R>
  mode: DialogMode
  row?: R
  /** Create: values to start at for the fields of the same name (a numeric text is an id). */
  presets?: Record<string, unknown>
  me?: Me
  /** After a successful save (the lists are being invalidated). */
  onSaved: (saved: R | undefined) => void
  onFailed?: (error: ApiError) => void
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const labels = resourceLabels(resource, t)
  const save = useSaveResource(resource)
  const invalidate = useInvalidateResource(resource.name)
  const fields = (resource.fields ?? []) as FieldDef[]
  const fieldNames = fields.map((f) => f.name)
  const listFields = fields.filter((f) => f.kind === 'repeatable').map((f) => f.name)
  const schemas = useSchemas(resource as unknown as ResourceDefinition<never>)
  const schema = mode === 'edit' ? (schemas.updateSchema ?? schemas.schema) : schemas.schema
  const labelFor = (path: string) => pathLabel(resource, labels, path)
  const subField = (path: string, labelKey?: string) => ({
    label: labelKey ? t(labelKey) : labelFor(path),
    required: isRequired(schema, path),
  })

  const live = useErrorsAfterSubmit()
  // Text a field's own box holds and has not taken, read on submit (pending-inputs.ts).
  const [pending] = useState(() => new PendingInputs())
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      ...initialValues(fields, mode, row, resource.transformRow as ((row: ResourceRow) => FormValues) | undefined, schema),
      ...(mode === 'create' ? presetValues(presets, fieldNames) : {}),
    },
    // Blank list entries (what a new entry starts with) are left out before checking, as before saving.
    validate: (values) => ({
      ...(schema
        ? remapListErrors(zodFormErrors(schema, dropBlankEntries(values, fields), t, labelFor, true), values, fields)
        : {}),
      ...pending.errors,
    }),
    ...live.options,
  })

  // The version the form read (issue 30), sent with the update; a stale one comes back as a conflict.
  // (A holder, not state: the save reads it when it runs, a re-render has nothing to show of it.)
  const [version] = useState<{ current?: number }>(() => ({ current: (row as { version?: number } | undefined)?.version }))
  const conflict = useVersionConflict<FormValues>()

  const submit = live.afterSubmit(
    readingBoxes(
      pending,
      form.onSubmit(
        async (values, event) => {
          const root = (event?.currentTarget as HTMLElement | undefined) ?? null
          let body: unknown = dropBlankEntries(values, fields)
          if (schema) {
            const parsed = schema.safeParse(body)
            if (parsed.success) body = parsed.data
          }
          if (resource.toPayload) body = resource.toPayload(body as FormValues, mode, row)
          const res = await save.mutateAsync({ id: mode === 'edit' ? row?.id : undefined, body, version: version.current })
          const model = labels.model()
          if (!res.ok && res.error.conflict) {
            // Someone saved it meanwhile: nothing is lost, the panel offers Reload and Overwrite.
            conflict.raise(res.error.conflict, form.getValues())
            return
          }
          conflict.clear()
          if (res.ok) {
            notifySuccess(
              t(mode === 'create' ? 'notify.created_title' : 'notify.updated_title'),
              t(mode === 'create' ? 'notify.created' : 'notify.updated', {
                model,
                name: (resource.rowTitle ?? defaultRowTitle)({ ...values, ...(res.data?.data ?? {}) } as R, t),
              }),
            )
            form.resetDirty()
            void invalidate()
            onSaved(res.data?.data)
            resource.onSaved?.({ mode, saved: res.data?.data, navigate: (to) => void navigate(to) })
            return
          }
          showServerErrors({
            form,
            error: res.error,
            // A field of the form, an entry of one of its lists (`items.0.title`), or under a field (`prices.0`).
            fieldOf: (key) => {
              const top = key.split('.')[0]!
              return fieldNames.includes(key) || listFields.includes(top) ? key : fieldNames.includes(top) ? top : undefined
            },
            failedTitle: t(mode === 'create' ? 'notify.create_failed_title' : 'notify.update_failed_title'),
            root,
            remap: (errors) => remapListErrors(errors, form.getValues(), fields),
          })
          onFailed?.(res.error)
        },
        (_errors, _values, event) => scrollToFirstError((event?.currentTarget as HTMLElement | undefined) ?? null),
      ),
    ),
  )

  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
  const c = conflict.state
  const typed = c?.typed ?? {}
  const shown = c?.reloaded ? form.getValues() : {}
  const lines: TypedLine[] = c?.reloaded
    ? fields
        .filter((f) => f.kind !== 'password' && f.name in typed && !same(typed[f.name], shown[f.name]))
        .map((f) => ({
          key: f.name,
          label: labelFor(f.name),
          mine: typed[f.name],
          now: shown[f.name],
          apply: () => form.setFieldValue(f.name, typed[f.name] as never),
        }))
    : []
  const conflictPanel = c
    ? {
        state: c,
        busy: save.isPending,
        lines,
        // Their record in the form (its version is now the one an update sends); what was typed stays in the panel.
        onReload: () => {
          form.setValues(
            initialValues(
              fields,
              'edit',
              c.conflict.current as R,
              resource.transformRow as ((row: ResourceRow) => FormValues) | undefined,
              schema,
            ),
          )
          form.clearErrors()
          Object.assign(version, { current: currentVersion(c.conflict) })
          conflict.markReloaded()
          void invalidate()
        },
        // Save what was typed over their record: the same values, sent with the version now current.
        onOverwrite: () => {
          Object.assign(version, { current: currentVersion(c.conflict) })
          form.setValues(c.typed)
          void submit()
        },
        onApplyAll: () => {
          for (const l of lines) l.apply()
        },
        onDismiss: () => conflict.clear(),
      }
    : null

  return { form, submit, saving: save.isPending, schema, labelFor, subField, fields, invalidate, conflictPanel, pending }
}

function presetValues(presets: Record<string, unknown> | undefined, names: string[]): FormValues {
  const out: FormValues = {}
  for (const [k, v] of Object.entries(presets ?? {}))
    if (names.includes(k) && v !== undefined && v !== '') out[k] = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v
  return out
}

/** The resource's fields grouped by section, in the declared order (one untitled group without sections). */
export function fieldSections<R extends ResourceRow>(
  resource: ResourceDefinition<R>,
): { section: FormSection; fields: FieldDef<R>[] }[] {
  const fields = resource.fields ?? []
  const sections = resource.sections?.length ? resource.sections : [{ key: 'main' }]
  const first = sections[0]!.key
  return sections
    .map((section) => ({
      section,
      fields: fields.filter((f) => (sections.some((s) => s.key === f.section) ? f.section : first) === section.key),
    }))
    .filter((g) => g.fields.length > 0)
}
