import { ActionIcon, Group } from '@mantine/core'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Me } from '../../lib/permissions'
import type { ResourceDefinition, ResourceRow, RowAction, RowActionContext } from './define'
import { HoverTooltip } from '../HoverTooltip'

function isDisabled<R extends ResourceRow>(flag: ResourceDefinition<R>['disableEdit'], row: R, me: Me | undefined) {
  return typeof flag === 'function' ? flag(row, me) : !!flag
}

export interface RowActionsCellProps<R extends ResourceRow> {
  resource: ResourceDefinition<R>
  row: R
  me: Me | undefined
  /** The declared row actions the user holds the permission of. */
  actions: RowAction<R>[]
  canUpdate: boolean
  canDelete: boolean
  dense: boolean
  /** What a plain action's onClick may do (reload, open the edit form, navigate). */
  context: Omit<RowActionContext<R>, 'me' | 't'>
  onEdit: (row: R) => void
  onDelete: (row: R) => void
  /** An action declared with `confirm` asks first: the list shows its confirmation. */
  onConfirm: (action: RowAction<R>, row: R) => void
}

/** One row's buttons: the declared extra actions (links or clicks), then edit and delete. */
export function RowActionsCell<R extends ResourceRow>({
  resource,
  row,
  me,
  actions,
  canUpdate,
  canDelete,
  dense,
  context,
  onEdit,
  onDelete,
  onConfirm,
}: RowActionsCellProps<R>) {
  const { t } = useTranslation()
  const iconSize = dense ? 'sm' : undefined
  return (
    <Group gap={dense ? 4 : 6} justify="flex-end" wrap="nowrap">
      {actions
        .filter((a) => !a.hidden?.(row, me))
        .map((a) => {
          const Icon = a.icon
          if (a.href) {
            return (
              <HoverTooltip key={a.key} label={t(a.labelKey)}>
                <ActionIcon
                  size={iconSize}
                  component={Link}
                  to={a.href(row)}
                  variant="light"
                  color={a.color ?? 'gray'}
                  aria-label={t(a.labelKey)}
                >
                  <Icon size={16} stroke={1.8} />
                </ActionIcon>
              </HoverTooltip>
            )
          }
          return (
            <HoverTooltip key={a.key} label={t(a.labelKey)}>
              <ActionIcon
                size={iconSize}
                variant="light"
                color={a.color ?? 'gray'}
                aria-label={t(a.labelKey)}
                disabled={a.disabled?.(row, me)}
                onClick={() => {
                  if (a.confirm) onConfirm(a, row)
                  else a.onClick?.(row, { ...context, me, t })
                }}
              >
                <Icon size={16} stroke={1.8} />
              </ActionIcon>
            </HoverTooltip>
          )
        })}
      {canUpdate && (
        <HoverTooltip label={t('actions.edit')}>
          <ActionIcon
            size={iconSize}
            variant="light"
            aria-label={t('actions.edit')}
            disabled={isDisabled(resource.disableEdit, row, me)}
            onClick={() => onEdit(row)}
          >
            <IconPencil size={16} stroke={1.8} />
          </ActionIcon>
        </HoverTooltip>
      )}
      {canDelete && (
        <HoverTooltip label={t('actions.delete')}>
          <ActionIcon
            size={iconSize}
            variant="light"
            color="red"
            aria-label={t('actions.delete')}
            disabled={isDisabled(resource.disableDelete, row, me)}
            onClick={() => onDelete(row)}
          >
            <IconTrash size={16} stroke={1.8} />
          </ActionIcon>
        </HoverTooltip>
      )}
    </Group>
  )
}
