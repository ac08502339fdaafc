import { Alert, Box, Button, Group, LoadingOverlay, Modal, Skeleton, Stack, Text } from '@mantine/core'
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
import { SubmitButton } from './SubmitButton'

export interface ResourceDialogProps<R extends ResourceRow> {
  resource: ResourceDefinition<R>
  opened: boolean
  mode: DialogMode
  /** The row to edit (edit mode). */
  row?: R
  onClose: () => void
}

/**
 * Create / edit dialog of a resource. Checks `<entity>_create` or
 * `<entity>_update` itself and shows PermissionDenied inside when missing.
 * Validates with the resource's zod schema, shows a LoadingOverlay while
 * saving, puts the server's field errors (422, 409) back on the fields and
 * notifies the rest. Sections show as labelled dividers; Save waits for
 * image uploads still running.
 */
export function ResourceDialog<R extends ResourceRow>({ resource, opened, mode, row, onClose }: ResourceDialogProps<R>) {
  const { t } = useTranslation()
  const { data: me } = useMe()
  const labels = resourceLabels(resource, t)
  const allowed = can(me, resource.perm(mode === 'create' ? 'create' : 'update'))
  const title = t(mode === 'create' ? 'dialog.create_title' : 'dialog.edit_title', { model: labels.model() })
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={resource.modalWidth}
      title={<Text fw={600}>{title}</Text>}
      closeOnClickOutside={false}
    >
      {opened &&
        (allowed ? (
          <DialogContent
            key={`${mode}-${row?.id ?? 'new'}`}
            resource={resource}
            mode={mode}
            row={row}
            me={me}
            onClose={onClose}
          />
        ) : (
          <PermissionDenied variant="dialog" />
        ))}
    </Modal>
  )
}

interface ContentProps<R extends ResourceRow> {
  resource: ResourceDefinition<R>
  mode: DialogMode
  row?: R
  me?: Me
  onClose: () => void
}

function DialogContent<R extends ResourceRow>(props: ContentProps<R>) {
  const { t } = useTranslation()
  const { resource, mode, row } = props
  const needsDetail = mode === 'edit' && !!resource.loadDetail
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
  return <DialogForm {...props} row={needsDetail ? detail.data : row} />
}

function DialogForm<R extends ResourceRow>({ resource, mode, row, me, onClose }: ContentProps<R>) {
  const { t } = useTranslation()
  const invalidateOnGone = useInvalidateResource(resource.name)
  const state = useResourceForm({
    resource,
    mode,
    row,
    me,
    onSaved: () => onClose(),
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
    <UploadTracker>
      {(uploading) => (
        <Box component="form" onSubmit={submit} pos="relative" noValidate>
          <LoadingOverlay visible={saving} zIndex={5} overlayProps={{ radius: 'sm', blur: 1 }} />
          {Body ? (
            <Body resource={resource} form={form} mode={mode} row={row} me={me} defaultFields={defaultFields} />
          ) : (
            defaultFields
          )}
          <Group justify="flex-end" mt="xl" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('actions.cancel')}
            </Button>
            <SubmitButton loading={saving} disabled={uploading}>
              {t('actions.save')}
            </SubmitButton>
          </Group>
        </Box>
      )}
    </UploadTracker>
  )
}
