import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Alert, Button, Group, Input, Skeleton, Text } from '@mantine/core'
import { MAP_HEIGHT } from '@app/shared'
import { useTranslation } from 'react-i18next'
import { appConfig } from '../../../lib/app-config'
import { getPath } from '../../../lib/format'
import type { MapFieldDef } from '../define'
import { useSourceOptions } from './options'
import type { FieldKindProps } from './types'

// Leaflet loads with the first map, never with the login or a list.
const MapPicker = lazy(() => import('./MapPicker'))

const num = (v: unknown): number | null => {
  if (v === '' || v === null || v === undefined) return null
  const n = typeof v === 'number' ? v : Number(v)
  return Number.isFinite(n) ? n : null
}

/**
 * The map of a form: a click writes latitude and longitude into `latField`
 * and `longField`, and the map's zoom and `zoomField` follow each other, so
 * the saved zoom is the one the user saw. Tiles from MAP_TILE_URL.
 */
export function MapField({ field, form, label, required, disabled, description }: FieldKindProps<'map'>) {
  const { t } = useTranslation()
  const values = form.getValues()
  const lat = num(getPath(values, field.latField))
  const lng = num(getPath(values, field.longField))
  const zoom = field.zoomField ? num(getPath(values, field.zoomField)) : null
  const view = usePlaceView(field.centreOn, field.centreOn ? getPath(values, field.centreOn.field) : undefined)
  const setPin = (la: number, lo: number) => {
    form.setFieldValue(field.latField, la)
    form.setFieldValue(field.longField, lo)
    form.clearFieldError(field.latField)
    form.clearFieldError(field.longField)
  }
  // A pin left where another place was (a Makkah hotel on Kuwait's coordinates): offer to move it.
  const [offered, setOffered] = useState<number | null>(null)
  const offer =
    view && lat !== null && lng !== null && (view.lat !== lat || view.lng !== lng) && offered !== view.key ? view : null
  return (
    <Input.Wrapper labelElement="div" label={label} withAsterisk={required} description={description ?? t('kit.map.hint')}>
      {offer && !disabled && (
        <Alert mt={6} variant="light" color="blue" p="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('kit.map.move_offer', { place: offer.name })}</Text>
            <Group gap="xs">
              <Button size="compact-sm" variant="default" onClick={() => setOffered(offer.key)}>
                {t('kit.map.keep_pin')}
              </Button>
              <Button
                size="compact-sm"
                onClick={() => {
                  setPin(offer.lat, offer.lng)
                  if (field.zoomField && offer.zoom !== null) form.setFieldValue(field.zoomField, offer.zoom)
                  setOffered(offer.key)
                }}
              >
                {t('kit.map.move_pin')}
              </Button>
            </Group>
          </Group>
        </Alert>
      )}
      <div style={{ marginTop: 6 }}>
        <Suspense fallback={<Skeleton h={MAP_HEIGHT} radius="md" />}>
          <MapPicker
            label={label}
            position={lat !== null && lng !== null ? { lat, lng } : null}
            zoom={zoom}
            view={view}
            tileUrl={appConfig.mapTileUrl}
            disabled={disabled}
            onPick={setPin}
            onZoom={(z) => {
              if (field.zoomField && z !== zoom) form.setFieldValue(field.zoomField, z)
            }}
          />
        </Suspense>
      </div>
    </Input.Wrapper>
  )
}

type View = { lat: number; lng: number; zoom: number | null; key: number; name: string }

/**
 * Where the map should go when the user picks another place in the `centreOn` select: that place's
 * position and zoom (the pin moves only when the user accepts the offer). Not on the form's first render (an edited item opens on its own pin), only on a change.
 */
function usePlaceView(centreOn: MapFieldDef['centreOn'], placeId: unknown) {
  const rows = useSourceOptions(centreOn?.source).data
  const first = useRef(placeId)
  const [view, setView] = useState<View | null>(null)
  useEffect(() => {
    if (!centreOn || placeId === first.current) return
    first.current = placeId
    const place = rows?.find((r) => String(r.id) === String(placeId))
    const lat = num(place?.lat)
    const lng = num(place?.long)
    if (lat !== null && lng !== null)
      setView((v) => ({ lat, lng, zoom: num(place?.zoom), key: (v?.key ?? 0) + 1, name: String(place?.name ?? '') }))
  }, [centreOn, placeId, rows])
  return view
}
