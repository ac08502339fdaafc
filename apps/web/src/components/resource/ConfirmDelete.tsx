import type { ReactNode } from 'react'
import { Button, Group, Modal, Text, type MantineColor } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export interface ConfirmModalProps {
  opened: boolean
  /** Usually the row's name (spec: the delete dialog is titled with it). */
  title: ReactNode
  message: ReactNode
  confirmLabel: string
  color?: MantineColor
  loading?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** A yes/no question with a cancel and a coloured confirm button. */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  color = 'red',
  loading,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  const { t } = useTranslation()
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => {} : onCancel}
      title={<Text fw={600}>{title}</Text>}
      size="sm"
      closeOnClickOutside={!loading}
    >
      <Text size="sm" c="dimmed">
        {message}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {t('actions.cancel')}
        </Button>
        <Button color={color} onClick={onConfirm} loading={loading} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  )
}

export interface ConfirmDeleteProps {
  opened: boolean
  /** The row's name. */
  name: string
  loading?: boolean
  onConfirm: () => void
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
