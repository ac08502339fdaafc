import { MAP_DEFAULT_ZOOM, MAP_MAX_ZOOM, MAP_MIN_ZOOM } from '@app/shared'
import { field, type FieldDef, type ResourceRow, type SelectSource } from './define'

/** The published places an item can be in (hotels, transportation): choosing one offers to move the pin there. */
export const publishedPlaces: SelectSource = {
  resource: 'locations',
  labelKey: 'name',
  params: { status: 'publish', is_active: undefined, sort_by: 'name', order_by: 'asc' },
}

/**
 * The position part of a form, one piece for every item with a pin (issue 27 / 32 item 4):
 * latitude and longitude typed or pasted (a pair pasted into either fills both), the zoom, and
 * the map whose pin follows them. With `place`, a place select comes first and the map offers
 * to move the pin when it changes; `address` goes beside it.
 */
export function positionFields<R extends ResourceRow = ResourceRow>(
  section: string,
  opts: { place?: boolean; address?: FieldDef<R> } = {},
): FieldDef<R>[] {
  const pair = { lat: 'lat', long: 'long' }
  const coordinate = { section, span: 4, decimalScale: 7, grouping: false, pastePair: pair } as const
  return [
    ...(opts.place ? [field.select<R>('location_id', { section, span: 6, searchable: true, source: publishedPlaces })] : []),
    ...(opts.address ? [opts.address] : []),
    field.number<R>('lat', { ...coordinate, min: -90, max: 90 }),
    field.number<R>('long', { ...coordinate, min: -180, max: 180 }),
    field.number<R>('zoom', {
      section,
      span: 4,
      min: MAP_MIN_ZOOM,
      max: MAP_MAX_ZOOM,
      step: 1,
      decimalScale: 0,
      initial: MAP_DEFAULT_ZOOM,
    }),
    field.map<R>('map', {
      section,
      latField: 'lat',
      longField: 'long',
      zoomField: 'zoom',
      ...(opts.place ? { centreOn: { field: 'location_id', source: publishedPlaces } } : {}),
    }),
  ]
}
