import { Alert, Skeleton, Stack } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { can, useMe, type Me } from '../../lib/permissions'
import type { DialogMode, ResourceDefinition, ResourceRow } from './define'
import { SectionStack } from './FieldGrid'
import { UploadTracker } from './fields/upload-tracker'
import { resourceLabels } from './labels'
import { PermissionDenied } from './PermissionDenied'
import { useInvalidateResource, useResourceDetail } from './use-resource'
import { fieldSections, useResourceForm } from './use-resource-form'
import { DialogForm, FormDialog } from './dialogs'
import { HistoryPanel } from './HistoryPanel'
import { ConflictPanel } from './VersionConflict'
import { PendingInputsContext } from './pending-inputs'

export interface ResourceDialogProps<R extends ResourceRow> {
  resource: ResourceDefinition<R>
  opened: boolean
  mode: DialogMode
  /** The row to edit (edit mode). */
  row?: R
  /** Create: values the form starts at instead of its defaults (fields of the same name). */
  presets?: Record<string, unknown>
  onClose: () => void
  /** After a successful save, with the saved row as the API answered, before the dialog closes. */
  onSaved?: (saved: R | undefined) => void
}

/**
 * Create / edit dialog of a resource. Checks `<entity>_create` or
 * `<entity>_update` itself and shows PermissionDenied inside when missing.
 * Validates with the resource's zod schema, shows a LoadingOverlay while
 * saving, puts the server's field errors (422, 409) back on the fields and
 * notifies the rest. Sections show as labelled dividers; Save waits for
 * image uploads still running.
 */
export function ResourceDialog<R extends ResourceRow>({
  resource,
  opened,
  mode,
  row,
  presets,
  onClose,
  onSaved,
}: ResourceDialogProps<R>) {
  const { t } = useTranslation()
  const { data: me } = useMe()
  const labels = resourceLabels(resource, t)
  const allowed = can(me, resource.perm(mode === 'create' ? 'create' : 'update'))
  const title = t(mode === 'create' ? 'dialog.create_title' : 'dialog.edit_title', { model: labels.model() })
  return (
    <FormDialog opened={opened} onClose={onClose} size={resource.modalWidth} title={title}>
      {allowed ? (
        <DialogContent
          key={`${mode}-${row?.id ?? 'new'}`}
          resource={resource}
          mode={mode}
          row={row}
          presets={presets}
          me={me}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : (
        <PermissionDenied variant="dialog" />
      )}
    </FormDialog>
  )
}

interface ContentProps<R extends ResourceRow> {
  resource: ResourceDefinition<R>
  mode: DialogMode
  row?: R
  presets?: Record<string, unknown>
  me?: Me
  onClose: () => void
  onSaved?: (saved: R | undefined) => void
}

function DialogContent<R extends ResourceRow>(props: ContentProps<R>) {
  const { t } = useTranslation()
  const { resource, mode, row } = props
  // Edits read the record itself: its version (issue 30) is not on list rows. Declarations with `loadDetail`
  // take their values from it too; the others keep the list row's values, the detail's newer ones over them.
  const needsDetail = mode === 'edit' && row?.id !== undefined
  const detail = useResourceDetail(resource, row?.id, needsDetail)
  if (needsDetail && detail.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={36} />
        ))}
      </Stack>
    )
  }
  if (needsDetail && detail.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('alert.title')}>
        {(detail.error as { message?: string }).message ?? t('alert.load_failed')}
      </Alert>
    )
  }
  const read = !needsDetail ? row : resource.loadDetail ? detail.data : ({ ...row, ...detail.data } as R)
  return <ResourceDialogForm {...props} row={read} />
}

function ResourceDialogForm<R extends ResourceRow>({ resource, mode, row, presets, me, onClose, onSaved }: ContentProps<R>) {
  const invalidateOnGone = useInvalidateResource(resource.name)
  const state = useResourceForm({
    resource,
    mode,
    row,
    presets,
    me,
    onSaved: (saved) => {
      onSaved?.(saved)
      onClose()
    },
    onFailed: (error) => {
      // The row is gone (deleted elsewhere): nothing left to edit.
      if (error.status === 404) {
        void invalidateOnGone()
        onClose()
      }
    },
  })
  const { form, submit, saving } = state
  const grid = { form, state, mode, row, me }
  const defaultFields = <SectionStack resource={resource} groups={fieldSections(resource)} {...grid} />
  const Body = resource.DialogBody

  return (
    <PendingInputsContext.Provider value={state.pending}>
      <UploadTracker>
        {(uploading) => (
          <DialogForm onSubmit={submit} busy={saving} onCancel={onClose} submitDisabled={uploading}>
            {state.conflictPanel && <ConflictPanel {...state.conflictPanel} />}
            {Body ? (
              <Body resource={resource} form={form} mode={mode} row={row} me={me} defaultFields={defaultFields} />
            ) : (
              defaultFields
            )}
            {mode === 'edit' && row && <HistoryPanel resource={resource} id={row.id} variant="dialog" />}
          </DialogForm>
        )}
      </UploadTracker>
    </PendingInputsContext.Provider>
  )
}
