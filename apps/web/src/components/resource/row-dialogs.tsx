import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { notifyError, notifySuccess } from '../../lib/notify'
import { ConfirmDelete, ConfirmModal } from './ConfirmDelete'
import type { DialogMode, ResourceDefinition, ResourceRow, RowAction } from './define'
import { defaultRowTitle, resourceLabels } from './labels'
import type { ResourceDialogProps } from './ResourceDialog'
import { useDeleteResource, useInvalidateResource } from './use-resource'

type DialogState<R> = { mode: DialogMode; row?: R; presets?: Record<string, unknown> } | null

// The form (its fields, their pickers and upload zones, the resource's schema) loads when a dialog first opens,
// not with the list (issue 33, "Phone"): a list's first screen draws its rows only.
const ResourceDialog = lazy(() =>
  import('./ResourceDialog').then((m) => ({ default: m.ResourceDialog as (p: ResourceDialogProps<ResourceRow>) => ReactNode })),
)

/**
 * What a list's rows open: the create/edit dialog (or the page form, with createHref/editHref), the delete
 * confirmation and a row action's confirmation. Returns the openers and the dialogs to render once.
 */
export function useRowDialogs<R extends ResourceRow>(resource: ResourceDefinition<R>) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const labels = resourceLabels(resource, t)
  const invalidate = useInvalidateResource(resource.name)
  const remove = useDeleteResource(resource)
  const [dialog, setDialog] = useState<DialogState<R>>(null)
  // Once opened, the dialog stays mounted so that it closes with its transition.
  const [dialogUsed, setDialogUsed] = useState(false)
  if (dialog && !dialogUsed) setDialogUsed(true)
  const [toDelete, setToDelete] = useState<R | null>(null)
  const [confirming, setConfirming] = useState<{ action: RowAction<R>; row: R } | null>(null)
  const rowTitle = (row: R) => (resource.rowTitle ?? defaultRowTitle)(row, t)

  // Page forms (createHref/editHref) navigate; the others open the dialog.
  const openEdit = (row: R) => (resource.editHref ? void navigate(resource.editHref(row)) : setDialog({ mode: 'edit', row }))
  // `presets`: values a create starts at (the list's filter choices, when a page led here to add a row).
  const openCreate = (presets?: Record<string, unknown>) =>
    resource.createHref ? void navigate(resource.createHref) : setDialog({ mode: 'create', presets })

  const confirmDelete = async () => {
    if (!toDelete) return
    const res = await remove.mutateAsync(toDelete.id)
    const model = labels.model()
    if (res.ok) notifySuccess(t('notify.deleted_title'), t('notify.deleted', { model, name: rowTitle(toDelete) }))
    else notifyError(t('notify.delete_failed_title'), res.error.message)
    setToDelete(null)
    void invalidate()
  }

  const runConfirmed = async () => {
    if (!confirming?.action.confirm) return
    const { action, row } = confirming
    const c = action.confirm!
    const res = await c.request(row)
    const model = labels.model()
    const answer = res.ok ? (res.data as { data?: R } | undefined)?.data : undefined
    if (res.ok)
      notifySuccess(
        t(c.successTitleKey),
        t(c.successKey ?? 'notify.action_done', { model, name: rowTitle(row), result: answer ? rowTitle(answer) : '' }),
      )
    else notifyError(t(c.failedTitleKey), res.error.message)
    setConfirming(null)
    void invalidate()
  }

  const dialogs = (
    <>
      {dialogUsed && (
        <Suspense fallback={null}>
          <ResourceDialog
            resource={resource as unknown as ResourceDefinition}
            opened={!!dialog}
            mode={dialog?.mode ?? 'create'}
            row={dialog?.row}
            presets={dialog?.presets}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}

      <ConfirmDelete
        opened={!!toDelete}
        name={toDelete ? rowTitle(toDelete) : ''}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />

      {confirming?.action.confirm && (
        <ConfirmModal
          opened
          title={t(confirming.action.confirm.titleKey, { name: rowTitle(confirming.row), model: labels.model() })}
          message={t(confirming.action.confirm.messageKey, { name: rowTitle(confirming.row), model: labels.model() })}
          confirmLabel={t(confirming.action.confirm.confirmLabelKey)}
          color={confirming.action.confirm.color ?? confirming.action.color}
          onCancel={() => setConfirming(null)}
          onConfirm={runConfirmed}
        />
      )}
    </>
  )

  return {
    openEdit,
    openCreate,
    askDelete: setToDelete,
    askConfirm: (action: RowAction<R>, row: R) => setConfirming({ action, row }),
    reload: () => void invalidate(),
    dialogs,
  }
}
