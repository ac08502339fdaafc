import { Alert, Skeleton, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { DESK_ENTITY, type OrderDesk } from '@app/shared'
import { PermissionDenied } from '../../components/resource'
import { api, isApiError, unwrap } from '../../lib/api-client'
import { can, useMe } from '../../lib/permissions'
import { queryKeys } from '../../lib/query-keys'
import { useDocumentTitle } from '../../lib/use-document-title'
import { BackButton } from './OrderBars'
import { OrderEditor } from './OrderEditor'
import type { OrderDetail } from './order-logic'
export { QUOTE_DEBOUNCE_MS } from './order-quote'

const keys = queryKeys('orders')

/**
 * The order page of a desk (`/app/order_<desk>/create` and `/<id>`): customer,
 * notes and items of any kind (a package), a live price from `POST
 * /orders/quote`, the status moves and the payments. A pending order can be
 * edited; any other is shown read-only with its actions.
 */
export default function OrderPage({ desk }: { desk: OrderDesk }) {
  const { t } = useTranslation()
  const { data: me } = useMe()
  const { id } = useParams()
  const isNew = id === undefined
  const entity = DESK_ENTITY[desk]
  const detail = useQuery({
    queryKey: keys.detail(id ?? ''),
    queryFn: ({ signal }) => unwrap(api.get<{ data: OrderDetail }>(`/orders/${id}`, undefined, signal)).then((r) => r.data),
    enabled: !isNew,
    staleTime: 0,
    retry: false,
  })
  useDocumentTitle(isNew ? t('orders.page.create_title') : t('orders.page.title', { code: detail.data?.code ?? '' }))

  if (isNew ? !can(me, `${entity}_create`) : !can(me, `${entity}_view`) && !can(me, `${entity}_update`))
    return <PermissionDenied />
  if (!isNew && detail.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={34} w={260} />
        <Skeleton h={320} />
      </Stack>
    )
  }
  if (!isNew && detail.isError) {
    const gone = isApiError(detail.error) && detail.error.status === 404
    return (
      <Stack gap="md">
        <BackButton desk={desk} />
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={gone ? t('not_found.title') : t('alert.title')}
        >
          {gone ? t('orders.page.not_found') : (detail.error as { message?: string }).message}
        </Alert>
      </Stack>
    )
  }
  return <OrderEditor key={id ?? 'new'} desk={desk} order={detail.data} me={me} />
}
