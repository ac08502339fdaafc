import { useTranslation } from 'react-i18next'
import { ConfirmModal } from './dialogs'

export { ConfirmModal, type ConfirmModalProps } from './dialogs'

export interface ConfirmDeleteProps {
  opened: boolean
  /** The row's name. */
  name: string
  loading?: boolean
  onConfirm: () => void | Promise<unknown>
  onCancel: () => void
}

/** Delete confirmation: titled with the row name, cancel + red delete. */
export function ConfirmDelete({ name, ...rest }: ConfirmDeleteProps) {
  const { t } = useTranslation()
  return (
    <ConfirmModal
      {...rest}
      title={t('confirm.delete_title', { name })}
      message={t('confirm.delete_message')}
      confirmLabel={t('actions.delete')}
      color="red"
    />
  )
}
