import type { ReactNode } from 'react'
import { Button, Group, Paper, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { DESK_ENTITY, type OrderDesk } from '@app/shared'
import { SubmitButton } from '../../components/resource'
import { formatAmount } from './order-logic'

/** The frame of the order page: the way back to the desk, a titled section, the save bar. */

export function BackButton({ desk }: { desk: OrderDesk }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      leftSection={<IconArrowLeft size={16} />}
      onClick={() => void navigate(`/app/${DESK_ENTITY[desk]}`)}
      w="fit-content"
    >
      {t('kit.page.back')}
    </Button>
  )
}

/** A titled panel of the order page (`orders.page.<name>`), named for screen readers. */
export function OrderSection({ name, children }: { name: string; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      shadow="xs"
      component="section"
      aria-label={t(`orders.page.${name}`)}
    >
      <Title order={4} mb="md">
        {t(`orders.page.${name}`)}
      </Title>
      {children}
    </Paper>
  )
}

interface SaveBarProps {
  desk: OrderDesk
  /** The order form's id: the save button submits it from outside. */
  formId: string
  total: number | string | null
  saving: boolean
  isNew: boolean
}

/** The sticky bar under an editable order: the live total, Cancel and Save (Create for a new order). */
export function SaveBar({ desk, formId, total, saving, isNew }: SaveBarProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Paper withBorder radius="md" p="sm" shadow="sm" pos="sticky" bottom={8} style={{ zIndex: 4 }}>
      <Group justify="flex-end" gap="sm">
        {/* The live total stays in sight while the items are written (the price panel is below them on a phone). */}
        {total !== null && (
          // On a phone the total has a line of its own above the buttons (both buttons keep their words).
          <Text
            size="sm"
            mr="auto"
            w={{ base: '100%', sm: 'auto' }}
            data-testid="order-bar-total"
            style={{ whiteSpace: 'nowrap' }}
          >
            {t('orders.preview.total')}{' '}
            <Text span fw={700}>
              {formatAmount(total)}
            </Text>
          </Text>
        )}
        <Button variant="default" onClick={() => void navigate(`/app/${DESK_ENTITY[desk]}`)} disabled={saving}>
          {t('actions.cancel')}
        </Button>
        <SubmitButton form={formId} loading={saving}>
          {t(isNew ? 'orders.actions.create' : 'orders.actions.save')}
        </SubmitButton>
      </Group>
    </Paper>
  )
}
