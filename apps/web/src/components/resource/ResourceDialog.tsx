import { Alert, Box, Button, Grid, Group, LoadingOverlay, Modal, Skeleton, Stack, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { notifyError, notifySuccess } from '../../lib/notify'
import { can, useMe, type Me } from '../../lib/permissions'
import { zodFormErrors } from '../../lib/validation'
import type { DialogMode, FormValues, ResourceDefinition, ResourceRow } from './define'
import { FieldInput } from './FieldInput'
import { initialValues, isRequired } from './form-values'
import { resourceLabels } from './labels'
import { PermissionDenied } from './PermissionDenied'
import { splitFieldErrors, useInvalidateResource, useResourceDetail, useSaveResource } from './use-resource'

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
 * notifies the rest.
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
  const navigate = useNavigate()
  const labels = resourceLabels(resource, t)
  const save = useSaveResource(resource)
  const invalidate = useInvalidateResource(resource.name)
  const fields = resource.fields ?? []
  const fieldNames = fields.map((f) => f.name)
  const schema = mode === 'edit' ? (resource.updateSchema ?? resource.schema) : resource.schema
  const labelFor = (name: string) => labels.field(name, fields.find((f) => f.name === name)?.labelKey)

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialValues(fields, mode, row, resource.transformRow),
    validate: (values) => (schema ? zodFormErrors(schema, values, t, labelFor) : {}),
    validateInputOnBlur: true,
  })

  const submit = form.onSubmit(async (values) => {
    let body: unknown = values
    if (schema) {
      const parsed = schema.safeParse(values)
      if (parsed.success) body = parsed.data
    }
    if (resource.toPayload) body = resource.toPayload(body as FormValues, mode, row)
    const res = await save.mutateAsync({ id: mode === 'edit' ? row?.id : undefined, body })
    const model = labels.model()
    if (res.ok) {
      notifySuccess(
        t(mode === 'create' ? 'notify.created_title' : 'notify.updated_title'),
        t(mode === 'create' ? 'notify.created' : 'notify.updated', { model }),
      )
      void invalidate()
      onClose()
      resource.onSaved?.({ mode, saved: res.data?.data, navigate: (to) => void navigate(to) })
      return
    }
    const { fieldErrors, rest } = splitFieldErrors(res.error.errors, fieldNames)
    form.setErrors(fieldErrors)
    if (rest.length > 0 || Object.keys(fieldErrors).length === 0) {
      notifyError(
        t(mode === 'create' ? 'notify.create_failed_title' : 'notify.update_failed_title'),
        [res.error.message, ...rest].join(' '),
      )
    }
    // The row is gone (deleted elsewhere): nothing left to edit.
    if (res.error.status === 404) {
      void invalidate()
      onClose()
    }
  })

  const ctx = { mode, values: form.getValues(), row, me }
  const defaultFields = (
    <Grid gap="md">
      {fields
        .filter((f) => !f.hidden?.(ctx))
        .map((f) => (
          <Grid.Col key={f.name} span={{ base: 12, sm: f.span ?? 12 }}>
            <FieldInput
              field={f}
              form={form}
              label={labelFor(f.name)}
              required={f.required ?? isRequired(schema, f.name)}
              {...ctx}
            />
          </Grid.Col>
        ))}
    </Grid>
  )
  const Body = resource.DialogBody

  return (
    <Box component="form" onSubmit={submit} pos="relative" noValidate>
      <LoadingOverlay visible={save.isPending} zIndex={5} overlayProps={{ radius: 'sm', blur: 1 }} />
      {Body ? (
        <Body resource={resource} form={form} mode={mode} row={row} me={me} defaultFields={defaultFields} />
      ) : (
        defaultFields
      )}
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={onClose} disabled={save.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
      </Group>
    </Box>
  )
}
