/**
 * The generic list screen. Declarations import from here:
 *
 * ```ts
 * import { col, defineResource, field } from '../../components/resource'
 * ```
 *
 * ResourceListPage pulls in mantine-datatable; it is re-exported for custom
 * screens, but the registry should load resources through `screen()` so the
 * table code stays out of the login bundle.
 */
export * from './define'
export { ConfirmDelete, ConfirmModal } from './ConfirmDelete'
export { useLeavePrompt } from './leave-prompt'
export { SubmitButton } from './SubmitButton'
export { ConflictPanel, currentVersion, useVersionConflict, type TypedLine } from './VersionConflict'
export { HistoryPanel } from './HistoryPanel'
export { ifMatch } from './use-resource'
export { PermissionDenied } from './PermissionDenied'
export { ResourceDialog } from './ResourceDialog'
export { ResourceListPage } from './ResourceListPage'
export { ResourceFormPage } from './ResourceFormPage'
export { useResourceForm, fieldSections, scrollToFirstError } from './use-resource-form'
export { initialValues } from './form-values'
export { positionFields, publishedPlaces } from './position-fields'
export { FieldInput } from './FieldInput'
export { FieldGrid } from './FieldGrid'
export { UploadTracker, useUploadTracker } from './fields/upload-tracker'
export { Price } from './fields/MoneyField'
export { screen } from './screen'
export {
  splitFieldErrors,
  useDeleteResource,
  useInvalidateResource,
  useResourceDetail,
  useResourceList,
  useSaveResource,
} from './use-resource'
export { resourceLabels } from './labels'
