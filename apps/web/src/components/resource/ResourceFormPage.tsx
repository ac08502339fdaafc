import { useDeferredValue, useEffect, useState } from 'react'
import { Alert, Box, Button, Group, LoadingOverlay, Paper, Skeleton, Stack, Title } from '@mantine/core'
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { isApiError } from '../../lib/api-client'
import { can, useMe, type Me } from '../../lib/permissions'
import { useDocumentTitle } from '../../lib/use-document-title'
import { useLeavePrompt } from './leave-prompt'
import type { DialogMode, FieldDef, FormSection, ResourceDefinition, ResourceRow } from './define'
import { FieldGrid, useSectionTitle } from './FieldGrid'
import { UploadTracker } from './fields/upload-tracker'
import { resourceLabels } from './labels'
import { PermissionDenied } from './PermissionDenied'
import { useResourceDetail } from './use-resource'
import { fieldSections, useResourceForm } from './use-resource-form'
import { SubmitButton } from './SubmitButton'
import { HistoryPanel } from './HistoryPanel'
import { ConflictPanel } from './VersionConflict'
import './page-form.css'
import { PendingInputsContext } from './pending-inputs'

export interface ResourceFormPageProps<R extends ResourceRow> {
  resource: ResourceDefinition<R>
  mode: DialogMode
  /** Where Back, Cancel and a successful save go. Default: the list route above `create` / `edit/:id`. */
  listHref?: string
}

/**
 * The page form of a resource whose declaration has `createHref`/`editHref`
 * (hotels, transportation): the same `fields` the dialog would show, laid out
 * by `sections` as cards, those marked `side` in a right-hand column. Needs
 * `<entity>_create` or `_update`; edit loads `GET /{name}/{id}`. Asks before
 * leaving with unsaved changes, scrolls to the first error, shows the server's
 * field errors on the fields, and returns to the list after saving.
 */
export function ResourceFormPage<R extends ResourceRow>({ resource, mode, listHref }: ResourceFormPageProps<R>) {
  const { t } = useTranslation()
  const { data: me } = useMe()
  const { id } = useParams()
  const labels = resourceLabels(resource, t)
  const title = t(mode === 'create' ? 'dialog.create_title' : 'dialog.edit_title', { model: labels.model() })
  useDocumentTitle(title)
  // `/app/hotels/create` -> `..`; `/app/hotels/edit/5` -> `../..`.
  const back = listHref ?? (mode === 'create' ? '..' : '../..')
  const detail = useResourceDetail(resource, id as R['id'] | undefined, mode === 'edit' && can(me, resource.perm('update')))
  // The form is drawn in a deferred render (issue 33, the hotel form's phone TBT): the record's arrival (or a
  // new form's first render) keeps the skeleton in its urgent render, and React draws the ~50 fields in a
  // background render that yields to the browser every few milliseconds, so the page answers meanwhile; the
  // form still appears in one commit.
  const shown = useDeferredValue<R | typeof NEW_RECORD | typeof NOT_YET | undefined>(
    mode === 'create' ? NEW_RECORD : detail.data,
    NOT_YET,
  )

  // Drawn only when the deferred render has caught up with this page's record (not a record shown before).
  const ready =
    mode === 'create' ? shown === NEW_RECORD : typeof shown === 'object' && shown !== null && String(shown.id) === String(id)

  if (!can(me, resource.perm(mode === 'create' ? 'create' : 'update'))) return <PermissionDenied />
  if (mode === 'edit' && detail.isError) {
    const gone = isApiError(detail.error) && detail.error.status === 404
    return (
      <Stack gap="md">
        <BackButton to={back} />
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={gone ? t('table.no_records') : t('alert.title')}
        >
          {gone ? t('kit.page.gone') : ((detail.error as { message?: string }).message ?? t('alert.load_failed'))}
        </Alert>
      </Stack>
    )
  }
  if (!ready) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={34} w={260} />
        <Skeleton h={320} />
      </Stack>
    )
  }
  return (
    <PageForm
      key={`${mode}-${id ?? 'new'}`}
      resource={resource}
      mode={mode}
      row={shown === NEW_RECORD ? undefined : (shown as R)}
      me={me}
      title={title}
      back={back}
    />
  )
}

/** What the deferred render shows for a new record (no row), and before its first background render. */
const NEW_RECORD: unique symbol = Symbol('new record')
const NOT_YET: unique symbol = Symbol('not yet')

function BackButton({ to }: { to: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      leftSection={<IconArrowLeft size={16} />}
      onClick={() => void navigate(to, { relative: 'path' })}
      w="fit-content"
    >
      {t('kit.page.back')}
    </Button>
  )
}

interface PageFormProps<R extends ResourceRow> {
  resource: ResourceDefinition<R>
  mode: DialogMode
  row?: R
  me?: Me
  title: string
  back: string
}

function PageForm<R extends ResourceRow>({ resource, mode, row, me, title, back }: PageFormProps<R>) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  // Where to go once saved: the list, or where the resource leads after a create (a new hotel: its rooms).
  const [leaving, setLeaving] = useState<string | null>(null)
  const state = useResourceForm({
    resource,
    mode,
    row,
    me,
    onSaved: (saved) => setLeaving((mode === 'create' && saved && resource.nextAfterCreate?.(saved)) || back),
  })
  const { form, submit, saving } = state
  const sectionTitle = useSectionTitle(resource)

  const dirty = form.isDirty() && !leaving
  const leavePrompt = useLeavePrompt(dirty)
  // Saved: back to the list. Declared after the leave prompt so its blocker has
  // already been told the form is clean when this navigation runs.
  useEffect(() => {
    if (leaving) void navigate(leaving, { relative: 'path' })
  }, [leaving, navigate])

  // The cards under the first ones are drawn in a second, deferred render: React draws it in slices that
  // yield to the browser, so a form of ~50 fields is no longer one long task as its record arrives (issue 33:
  // the hotel form's phone TBT). The first cards (what a phone shows) come in the first render.
  const later = useDeferredValue(true, false)
  const groups = fieldSections(resource)
  const main = groups.filter((g) => !g.section.side)
  const side = groups.filter((g) => g.section.side)
  const grid = { form, state, mode, row, me }
  const card = ({ section, fields }: { section: FormSection; fields: FieldDef<R>[] }) => (
    <Paper
      key={section.key}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      shadow="xs"
      component="section"
      aria-label={sectionTitle(section) || undefined}
    >
      {sectionTitle(section) && (
        <Title order={4} mb="md">
          {sectionTitle(section)}
        </Title>
      )}
      <FieldGrid fields={fields} {...grid} titled={!!sectionTitle(section)} />
    </Paper>
  )

  // The record's audit rows (issue 30), under the form's last card.
  const history = mode === 'edit' && !!row
  return (
    <PendingInputsContext.Provider value={state.pending}>
      <UploadTracker>
        {(uploading) => (
          <Box component="form" onSubmit={submit} noValidate pos="relative">
            <LoadingOverlay visible={saving} zIndex={5} overlayProps={{ radius: 'sm', blur: 1 }} />
            <Stack gap="md">
              <Stack gap={4}>
                <BackButton to={back} />
                <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
                  {title}
                </Title>
              </Stack>
              {state.conflictPanel && <ConflictPanel {...state.conflictPanel} />}
              {/* The first side card follows the first main card in the Tab order (page-form.css). */}
              <div className="page-form-grid" data-side={side.length ? '' : undefined}>
                <Stack gap="md" data-area="first">
                  {main.slice(0, 1).map(card)}
                </Stack>
                {side.length > 0 && (
                  <Stack gap="md" data-area="side-first">
                    {side.slice(0, 1).map(card)}
                  </Stack>
                )}
                <Stack gap="md" data-area="rest" aria-busy={!later || undefined}>
                  {later && main.slice(1).map(card)}
                  {later && history && !side.length && <HistoryPanel resource={resource} id={row!.id} variant="page" />}
                </Stack>
                {(side.length > 1 || (history && side.length > 0)) && (
                  <Stack gap="md" data-area="side-rest" aria-busy={!later || undefined}>
                    {later && side.slice(1).map(card)}
                    {later && history && <HistoryPanel resource={resource} id={row!.id} variant="page" />}
                  </Stack>
                )}
              </div>
              <Paper withBorder radius="md" p="sm" shadow="sm" pos="sticky" bottom={8} style={{ zIndex: 4 }}>
                <Group justify="flex-end" gap="sm">
                  <Button variant="default" onClick={() => void navigate(back, { relative: 'path' })} disabled={saving}>
                    {t('actions.cancel')}
                  </Button>
                  <SubmitButton loading={saving} disabled={uploading}>
                    {t('actions.save')}
                  </SubmitButton>
                </Group>
              </Paper>
            </Stack>
            {leavePrompt}
          </Box>
        )}
      </UploadTracker>
    </PendingInputsContext.Provider>
  )
}
