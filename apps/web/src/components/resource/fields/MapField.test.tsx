/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest'
import { configureApiClient } from '../../../lib/api-client'
import { MAP_HEIGHT } from '@app/shared'
import { field } from '../define'
import { positionFields } from '../position-fields'
import i18n from '../../../i18n'
import { act, fireEvent, render, screen, waitFor } from '../../../test-utils/render'
import { FieldHarness, valuesOf } from '../../../test-utils/form-harness'

const map = field.map('map', { latField: 'lat', longField: 'long', zoomField: 'zoom' })

async function mapContainer() {
  const group = await screen.findByRole('group', { name: 'map' })
  return group.querySelector('.leaflet-container') as HTMLElement
}

describe('MapField', () => {
  it('draws a 350 px map with the zoom control at the bottom right and no wheel zoom', async () => {
    render(<FieldHarness field={map} />)
    const container = await mapContainer()
    expect(container.style.height).toBe(`${MAP_HEIGHT}px`)
    expect(container.querySelector('.leaflet-bottom.leaflet-right .leaflet-control-zoom')).toBeTruthy()
    expect(container.querySelector('.leaflet-top.leaflet-left .leaflet-control-zoom')).toBeNull()
    // Wheel zoom off: a wheel over the map leaves the zoom alone.
    fireEvent.wheel(container, { deltaY: -500 })
    expect(screen.getByText('Click the map to set the position')).toBeTruthy()
  })

  it('fills latitude and longitude with a click, even without tiles', async () => {
    render(<FieldHarness field={map} />)
    const container = await mapContainer()
    expect(valuesOf().lat).toBeUndefined()
    fireEvent.click(container, { clientX: 40, clientY: 30 })
    await waitFor(() => expect(typeof valuesOf().lat).toBe('number'))
    const { lat, long } = valuesOf()
    expect(lat).toBeGreaterThanOrEqual(-90)
    expect(lat).toBeLessThanOrEqual(90)
    expect(long).toBeGreaterThanOrEqual(-180)
    expect(long).toBeLessThanOrEqual(180)
    // Rounded to 7 decimals.
    expect(Math.round(lat * 1e7) / 1e7).toBe(lat)
    expect(container.querySelector('path.leaflet-interactive')).toBeTruthy()
  })

  it('follows the zoom field', async () => {
    let setZoom: ((z: number) => void) | undefined
    render(<FieldHarness field={map} onForm={(f) => (setZoom = (z) => f.setFieldValue('zoom', z))} />)
    const container = await mapContainer()
    const zoomIn = container.querySelector('.leaflet-control-zoom-in') as HTMLElement
    fireEvent.click(zoomIn)
    await waitFor(() => expect(valuesOf().zoom).toBe(6))
    setZoom?.(9)
    await waitFor(() => expect(valuesOf().zoom).toBe(9))
  })

  it('moves to the place chosen in its select, without setting the pin', async () => {
    configureApiClient({
      fetch: vi.fn(async () => {
        const rows = [{ id: 3, name: 'Madinah', lat: 24.4672, long: 39.6111, zoom: 12 }]
        return new Response(JSON.stringify({ data: rows }), { status: 200, headers: { 'content-type': 'application/json' } })
      }) as unknown as typeof fetch,
    })
    const places = { resource: 'locations', labelKey: 'name' }
    const centred = field.map('map', {
      latField: 'lat',
      longField: 'long',
      zoomField: 'zoom',
      centreOn: { field: 'location_id', source: places },
    })
    let choose: ((id: number) => void) | undefined
    render(<FieldHarness field={centred} onForm={(f) => (choose = (id) => f.setFieldValue('location_id', id))} />)
    await mapContainer()
    choose?.(3)
    // The view goes to the place (its zoom fills the zoom field); the position stays the user's to click.
    await waitFor(() => expect(valuesOf().zoom).toBe(12))
    expect(valuesOf().lat).toBeUndefined()
    expect(valuesOf().long).toBeUndefined()
  })

  it('offers to move a pin left elsewhere when another place is chosen, and moves it on yes', async () => {
    configureApiClient({
      fetch: vi.fn(async () => {
        const rows = [{ id: 3, name: 'Makkah', lat: 21.4225, long: 39.8262, zoom: 12 }]
        return new Response(JSON.stringify({ data: rows }), { status: 200, headers: { 'content-type': 'application/json' } })
      }) as unknown as typeof fetch,
    })
    const centred = field.map('map', {
      latField: 'lat',
      longField: 'long',
      zoomField: 'zoom',
      centreOn: { field: 'location_id', source: { resource: 'locations', labelKey: 'name' } },
    })
    let form: Parameters<NonNullable<Parameters<typeof FieldHarness>[0]['onForm']>>[0] | undefined
    render(<FieldHarness field={centred} onForm={(f) => (form = f)} />)
    const group = await screen.findByRole('group', { name: 'map' })
    // A hotel still pinned in Kuwait; the pin follows what the form holds.
    act(() => form!.setValues({ lat: 29.3759, long: 47.9774, zoom: 10 }))
    await waitFor(() => expect(group.getAttribute('data-pin')).toBe('29.3759,47.9774'))
    act(() => form!.setFieldValue('location_id', 3))
    await screen.findByText('The pin is not in Makkah. Move it there?')
    fireEvent.click(screen.getByRole('button', { name: 'Move the pin' }))
    await waitFor(() => expect(valuesOf()).toMatchObject({ lat: 21.4225, long: 39.8262, zoom: 12 }))
    expect(group.getAttribute('data-pin')).toBe('21.4225,39.8262')
    expect(screen.queryByText('The pin is not in Makkah. Move it there?')).toBeNull()
  })
})

describe('coordinates', () => {
  const [lat] = positionFields('position').filter((f) => f.name === 'lat')

  it('a pair pasted into latitude fills both, in either language', async () => {
    render(<FieldHarness field={lat!} />)
    await i18n.changeLanguage('id')
    const input = screen.getByLabelText('lat') as HTMLInputElement
    fireEvent.paste(input, { clipboardData: { getData: () => '21.4225, 39.8262' } })
    await waitFor(() => expect(valuesOf()).toMatchObject({ lat: 21.4225, long: 39.8262 }))
    await waitFor(() => expect(input.value).toBe('21,4225'))
    await i18n.changeLanguage('en')
  })

  it('a single coordinate pastes as text and is read as typed', async () => {
    render(<FieldHarness field={lat!} />)
    const input = screen.getByLabelText('lat') as HTMLInputElement
    fireEvent.paste(input, { clipboardData: { getData: () => '21.4225' } })
    fireEvent.change(input, { target: { value: '21.4225' } })
    await waitFor(() => expect(valuesOf().lat).toBe(21.4225))
    expect(valuesOf().long).toBeUndefined()
  })
})
