import { useEffect } from 'react'
import 'leaflet/dist/leaflet.css'
import { CircleMarker, MapContainer, TileLayer, ZoomControl, useMap, useMapEvents } from 'react-leaflet'
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_TILE_URL, MAP_DEFAULT_ZOOM, MAP_HEIGHT, MAP_MAX_ZOOM, MAP_MIN_ZOOM } from '@app/shared'

export interface MapPickerProps {
  /** The chosen position; null = none yet (the map opens on the default centre). */
  position: { lat: number; lng: number } | null
  zoom: number | null
  /** A place to move the view to (a new `key` moves it again), without touching the pin. */
  view?: { lat: number; lng: number; zoom: number | null; key: number } | null
  onPick: (lat: number, lng: number) => void
  onZoom?: (zoom: number) => void
  /** Leaflet tile URL template (MAP_TILE_URL); default OpenStreetMap. */
  tileUrl?: string | null
  label: string
  disabled?: boolean
}

/** 7 decimals (about 1 cm) is what the database keeps. */
export const roundCoordinate = (v: number) => Math.round(v * 1e7) / 1e7

const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'

function Events({ onPick, onZoom, disabled }: Pick<MapPickerProps, 'onPick' | 'onZoom' | 'disabled'>) {
  useMapEvents({
    click: (e) => {
      if (!disabled) onPick(roundCoordinate(e.latlng.lat), roundCoordinate(((e.latlng.lng + 540) % 360) - 180))
    },
    zoomend: (e) => onZoom?.(e.target.getZoom()),
  })
  return null
}

/** The zoom typed into the form moves the map (and the map's zoom fills the form, see Events). */
function FollowZoom({ zoom }: { zoom: number | null }) {
  const map = useMap()
  useEffect(() => {
    if (zoom !== null && Number.isInteger(zoom) && zoom !== map.getZoom()) map.setZoom(zoom)
  }, [map, zoom])
  return null
}

/** Moves the view to `view` each time a new one arrives (a place chosen in the form). */
function FollowView({ view }: { view: MapPickerProps['view'] }) {
  const map = useMap()
  useEffect(() => {
    if (view) map.setView([view.lat, view.lng], view.zoom ?? map.getZoom())
  }, [map, view])
  return null
}

/** A pin typed or pasted outside the view brings the view to it. */
function FollowPin({ position }: { position: MapPickerProps['position'] }) {
  const map = useMap()
  useEffect(() => {
    if (position && !map.getBounds().contains(position)) map.panTo(position)
  }, [map, position?.lat, position?.lng]) // eslint-disable-line react-hooks/exhaustive-deps
  return null
}

/**
 * The map picker of spec §2: Leaflet, 350 px high, zoom control bottom
 * right, wheel zoom off, a click sets the position (one marker), default zoom
 * 5 on the centre of Saudi Arabia, tile zoom 0-18. Tiles that cannot load
 * leave a grey map that still takes clicks. Loaded lazily by MapField.
 */
export default function MapPicker({ position, zoom, view, onPick, onZoom, tileUrl, label, disabled }: MapPickerProps) {
  const url = tileUrl || MAP_DEFAULT_TILE_URL
  return (
    <div role="group" aria-label={label} data-pin={position ? `${position.lat},${position.lng}` : undefined}>
      <MapContainer
        center={position ?? MAP_DEFAULT_CENTER}
        zoom={zoom ?? MAP_DEFAULT_ZOOM}
        minZoom={MAP_MIN_ZOOM}
        maxZoom={MAP_MAX_ZOOM}
        scrollWheelZoom={false}
        zoomControl={false}
        style={{
          height: MAP_HEIGHT,
          width: '100%',
          borderRadius: 'var(--mantine-radius-md)',
          cursor: disabled ? 'default' : 'crosshair',
        }}
      >
        <TileLayer
          url={url}
          minZoom={MAP_MIN_ZOOM}
          maxZoom={MAP_MAX_ZOOM}
          attribution={url === MAP_DEFAULT_TILE_URL ? OSM_ATTRIBUTION : undefined}
        />
        <ZoomControl position="bottomright" />
        <Events onPick={onPick} onZoom={onZoom} disabled={disabled} />
        <FollowZoom zoom={zoom} />
        <FollowView view={view} />
        <FollowPin position={position} />
        {position && (
          <CircleMarker
            center={position}
            radius={9}
            pathOptions={{ color: '#005b9b', weight: 3, fillColor: '#1f8adb', fillOpacity: 0.9 }}
          />
        )}
      </MapContainer>
    </div>
  )
}
